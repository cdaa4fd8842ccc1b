import type { Call } from '../call.ts';
import {
  AttachCarrierEventRequest,
  CarrierEventIdQuery,
  CarrierEventReviewResponse,
  CarrierEventsBody,
  CarrierEventsReceipt,
  CarrierEventsResponse,
  CarrierIntegrationIdQuery,
  CarrierIntegrationRequest,
  CarrierIntegrationsResponse,
  CreatedCarrierIntegration,
  CreatedTrackingLink,
  MAX_EVENTS_PER_NOTIFICATION,
  PublicTracking,
  TIMELINE_EVENTS,
  TrackingLinkIdQuery,
  TrackingLinkRequest,
  TrackingLinkShipmentQuery,
  TrackingLinksResponse,
  TrackingTokenParams,
} from '../carrier-events.ts';
import { MessageResponse } from '../line-items.ts';
import { ShipmentHistoryQuery } from '../shipments.ts';

const tag = 'carrier events';

/** Carrier events in (DCSA Track & Trace 2.2), their senders, their review, and the public tracking link. */
export const CARRIER_EVENT_CALLS = {
  receiveCarrierEvents: {
    method: 'POST',
    path: '/api/CarrierEvents',
    tag,
    // The sender's integration token, not a session: the handler checks it before anything else.
    who: 'anyone',
    summary: 'Receive DCSA Track & Trace 2.2 events (an integration token, no session)',
    description:
      'A notification of DCSA Track & Trace 2.2 events: one event, or an array as the standard’s callback sends, ' +
      `at most ${MAX_EVENTS_PER_NOTIFICATION}. Send the integration’s token as Authorization: Bearer <token>; ` +
      'an integration created signed also needs Notification-Signature: sha256=<hex HMAC-SHA256 of the body>. ' +
      'Each event is checked against the standard’s schema (an invalid one refuses the whole notification, 400, ' +
      'naming it) and must carry an eventID: one already received is answered as a duplicate and not applied again. ' +
      'An event is matched to a shipment by its container (equipmentReference), transport document (Master or ' +
      'House) or carrier booking reference; one that matches none, or several, waits for an Admin’s review. ' +
      'The answer gives each event’s outcome and the date it set, if any.',
    body: CarrierEventsBody,
    response: CarrierEventsReceipt,
    errors: [401, 413],
  },
  getShipmentCarrierEvents: {
    method: 'GET',
    path: '/api/Shipments/carrier-events',
    tag,
    who: 'signed-in',
    summary: "A shipment's carrier events, newest first",
    description: `The carrier events matched to a shipment, newest first (at most ${TIMELINE_EVENTS}), with the date each set. 404 when not visible.`,
    query: ShipmentHistoryQuery,
    response: CarrierEventsResponse,
    errors: [404],
  },
  listCarrierEventReview: {
    method: 'GET',
    path: '/api/CarrierEvents/review',
    tag,
    who: 'Admin',
    summary: 'Carrier events waiting for review (Admin)',
    description:
      'Events that matched no shipment, or several, oldest first (the first 200), with their identifiers (Admin).',
    response: CarrierEventReviewResponse,
  },
  attachCarrierEvent: {
    method: 'POST',
    path: '/api/CarrierEvents/attach',
    tag,
    who: 'Admin',
    summary: 'Attach a waiting carrier event to a shipment (Admin)',
    description: 'Attach an event waiting for review to a shipment: it is applied as if it had matched (Admin).',
    body: AttachCarrierEventRequest,
    response: MessageResponse,
    errors: [404, 409],
  },
  dismissCarrierEvent: {
    method: 'POST',
    path: '/api/CarrierEvents/dismiss',
    tag,
    who: 'Admin',
    summary: 'Dismiss a waiting carrier event (Admin)',
    description: 'Dismiss an event waiting for review: it is kept, applied to nothing (Admin).',
    query: CarrierEventIdQuery,
    response: MessageResponse,
    errors: [404, 409],
  },
  listCarrierIntegrations: {
    method: 'GET',
    path: '/api/CarrierIntegrations',
    tag,
    who: 'Admin',
    summary: 'Carrier and provider integrations (Admin)',
    description: 'Every integration that may post carrier events, with its last event (Admin).',
    response: CarrierIntegrationsResponse,
  },
  createCarrierIntegration: {
    method: 'POST',
    path: '/api/CarrierIntegrations',
    tag,
    who: 'Admin',
    summary: 'Create an integration and its token (Admin)',
    description:
      'Create an integration that may post carrier events. Its token (and, when signed, its signing secret) is ' +
      'answered this once. With forwarderName its events match only that forwarder’s shipments (Admin).',
    body: CarrierIntegrationRequest,
    response: CreatedCarrierIntegration,
    errors: [409],
  },
  revokeCarrierIntegration: {
    method: 'POST',
    path: '/api/CarrierIntegrations/revoke',
    tag,
    who: 'Admin',
    summary: 'Revoke an integration’s token (Admin)',
    description: 'Revoke an integration: its token is refused at once; the events it sent are kept (Admin).',
    query: CarrierIntegrationIdQuery,
    response: MessageResponse,
    errors: [404],
  },
  listTrackingLinks: {
    method: 'GET',
    path: '/api/TrackingLinks',
    tag,
    who: 'staff',
    summary: "A shipment's public tracking links",
    description: 'The public tracking links made for a shipment, live and withdrawn. 404 when not visible.',
    query: TrackingLinkShipmentQuery,
    response: TrackingLinksResponse,
    errors: [404],
  },
  createTrackingLink: {
    method: 'POST',
    path: '/api/TrackingLinks',
    tag,
    who: 'staff',
    summary: 'Make a public tracking link for a shipment',
    description:
      'Make an unguessable link to a page, without sign-in, of the shipment’s milestones, dates, ports, mode and ' +
      'carrier events (no parties, orders, parts or documents). The token is answered this once.',
    body: TrackingLinkRequest,
    response: CreatedTrackingLink,
    errors: [404],
  },
  revokeTrackingLink: {
    method: 'POST',
    path: '/api/TrackingLinks/revoke',
    tag,
    who: 'staff',
    summary: 'Withdraw a public tracking link',
    description: 'Withdraw a tracking link: it answers 404 from now on.',
    query: TrackingLinkIdQuery,
    response: MessageResponse,
    errors: [404],
  },
  getPublicTracking: {
    method: 'GET',
    path: '/api/Tracking/:token',
    tag,
    who: 'anyone',
    summary: "A shared shipment's progress (a tracking link's token, no sign-in)",
    description:
      'What a tracking link shows: milestones, dates, ports, mode and carrier events. 404 for a token not known or ' +
      'withdrawn; 429 when one address asks too often.',
    params: TrackingTokenParams,
    response: PublicTracking,
    errors: [404, 429],
  },
} as const satisfies Record<string, Call>;
