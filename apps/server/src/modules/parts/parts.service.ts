import { PARTS_CHANGED, type Part, type PartsList } from '@quayside/domain/parts';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { actorOf, recordAudit } from '../audit/audit.service.ts';
import { findReadableLineItem, findWritableLineItem } from '../line-items/line-item-access.ts';
import { syncLineItemRows } from '../line-items/line-item-rows.ts';

type LineItemKey = { related_shipment: string; related_po_number: string };

async function partsOf(db: Queryable, lineItemId: number, key: LineItemKey): Promise<Part[]> {
  const rows = await db.select().from(parts).where(eq(parts.line_item_id, lineItemId)).orderBy(asc(parts.id));
  return rows.map((row) => ({
    part_number: row.part_number,
    qty: row.qty,
    related_po_number: key.related_po_number,
    related_shipment: key.related_shipment,
  }));
}

export async function listParts(db: Queryable, principal: Principal, shipment: string, po: string) {
  const { lineItem } = await findReadableLineItem(db, principal, shipment, po);
  return partsOf(db, lineItem.id, { related_shipment: shipment, related_po_number: po });
}

/** Writes a change to one line item's parts: permission, lock, change, read model, audit — all or nothing. */
async function changeParts(
  db: Database,
  principal: Principal,
  key: LineItemKey,
  change: (tx: Queryable, lineItemId: number, before: Part[]) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const { lineItem } = await findWritableLineItem(tx, principal, key.related_shipment, key.related_po_number);
    const before = await partsOf(tx, lineItem.id, key);
    await change(tx, lineItem.id, before);
    await syncLineItemRows(tx, { lineItemIds: [lineItem.id] });
    const after = await partsOf(tx, lineItem.id, key);
    await recordAudit(tx, actorOf(principal), {
      action: 'update',
      entity: 'parts',
      entityId: lineItem.id,
      before,
      after,
    });
    return after;
  });
}

export function addPart(db: Database, principal: Principal, part: LineItemKey & { part_number: string; qty: number }) {
  return changeParts(db, principal, part, async (tx, lineItemId, before) => {
    if (before.some((existing) => existing.part_number === part.part_number)) {
      throw new AppError('conflict', `Part ${part.part_number} is already on this line item.`);
    }
    await tx.insert(parts).values({ line_item_id: lineItemId, part_number: part.part_number, qty: part.qty });
  });
}

/** Replaces the line item's parts with `list`: the spec's "save the whole list". */
export function saveParts(db: Database, principal: Principal, list: PartsList) {
  return changeParts(db, principal, list, async (tx, lineItemId) => {
    const numbers = list.parts.map((part) => part.part_number);
    await tx.delete(parts).where(and(eq(parts.line_item_id, lineItemId), notInArray(parts.part_number, numbers)));
    await tx
      .insert(parts)
      .values(list.parts.map((part) => ({ line_item_id: lineItemId, ...part })))
      .onConflictDoUpdate({
        target: [parts.line_item_id, parts.part_number],
        set: { qty: sql`excluded.qty`, updated_at: new Date() },
      });
  });
}

export function deletePart(
  db: Database,
  principal: Principal,
  request: LineItemKey & { part_number: string; prev_part_numbers?: string[] | undefined },
) {
  return changeParts(db, principal, request, async (tx, lineItemId, before) => {
    // A screen showing an older list must not delete blind.
    const current = new Set(before.map((part) => part.part_number));
    const shown = request.prev_part_numbers;
    if (shown && (shown.length !== current.size || shown.some((number) => !current.has(number)))) {
      throw new AppError('conflict', PARTS_CHANGED);
    }
    if (!current.has(request.part_number)) throw new AppError('not_found', 'Part not found');
    await tx.delete(parts).where(and(eq(parts.line_item_id, lineItemId), eq(parts.part_number, request.part_number)));
  });
}
