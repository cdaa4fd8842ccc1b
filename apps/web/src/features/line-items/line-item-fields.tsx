import { Checkbox, FormControlLabel, FormGroup, Link, Stack, TextField } from '@mui/material';
import type { LineItem } from '@quayside/domain/line-items';
import type { Role } from '@quayside/domain/people';
import { Link as RouterLink } from 'react-router';
import { fromLineItemState, paths } from '../../lib/navigation.ts';
import { DetailField, DetailGrid } from './detail-fields.tsx';
import { type LineItemDraft, showsHideRecord, showsValidPo } from './line-item-edit.ts';

type LineItemFieldsProps = {
  lineItem: LineItem;
  /** The values shown: the draft while editing, the stored ones otherwise. */
  draft: LineItemDraft;
  onDraftChange: (draft: LineItemDraft) => void;
  isEditing: boolean;
  role: Role | undefined;
};

/** SPEC.md §2: PO #, Shipment (link), Forwarder Name, Consignee, Consignor, the ports, Master and House. */
export function LineItemFields({ lineItem, draft, onDraftChange, isEditing, role }: LineItemFieldsProps) {
  const isSwitchDisabled = !isEditing;
  return (
    <Stack spacing={2}>
      {isEditing ? (
        // Outside the description list, which may hold only label and value pairs.
        <TextField
          label="PO #"
          value={draft.title}
          onChange={(event) => onDraftChange({ ...draft, title: event.target.value })}
          error={draft.title.trim() === ''}
          helperText={draft.title.trim() === '' ? 'PO number is required.' : undefined}
          size="small"
          autoFocus
          autoComplete="off"
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
      ) : null}
      <DetailGrid>
        {isEditing ? null : <DetailField label="PO #">{lineItem.title}</DetailField>}
        <DetailField label="Shipment">
          <Link component={RouterLink} to={paths.shipment(lineItem.related_shipment)} state={fromLineItemState}>
            {lineItem.related_shipment}
          </Link>
        </DetailField>
        <DetailField label="Forwarder Name">{lineItem.forwarder_name}</DetailField>
        <DetailField label="Consignee">{lineItem.cosignee_name}</DetailField>
        <DetailField label="Consignor">{lineItem.consignor_name}</DetailField>
        <DetailField label="Origin Port Code">{lineItem.origin_port}</DetailField>
        <DetailField label="Destination Port Code">{lineItem.destination_port}</DetailField>
        <DetailField label="Master">{lineItem.master}</DetailField>
        <DetailField label="House">{lineItem.house}</DetailField>
      </DetailGrid>
      {showsValidPo(lineItem, role) || showsHideRecord(role) ? (
        <FormGroup row>
          {showsValidPo(lineItem, role) ? (
            <FormControlLabel
              label="Valid PO #"
              disabled={isSwitchDisabled}
              control={
                <Checkbox
                  checked={draft.ignore_po_character_count}
                  onChange={(event) => onDraftChange({ ...draft, ignore_po_character_count: event.target.checked })}
                />
              }
            />
          ) : null}
          {showsHideRecord(role) ? (
            <FormControlLabel
              label="Hide record"
              disabled={isSwitchDisabled}
              control={
                <Checkbox
                  checked={draft.hide_lineitem}
                  onChange={(event) => onDraftChange({ ...draft, hide_lineitem: event.target.checked })}
                />
              }
            />
          ) : null}
        </FormGroup>
      ) : null}
    </Stack>
  );
}
