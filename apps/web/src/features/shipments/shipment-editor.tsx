import EditIcon from '@mui/icons-material/Edit';
import InventoryIcon from '@mui/icons-material/Inventory';
import { Alert, Button, Chip, Paper, Stack, Typography, useMediaQuery } from '@mui/material';
import { isConfinedToItsCompany } from '@quayside/domain/permissions';
import type { Shipment } from '@quayside/domain/shipments';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FollowShipmentButton } from '../../components/alerts/follow-shipment-button.tsx';
import { Conversation } from '../../components/conversation/conversation.tsx';
import { ShipmentDocuments } from '../../components/documents/shipment-documents.tsx';
import { ShipmentExceptionBanner } from '../../components/exceptions/exception-banner.tsx';
import { ShipmentHistory } from '../../components/history/shipment-history.tsx';
import { ShipmentMilestones } from '../../components/milestone-strip.tsx';
import { TabbedPanel } from '../../components/tabbed-panel.tsx';
import { failureMessage } from '../../lib/api.ts';
import { paths, type ShipmentNavigationState } from '../../lib/navigation.ts';
import { canEdit, canShareTracking, canWritePurchaseOrders } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { ReceiveDialog } from './receive-dialog.tsx';
import { ShareTrackingLinkButton } from './share-tracking-link.tsx';
import { ShipmentCarrierEvents } from './shipment-carrier-events.tsx';
import { ShipmentContainerTab, ShipmentDatesTab } from './shipment-field-tabs.tsx';
import {
  canCreateShipment,
  createShipmentRequest,
  emptyShipmentValues,
  type ShipmentFormValues,
  shipmentFormErrors,
  shipmentValues,
  updateShipmentRequest,
} from './shipment-form.ts';
import { ShipmentHeaderFields } from './shipment-header-fields.tsx';
import { ShipmentLineItems } from './shipment-line-items.tsx';
import { ShipmentSavedDialog } from './shipment-saved-dialog.tsx';
import { useSaveShipment } from './shipments-api.ts';

// The original only logged a failed save (SPEC.md §8); here the user sees it. The server's
// refusal says what to fix (a number already taken, a value out of range).
const SAVE_FAILED = 'Failed to save shipment. Please try again.';
const saveFailure = (error: unknown) => failureMessage(error, SAVE_FAILED);

type TabKey = 'dates' | 'container' | 'line-items' | 'documents' | 'history';
const TABS: readonly { key: TabKey; label: string; isEditModeOnly: boolean }[] = [
  { key: 'dates', label: 'Dates', isEditModeOnly: false },
  { key: 'container', label: 'Container', isEditModeOnly: false },
  { key: 'line-items', label: 'Line Items & Parts', isEditModeOnly: true },
  { key: 'documents', label: 'Documents', isEditModeOnly: true },
  { key: 'history', label: 'History', isEditModeOnly: true },
];

/** Navigation state of a visit from the line-item screen, which offers the way back. */

type ShipmentEditorProps = { mode: 'create'; shipment: null } | { mode: 'edit'; shipment: Shipment };

/**
 * SPEC.md §2 and §4 'Shipment detail': read mode, edit mode (non-Employee) and create mode
 * (always editable). Saving shows the success modal, which moves on to the dashboard.
 */
export function ShipmentEditor({ mode, shipment }: ShipmentEditorProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { profile } = useProfile();
  const isEditor = canEdit(profile?.role);
  const isForwarder = isConfinedToItsCompany(profile?.role);
  const save = useSaveShipment();

  // A forwarder's shipments carry its own company's name (the server enforces it as well).
  const initialValues = () =>
    shipment ? shipmentValues(shipment) : emptyShipmentValues(isForwarder ? (profile?.company_name ?? '') : '');
  const [values, setValues] = useState<ShipmentFormValues>(initialValues);
  const [isEditing, setIsEditing] = useState(mode === 'create');
  // Read mode shows what is stored: a newer copy (the server's answer after the browser's saved
  // one, or a date a carrier event moved meanwhile) replaces the values; edits in progress stay.
  useEffect(() => {
    if (shipment && !isEditing) setValues(shipmentValues(shipment));
  }, [shipment, isEditing]);
  const [tab, setTab] = useState<TabKey>('dates');
  const [isReceiving, setIsReceiving] = useState(false);
  const mayReceive = mode === 'edit' && canWritePurchaseOrders(profile?.role);

  const setField = (label: keyof ShipmentFormValues, value: string) =>
    setValues((current) => ({ ...current, [label]: value }));
  const errors = shipmentFormErrors(values, shipment ?? undefined);
  const isValid = Object.keys(errors).length === 0 && (mode === 'edit' || canCreateShipment(values));
  const isFromLineItem = (location.state as ShipmentNavigationState)?.fromLineItem === true;

  const submit = () => {
    if (!isValid || save.isPending) return;
    const onError = (error: unknown) => console.error('Shipment save failed', error);
    if (mode === 'create') save.mutate({ shipmentNumber: null, request: createShipmentRequest(values) }, { onError });
    else
      save.mutate({ shipmentNumber: shipment.Shipment, request: updateShipmentRequest(values, shipment) }, { onError });
  };

  const cancel = () => {
    if (mode === 'create') {
      navigate(paths.dashboard);
      return;
    }
    // Cancel restores what is stored.
    setValues(shipmentValues(shipment));
    setIsEditing(false);
    save.reset();
  };

  const tabs = TABS.filter((entry) => mode === 'edit' || !entry.isEditModeOnly);
  // On a phone the form is long: Cancel and Save stay in a bar at the bottom of the screen.
  const isPhone = useMediaQuery(PHONE_QUERY);
  const editActions = (
    <>
      <Button onClick={cancel} disabled={save.isPending}>
        Cancel
      </Button>
      <Button variant="contained" onClick={submit} disabled={!isValid || save.isPending}>
        {save.isPending ? 'Saving...' : mode === 'create' ? 'Create' : 'Save'}
      </Button>
    </>
  );
  const fieldTabProps = { values, setField, errors, isEditing };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1">
            {mode === 'create' ? 'Create Shipment' : `Shipment: ${shipment.Shipment}`}
          </Typography>
          {isFromLineItem ? (
            <Chip label="From Line Item" color="info" variant="outlined" onClick={() => navigate(-1)} />
          ) : null}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {mode === 'edit' && shipment ? <FollowShipmentButton shipmentNumber={shipment.Shipment} /> : null}
          {mode === 'edit' && shipment && canShareTracking(profile?.role) ? (
            <ShareTrackingLinkButton shipmentNumber={shipment.Shipment} />
          ) : null}
          {mayReceive && !isEditing ? (
            <Button variant="outlined" startIcon={<InventoryIcon />} onClick={() => setIsReceiving(true)}>
              Receive
            </Button>
          ) : null}
          {!isEditor ? null : isEditing ? (
            isPhone ? null : (
              editActions
            )
          ) : (
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setIsEditing(true)}>
              Edit
            </Button>
          )}
        </Stack>
      </Stack>

      {mode === 'edit' && shipment ? <ShipmentExceptionBanner shipmentNumber={shipment.Shipment} /> : null}
      {mode === 'edit' && shipment ? (
        <ShipmentMilestones shipmentNumber={shipment.Shipment} shipment={shipment} />
      ) : null}
      {mode === 'edit' && shipment ? <ShipmentCarrierEvents shipmentNumber={shipment.Shipment} /> : null}

      {save.isError ? <Alert severity="error">{saveFailure(save.error)}</Alert> : null}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <ShipmentHeaderFields
          values={values}
          setField={setField}
          mode={mode}
          isEditing={isEditing}
          isForwarder={isForwarder}
          errors={errors}
          existingOrderRefs={shipment?.['Order Ref'] ?? []}
        />
      </Paper>

      <TabbedPanel label="Shipment details" tabs={tabs} value={tab} onChange={setTab}>
        {tab === 'dates' ? <ShipmentDatesTab {...fieldTabProps} /> : null}
        {tab === 'container' ? <ShipmentContainerTab {...fieldTabProps} /> : null}
        {tab === 'line-items' && shipment ? <ShipmentLineItems shipmentNumber={shipment.Shipment} /> : null}
        {tab === 'documents' && shipment ? (
          <ShipmentDocuments
            shipmentNumber={shipment.Shipment}
            forwarderName={shipment['Forwarder Name']}
            canEdit={isEditor}
          />
        ) : null}
        {tab === 'history' && shipment ? <ShipmentHistory shipmentNumber={shipment.Shipment} /> : null}
      </TabbedPanel>

      {mode === 'edit' && shipment ? <Conversation record="shipment" recordKey={shipment.Shipment} /> : null}

      {isEditor && isEditing && isPhone ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 'appBar',
            justifyContent: 'flex-end',
            mx: -2,
            px: 2,
            py: 1,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {editActions}
        </Stack>
      ) : null}

      {save.isSuccess ? <ShipmentSavedDialog mode={mode} /> : null}
      {isReceiving && shipment ? (
        <ReceiveDialog shipmentNumber={shipment.Shipment} onClose={() => setIsReceiving(false)} />
      ) : null}
    </Stack>
  );
}
