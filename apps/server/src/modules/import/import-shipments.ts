import type { ImportOutcome } from '@quayside/domain/import';
import { asc, eq, sql } from 'drizzle-orm';
import { canReadShipment } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { namesAnotherCompany, withOwnCompany } from '../../auth/visibility.ts';
import { insertMany, isAnyOf } from '../../db/array-parameters.ts';
import type { Queryable } from '../../db/client.ts';
import { importShipments, lineItems, shipments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Write } from '../../write/with-write.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import type { ShipmentRow } from '../shipments/shipment-access.ts';
import { toShipment } from '../shipments/shipments.service.ts';
import type { ShipmentColumns, ShipmentRowInput } from './import-rows.ts';

export type RowOutcome = { row: number; key: string; outcome: ImportOutcome; reasons: string[] };

/** A shipment as this batch leaves it: the stored row (or the new one) with the rows' changes applied. */
type Planned = {
  original: ShipmentRow | null;
  columns: ShipmentColumns;
  changed: Set<string>;
  refs: string[];
  newRefs: string[];
  /** Whether a row already named it in this batch (the first row creates a new shipment). */
  named: boolean;
};

/** Stored and imported values compare as the screens show them: amounts as numbers, dates as instants. */
function sameValue(stored: unknown, imported: unknown) {
  if (stored instanceof Date && imported instanceof Date) return stored.getTime() === imported.getTime();
  if (stored === null || stored === undefined) return imported === null || imported === undefined;
  if (typeof imported === 'string' && typeof stored === 'string' && /^[\d.]+$/.test(imported)) {
    return stored === imported || Number(stored) === Number(imported);
  }
  return stored === imported;
}

/**
 * Why a forwarder's row is refused when its Forwarder Name is another company, or its number is
 * another company's shipment: the same words for both, so that a free number named for another
 * forwarder and a number someone else holds cannot be told apart (guessing numbers finds nothing).
 */
export const notImportableByYou = (shipment: string, company: string) =>
  `Shipment ${shipment} cannot be imported by your company (${company}).`;

/**
 * Applies one batch of valid shipment rows, in file order: creates the shipments not stored yet,
 * updates the fields whose cells differ, and appends line items for new Order Ref PO numbers.
 * A row naming a shipment again (later in the file) applies on top of the earlier one.
 * Returns each row's outcome; every shipment the batch named is recorded with the import.
 */
export async function applyShipmentBatch(
  write: Write,
  principal: Principal,
  batch: readonly ShipmentRowInput[],
  importId: number,
) {
  const { tx } = write;
  const numbers = [...new Set(batch.map((row) => row.shipment))];
  const stored = numbers.length
    ? await tx.select().from(shipments).where(isAnyOf(shipments.shipment, numbers)).for('update')
    : [];
  const storedByNumber = new Map(stored.map((row) => [row.shipment, row]));
  const storedRefs = await refsOf(
    tx,
    stored.map((row) => row.id),
  );

  const planned = new Map<string, Planned>();
  const outcomes: RowOutcome[] = [];
  for (const input of batch) {
    const reason = refusal(principal, input, storedByNumber.get(input.shipment));
    if (reason) {
      outcomes.push({ row: input.row, key: input.shipment, outcome: 'rejected', reasons: [reason] });
      continue;
    }
    const columns = withOwnCompany(principal, input.columns);
    let plan = planned.get(input.shipment);
    if (!plan) {
      const original = storedByNumber.get(input.shipment) ?? null;
      const refs = original ? (storedRefs.get(original.id) ?? []) : [];
      plan = {
        original,
        columns: original ? { ...original } : {},
        changed: new Set(),
        refs: [...refs],
        newRefs: [],
        named: false,
      };
      planned.set(input.shipment, plan);
    }
    const isNew = plan.original === null && !plan.named;
    plan.named = true;
    let changes = 0;
    const current: Record<string, unknown> = plan.columns;
    for (const [column, value] of Object.entries(columns)) {
      if (sameValue(current[column], value)) continue;
      current[column] = value;
      plan.changed.add(column);
      changes += 1;
    }
    plan.columns.shipment = input.shipment;
    for (const po of input.orderRefs) {
      if (plan.refs.includes(po)) continue;
      plan.refs.push(po);
      plan.newRefs.push(po);
      changes += 1;
    }
    const outcome: ImportOutcome = isNew ? 'created' : changes > 0 ? 'updated' : 'unchanged';
    outcomes.push({ row: input.row, key: input.shipment, outcome, reasons: [] });
  }

  const ids = await writePlans(write, planned);
  if (ids.length > 0) {
    const named = ids.map((shipment_id) => ({ import_id: importId, shipment_id }));
    await tx.execute(sql`${insertMany(importShipments, ['import_id', 'shipment_id'], named)} on conflict do nothing`);
  }
  const lineItemsCreated = [...planned.values()].reduce((sum, plan) => sum + plan.newRefs.length, 0);
  return { outcomes, lineItemsCreated };
}

/** Why this principal may not import this row, if it may not. */
function refusal(principal: Principal, input: ShipmentRowInput, stored: ShipmentRow | undefined) {
  // Another company's shipment does not exist for a forwarder; its number is refused as a row for another company is.
  const isAnotherCompanys = stored !== undefined && !canReadShipment(principal, stored);
  if (namesAnotherCompany(principal, input.columns.forwarder_name) || isAnotherCompanys) {
    return notImportableByYou(input.shipment, principal.company.trim());
  }
  return null;
}

async function refsOf(tx: Queryable, shipmentIds: number[]) {
  const refs = new Map<number, string[]>();
  if (shipmentIds.length === 0) return refs;
  const rows = await tx
    .select({ shipment_id: lineItems.shipment_id, title: lineItems.title })
    .from(lineItems)
    .where(isAnyOf(lineItems.shipment_id, shipmentIds))
    .orderBy(asc(lineItems.id));
  for (const row of rows) refs.set(row.shipment_id, [...(refs.get(row.shipment_id) ?? []), row.title]);
  return refs;
}

/** Inserts, updates, line items, the dashboard's rows and one audit entry per changed shipment. */
async function writePlans(write: Write, planned: Map<string, Planned>) {
  const { tx } = write;
  const plans = [...planned.values()];
  const creates = plans.filter((plan) => plan.original === null);
  const created = creates.length ? await createShipments(tx, creates) : [];
  if (created.length < creates.length) {
    throw new AppError('conflict', 'Someone created one of these shipments while the import ran. Run it again.');
  }
  const createdByNumber = new Map(created.map((row) => [row.shipment, row]));

  const audits: AuditEntry[] = [];
  const touched: number[] = [];
  const rowOf = new Map<Planned, ShipmentRow>();
  for (const plan of plans) {
    if (plan.original === null) {
      const row = createdByNumber.get(plan.columns.shipment ?? '');
      if (!row) throw new Error('created shipment not returned');
      rowOf.set(plan, row);
      touched.push(row.id);
      audits.push({ action: 'create', entity: 'shipment', entityId: row.shipment, after: toShipment(row, plan.refs) });
      continue;
    }
    rowOf.set(plan, plan.original);
    if (plan.changed.size === 0 && plan.newRefs.length === 0) continue;
    let row = plan.original;
    if (plan.changed.size > 0) {
      const current: Record<string, unknown> = plan.columns;
      const set = Object.fromEntries([...plan.changed].map((column) => [column, current[column]]));
      const [updated] = await tx
        .update(shipments)
        .set({ ...set, updated_at: new Date() })
        .where(eq(shipments.id, plan.original.id))
        .returning();
      if (!updated) throw new Error('locked shipment vanished during the import');
      row = updated;
    }
    touched.push(row.id);
    audits.push({
      action: 'update',
      entity: 'shipment',
      entityId: row.shipment,
      before: toShipment(plan.original, plan.refs.slice(0, plan.refs.length - plan.newRefs.length)),
      after: toShipment(row, plan.refs),
    });
  }

  const newLineItems = plans.flatMap((plan) => {
    const shipmentId = rowOf.get(plan)?.id;
    return shipmentId === undefined
      ? []
      : plan.newRefs.map((title) => ({ shipment_id: shipmentId, title, po_review_required: [...title].length }));
  });
  if (newLineItems.length > 0) {
    await tx.execute(sql`${insertMany(lineItems, ['shipment_id', 'title', 'po_review_required'], newLineItems)}
      on conflict (title, shipment_id) do nothing`);
  }
  write.shipmentsChanged(touched);
  write.audit(...audits);
  return [...rowOf.values()].map((row) => row.id);
}

/** Inserts the new shipments, returning those inserted (none whose number someone took meanwhile). */
async function createShipments(tx: Queryable, creates: Planned[]) {
  const rows = creates.map((plan) => ({ ...plan.columns, shipment: plan.columns.shipment ?? '' }));
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))] as (keyof typeof shipments.$inferInsert)[];
  const inserted = await tx.execute<{ id: string }>(
    sql`${insertMany(shipments, columns, rows)} on conflict (shipment) do nothing returning id`,
  );
  const ids = inserted.rows.map((row) => Number(row.id));
  return ids.length ? await tx.select().from(shipments).where(isAnyOf(shipments.id, ids)) : [];
}

/** Keeps the planner honest after a large import changed the tables' sizes. */
export const analyzeAfterImport = (tx: Queryable) =>
  tx.execute(sql`analyze shipments, line_items, parts, line_item_rows`);
