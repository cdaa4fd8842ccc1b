import type { ImportOutcome } from '@quayside/domain/import';
import { receiptAboveShipped, receiptBelowShipped, receiptNotCarried } from '@quayside/domain/purchase-orders';
import { noSuchShipment } from '@quayside/domain/record-import';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/array-parameters.ts';
import type { Write } from '../../write/with-write.ts';
import { type ReceiptLine, type Receivable, receivablesOf, recordReceipt } from '../purchase-orders/receipt-writes.ts';
import type { RowOutcome } from './import-shipments.ts';
import { type ReceiptRowInput, receiptKey } from './receipt-import-rows.ts';

// Applies a receipts file a batch at a time, grouped by shipment: each row checked against what
// its shipment carries (the checks recordReceipt makes, so a row is rejected rather than the whole
// import), then each shipment's changed lines recorded by recordReceipt, which keeps the PO's history.

/** What the file did to each shipment's receipt so far, across batches (created beats updated beats unchanged). */
export type ReceiptFileState = Map<string, Exclude<ImportOutcome, 'rejected'>>;

const RANK = { unchanged: 0, updated: 1, created: 2 } as const;

export async function applyReceiptBatch(write: Write, batch: readonly ReceiptRowInput[], file: ReceiptFileState) {
  const numbers = [...new Set(batch.map((row) => row.shipment))];
  // Locked, so that two receipts of one shipment take turns.
  const found = await write.tx.execute<{ id: number; shipment: string }>(sql`
    select id::int as id, shipment from shipments where shipment = any(${textArray(numbers)}) order by id for update`);
  const shipments = new Map(found.rows.map((row) => [row.shipment, row]));
  const carried = new Map<string, Map<string, Receivable>>();
  for (const shipment of shipments.values()) {
    const lines = new Map<string, Receivable>();
    for (const line of await receivablesOf(write.tx, shipment.id))
      lines.set(`${line.po_number}\u0001${line.sku}`, line);
    carried.set(shipment.shipment, lines);
  }

  const outcomes: RowOutcome[] = [];
  const toRecord = new Map<string, Map<string, ReceiptLine>>();
  for (const input of batch) {
    const key = receiptKey(input);
    const reject = (reason: string) => outcomes.push({ row: input.row, key, outcome: 'rejected', reasons: [reason] });
    const lines = carried.get(input.shipment);
    if (!lines) {
      reject(noSuchShipment(input.shipment));
      continue;
    }
    const lineKey = `${input.po_number}\u0001${input.sku}`;
    const what = lines.get(lineKey);
    // Only what the shipment carries (or a receipt already recorded of it), as recordReceipt allows.
    if (what === undefined) {
      reject(receiptNotCarried(input.po_number, input.sku));
      continue;
    }
    if (input.reason === null && input.received_qty > what.shipped_qty) {
      reject(receiptAboveShipped(input.sku, what.shipped_qty));
      continue;
    }
    if (input.reason === null && input.received_qty < what.shipped_qty) {
      reject(receiptBelowShipped(input.sku, what.shipped_qty));
      continue;
    }
    const wasReceived = what.received_qty !== null;
    const same =
      wasReceived &&
      what.received_qty === input.received_qty &&
      what.reason === input.reason &&
      what.note === input.note;
    const outcome: Exclude<ImportOutcome, 'rejected'> = same ? 'unchanged' : wasReceived ? 'updated' : 'created';
    outcomes.push({ row: input.row, key, outcome, reasons: [] });
    // A shipment's outcome is its rows' strongest: created when a line of it is received for the first time.
    const before = file.get(input.shipment);
    if (before === undefined || RANK[outcome] > RANK[before]) file.set(input.shipment, outcome);
    if (same) continue;
    // A later row of the same SKU applies on top of the earlier one.
    lines.set(lineKey, { ...what, received_qty: input.received_qty, reason: input.reason, note: input.note });
    const pending = toRecord.get(input.shipment) ?? new Map<string, ReceiptLine>();
    pending.set(lineKey, {
      po_number: input.po_number,
      sku: input.sku,
      received_qty: input.received_qty,
      reason: input.reason,
      note: input.note,
    });
    toRecord.set(input.shipment, pending);
  }

  for (const [number, lines] of toRecord) {
    const shipment = shipments.get(number);
    if (shipment) await recordReceipt(write, shipment, [...lines.values()], 'import');
  }
  await write.writeAudits();
  return outcomes;
}
