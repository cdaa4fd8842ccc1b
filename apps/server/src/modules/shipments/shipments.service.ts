import { SHIPMENT_MATCH_LIMIT } from '@quayside/domain/constants';
import {
  SHIPMENT_AMOUNT_FIELDS,
  SHIPMENT_CHOICE_FIELDS,
  SHIPMENT_DATE_FIELDS,
  SHIPMENT_EXISTS,
  SHIPMENT_ID_IMMUTABLE,
  SHIPMENT_TEXT_FIELDS,
  type Shipment,
  type ShipmentInput,
} from '@quayside/domain/shipments';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { seesHiddenLineItems } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { lineItems, shipments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { actorOf, recordAudit } from '../audit/audit.service.ts';
import { syncLineItemRows } from '../line-items/line-item-rows.ts';
import {
  assertCanWrite,
  findReadableShipment,
  findWritableShipment,
  type ShipmentRow,
  visibleShipments,
} from './shipment-access.ts';

type ShipmentColumns = Partial<typeof shipments.$inferInsert>;

/** The stored columns a shipment input sets; fields it leaves out are absent (they keep their value). */
function columnsOf(input: ShipmentInput): ShipmentColumns {
  const fields = input as Record<string, unknown>;
  const columns: Record<string, unknown> = {};
  for (const [label, column] of Object.entries(SHIPMENT_TEXT_FIELDS)) {
    if (fields[label] !== undefined) columns[column] = fields[label];
  }
  for (const [label, { column }] of Object.entries(SHIPMENT_CHOICE_FIELDS)) {
    if (fields[label] !== undefined) columns[column] = fields[label];
  }
  if (fields['UQ - Outer'] === undefined && fields['UQ-Outer'] !== undefined) columns.uq_outer = fields['UQ-Outer'];
  for (const [label, column] of Object.entries(SHIPMENT_AMOUNT_FIELDS)) {
    const value = fields[label];
    if (value !== undefined) columns[column] = value === null ? null : String(value);
  }
  for (const [label, column] of Object.entries(SHIPMENT_DATE_FIELDS)) {
    if (fields[label] !== undefined) columns[column] = fields[label];
  }
  return columns as ShipmentColumns;
}

export function toShipment(row: ShipmentRow, orderRefs: string[]): Shipment {
  const shipment: Shipment = { Shipment: row.shipment, 'Order Ref': orderRefs };
  const stored = row as unknown as Record<string, unknown>;
  for (const [label, column] of Object.entries(SHIPMENT_TEXT_FIELDS)) shipment[label] = String(stored[column] ?? '');
  for (const [label, { column }] of Object.entries(SHIPMENT_CHOICE_FIELDS))
    shipment[label] = String(stored[column] ?? '');
  for (const [label, column] of Object.entries(SHIPMENT_AMOUNT_FIELDS)) {
    const value = stored[column];
    shipment[label] = value === null || value === undefined ? null : Number(value);
  }
  for (const [label, column] of Object.entries(SHIPMENT_DATE_FIELDS)) {
    const value = stored[column];
    shipment[label] = value instanceof Date ? value.toISOString() : null;
  }
  return shipment;
}

/** Each shipment's PO numbers, oldest first; hidden line items are left out for those who may not see them. */
async function orderRefsOf(db: Queryable, principal: Principal, shipmentIds: number[]) {
  const refs = new Map<number, string[]>(shipmentIds.map((id) => [id, []]));
  if (shipmentIds.length === 0) return refs;
  const rows = await db
    .select({ shipment_id: lineItems.shipment_id, title: lineItems.title })
    .from(lineItems)
    .where(
      and(
        inArray(lineItems.shipment_id, shipmentIds),
        seesHiddenLineItems(principal) ? undefined : eq(lineItems.hide_lineitem, false),
      ),
    )
    .orderBy(asc(lineItems.id));
  for (const row of rows) refs.get(row.shipment_id)?.push(row.title);
  return refs;
}

async function withOrderRefs(db: Queryable, principal: Principal, rows: ShipmentRow[]) {
  const refs = await orderRefsOf(
    db,
    principal,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toShipment(row, refs.get(row.id) ?? []));
}

/** One shipment by number: an empty list when it does not exist for this principal. */
export async function getShipment(db: Queryable, principal: Principal, shipmentNumber: string) {
  try {
    return await withOrderRefs(db, principal, [await findReadableShipment(db, principal, shipmentNumber)]);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return [];
    throw error;
  }
}

/** A page of the shipments the principal sees, by shipment number: never an unbounded list. */
export async function listShipments(db: Queryable, principal: Principal, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(shipments)
    .where(visibleShipments(principal))
    .orderBy(asc(shipments.shipment))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return withOrderRefs(db, principal, rows);
}

/** Shipment numbers containing `text` (case-insensitive), for the sidebar's suggestions. */
export async function matchShipments(db: Queryable, principal: Principal, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await db
    .select({ shipment: shipments.shipment })
    .from(shipments)
    .where(and(sql`${shipments.shipment} ilike ${pattern}`, visibleShipments(principal)))
    .orderBy(asc(shipments.shipment))
    .limit(SHIPMENT_MATCH_LIMIT);
  return rows.map((row) => row.shipment);
}

/** A forwarder's shipments always carry its own company's name, whatever was sent. */
function withForcedForwarder(principal: Principal, columns: ShipmentColumns): ShipmentColumns {
  return principal.role === 'Forwarder' ? { ...columns, forwarder_name: principal.company.trim() } : columns;
}

/** Creates a shipment and a line item for each of its PO numbers. */
export async function createShipment(db: Database, principal: Principal, input: ShipmentInput) {
  assertCanWrite(principal);
  const number = input.Shipment;
  if (!number) throw new AppError('invalid', 'Shipment is required.');
  return db.transaction(async (tx) => {
    // The number is unique across companies, so a clash must be reported even if the other shipment is not visible.
    const [clash] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.shipment, number));
    if (clash) throw new AppError('conflict', SHIPMENT_EXISTS);
    const [created] = await tx
      .insert(shipments)
      .values({ ...withForcedForwarder(principal, columnsOf(input)), shipment: number })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await appendLineItems(tx, created.id, input['Order Ref'] ?? []);
    await syncLineItemRows(tx, { shipmentIds: [created.id] });
    const [result] = await withOrderRefs(tx, principal, [created]);
    await recordAudit(tx, actorOf(principal), {
      action: 'create',
      entity: 'shipment',
      entityId: number,
      after: result,
    });
    return result;
  });
}

/** Updates the fields sent; existing line items are kept and new PO numbers appended. */
export async function updateShipment(db: Database, principal: Principal, number: string, input: ShipmentInput) {
  if (input.Shipment !== undefined && input.Shipment !== number) throw new AppError('invalid', SHIPMENT_ID_IMMUTABLE);
  return db.transaction(async (tx) => {
    const existing = await findWritableShipment(tx, principal, number);
    const [before] = await withOrderRefs(tx, principal, [existing]);
    const [updated] = await tx
      .update(shipments)
      .set({ ...withForcedForwarder(principal, columnsOf(input)), updated_at: new Date() })
      .where(eq(shipments.id, existing.id))
      .returning();
    if (!updated) throw new Error('update returned no row');
    await appendLineItems(tx, existing.id, input['Order Ref'] ?? []);
    await syncLineItemRows(tx, { shipmentIds: [existing.id] });
    const [result] = await withOrderRefs(tx, principal, [updated]);
    await recordAudit(tx, actorOf(principal), {
      action: 'update',
      entity: 'shipment',
      entityId: number,
      before,
      after: result,
    });
    return result;
  });
}

async function appendLineItems(tx: Queryable, shipmentId: number, orderRefs: string[]) {
  if (orderRefs.length === 0) return;
  await tx
    .insert(lineItems)
    // The original flags PO numbers longer than 10 characters for review: the count is kept per line item.
    .values(orderRefs.map((title) => ({ shipment_id: shipmentId, title, po_review_required: title.length })))
    .onConflictDoNothing();
}
