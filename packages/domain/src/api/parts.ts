import type { Call } from '../call.ts';
import { NewPart, PartDelete, PartDeleteResponse, PartsList, PartsQuery, PartsResponse } from '../parts.ts';

const tag = 'parts';

/** A line item's parts: read by whoever sees the line item, changed by the roles that write records. */
export const PART_CALLS = {
  listParts: {
    method: 'GET',
    path: '/api/Parts/getParts',
    tag,
    who: 'signed-in',
    summary: "A line item's parts",
    description: 'The parts of one line item (PO on a shipment), in the order added.',
    query: PartsQuery,
    response: PartsResponse,
    errors: [404],
  },
  addPart: {
    method: 'POST',
    path: '/api/Parts',
    tag,
    who: 'Admin or Forwarder',
    summary: 'Add a part to a line item',
    description: 'Adds one part (409 if the line item already has that part number); answers the whole list.',
    body: NewPart,
    response: PartsResponse,
    errors: [404, 409],
  },
  replaceParts: {
    method: 'POST',
    path: '/api/Parts/save',
    tag,
    who: 'Admin or Forwarder',
    summary: "Replace a line item's whole parts list",
    description: "Replaces a line item's parts with the list sent, atomically (the spec's 'save the whole list').",
    body: PartsList,
    response: PartsResponse,
    errors: [404],
  },
  deletePart: {
    method: 'POST',
    path: '/api/Parts/delete',
    tag,
    who: 'Admin or Forwarder',
    summary: 'Delete one part',
    description:
      'Removes one part; with prev_part_numbers, only if the stored part numbers are still those (else 409).',
    body: PartDelete,
    response: PartDeleteResponse,
    errors: [404],
  },
} as const satisfies Record<string, Call>;
