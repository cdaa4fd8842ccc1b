import {
  RECEIPT_REASON_LABELS,
  type ReceiptRequest,
  receiptAboveShipped,
  receiptBelowShipped,
  receiptNotCarried,
} from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { insertMany, textArray } from '../../db/array-parameters.ts';
import type { Queryable } from '../../db/client.ts';
import { purchaseOrderHistory, receipts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Write } from '../../write/with-write.ts';

// Receiving a shipment, for the 'Receive' action and an import of receipts alike: per PO number and
// SKU the shipment carries, the quantity that arrived. A figure that differs from what the shipment
// carried needs a reason; receiving again replaces the figure, and the PO's history keeps both.

export type ReceiptLine = ReceiptRequest['lines'][number];

/** What a shipment carries, per PO number and SKU, with what was received so far. */
export type Receivable = {
  po_number: string;
  sku: string;
  shipped_qty: number;
  received_qty: number | null;
  reason: ReceiptLine['reason'];
  note: string;
  on_po: boolean;
};

export async function receivablesOf(db: Queryable, shipmentId: number): Promise<Receivable[]> {
  const result = await db.execute<Receivable>(sql`
    select coalesce(c.po_number, r.po_number) as po_number, coalesce(c.sku, r.sku) as sku,
           coalesce(c.qty, 0)::int as shipped_qty, r.received_qty, r.reason, coalesce(r.note, '') as note,
           exists (select 1 from purchase_orders po join purchase_order_lines l on l.purchase_order_id = po.id
                   where po.po_number = coalesce(c.po_number, r.po_number) and l.sku = coalesce(c.sku, r.sku)) as on_po
    from (select li.title as po_number, p.part_number as sku, coalesce(p.qty, 0) as qty
          from line_items li join parts p on p.line_item_id = li.id where li.shipment_id = ${shipmentId}) c
    full join (select * from receipts where shipment_id = ${shipmentId}) r on r.po_number = c.po_number and r.sku = c.sku
    order by 1, 2`);
  return result.rows;
}

const refused = (message: string, index: number, field: string) =>
  new AppError('invalid', `${message} (lines.${index}.${field})`);

/**
 * Records what arrived of shipment `shipment`, all lines or none: each must be a PO number and SKU
 * the shipment carries, once, and a quantity other than what it carried must say why.
 */
export async function recordReceipt(
  write: Write,
  shipment: { id: number; shipment: string },
  lines: readonly ReceiptLine[],
  source: string,
): Promise<void> {
  const carried = new Map<string, Receivable>();
  for (const row of await receivablesOf(write.tx, shipment.id)) carried.set(`${row.po_number}\u0001${row.sku}`, row);
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const key = `${line.po_number}\u0001${line.sku}`;
    const what = carried.get(key);
    if (what === undefined) throw refused(receiptNotCarried(line.po_number, line.sku), index, 'sku');
    if (seen.has(key)) throw refused(`${line.sku} of PO ${line.po_number} is listed twice.`, index, 'sku');
    seen.add(key);
    if (line.reason === null && line.received_qty > what.shipped_qty)
      throw refused(receiptAboveShipped(line.sku, what.shipped_qty), index, 'reason');
    if (line.reason === null && line.received_qty < what.shipped_qty)
      throw refused(receiptBelowShipped(line.sku, what.shipped_qty), index, 'reason');
  });

  await write.tx.execute(sql`
    ${insertMany(
      receipts,
      ['shipment_id', 'po_number', 'sku', 'received_qty', 'reason', 'note', 'received_by'],
      lines.map((line) => ({ ...line, shipment_id: shipment.id, received_by: write.actor.email })),
    )}
    on conflict (shipment_id, po_number, sku) do update set
      received_qty = excluded.received_qty, reason = excluded.reason, note = excluded.note,
      received_at = now(), received_by = excluded.received_by`);

  const poIds = await write.tx.execute<{ id: number; po_number: string }>(sql`
    select id::int as id, po_number from purchase_orders
    where po_number = any(${textArray([...new Set(lines.map((line) => line.po_number))])})`);
  const idOf = new Map(poIds.rows.map((row) => [row.po_number, row.id]));
  const history: (typeof purchaseOrderHistory.$inferInsert)[] = [];
  for (const line of lines) {
    const before = carried.get(`${line.po_number}\u0001${line.sku}`);
    if (before === undefined) continue; // refused above
    write.audit({
      action: before.received_qty === null ? 'create' : 'update',
      entity: 'receipt',
      entityId: `${shipment.shipment}/${line.po_number}/${line.sku}`,
      before: before.received_qty === null ? null : { received_qty: before.received_qty, reason: before.reason },
      after: { received_qty: line.received_qty, reason: line.reason, note: line.note },
    });
    const poId = idOf.get(line.po_number);
    if (poId === undefined) continue;
    const why =
      line.reason === null ? '' : ` (${RECEIPT_REASON_LABELS[line.reason]}${line.note ? `: ${line.note}` : ''})`;
    const was = before.received_qty === null ? '' : `, was ${before.received_qty}`;
    history.push({
      purchase_order_id: poId,
      kind: 'received',
      actor_email: write.actor.email,
      source,
      summary: `Received ${line.received_qty} of ${before.shipped_qty} ${line.sku} on shipment ${shipment.shipment}${why}${was}`,
      shipment_id: shipment.id,
    });
  }
  if (history.length > 0)
    await write.tx.execute(
      insertMany(
        purchaseOrderHistory,
        ['purchase_order_id', 'kind', 'actor_email', 'source', 'summary', 'shipment_id'],
        history,
      ),
    );
}
