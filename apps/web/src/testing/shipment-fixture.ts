import {
  SHIPMENT_AMOUNT_FIELDS,
  SHIPMENT_CHOICE_FIELDS,
  SHIPMENT_DATE_FIELDS,
  SHIPMENT_TEXT_FIELDS,
  type Shipment,
} from '@quayside/domain/shipments';

const blank = (fields: object, value: unknown) =>
  Object.fromEntries(Object.keys(fields).map((label) => [label, value]));

/** A stored shipment as GET /api/Shipments answers it: every field empty, `fields` on top. */
export function shipmentFixture(fields: Partial<Shipment> & Pick<Shipment, 'Shipment'>): Shipment {
  return {
    ...blank(SHIPMENT_TEXT_FIELDS, ''),
    ...blank(SHIPMENT_CHOICE_FIELDS, ''),
    ...blank(SHIPMENT_AMOUNT_FIELDS, null),
    ...blank(SHIPMENT_DATE_FIELDS, null),
    'Order Ref': [],
    ...fields,
  } as Shipment;
}

/** Midnight UTC `days` from today: the milestone strip decides lateness on today's UTC day. */
export const daysFromToday = (days: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days)).toISOString();
};

/** That day as the screens write it, YYYY-MM-DD. */
export const dayFromToday = (days: number) => daysFromToday(days).slice(0, 10);
