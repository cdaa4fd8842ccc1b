import { z } from 'zod';
import { EXCEPTION_KINDS, EXCEPTION_LABELS, type ExceptionKind } from './exceptions.ts';

// What happens that people are told of, by alerts and by webhooks to integrators; the database
// records each with the change (the shipment_events table). Three families:
// - a shipment's events, told to whoever follows the shipment or a filter it is in;
// - a purchase order's and a booking's, told to the party whose turn it is (staff, the supplier's
//   contacts, the forwarder a booking is routed to);
// - a conversation's, told to the person mentioned or answered. Webhooks carry the first two.

export const SHIPMENT_EVENT_KINDS = [
  'new_exception',
  'eta_slipped',
  'departed',
  'arrived',
  'document_uploaded',
] as const;
export type ShipmentEventKind = (typeof SHIPMENT_EVENT_KINDS)[number];
export const ORDER_EVENT_KINDS = [
  'po_confirmed',
  'po_change_proposed',
  'po_change_approved',
  'po_change_rejected',
  'booking_requested',
  'booking_routed',
  'booking_confirmed',
  'booking_declined',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
export const CONVERSATION_EVENT_KINDS = ['mentioned', 'replied'] as const;
export const EVENT_KINDS = [...SHIPMENT_EVENT_KINDS, ...ORDER_EVENT_KINDS, ...CONVERSATION_EVENT_KINDS] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** What a webhook may ask for: a conversation's events are one person's news, not an integrator's. */
export const WEBHOOK_EVENT_KINDS = [...SHIPMENT_EVENT_KINDS, ...ORDER_EVENT_KINDS] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

export const isShipmentEventKind = (kind: string): kind is ShipmentEventKind =>
  (SHIPMENT_EVENT_KINDS as readonly string[]).includes(kind);

export const EVENT_LABELS: Record<EventKind, string> = {
  new_exception: 'A new exception',
  eta_slipped: 'An ETA slip',
  departed: 'A departure recorded',
  arrived: 'An arrival recorded',
  document_uploaded: 'A document uploaded',
  po_confirmed: 'A PO confirmed by its supplier',
  po_change_proposed: 'Changes proposed to a PO',
  po_change_approved: 'Proposed changes approved',
  po_change_rejected: 'Proposed changes rejected',
  booking_requested: 'A booking requested',
  booking_routed: 'A booking routed to a forwarder',
  booking_confirmed: 'A booking confirmed',
  booking_declined: 'A booking declined',
  mentioned: 'A message mentioning you',
  replied: 'A reply to your message',
};

export const eventKindsParameter = z
  .array(z.enum(WEBHOOK_EVENT_KINDS, { error: `Event kinds are ${WEBHOOK_EVENT_KINDS.join(', ')}.` }))
  .min(1, 'Choose at least one event kind.')
  .refine((kinds) => new Set(kinds).size === kinds.length, 'Name each event kind once.');

export const EVENT_RECORD_TYPES = ['shipment', 'purchase_order', 'booking'] as const;
export type EventRecordType = (typeof EVENT_RECORD_TYPES)[number];

/** An event as the API, the bell and webhooks show it. */
export const RecordEvent = z.object({
  id: z.number().int(),
  kind: z.enum(EVENT_KINDS),
  record: z
    .object({ type: z.enum(EVENT_RECORD_TYPES), reference: z.string() })
    .describe("What it happened to: a shipment's number, a PO's number or a booking's reference (BK-000001)"),
  shipment: z.string().nullable().describe('The shipment number; null for an event of a purchase order or booking'),
  at: z.string().describe('When it was recorded (ISO timestamp)'),
  text: z
    .string()
    .describe("What happened, as a person reads it: 'ETA slipped: Dest. ETA 2026-03-12 → 2026-03-22 (+10 days)'"),
  detail: z.record(z.string(), z.unknown()),
});
export type RecordEvent = z.infer<typeof RecordEvent>;

const day = (iso: unknown) => (typeof iso === 'string' ? iso.slice(0, 10) : '');
const words = (text: unknown) => (typeof text === 'string' ? text : '');
/** A message's first words, for a line in the bell or an e-mail. */
export const EXCERPT_LENGTH = 120;
const excerpt = (text: unknown) => {
  const flat = words(text).replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

/** What happened, in words: the bell, the e-mails and the webhook body say it the same way. */
export function describeEvent(kind: EventKind, detail: Record<string, unknown>): string {
  switch (kind) {
    case 'new_exception': {
      const exception = detail.exception as ExceptionKind;
      return EXCEPTION_KINDS.includes(exception) ? `New exception: ${EXCEPTION_LABELS[exception]}` : 'New exception';
    }
    case 'eta_slipped':
      return `ETA slipped: Dest. ETA ${day(detail.from)} → ${day(detail.to)} (+${Number(detail.days)} ${Number(detail.days) === 1 ? 'day' : 'days'})`;
    case 'departed':
      return `Departed: ATD ${day(detail.date)}`;
    case 'arrived':
      return `Arrived: ATA ${day(detail.date)}`;
    case 'document_uploaded':
      return `Document uploaded: ${String(detail.documentType)} (${String(detail.fileName)})`;
    case 'po_confirmed':
      return `Confirmed by ${words(detail.by)}`;
    case 'po_change_proposed':
      return `Changes proposed by ${words(detail.by)}`;
    case 'po_change_approved':
      return detail.automatic === true
        ? 'Proposed changes approved automatically'
        : `Proposed changes approved by ${words(detail.by)}`;
    case 'po_change_rejected':
      return `Proposed changes rejected by ${words(detail.by)}: ${words(detail.reason)}`;
    case 'booking_requested':
      return `Booking requested for ${words(detail.poNumber)} by ${words(detail.by)}`;
    case 'booking_routed':
      return `Booking routed to ${words(detail.forwarder)}`;
    case 'booking_confirmed':
      return `Booking confirmed by ${words(detail.forwarder)}: shipment ${words(detail.shipment)}`;
    case 'booking_declined':
      return `Booking declined by ${words(detail.forwarder)}: ${words(detail.reason)}`;
    case 'mentioned':
      return `${words(detail.by)} mentioned you: “${excerpt(detail.body)}”`;
    case 'replied':
      return `${words(detail.by)} replied to your message: “${excerpt(detail.body)}”`;
  }
}

export const EVENT_RECORD_LABELS: Record<EventRecordType, string> = {
  shipment: 'Shipment',
  purchase_order: 'Purchase order',
  booking: 'Booking',
};

/** Where the app shows an event's record: a shipment's or a PO's page, or the bookings list. */
export function recordPath(record: RecordEvent['record']): string {
  switch (record.type) {
    case 'shipment':
      return `/shipment-details/${encodeURIComponent(record.reference)}`;
    case 'purchase_order':
      return `/purchase-orders/${encodeURIComponent(record.reference)}`;
    case 'booking':
      return '/bookings';
  }
}
