import { z } from 'zod';
import { EXCEPTION_KINDS, EXCEPTION_LABELS, type ExceptionKind } from './exceptions.ts';

// What happens to a shipment that people are told of: by alerts to its followers and by
// webhooks to integrators. The database records them with the change (shipment_events).

export const EVENT_KINDS = ['new_exception', 'eta_slipped', 'departed', 'arrived', 'document_uploaded'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_LABELS: Record<EventKind, string> = {
  new_exception: 'A new exception',
  eta_slipped: 'An ETA slip',
  departed: 'A departure recorded',
  arrived: 'An arrival recorded',
  document_uploaded: 'A document uploaded',
};

export const eventKindsParameter = z
  .array(z.enum(EVENT_KINDS, { error: `Event kinds are ${EVENT_KINDS.join(', ')}.` }))
  .min(1, 'Choose at least one event kind.')
  .refine((kinds) => new Set(kinds).size === kinds.length, 'Name each event kind once.');

/** An event as the API and webhooks show it. */
export const ShipmentEvent = z.object({
  id: z.number().int(),
  kind: z.enum(EVENT_KINDS),
  shipment: z.string().describe('The shipment number'),
  at: z.string().describe('When it was recorded (ISO timestamp)'),
  text: z
    .string()
    .describe("What happened, as a person reads it: 'ETA slipped: Dest. ETA 2026-03-12 → 2026-03-22 (+10 days)'"),
  detail: z.record(z.string(), z.unknown()),
});
export type ShipmentEvent = z.infer<typeof ShipmentEvent>;

const day = (iso: unknown) => (typeof iso === 'string' ? iso.slice(0, 10) : '');

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
  }
}
