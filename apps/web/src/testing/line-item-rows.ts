import { type ColumnKey, displayText, REPORT_COLUMNS, type Report } from '@quayside/domain/line-item-columns';
import { asksExceptionFacts, ROW_MARKS, rowValueNames } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import type { LineItem } from '@quayside/domain/line-items';
import type { ApiCall } from './fake-api.ts';

// The dashboard's GET /api/LineItems/rows, answered from whole line items as the server would:
// the marks, then each asked column's text as the table displays it. Screen tests keep writing
// line items; this is the one place that knows the rows' shape.

/** A line item with every field filled plainly, `overrides` on top. */
export function lineItemFixture(overrides: Partial<LineItem> = {}): LineItem {
  const parts = overrides.parts ?? [];
  return {
    _id: 'li-1',
    title: 'PO-1',
    related_shipment: 'QS-1',
    forwarder_name: 'Blue Freight',
    cosignee_name: 'NAPCO',
    consignor_name: '',
    origin_port: 'CNSHA',
    destination_port: 'USLAX',
    transit_type: 'SEA',
    master: '',
    house: '',
    obl_received_date: null,
    atd: null,
    dest_eta: null,
    ata: null,
    est_delivery: null,
    act_delivery: null,
    shipment_origin_etd: null,
    created: '2026-11-01T00:00:00.000Z',
    weight: null,
    outer: null,
    volume: null,
    part_numbers: parts.map((part) => part.part_number),
    parts,
    total_qty: parts.reduce((sum, part) => sum + (part.qty ?? 0), 0),
    numberOfParts: parts.length,
    po_review_required: 0,
    ignore_po_character_count: false,
    hide_lineitem: false,
    filter_record_out: false,
    exceptions: [],
    ...overrides,
  };
}

/** The columns a rows request asks for: its `columns`, else its report's. */
export function askedColumns(call: ApiCall): ColumnKey[] {
  const columns = call.query.get('columns');
  if (columns) return columns.split(',') as ColumnKey[];
  return [...REPORT_COLUMNS[(call.query.get('report') ?? 'default') as Report]];
}

/** One line item as a row of the asked columns. */
function rowOf(lineItem: LineItem, names: readonly string[]) {
  return names.map((name) => {
    if (name === 'exceptions') return lineItem.exceptions ?? [];
    if (name === 'exception_facts') return lineItem.exception_facts ?? {};
    if (name === 'has_purchase_order') return lineItem.has_purchase_order ?? false;
    if ((ROW_MARKS as readonly string[]).includes(name))
      return lineItem[name as keyof LineItem] as string | number | boolean;
    return displayText(lineItem, name as ColumnKey);
  });
}

type Totals = Partial<Pick<LineItemRowsResponse, 'total' | 'totalExact' | 'totalEstimate' | 'totalAll'>>;

/**
 * The answer of GET /api/LineItems/rows to `call`: these line items (the page already cut) as rows
 * of the columns it asks for, with its page and page size; every one of them matches unless `totals` says.
 */
export function rowsAnswer(call: ApiCall, lineItems: readonly LineItem[], totals: Totals = {}): LineItemRowsResponse {
  const names = rowValueNames(
    askedColumns(call),
    asksExceptionFacts({
      exception: call.query.get('exception') ?? undefined,
      missingDocument: call.query.get('missingDocument') ?? undefined,
    }),
  );
  return {
    names,
    rows: lineItems.map((lineItem) => rowOf(lineItem, names)),
    total: lineItems.length,
    totalExact: true,
    totalAll: lineItems.length,
    page: Number(call.query.get('page') ?? 1),
    pageSize: Number(call.query.get('pageSize') ?? 50) as LineItemRowsResponse['pageSize'],
    ...totals,
  };
}

/** A handler for 'GET /api/LineItems/rows' answering these line items to every request. */
export const answerRows =
  (lineItems: readonly LineItem[], totals: Totals = {}) =>
  (call: ApiCall) =>
    rowsAnswer(call, lineItems, totals);
