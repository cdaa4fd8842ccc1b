import { Alert, Paper, Stack } from '@mui/material';
import type { LineItem } from '@quayside/domain/line-items';
import { useState } from 'react';
import { ShipmentDocuments } from '../../components/documents/shipment-documents.tsx';
import { ExceptionBanner } from '../../components/exceptions/exception-banner.tsx';
import { ShipmentHistory } from '../../components/history/shipment-history.tsx';
import { ShipmentMilestones } from '../../components/milestone-strip.tsx';
import { LineItemPartsPanel } from '../../components/parts/line-item-parts-panel.tsx';
import { TabbedPanel } from '../../components/tabbed-panel.tsx';
import { ApiError } from '../../lib/api.ts';
import { canEdit } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { DeleteLineItemDialog } from './delete-line-item-dialog.tsx';
import { useUpdateLineItem } from './line-item-api.ts';
import { canSaveDraft, draftOf, type LineItemDraft, updateBody } from './line-item-edit.ts';
import { LineItemFields } from './line-item-fields.tsx';
import { LineItemHeader } from './line-item-header.tsx';
import { LineItemContainerTab, LineItemDatesTab } from './line-item-info-tabs.tsx';
import type { LineItemPosition } from './line-item-navigation.ts';

const UPDATE_FAILED = 'Failed to update line item. Please try again.';

type TabKey = 'dates' | 'container' | 'parts' | 'documents' | 'history';
const TABS: readonly { key: TabKey; label: string }[] = [
  { key: 'dates', label: 'Dates' },
  { key: 'container', label: 'Container Details' },
  { key: 'parts', label: 'Parts' },
  { key: 'documents', label: 'Documents' },
  { key: 'history', label: 'History' },
];

type LineItemDetailProps = {
  lineItem: LineItem;
  position: LineItemPosition;
  onMove: (index: number) => void;
  onSaved: (saved: LineItem) => void;
  onDeleted: () => void;
};

/** SPEC.md §2 'Line-item detail' and §4: read mode, or edit mode for PO #, 'Valid PO #' and 'Hide record'. */
export function LineItemDetail({ lineItem, position, onMove, onSaved, onDeleted }: LineItemDetailProps) {
  const { profile } = useProfile();
  const role = profile?.role;
  const isEditor = canEdit(role);
  const update = useUpdateLineItem();
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState<LineItemDraft>(() => draftOf(lineItem));
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [tab, setTab] = useState<TabKey>('dates');

  const startEditing = () => {
    setDraft(draftOf(lineItem));
    update.reset();
    setIsEditing(true);
  };
  // Cancel restores the stored values.
  const cancel = () => {
    setDraft(draftOf(lineItem));
    update.reset();
    setIsEditing(false);
  };
  const save = () => {
    if (!canSaveDraft(draft) || update.isPending) return;
    update.mutate(
      { key: { shipment: lineItem.related_shipment, po: lineItem.title }, changes: updateBody(draft, role) },
      {
        onSuccess: (saved) => {
          setIsEditing(false);
          onSaved(saved);
        },
        onError: (error) => console.error('Line item update failed', error),
      },
    );
  };

  // The server's reason (a PO number the shipment already has) follows the spec's message.
  const reason = update.error instanceof ApiError && update.error.status < 500 ? update.error.message : null;

  return (
    <Stack spacing={3}>
      <LineItemHeader
        lineItem={lineItem}
        position={position}
        onMove={onMove}
        isEditor={isEditor}
        isEditing={isEditing}
        isSaving={update.isPending}
        canSave={canSaveDraft(draft)}
        onEdit={startEditing}
        onCancel={cancel}
        onSave={save}
        onDelete={() => setIsDeleteOpen(true)}
      />
      <ExceptionBanner exceptions={lineItem.exceptions} facts={lineItem.exception_facts} />
      <ShipmentMilestones shipmentNumber={lineItem.related_shipment} />
      {update.isError ? (
        <Alert severity="error">
          {UPDATE_FAILED}
          {reason ? ` ${reason}` : null}
        </Alert>
      ) : null}
      {isEditing ? <Alert severity="info">You can edit the PO # field</Alert> : null}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <LineItemFields
          lineItem={lineItem}
          draft={isEditing ? draft : draftOf(lineItem)}
          onDraftChange={setDraft}
          isEditing={isEditing}
          role={role}
        />
      </Paper>

      <TabbedPanel label="Line item details" tabs={TABS} value={tab} onChange={setTab}>
        {tab === 'dates' ? <LineItemDatesTab lineItem={lineItem} /> : null}
        {tab === 'container' ? <LineItemContainerTab lineItem={lineItem} /> : null}
        {tab === 'parts' ? (
          <LineItemPartsPanel po={lineItem.title} shipment={lineItem.related_shipment} canEdit={isEditor} />
        ) : null}
        {tab === 'documents' ? (
          <ShipmentDocuments
            shipmentNumber={lineItem.related_shipment}
            forwarderName={lineItem.forwarder_name}
            canEdit={isEditor}
          />
        ) : null}
        {tab === 'history' ? <ShipmentHistory shipmentNumber={lineItem.related_shipment} /> : null}
      </TabbedPanel>

      {isDeleteOpen ? (
        <DeleteLineItemDialog lineItem={lineItem} onClose={() => setIsDeleteOpen(false)} onDeleted={onDeleted} />
      ) : null}
    </Stack>
  );
}
