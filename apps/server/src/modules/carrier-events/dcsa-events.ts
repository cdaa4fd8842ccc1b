import { randomUUID } from 'node:crypto';

// DCSA Track & Trace 2.2 events as a carrier sends them, built for the demo data, the tests and the
// fake provider: each passes the standard's schema (dcsa/) unless a test spoils it on purpose.

type Common = {
  eventID?: string;
  classifier: 'ACT' | 'EST' | 'PLN';
  /** eventDateTime, with its zone: '2027-03-12T07:41:00+08:00'. */
  at: string;
  createdAt?: string;
  /** Transport documents (B/L or air waybill numbers) and carrier booking references it names. */
  documents?: string[];
  bookings?: string[];
};

const documentReferences = ({ documents = [], bookings = [] }: Common) => [
  ...bookings.map((value) => ({ documentReferenceType: 'BKG', documentReferenceValue: value })),
  ...documents.map((value) => ({ documentReferenceType: 'TRD', documentReferenceValue: value })),
];

const transportCall = (location: string, vessel: string) => ({
  transportCallID: randomUUID(),
  UNLocationCode: location,
  modeOfTransport: 'VESSEL',
  vessel: { vesselIMONumber: '9321483', vesselName: vessel },
});

/** A vessel's departure (DEPA) or arrival (ARRI) at a port. */
export function transportEvent(
  event: Common & { code: 'ARRI' | 'DEPA'; location: string; vessel?: string; containers?: string[] },
) {
  return {
    eventID: event.eventID ?? randomUUID(),
    eventCreatedDateTime: event.createdAt ?? new Date().toISOString(),
    eventType: 'TRANSPORT',
    eventClassifierCode: event.classifier,
    eventDateTime: event.at,
    transportEventTypeCode: event.code,
    transportCall: transportCall(event.location, event.vessel ?? 'Maersk Kensington'),
    documentReferences: documentReferences(event),
    references: (event.containers ?? []).map((value) => ({ referenceType: 'EQ', referenceValue: value })),
  };
}

/** Something done to a container (LOAD, DISC, GTIN, GTOT...). */
export function equipmentEvent(
  event: Common & { code: string; container: string; location: string; vessel?: string; empty?: boolean },
) {
  return {
    eventID: event.eventID ?? randomUUID(),
    eventCreatedDateTime: event.createdAt ?? new Date().toISOString(),
    eventType: 'EQUIPMENT',
    eventClassifierCode: event.classifier,
    eventDateTime: event.at,
    equipmentEventTypeCode: event.code,
    equipmentReference: event.container,
    emptyIndicatorCode: event.empty ? 'EMPTY' : 'LADEN',
    eventLocation: { UNLocationCode: event.location },
    transportCall: transportCall(event.location, event.vessel ?? 'Maersk Kensington'),
    documentReferences: documentReferences(event),
  };
}

/** A document's progress (a booking confirmed, a B/L issued). */
export function shipmentEvent(event: Common & { code: string; documentID: string; documentTypeCode: string }) {
  return {
    eventID: event.eventID ?? randomUUID(),
    eventCreatedDateTime: event.createdAt ?? new Date().toISOString(),
    eventType: 'SHIPMENT',
    eventClassifierCode: event.classifier,
    eventDateTime: event.at,
    shipmentEventTypeCode: event.code,
    documentID: event.documentID,
    documentTypeCode: event.documentTypeCode,
  };
}
