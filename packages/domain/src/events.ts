// What happens to a shipment that people are told of (issue 19): by alerts to its followers and by
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
