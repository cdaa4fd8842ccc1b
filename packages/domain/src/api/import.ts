import type { Call } from '../call.ts';
import { ImportQuery, ImportReport } from '../import.ts';

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
} as const satisfies Record<string, Call>;
