import type { Call } from '../call.ts';
import { DateHistoryResponse } from '../date-history.ts';
import {
  ShipmentBody,
  ShipmentHistoryQuery,
  ShipmentsOrMatchResponse,
  ShipmentsQuery,
  ShipmentsResponse,
  ShipmentWriteQuery,
} from '../shipments.ts';

const tag = 'shipments';

/** Shipments: one, suggestions, a page; creating and changing them; one shipment's date history. */
export const SHIPMENT_CALLS = {
  getShipments: {
    method: 'GET',
    path: '/api/Shipments',
    tag,
    who: 'signed-in',
    summary: 'One shipment (?shipment=), suggestions (?shipmentMatch=) or a page of shipments',
    description:
      '?shipmentMatch= suggestions (shipment numbers, at least 4 characters); else ?shipment= one shipment ' +
      '(an empty list when not found); else a page of shipments ordered by number.',
    query: ShipmentsQuery,
    response: ShipmentsOrMatchResponse,
    errors: [404],
  },
  saveShipments: {
    method: 'POST',
    path: '/api/Shipments',
    tag,
    // A Forwarder creates and changes its own company's shipments; Employee and Manager are read-only.
    who: 'Admin or Forwarder',
    summary: 'Create shipments, or update one (?id=); Order Ref POs become line items',
    description: 'Without ?id= creates the shipment; with ?id= updates that shipment. The body is an array of one.',
    query: ShipmentWriteQuery,
    body: ShipmentBody,
    response: ShipmentsResponse,
    errors: [404, 409],
  },
  getShipmentHistory: {
    method: 'GET',
    path: '/api/Shipments/history',
    tag,
    who: 'signed-in',
    summary: "A shipment's date history, its estimates' movement and its documents",
    description:
      "A shipment's date history: every change of its dates (who, when, through what), each estimate's " +
      'first promise and how far it has moved, and its documents. 404 when not found or not visible.',
    query: ShipmentHistoryQuery,
    response: DateHistoryResponse,
    errors: [404],
  },
} as const satisfies Record<string, Call>;
