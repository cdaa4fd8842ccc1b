import {
  type NewPart,
  PART_NOT_FOUND,
  PARTS_CHANGED,
  type Part,
  type PartDelete,
  type PartsList,
  partAlreadyThere,
} from '@quayside/domain/parts';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { type AuditEntry, actorOf } from '../audit/audit.service.ts';
import { findReadableLineItem, findWritableLineItem, type LineItemRow } from '../line-items/line-item-access.ts';

type LineItemKey = { related_shipment: string; related_po_number: string };
type Owner = { lineItem: LineItemRow; shipment: { shipment: string } };

/** The line item's parts in the order they were added, named by the stored PO and shipment numbers. */
async function partsOf(db: Queryable, { lineItem, shipment }: Owner): Promise<Part[]> {
  const rows = await db
    .select({ part_number: parts.part_number, qty: parts.qty })
    .from(parts)
    .where(eq(parts.line_item_id, lineItem.id))
    .orderBy(asc(parts.id));
  return rows.map((row) => ({ ...row, related_po_number: lineItem.title, related_shipment: shipment.shipment }));
}

export async function listParts(db: Queryable, principal: Principal, shipmentNumber: string, po: string) {
  return partsOf(db, await findReadableLineItem(db, principal, shipmentNumber, po));
}

/**
 * One change to a line item's parts, all or nothing: permission first (Employee 403, another
 * company's or a hidden line item 404), the line item locked so concurrent changes queue up,
 * then the change, the dashboard's read model and the audit entry in the same transaction.
 */
async function changeParts(
  db: Database,
  principal: Principal,
  key: LineItemKey,
  action: AuditEntry['action'],
  change: (tx: Queryable, lineItemId: number, before: Part[]) => Promise<void>,
): Promise<Part[]> {
  return withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    const owner = await findWritableLineItem(tx, principal, key.related_shipment, key.related_po_number);
    const before = await partsOf(tx, owner);
    await change(tx, owner.lineItem.id, before);
    write.lineItemsChanged([owner.lineItem.id]);
    const after = await partsOf(tx, owner);
    const lineItem = { line_item_id: owner.lineItem.id, po: owner.lineItem.title, shipment: owner.shipment.shipment };
    write.audit({
      action,
      entity: 'part',
      // The parts belong to the line item: its id finds every change to them.
      entityId: owner.lineItem.id,
      before: { ...lineItem, parts: before },
      after: { ...lineItem, parts: after },
    });
    return after;
  });
}

export function addPart(db: Database, principal: Principal, part: NewPart) {
  return changeParts(db, principal, part, 'create', async (tx, lineItemId, before) => {
    if (before.some((existing) => existing.part_number === part.part_number)) {
      throw new AppError('conflict', partAlreadyThere(part.part_number));
    }
    await tx.insert(parts).values({ line_item_id: lineItemId, part_number: part.part_number, qty: part.qty });
  });
}

/**
 * The spec's "save the whole list": the stored parts become exactly `list.parts`. Parts left out
 * are removed, kept parts keep their place (and id), new ones are appended in the list's order.
 */
export function saveParts(db: Database, principal: Principal, list: PartsList) {
  return changeParts(db, principal, list, 'update', async (tx, lineItemId, before) => {
    // Saving a list edited from an older one would remove the parts added meanwhile.
    if (list.prev_part_numbers && !sameSet(new Set(list.prev_part_numbers), partNumbersOf(before))) {
      throw new AppError('conflict', PARTS_CHANGED);
    }
    const numbers = list.parts.map((part) => part.part_number);
    await tx.delete(parts).where(and(eq(parts.line_item_id, lineItemId), notInArray(parts.part_number, numbers)));
    await tx
      .insert(parts)
      .values(list.parts.map((part) => ({ line_item_id: lineItemId, part_number: part.part_number, qty: part.qty })))
      .onConflictDoUpdate({
        target: [parts.line_item_id, parts.part_number],
        set: { qty: sql`excluded.qty`, updated_at: sql`now()` },
        // An unchanged part keeps its updated_at.
        setWhere: sql`${parts.qty} is distinct from excluded.qty`,
      });
  });
}

export function deletePart(db: Database, principal: Principal, request: PartDelete) {
  return changeParts(db, principal, request, 'delete', async (tx, lineItemId, before) => {
    const stored = partNumbersOf(before);
    // A screen showing an older list must not delete blind.
    if (request.prev_part_numbers && !sameSet(new Set(request.prev_part_numbers), stored)) {
      throw new AppError('conflict', PARTS_CHANGED);
    }
    if (!stored.has(request.part_number)) throw new AppError('not_found', PART_NOT_FOUND);
    await tx.delete(parts).where(and(eq(parts.line_item_id, lineItemId), eq(parts.part_number, request.part_number)));
  });
}

const partNumbersOf = (list: Part[]) => new Set(list.map((part) => part.part_number));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((value) => b.has(value));
