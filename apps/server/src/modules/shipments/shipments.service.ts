import { SHIPMENT_MATCH_LIMIT } from '@quayside/domain/constants';
import { checkIdentifierColumns } from '@quayside/domain/identifiers';
import {
  SHIPMENT_AMOUNT_FIELDS,
  SHIPMENT_CHOICE_FIELDS,
  SHIPMENT_DATE_FIELDS,
  SHIPMENT_EXISTS,
  SHIPMENT_ID_IMMUTABLE,
  SHIPMENT_REQUIRED,
  SHIPMENT_TEXT_FIELDS,
  type Shipment,
  type ShipmentInput,
} from '@quayside/domain/shipments';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { seesHiddenLineItems } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { assertCanCreateShipments, shipmentScope, withOwnCompany } from '../../auth/visibility.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { lineItems, shipments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { assertCanWrite, findReadableShipment, findWritableShipment, type ShipmentRow } from './shipment-access.ts';

type ShipmentColumns = Partial<typeof shipments.$inferInsert>;

/** The stored columns an input sets; a field it leaves out is absent here, so it keeps its value. */
function columnsOf(input: ShipmentInput): ShipmentColumns {
  const fields: Record<string, unknown> = input;
  const columns: Record<string, unknown> = {};
  for (const [label, column] of Object.entries(SHIPMENT_TEXT_FIELDS)) {
    if (fields[label] !== undefined) columns[column] = fields[label];
  }
  for (const [label, { column }] of Object.entries(SHIPMENT_CHOICE_FIELDS)) {
    if (fields[label] !== undefined) columns[column] = fields[label];
  }
  // The spec spells it both ways; the spaced label wins when both are sent.
  if (input['UQ - Outer'] === undefined && input['UQ-Outer'] !== undefined) columns.uq_outer = input['UQ-Outer'];
  for (const [label, column] of Object.entries(SHIPMENT_AMOUNT_FIELDS)) {
    const amount = fields[label];
    if (amount !== undefined) columns[column] = amount === null ? null : String(amount);
  }
  for (const [label, column] of Object.entries(SHIPMENT_DATE_FIELDS)) {
    if (fields[label] !== undefined) columns[column] = fields[label];
  }
  return columns;
}

/**
 * The identifiers a write sets, checked as their standards say (Container #: ISO 6346; an air
 * shipment's Master: its air waybill) and kept in their plain form; a wrong one refuses the write
 * (400, naming the field, and the check digit it would have). `stored`: the shipment being updated,
 * whose Mode (or Master) still counts when the write leaves it out.
 */
function withCheckedIdentifiers(columns: ShipmentColumns, stored?: ShipmentRow): ShipmentColumns {
  const { checked, problems } = checkIdentifierColumns(columns, stored);
  if (problems[0] !== undefined) throw new AppError('invalid', problems[0]);
  return { ...columns, ...checked };
}

/** A stored shipment on the wire: texts '' when empty, amounts as numbers, dates as ISO strings. */
export function toShipment(row: ShipmentRow, orderRefs: string[]): Shipment {
  const stored: Record<string, unknown> = row;
  const labelled: Record<string, unknown> = { Shipment: row.shipment };
  for (const [label, column] of Object.entries(SHIPMENT_TEXT_FIELDS)) labelled[label] = stored[column] ?? '';
  for (const [label, { column }] of Object.entries(SHIPMENT_CHOICE_FIELDS)) labelled[label] = stored[column] ?? '';
  for (const [label, column] of Object.entries(SHIPMENT_AMOUNT_FIELDS)) {
    const amount = stored[column];
    labelled[label] = amount === null || amount === undefined ? null : Number(amount);
  }
  for (const [label, column] of Object.entries(SHIPMENT_DATE_FIELDS)) {
    const moment = stored[column];
    labelled[label] = moment instanceof Date ? moment.toISOString() : null;
  }
  labelled['Order Ref'] = orderRefs;
  return labelled as Shipment;
}

/** Each shipment's PO numbers, oldest first; hidden line items only when `withHidden`. */
async function orderRefsOf(db: Queryable, shipmentIds: number[], withHidden: boolean) {
  const refs = new Map<number, string[]>(shipmentIds.map((id) => [id, []]));
  if (shipmentIds.length === 0) return refs;
  const rows = await db
    .select({ shipment_id: lineItems.shipment_id, title: lineItems.title })
    .from(lineItems)
    .where(
      and(inArray(lineItems.shipment_id, shipmentIds), withHidden ? undefined : eq(lineItems.hide_lineitem, false)),
    )
    .orderBy(asc(lineItems.id));
  for (const row of rows) refs.get(row.shipment_id)?.push(row.title);
  return refs;
}

/** Shipments as this principal sees them: a Forwarder never learns of hidden line items. */
async function presentTo(db: Queryable, principal: Principal, rows: ShipmentRow[]) {
  const ids = rows.map((row) => row.id);
  const refs = await orderRefsOf(db, ids, seesHiddenLineItems(principal));
  return rows.map((row) => toShipment(row, refs.get(row.id) ?? []));
}

/** The whole truth about one shipment, hidden line items included, for the audit log. */
async function auditView(db: Queryable, row: ShipmentRow) {
  const refs = await orderRefsOf(db, [row.id], true);
  return toShipment(row, refs.get(row.id) ?? []);
}

/**
 * One shipment by its exact number, as a list: empty when it does not exist or is another
 * company's (a forwarder cannot tell the two apart), so the screen shows 'Shipment not found'.
 */
export async function getShipment(db: Queryable, principal: Principal, shipmentNumber: string) {
  try {
    return await presentTo(db, principal, [await findReadableShipment(db, principal, shipmentNumber)]);
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
    .where(shipmentScope(principal))
    .orderBy(asc(shipments.shipment))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return presentTo(db, principal, rows);
}

/** LIKE's wildcards and escape character, matched literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Numbers of visible shipments containing `text`, case-insensitively (the sidebar's suggestions). */
export async function matchShipments(db: Queryable, principal: Principal, text: string) {
  const rows = await db
    .select({ shipment: shipments.shipment })
    .from(shipments)
    // ILIKE with a pattern is served by the trigram index on shipments.shipment.
    .where(and(sql`${shipments.shipment} ilike ${`%${likeLiteral(text)}%`}`, shipmentScope(principal)))
    .orderBy(asc(shipments.shipment))
    .limit(SHIPMENT_MATCH_LIMIT);
  return rows.map((row) => row.shipment);
}

/**
 * Creates a shipment and a line item for each of its PO numbers.
 * Shipment numbers are unique across companies, so a forwarder sending a number another
 * company uses gets the same 409 as anyone: the number cannot be reused, and nothing else
 * about that shipment is revealed.
 */
export async function createShipment(db: Database, principal: Principal, input: ShipmentInput) {
  assertCanWrite(principal);
  assertCanCreateShipments(principal);
  const shipmentNumber = input.Shipment;
  if (!shipmentNumber) throw new AppError('invalid', SHIPMENT_REQUIRED);
  return withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    // ON CONFLICT rather than a prior lookup: two simultaneous creates cannot both pass.
    const [created] = await tx
      .insert(shipments)
      .values({ ...withOwnCompany(principal, withCheckedIdentifiers(columnsOf(input))), shipment: shipmentNumber })
      .onConflictDoNothing({ target: shipments.shipment })
      .returning();
    if (!created) throw new AppError('conflict', SHIPMENT_EXISTS);
    await appendLineItems(tx, created.id, input['Order Ref'] ?? []);
    write.shipmentsChanged([created.id]);
    write.audit({
      action: 'create',
      entity: 'shipment',
      entityId: shipmentNumber,
      after: await auditView(tx, created),
    });
    const [shipment] = await presentTo(tx, principal, [created]);
    if (!shipment) throw new Error('created shipment not presented');
    return shipment;
  });
}

/**
 * Updates the fields sent; a field left out keeps its value. Existing line items are kept
 * (never renamed or removed here) and new PO numbers appended.
 */
export async function updateShipment(db: Database, principal: Principal, shipmentNumber: string, input: ShipmentInput) {
  assertCanWrite(principal);
  return withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    const existing = await findWritableShipment(tx, principal, shipmentNumber);
    if (input.Shipment !== undefined && input.Shipment !== existing.shipment) {
      throw new AppError('invalid', SHIPMENT_ID_IMMUTABLE);
    }
    const before = await auditView(tx, existing);
    const [updated] = await tx
      .update(shipments)
      .set({ ...withOwnCompany(principal, withCheckedIdentifiers(columnsOf(input), existing)), updated_at: new Date() })
      .where(eq(shipments.id, existing.id))
      .returning();
    if (!updated) throw new Error('locked shipment vanished during its update');
    await appendLineItems(tx, existing.id, input['Order Ref'] ?? []);
    write.shipmentsChanged([existing.id]);
    write.audit({
      action: 'update',
      entity: 'shipment',
      entityId: shipmentNumber,
      before,
      after: await auditView(tx, updated),
    });
    const [shipment] = await presentTo(tx, principal, [updated]);
    if (!shipment) throw new Error('updated shipment not presented');
    return shipment;
  });
}

/** New PO numbers become line items; one the shipment already has is left as it is. */
async function appendLineItems(tx: Queryable, shipmentId: number, orderRefs: string[]) {
  if (orderRefs.length === 0) return;
  await tx
    .insert(lineItems)
    // The original flags PO numbers longer than 10 characters for review: the count is kept per line item.
    .values(orderRefs.map((title) => ({ shipment_id: shipmentId, title, po_review_required: [...title].length })))
    .onConflictDoNothing({ target: [lineItems.title, lineItems.shipment_id] });
}
