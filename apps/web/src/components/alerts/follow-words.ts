import type { AlertChannel, Follow } from '@quayside/domain/alerts';
import { SHIPMENT_EVENT_KINDS, type ShipmentEventKind } from '@quayside/domain/events';

// A follow's events and channel in the words the follow dialog and the Alerts page use.

/** Each event kind of a shipment as the follow dialog offers it. */
export const FOLLOW_EVENT_LABELS: Record<ShipmentEventKind, string> = {
  new_exception: 'New exception',
  eta_slipped: 'ETA slip',
  departed: 'Departure',
  arrived: 'Arrival',
  document_uploaded: 'Document uploaded',
};

/** How a follow tells, as the dialog offers it. */
export const FOLLOW_CHANNEL_LABELS: Record<AlertChannel, string> = {
  email: 'Now, by e-mail',
  digest: 'In the daily digest',
  app: 'In the app only',
};

/** What a follow tells of and how, in a few words: 'Arrival · Now, by e-mail'. */
export function describeFollow(follow: Pick<Follow, 'events' | 'channel'>) {
  const events =
    follow.events.length === SHIPMENT_EVENT_KINDS.length
      ? 'Every event'
      : follow.events.map((kind) => FOLLOW_EVENT_LABELS[kind]).join(', ');
  return `${events} · ${follow.channel ? FOLLOW_CHANNEL_LABELS[follow.channel] : 'As your usual setting for each event'}`;
}
