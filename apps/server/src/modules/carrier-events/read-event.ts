import { type DcsaEventType, portCode } from '@quayside/domain/carrier-events';

/** What Quayside reads of a DCSA event the schema has passed: what it is, when, where, and what it names. */
export type ReadEvent = {
  eventId: string;
  eventType: DcsaEventType;
  code: string;
  classifier: string;
  /** eventDateTime as sent (the place's local time, with its offset). */
  atText: string;
  at: Date;
  /** eventCreatedDateTime: which of two reports of the same date is the newer. */
  createdAt: Date;
  location: string;
  vessel: string;
  equipment: string;
  /** Identifiers it may be matched by, upper case without punctuation. */
  containers: string[];
  documents: string[];
  bookings: string[];
  /** The event as received, kept whole. */
  body: unknown;
};

type Reference = { documentReferenceType?: string; documentReferenceValue?: string };
type Other = { referenceType?: string; referenceValue?: string };
type Place = { UNLocationCode?: string; location?: { UNLocationCode?: string } };
type DcsaEvent = {
  eventID: string;
  eventType: DcsaEventType;
  eventClassifierCode: string;
  eventDateTime: string;
  eventCreatedDateTime: string;
  transportEventTypeCode?: string;
  equipmentEventTypeCode?: string;
  shipmentEventTypeCode?: string;
  equipmentReference?: string;
  documentID?: string;
  documentTypeCode?: string;
  eventLocation?: { UNLocationCode?: string };
  transportCall?: Place & { vessel?: { vesselName?: string } };
  documentReferences?: Reference[];
  references?: Other[];
};

/** An identifier as matching compares it: 'msku 123456-7' and 'MSKU1234567' are one. */
export const identifierKey = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '').toUpperCase();

const keys = (values: (string | undefined)[]) => [
  ...new Set(
    values
      .filter((value): value is string => !!value)
      .map(identifierKey)
      .filter(Boolean),
  ),
];

/** The event, read: call only with an event the DCSA schema accepted and that has an eventID. */
export function readEvent(body: unknown): ReadEvent {
  const event = body as DcsaEvent;
  const documents = event.documentReferences ?? [];
  const documentsOfType = (type: string) =>
    documents
      .filter((reference) => reference.documentReferenceType === type)
      .map((reference) => reference.documentReferenceValue);
  const shipmentDocument = (types: string[]) =>
    event.eventType === 'SHIPMENT' && types.includes(event.documentTypeCode ?? '') ? [event.documentID] : [];
  const call = event.transportCall;
  return {
    eventId: event.eventID,
    eventType: event.eventType,
    code: event.transportEventTypeCode ?? event.equipmentEventTypeCode ?? event.shipmentEventTypeCode ?? '',
    classifier: event.eventClassifierCode,
    atText: event.eventDateTime,
    at: new Date(event.eventDateTime),
    createdAt: new Date(event.eventCreatedDateTime),
    location: portCode(
      event.eventLocation?.UNLocationCode ?? call?.UNLocationCode ?? call?.location?.UNLocationCode ?? '',
    ),
    vessel: call?.vessel?.vesselName ?? '',
    equipment: event.equipmentReference ?? '',
    containers: keys([
      event.equipmentReference,
      ...(event.references ?? []).filter((other) => other.referenceType === 'EQ').map((other) => other.referenceValue),
    ]),
    documents: keys([...documentsOfType('TRD'), ...shipmentDocument(['TRD'])]),
    bookings: keys([...documentsOfType('BKG'), ...shipmentDocument(['BKG', 'CBR'])]),
    body,
  };
}
