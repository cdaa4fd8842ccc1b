import { checkContainerNumbers, checkMaster } from '@quayside/domain/identifiers';
import { cleanOrderRefs, parseAmount, type Shipment } from '@quayside/domain/shipments';
import { parseCalendarDate } from '@quayside/domain/text';
import { dateFromIso, isoFromDate } from './shipment-dates.ts';

// The shipment screen's form (SPEC.md §2 'Shipment detail and create'): every value as the input
// holds it (text), and the request body the server takes, keyed by the spec's labels.

/** Free text, and the header selects whose lists are not enforced by the server (Consignee, ports). */
export const TEXT_LABELS = [
  'Forwarder Name',
  'Consignee Name',
  'Consignor Name',
  'Origin',
  'Dest.',
  'House',
  'Master',
  'Container #',
  'Vessel',
  'Cntr',
] as const;
/** Selects whose value the server checks against the lists of SPEC.md §9. */
export const CHOICE_LABELS = ['UQ-Charge', 'UQ - Outer', 'VOLUQ', 'WTUQ', 'Trans', 'Mode'] as const;
export const AMOUNT_LABELS = ['Charge', 'Outer', 'Volume', 'Weight'] as const;
/** The Dates tab, in the spec's order. ETD and ETA are not on the screen and are never sent. */
export const DATE_LABELS = [
  'OBL Received Date',
  'Origin ETD',
  'ATD',
  'Dest. ETA',
  'ATA',
  'Est Delivery',
  'Act Delivery',
] as const;

export type AmountLabel = (typeof AMOUNT_LABELS)[number];
export type DateLabel = (typeof DATE_LABELS)[number];
type FieldLabel = (typeof TEXT_LABELS)[number] | (typeof CHOICE_LABELS)[number] | AmountLabel | DateLabel;
const FIELD_LABELS: readonly FieldLabel[] = [...TEXT_LABELS, ...CHOICE_LABELS, ...AMOUNT_LABELS, ...DATE_LABELS];

/**
 * What the inputs hold. Dates are 'YYYY-MM-DD' (a date input's value), amounts the text typed.
 * 'Order Ref' is the comma-separated PO numbers typed: all of them when creating, only new ones when editing.
 */
export type ShipmentFormValues = Record<FieldLabel | 'Shipment' | 'Order Ref', string>;

/** The body of `saveShipments`: label → text, list, or null to clear. */
export type ShipmentRequest = Partial<Record<FieldLabel | 'Shipment', string | null>> & { 'Order Ref'?: string[] };

export function emptyShipmentValues(forwarderName = ''): ShipmentFormValues {
  const values = Object.fromEntries(FIELD_LABELS.map((label) => [label, ''])) as ShipmentFormValues;
  return { ...values, Shipment: '', 'Order Ref': '', 'Forwarder Name': forwarderName };
}

/** A stored shipment as the form shows it; 'Order Ref' starts empty (existing POs are listed apart). */
export function shipmentValues(shipment: Shipment): ShipmentFormValues {
  const values = emptyShipmentValues();
  values.Shipment = shipment.Shipment;
  for (const label of [...TEXT_LABELS, ...CHOICE_LABELS]) values[label] = shipment[label];
  for (const label of AMOUNT_LABELS) values[label] = shipment[label] === null ? '' : String(shipment[label]);
  for (const label of DATE_LABELS) values[label] = dateFromIso(shipment[label]);
  return values;
}

export const AMOUNT_INVALID = 'Enter a number of 0 or more.';
export const DATE_INVALID = 'Enter a valid date.';

export type ShipmentFormErrors = Partial<Record<FieldLabel, string>>;

/**
 * Problems the server would refuse, per field, so the user can fix them before saving. Container #
 * (ISO 6346) and an air shipment's Master (its air waybill) carry a check digit: the message names
 * the one they would have. When editing (`original`), those two are checked only as the server
 * checks them, when the save sends them: a stored one taken as written (an import may do so) does
 * not stop the user saving other changes.
 */
export function shipmentFormErrors(values: ShipmentFormValues, original?: Shipment): ShipmentFormErrors {
  const errors: ShipmentFormErrors = {};
  for (const label of AMOUNT_LABELS) if (parseAmount(values[label]) === undefined) errors[label] = AMOUNT_INVALID;
  for (const label of DATE_LABELS) {
    const value = values[label].trim();
    if (value !== '' && parseCalendarDate(value) === null) errors[label] = DATE_INVALID;
  }
  const before = original ? shipmentValues(original) : undefined;
  const isSent = (label: FieldLabel) => !before || values[label].trim() !== before[label].trim();
  if (isSent('Container #')) {
    const containers = checkContainerNumbers(values['Container #']);
    if (!containers.ok) errors['Container #'] = containers.message;
  }
  if (isSent('Master') || isSent('Mode')) {
    const master = checkMaster(values.Master, values.Mode);
    if (!master.ok) errors.Master = master.message;
  }
  return errors;
}

/** Create is offered only once the shipment has a number (SPEC.md §5). */
export const canCreateShipment = (values: ShipmentFormValues) => values.Shipment.trim() !== '';

function fieldRequest(label: FieldLabel, value: string): string | null {
  const text = value.trim();
  if ((AMOUNT_LABELS as readonly string[]).includes(label)) return text === '' ? null : text;
  // Dates are converted to ISO timestamps on save (SPEC.md §5).
  if ((DATE_LABELS as readonly string[]).includes(label)) return text === '' ? null : isoFromDate(text);
  return text;
}

/** The body to create a shipment: every field, and each cleaned PO number becomes a line item. */
export function createShipmentRequest(values: ShipmentFormValues): ShipmentRequest {
  const request: ShipmentRequest = { Shipment: values.Shipment.trim() };
  for (const label of FIELD_LABELS) request[label] = fieldRequest(label, values[label]);
  request['Order Ref'] = cleanOrderRefs(values['Order Ref']);
  return request;
}

/**
 * The body to update `original`: only the fields the user changed (a field left out keeps its
 * stored value, so an unchanged date keeps its time of day), and the PO numbers it does not have
 * yet, appended. The shipment number is never sent: it cannot change.
 */
export function updateShipmentRequest(values: ShipmentFormValues, original: Shipment): ShipmentRequest {
  const before = shipmentValues(original);
  const request: ShipmentRequest = {};
  for (const label of FIELD_LABELS) {
    if (values[label].trim() !== before[label].trim()) request[label] = fieldRequest(label, values[label]);
  }
  const existing = new Set(original['Order Ref']);
  const added = cleanOrderRefs(values['Order Ref']).filter((po) => !existing.has(po));
  if (added.length > 0) request['Order Ref'] = added;
  return request;
}
