import type { Call } from '../call.ts';
import { LineItemBulkBody, LineItemBulkResponse, LineItemExportBody } from '../line-item-bulk.ts';
import { LineItemQuery } from '../line-item-query.ts';
import { LineItemRowsQuery, LineItemRowsResponse } from '../line-item-rows.ts';
import {
  LineItemCountResponse,
  LineItemDeleteBody,
  LineItemKeyQuery,
  LineItemResponse,
  LineItemsResponse,
  LineItemUpdateBody,
  MessageResponse,
} from '../line-items.ts';

const tag = 'line items';

/** The dashboard's line items: pages, counts, CSV exports, bulk changes, and one line item's edits. */
export const LINE_ITEM_CALLS = {
  listLineItems: {
    method: 'GET',
    path: '/api/LineItems',
    tag,
    who: 'signed-in',
    summary: 'One page of line items for a search, filters and sort',
    description:
      'A date column also filters relative to today, the UTC day (inNextDays, inLastDays, between, isToday, ' +
      "beforeToday), or by its shipment's date history (changedInLastHours, changedInLastDays: each line item " +
      'then says in `was` what the date was when the window opened). See `filters`.',
    query: LineItemQuery,
    response: LineItemsResponse,
  },
  listLineItemRows: {
    method: 'GET',
    path: '/api/LineItems/rows',
    tag,
    who: 'signed-in',
    summary: "One page of the dashboard's rows: the columns shown, as displayed",
    description:
      'The same search, filters, sort and paging as GET /api/LineItems, answered as the dashboard shows them: ' +
      'each row an array of values named once by `names` (the id, PO number, shipment, PO-review count, ' +
      'hidden and exceptions, then the text of each column of `columns`, as the table displays it). A row ' +
      "carries no parts: GET /api/Parts/getParts lists a line item's parts, and GET /api/LineItems answers " +
      'whole line items with theirs.',
    query: LineItemRowsQuery,
    response: LineItemRowsResponse,
  },
  countLineItems: {
    method: 'GET',
    path: '/api/LineItems/count',
    tag,
    who: 'signed-in',
    summary: "The exact count of a line-item query's matches",
    description: 'The exact number of line items matching the search and filters (page and pageSize are ignored).',
    query: LineItemQuery,
    response: LineItemCountResponse,
  },
  exportLineItems: {
    method: 'GET',
    path: '/api/LineItems/export',
    tag,
    who: 'signed-in',
    summary: 'Every line item a query matches, as CSV',
    description: 'Every matching line item as CSV (the columns of the report), streamed.',
    query: LineItemQuery,
    errors: [429, 503],
  },
  exportSelectedLineItems: {
    method: 'POST',
    path: '/api/LineItems/export',
    tag,
    who: 'signed-in',
    summary: 'The ticked line items (by id) as CSV',
    description: 'The ticked line items as CSV: the same file as GET /api/LineItems/export, for these ids only.',
    body: LineItemExportBody,
    errors: [429],
  },
  changeLineItems: {
    method: 'POST',
    path: '/api/LineItems/bulk',
    tag,
    // Delete is a writer's (Admin, Forwarder); hide and 'Valid PO #' are also staff's: only an Admin may do all.
    who: 'Admin or Forwarder',
    summary: "Hide, unhide, set 'Valid PO #' on or delete many line items at once",
    description:
      "Hide, unhide, set or clear 'Valid PO #' on, or delete many line items in one transaction: the ticked " +
      "ones by id, or all a dashboard query matches (409 when that is no longer the number confirmed). 'Hide' and " +
      "'Valid PO #' are staff's (403 for a forwarder). One audit entry per line item changed.",
    body: LineItemBulkBody,
    response: LineItemBulkResponse,
    errors: [409, 429, 503],
  },
  updateLineItem: {
    method: 'POST',
    path: '/api/LineItems',
    tag,
    who: 'Admin or Forwarder',
    summary: "Edit a line item's PO number and flags",
    query: LineItemKeyQuery,
    body: LineItemUpdateBody,
    response: LineItemResponse,
    errors: [404, 409],
  },
  deleteLineItem: {
    method: 'POST',
    path: '/api/LineItems/delete',
    tag,
    who: 'Admin or Forwarder',
    summary: 'Delete a line item with its parts',
    body: LineItemDeleteBody,
    response: MessageResponse,
    errors: [404],
  },
} as const satisfies Record<string, Call>;
