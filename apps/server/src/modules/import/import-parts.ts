import type { Part } from '@quayside/domain/parts';
import { asc, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { joinedLineItemScope } from '../../auth/visibility.ts';
import { insertMany, isAnyOf } from '../../db/array-parameters.ts';
import type { Queryable } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import type { Write } from '../../write/with-write.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import { type PartRowInput, partKey } from './import-rows.ts';
import type { RowOutcome } from './import-shipments.ts';

type LineItemRef = { id: number; title: string; shipment: string };
type PartState = { part_number: string; qty: number | null };

export const noSuchLineItem = (po: string, shipment: string) =>
  `No line item for PO ${po} on shipment ${shipment}: import the shipment with this PO in its Order Ref first.`;

/**
 * Applies one batch of valid parts rows, in file order: a part already on its line item gets the
 * row's quantity, a new one is appended. The line item must exist and be the principal's to change
 * (a forwarder's own company, not hidden); otherwise the row is rejected as if it did not exist.
 */
export async function applyPartBatch(write: Write, principal: Principal, batch: readonly PartRowInput[]) {
  const { tx } = write;
  const lineItemsByKey = await findLineItems(tx, principal, batch);
  const ids = [...new Set([...lineItemsByKey.values()].map((lineItem) => lineItem.id))];
  const before = await partsOf(tx, ids);
  const after = new Map([...before].map(([id, list]) => [id, list.map((part) => ({ ...part }))]));

  const outcomes: RowOutcome[] = [];
  const changed = new Map<string, { line_item_id: number; part_number: string; qty: number | null }>();
  for (const input of batch) {
    const key = partKey(input);
    const lineItem = lineItemsByKey.get(lineItemKey(input.shipment, input.po));
    if (!lineItem) {
      outcomes.push({ row: input.row, key, outcome: 'rejected', reasons: [noSuchLineItem(input.po, input.shipment)] });
      continue;
    }
    const list = after.get(lineItem.id) ?? [];
    after.set(lineItem.id, list);
    const existing = list.find((part) => part.part_number === input.partNumber);
    if (existing && existing.qty === input.qty) {
      outcomes.push({ row: input.row, key, outcome: 'unchanged', reasons: [] });
      continue;
    }
    if (existing) existing.qty = input.qty;
    else list.push({ part_number: input.partNumber, qty: input.qty });
    changed.set(`${lineItem.id}\u0000${input.partNumber}`, {
      line_item_id: lineItem.id,
      part_number: input.partNumber,
      qty: input.qty,
    });
    outcomes.push({ row: input.row, key, outcome: existing ? 'updated' : 'created', reasons: [] });
  }

  if (changed.size > 0) {
    await tx.execute(sql`${insertMany(parts, ['line_item_id', 'part_number', 'qty'], [...changed.values()])}
      on conflict (line_item_id, part_number) do update set qty = excluded.qty, updated_at = now()`);
    const touched = [...new Set([...changed.values()].map((part) => part.line_item_id))];
    write.lineItemsChanged(touched);
    const refs = new Map([...lineItemsByKey.values()].map((lineItem) => [lineItem.id, lineItem]));
    const audits: AuditEntry[] = touched.map((id) => {
      const lineItem = refs.get(id);
      const owner = { line_item_id: id, po: lineItem?.title ?? '', shipment: lineItem?.shipment ?? '' };
      const named = (list: PartState[]): Part[] =>
        list.map((part) => ({ ...part, related_po_number: owner.po, related_shipment: owner.shipment }));
      return {
        action: 'update',
        entity: 'part',
        entityId: id,
        before: { ...owner, parts: named(before.get(id) ?? []) },
        after: { ...owner, parts: named(after.get(id) ?? []) },
      };
    });
    write.audit(...audits);
  }
  return { outcomes };
}

const lineItemKey = (shipment: string, po: string) => `${shipment}\u0000${po}`;

/** The batch's line items this principal may change, by (shipment, PO). */
async function findLineItems(tx: Queryable, principal: Principal, batch: readonly PartRowInput[]) {
  const keys = [...new Map(batch.map((row) => [lineItemKey(row.shipment, row.po), row])).values()].map((row) => ({
    shipment: row.shipment,
    po: row.po,
  }));
  const found = await tx.execute<{ id: string; title: string; shipment: string }>(sql`
    select li.id, li.title, s.shipment
    from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(shipment text, po text)
    join shipments s on s.shipment = k.shipment
    join line_items li on li.shipment_id = s.id and li.title = k.po
    where ${joinedLineItemScope(principal)}
    for update of li`);
  const byKey = new Map<string, LineItemRef>();
  for (const row of found.rows) {
    byKey.set(lineItemKey(row.shipment, row.title), { id: Number(row.id), title: row.title, shipment: row.shipment });
  }
  return byKey;
}

async function partsOf(tx: Queryable, lineItemIds: number[]) {
  const lists = new Map<number, PartState[]>(lineItemIds.map((id) => [id, []]));
  if (lineItemIds.length === 0) return lists;
  const rows = await tx
    .select({ line_item_id: parts.line_item_id, part_number: parts.part_number, qty: parts.qty })
    .from(parts)
    .where(isAnyOf(parts.line_item_id, lineItemIds))
    .orderBy(asc(parts.id));
  for (const row of rows) lists.get(row.line_item_id)?.push({ part_number: row.part_number, qty: row.qty });
  return lists;
}
