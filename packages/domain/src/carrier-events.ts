import { z } from 'zod';
import { DATE_FIELD_LABELS, type DateField } from './date-history.ts';
import type { MilestoneDates } from './milestones.ts';
import { ShipmentHistoryQuery } from './shipments.ts';

// Carrier events: what carriers and visibility providers report of a shipment, in the Digital
// Container Shipping Association's Track & Trace 2.2 form (transport, equipment and shipment
// events). A sender posts them with its integration's token; each is kept as received, matched to
// one shipment by its container, transport document or carrier booking reference, and, where a
// rule below says so, moves one of the shipment's dates through the write door.

/** The DCSA event families, by their `eventType`. */
export const DCSA_EVENT_TYPES = ['TRANSPORT', 'EQUIPMENT', 'SHIPMENT'] as const;
export type DcsaEventType = (typeof DCSA_EVENT_TYPES)[number];
export const DCSA_CLASSIFIERS = ['ACT', 'EST', 'PLN', 'REQ'] as const;
export type DcsaClassifier = (typeof DCSA_CLASSIFIERS)[number];

/** Which end of the shipment an event's place must be for a rule to apply. */
type RulePlace = 'origin' | 'destination';

export type CarrierEventRule = {
  eventType: DcsaEventType;
  /** transportEventTypeCode (ARRI, DEPA), equipmentEventTypeCode or shipmentEventTypeCode. */
  code: string;
  classifier: DcsaClassifier;
  /** The event's UN/LOCODE must be the shipment's Origin (or Destination) port code. */
  at: RulePlace;
  field: DateField;
};

/**
 * The one table of which event sets which date. An event no rule names is still kept and shown on
 * the shipment's timeline; it moves nothing. A departure or arrival elsewhere (a transhipment) is
 * not the shipment's own. Planned times (PLN) are the schedule, which an estimate supersedes, so
 * they set nothing. Equipment and shipment events (gate-in, loaded, released...) are shown only:
 * the shipment's dates are its vessel's departure and arrival.
 */
export const CARRIER_EVENT_RULES: readonly CarrierEventRule[] = [
  { eventType: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', at: 'origin', field: 'atd' },
  { eventType: 'TRANSPORT', code: 'DEPA', classifier: 'EST', at: 'origin', field: 'origin_etd' },
  { eventType: 'TRANSPORT', code: 'ARRI', classifier: 'ACT', at: 'destination', field: 'ata' },
  { eventType: 'TRANSPORT', code: 'ARRI', classifier: 'EST', at: 'destination', field: 'dest_eta' },
];

/** The rule that applies to an event of this kind at this end of a shipment, if one does. */
export function ruleFor(
  eventType: string,
  code: string,
  classifier: string,
  place: RulePlace | null,
): CarrierEventRule | undefined {
  return CARRIER_EVENT_RULES.find(
    (rule) => rule.eventType === eventType && rule.code === code && rule.classifier === classifier && rule.at === place,
  );
}

/** A port code as people type it ('CN SHA', 'cnsha') and as DCSA sends it ('CNSHA'). */
export const portCode = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** What each DCSA event code means, for the timeline. */
export const DCSA_CODE_LABELS: Record<string, string> = {
  ARRI: 'Arrival',
  DEPA: 'Departure',
  LOAD: 'Loaded',
  DISC: 'Discharged',
  GTIN: 'Gate in',
  GTOT: 'Gate out',
  STUF: 'Stuffed',
  STRP: 'Stripped',
  PICK: 'Picked up',
  DROP: 'Dropped off',
  INSP: 'Inspected',
  RSEA: 'Resealed',
  RMVD: 'Removed',
  RECE: 'Received',
  DRFT: 'Drafted',
  PENA: 'Pending approval',
  PENU: 'Pending update',
  REJE: 'Rejected',
  APPR: 'Approved',
  ISSU: 'Issued',
  SURR: 'Surrendered',
  SUBM: 'Submitted',
  VOID: 'Void',
  CONF: 'Confirmed',
  REQS: 'Requested',
  CMPL: 'Completed',
  HOLD: 'On hold',
  RELS: 'Released',
};
export const DCSA_CLASSIFIER_LABELS: Record<string, string> = {
  ACT: 'actual',
  EST: 'estimated',
  PLN: 'planned',
  REQ: 'requested',
};

/** 'Arrival (estimated)'. */
export const carrierEventTitle = (code: string, classifier: string) =>
  `${DCSA_CODE_LABELS[code] ?? code} (${DCSA_CLASSIFIER_LABELS[classifier] ?? classifier})`;

/** What became of an event: applied (it moved a date), recorded (kept, shown), or waiting for review. */
export const CARRIER_EVENT_OUTCOMES = ['applied', 'recorded', 'unmatched', 'ambiguous', 'dismissed'] as const;
export type CarrierEventOutcome = (typeof CARRIER_EVENT_OUTCOMES)[number];

/** The date history's source for a date an event set: `carrier event:<sender>`. */
export const CARRIER_EVENT_SOURCE = 'carrier event';
export const carrierEventSource = (sender: string) => `${CARRIER_EVENT_SOURCE}:${sender}`;

/** The most events one notification may carry; a larger batch is refused whole (413). */
export const MAX_EVENTS_PER_NOTIFICATION = 1000;
/** The header a sender's token comes in: `Authorization: Bearer <token>`. */
export const NOTIFICATION_SIGNATURE_HEADER = 'Notification-Signature';

export const CARRIER_TOKEN_MISSING = 'Send the integration token as Authorization: Bearer <token>.';
export const CARRIER_TOKEN_REFUSED = 'The integration token is not known or has been revoked.';
export const CARRIER_SIGNATURE_REFUSED =
  'The Notification-Signature header must be sha256=<hex HMAC-SHA256 of the body with the signing secret>.';
export const CARRIER_BATCH_TOO_LARGE = `A notification may carry at most ${MAX_EVENTS_PER_NOTIFICATION} events.`;

/** A notification: one DCSA event, or a batch of them as the standard's callback sends (validated by its schema). */
export const CarrierEventsBody = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .describe(
    'One DCSA Track & Trace 2.2 event, or an array of them (the schema is the standard’s; see the description)',
  );

export const CarrierEventResult = z.object({
  eventID: z.string().nullable(),
  outcome: z.enum([...CARRIER_EVENT_OUTCOMES, 'duplicate']),
  /** The shipment it was matched to, when one. */
  shipment: z.string().nullable(),
  /** The date it set ('Dest. ETA'), when it set one. */
  applied: z.string().nullable(),
  reason: z.string().nullable(),
});
export const CarrierEventsReceipt = z.object({
  received: z.number().int(),
  results: z.array(CarrierEventResult),
});
export type CarrierEventsReceipt = z.infer<typeof CarrierEventsReceipt>;

/** The newest events a shipment's timeline (and its public page) shows: a provider polled for months sends many. */
export const TIMELINE_EVENTS = 500;

/** One event on a shipment's timeline. */
export const CarrierEventEntry = z.object({
  id: z.number().int(),
  eventID: z.string(),
  eventType: z.enum(DCSA_EVENT_TYPES),
  code: z.string(),
  classifier: z.string(),
  /** 'Arrival (estimated)'. */
  title: z.string(),
  /** The event's time as the sender wrote it (its own offset). */
  at: z.string(),
  /** UN/LOCODE, or '' when none. */
  location: z.string(),
  vessel: z.string(),
  /** The container it is about (equipment events), or ''. */
  equipment: z.string(),
  sender: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(CARRIER_EVENT_OUTCOMES),
  /** The date it set ('ATA'), or null. */
  applied: z.string().nullable(),
});
export type CarrierEventEntry = z.infer<typeof CarrierEventEntry>;
export const CarrierEventsResponse = z.object({ events: z.array(CarrierEventEntry) });
export type CarrierEventsResponse = z.infer<typeof CarrierEventsResponse>;

/** An event that matched no shipment, or several, waiting for an Admin. */
export const CarrierEventReviewItem = z.object({
  id: z.number().int(),
  eventID: z.string(),
  title: z.string(),
  at: z.string(),
  location: z.string(),
  sender: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(['unmatched', 'ambiguous']),
  reason: z.string(),
  containers: z.array(z.string()),
  documents: z.array(z.string()),
  bookings: z.array(z.string()),
  /** The shipments it matched, when more than one. */
  candidates: z.array(z.string()),
});
export type CarrierEventReviewItem = z.infer<typeof CarrierEventReviewItem>;
export const CarrierEventReviewResponse = z.object({ items: z.array(CarrierEventReviewItem), total: z.number().int() });
export type CarrierEventReviewResponse = z.infer<typeof CarrierEventReviewResponse>;

const eventRowId = z.coerce
  .number({ error: 'id must be a whole number.' })
  .int('id must be a whole number.')
  .positive('id must be a whole number.');
export const CarrierEventIdQuery = z.object({ id: eventRowId }).strict();
export const AttachCarrierEventRequest = z
  .object({
    id: eventRowId,
    shipment: z.string().trim().min(1, 'Choose the shipment to attach the event to.').max(200),
  })
  .strict();
export type AttachCarrierEventRequest = z.infer<typeof AttachCarrierEventRequest>;

export const CARRIER_EVENT_NOT_IN_REVIEW = 'That event is not waiting for review.';

/** An Admin's integration: who may post events, with which token (shown once). */
export const CarrierIntegration = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A forwarder's integration matches only that company's shipments; null: any shipment. */
  forwarderName: z.string().nullable(),
  /** Whether its notifications must carry a Notification-Signature. */
  signed: z.boolean(),
  createdAt: z.string(),
  lastEventAt: z.string().nullable(),
  events: z.number().int(),
});
export type CarrierIntegration = z.infer<typeof CarrierIntegration>;
export const CarrierIntegrationsResponse = z.object({ integrations: z.array(CarrierIntegration) });
export type CarrierIntegrationsResponse = z.infer<typeof CarrierIntegrationsResponse>;
export const CarrierIntegrationRequest = z
  .object({
    name: z.string().trim().min(1, 'Name the integration (the carrier or provider).').max(100, 'The name is too long.'),
    forwarderName: z.string().trim().max(200).optional(),
    signed: z.boolean().default(false),
  })
  .strict();
export type CarrierIntegrationRequest = z.infer<typeof CarrierIntegrationRequest>;
export const CreatedCarrierIntegration = z.object({
  integration: CarrierIntegration,
  /** Shown this once: the sender's bearer token. */
  token: z.string(),
  /** Shown this once, when signed: the key of its Notification-Signature. */
  signingSecret: z.string().nullable(),
});
export type CreatedCarrierIntegration = z.infer<typeof CreatedCarrierIntegration>;
export const CarrierIntegrationIdQuery = CarrierEventIdQuery;
export const CARRIER_INTEGRATION_EXISTS = 'An integration of that name exists.';

// The public tracking link: a shipment's progress for anyone holding the link, without sign-in.

export const TrackingLink = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
});
export type TrackingLink = z.infer<typeof TrackingLink>;
export const TrackingLinksResponse = z.object({ links: z.array(TrackingLink) });
export type TrackingLinksResponse = z.infer<typeof TrackingLinksResponse>;
export const TrackingLinkShipmentQuery = ShipmentHistoryQuery.strict();
export const TrackingLinkRequest = ShipmentHistoryQuery.strict();
/** The link's path on this site: `/track/<token>` (the token is shown this once). */
export const trackingPath = (token: string) => `/track/${token}`;
export const CreatedTrackingLink = z.object({ link: TrackingLink, token: z.string(), path: z.string() });
export type CreatedTrackingLink = z.infer<typeof CreatedTrackingLink>;
export const TrackingLinkIdQuery = CarrierEventIdQuery;
export const TrackingTokenParams = z.object({ token: z.string().max(200) });
export const TRACKING_LINK_GONE = 'This tracking link is not valid or has been withdrawn.';

/** What the public page shows: milestones, dates, ports, mode and the carrier events, nothing else. */
export const PublicTracking = z.object({
  mode: z.string(),
  origin: z.string(),
  destination: z.string(),
  dates: z.object({
    createdAt: z.string().nullable(),
    ETD: z.string().nullable(),
    'Origin ETD': z.string().nullable(),
    ATD: z.string().nullable(),
    'Dest. ETA': z.string().nullable(),
    ATA: z.string().nullable(),
    'Est Delivery': z.string().nullable(),
    'Act Delivery': z.string().nullable(),
  }) satisfies z.ZodType<MilestoneDates>,
  events: z.array(
    z.object({ title: z.string(), at: z.string(), location: z.string(), vessel: z.string(), classifier: z.string() }),
  ),
});
export type PublicTracking = z.infer<typeof PublicTracking>;

/** Label of a date a rule sets ('Dest. ETA'). */
export const appliedLabel = (field: DateField) => DATE_FIELD_LABELS[field];
