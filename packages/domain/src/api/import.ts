import type { Call } from '../call.ts';
import { ImportQuery, ImportReport } from '../import.ts';
import { RecordImportQuery, RecordImportReport } from '../record-import.ts';

const tag = 'import';

/** A forwarder's report, imported (or checked) in one go. */
export const IMPORT_CALLS = {
  importReport: {
    method: 'POST',
    path: '/api/Import',
    tag,
    who: 'Admin or Forwarder',
    summary: "Import a forwarder's report (CSV or XLSX), or check it with ?dryRun=true",
    description:
      'multipart/form-data: `shipments` (CSV or XLSX, headers are the spec’s Shipment labels) and optionally ' +
      '`parts` (PO, Shipment, Part Number, Quantity). Shipments are matched by number, line items by (PO, ' +
      'shipment), parts by (part, line item); empty cells change nothing. All or nothing, in one transaction; ' +
      'rejected rows are reported with their reasons and skipped. With `Accept: application/x-ndjson` the ' +
      'answer streams `{"type":"progress","rows":N}` lines, then `{"type":"report","report":...}` or ' +
      '`{"type":"error","status":N,"message":...}`.',
    consumes: 'multipart/form-data',
    query: ImportQuery,
    response: ImportReport,
    errors: [413, 429, 503],
  },
  importPurchaseOrders: {
    method: 'POST',
    path: '/api/Import/purchase-orders',
    tag,
    who: 'Admin',
    summary: "Import the ERP's purchase order lines (CSV or XLSX), or check them with ?dryRun=true",
    description:
      'multipart/form-data: `file`, one row per PO line. Columns: PO Number, SKU and Qty Ordered (required); ' +
      'Supplier, Order Date, Cargo Ready Date, Requested Delivery Date, Incoterm, Currency, Notes (the PO’s ' +
      'header, the same on each of its rows: a row that disagrees with its PO’s first row is rejected), Line, ' +
      'Description, Unit, Unit Price, Requested Date. A line is matched by its number, else by its SKU; a changed ' +
      'quantity or date is an amendment kept in the PO’s history; lines the file leaves out stay; empty cells ' +
      'change nothing. All or nothing, in one transaction; rejected rows are reported with their reasons and ' +
      'skipped. Streams progress with `Accept: application/x-ndjson` as POST /api/Import does.',
    consumes: 'multipart/form-data',
    query: RecordImportQuery,
    response: RecordImportReport,
    errors: [413, 429, 503],
  },
  importReceipts: {
    method: 'POST',
    path: '/api/Import/receipts',
    tag,
    who: 'Admin',
    summary: 'Import receipts (CSV or XLSX), or check them with ?dryRun=true',
    description:
      'multipart/form-data: `file`, one row per shipment, PO and SKU received. Columns: Shipment, PO Number, SKU, ' +
      'Received Qty (required), Reason (short, damaged, over, other: required when the quantity differs from ' +
      'what the shipment carried), Note. Recorded per shipment as POST /api/Receipts records them; a row whose ' +
      'shipment does not exist or does not carry that PO and SKU is rejected with its reason.',
    consumes: 'multipart/form-data',
    query: RecordImportQuery,
    response: RecordImportReport,
    errors: [413, 429, 503],
  },
} as const satisfies Record<string, Call>;
