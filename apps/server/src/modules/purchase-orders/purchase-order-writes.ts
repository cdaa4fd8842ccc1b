import {
  PO_SAVED_MEANWHILE,
  type PurchaseOrderInput,
  type PurchaseOrderLineInput,
} from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { idArray, insertMany, textArray } from '../../db/array-parameters.ts';
import { purchaseOrderHistory, purchaseOrderLines, purchaseOrders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Write } from '../../write/with-write.ts';

// Creating and amending purchase orders, for POST /api/PurchaseOrders and the PO import alike: a
// batch of POs in a few statements whatever its size, each change kept in the PO's history and the
// audit log, and the POs' figures recomputed by the write door.

export type PoSaveOutcome = 'created' | 'updated' | 'unchanged';

type HeaderField = Exclude<keyof PurchaseOrderInput, 'po_number' | 'lines'>;
const HEADER_FIELDS: readonly HeaderField[] = [
  'supplier',
  'order_date',
  'cargo_ready_date',
  'requested_delivery_date',
  'incoterm',
  'currency',
  'notes',
];
const HEADER_LABELS: Record<HeaderField, string> = {
  supplier: 'Supplier',
  order_date: 'Order date',
  cargo_ready_date: 'Cargo-ready date',
  requested_delivery_date: 'Requested delivery date',
  incoterm: 'Incoterm',
  currency: 'Currency',
  notes: 'Notes',
};

type LineField = Exclude<keyof PurchaseOrderLineInput, 'line_number'>;
const LINE_FIELDS: readonly LineField[] = ['sku', 'description', 'ordered_qty', 'unit', 'unit_price', 'requested_date'];
const LINE_LABELS: Record<LineField, string> = {
  sku: 'SKU',
  description: 'description',
  ordered_qty: 'ordered quantity',
  unit: 'unit',
  unit_price: 'unit price',
  requested_date: 'requested date',
};

type StoredHeader = Record<HeaderField, string | null> & { id: number; po_number: string };
type StoredLine = Omit<PurchaseOrderLineInput, 'unit_price'> & { id: number; unit_price: number | null };

const shown = (value: unknown) => (value === null || value === '' ? 'none' : String(value));

/**
 * Saves whole POs (created, or the stored one changed to match), in `write`'s transaction. With
 * `removeAbsentLines` a stored line the PO no longer lists is removed (POST /api/PurchaseOrders
 * sends a whole PO); without it (an ERP export may list only some lines) it stays. A line whose SKU
 * changes is removed and added again, so two lines may swap SKUs. `source` names the door in the
 * history: screen, api or import.
 */
export async function savePurchaseOrders(
  write: Write,
  orders: readonly PurchaseOrderInput[],
  options: { removeAbsentLines: boolean; source: string },
): Promise<Map<string, PoSaveOutcome>> {
  const outcomes = new Map<string, PoSaveOutcome>();
  if (orders.length === 0) return outcomes;
  const numbers = orders.map((order) => order.po_number);
  const headers = await write.tx.execute<StoredHeader>(sql`
    select id::int as id, po_number, supplier, order_date::text as order_date, cargo_ready_date::text as cargo_ready_date,
           requested_delivery_date::text as requested_delivery_date, incoterm, currency, notes
    from purchase_orders where po_number = any(${textArray(numbers)})`);
  const stored = new Map(headers.rows.map((row) => [row.po_number, row]));
  const lineRows = await write.tx.execute<StoredLine & { purchase_order_id: number }>(sql`
    select id::int as id, purchase_order_id::int as purchase_order_id, line_number, sku, description, ordered_qty, unit,
           unit_price::float8 as unit_price, requested_date::text as requested_date
    from purchase_order_lines
    where purchase_order_id = any(${idArray(headers.rows.map((row) => row.id))})`);
  const storedLines = new Map<number, StoredLine[]>();
  for (const line of lineRows.rows)
    storedLines.set(line.purchase_order_id, [...(storedLines.get(line.purchase_order_id) ?? []), line]);

  const newHeaders = orders.filter((order) => !stored.has(order.po_number));
  if (newHeaders.length > 0) {
    const created = await write.tx.execute<{ id: number; po_number: string }>(sql`
      ${insertMany(purchaseOrders, ['po_number', ...HEADER_FIELDS], newHeaders)}
      on conflict (po_number) do nothing
      returning id::int as id, po_number`);
    // Another write created one of them since it was looked up: this one says so rather than failing.
    if (created.rows.length < newHeaders.length) throw new AppError('conflict', PO_SAVED_MEANWHILE);
    for (const row of created.rows) {
      stored.set(row.po_number, { id: row.id, po_number: row.po_number } as StoredHeader);
      outcomes.set(row.po_number, 'created');
    }
  }

  type History = typeof purchaseOrderHistory.$inferInsert;
  const history: History[] = [];
  const changedHeaders: (PurchaseOrderInput & { id: number })[] = [];
  const linesToAdd: (typeof purchaseOrderLines.$inferInsert)[] = [];
  const linesToChange: (StoredLine & { purchase_order_id: number })[] = [];
  const lineIdsToRemove: number[] = [];
  /** Amended in what its supplier confirms (anything but the notes): the supplier is asked again. */
  const toReconfirm = new Set<number>();
  const actor = write.actor.email;
  const entry = (poId: number, kind: History['kind'], summary: string, line_number?: number): History => ({
    purchase_order_id: poId,
    kind,
    actor_email: actor,
    source: options.source,
    summary,
    line_number: line_number ?? null,
  });

  for (const order of orders) {
    const header = stored.get(order.po_number);
    if (header === undefined) throw new Error(`PO ${order.po_number} was neither found nor created`);
    const isNew = outcomes.get(order.po_number) === 'created';
    const before = storedLines.get(header.id) ?? [];
    const changes: string[] = [];
    if (isNew) {
      history.push(
        entry(header.id, 'created', `Created with ${order.lines.length} line${order.lines.length === 1 ? '' : 's'}`),
      );
    } else {
      const moved = HEADER_FIELDS.filter((field) => (header[field] ?? null) !== (order[field] ?? null));
      if (moved.length > 0) {
        changedHeaders.push({ ...order, id: header.id });
        if (moved.some((field) => field !== 'notes')) toReconfirm.add(header.id);
        for (const field of moved) {
          const summary = `${HEADER_LABELS[field]} ${shown(header[field])} → ${shown(order[field])}`;
          changes.push(summary);
          history.push(entry(header.id, 'amended', summary));
        }
      }
    }
    const byNumber = new Map(before.map((line) => [line.line_number, line]));
    for (const line of order.lines) {
      const old = byNumber.get(line.line_number);
      byNumber.delete(line.line_number);
      if (old === undefined || old.sku !== line.sku) {
        if (old !== undefined) lineIdsToRemove.push(old.id);
        linesToAdd.push({
          ...line,
          unit_price: line.unit_price === null ? null : String(line.unit_price),
          purchase_order_id: header.id,
        });
        if (!isNew) {
          toReconfirm.add(header.id);
          const summary =
            old === undefined
              ? `Line ${line.line_number} added: ${line.ordered_qty} ${line.sku}`
              : `Line ${line.line_number} SKU ${old.sku} → ${line.sku}, ordered quantity ${line.ordered_qty}`;
          changes.push(summary);
          history.push(entry(header.id, 'line_added', summary, line.line_number));
        }
        continue;
      }
      const moved = LINE_FIELDS.filter((field) => (old[field] ?? null) !== (line[field] ?? null));
      if (moved.length === 0) continue;
      linesToChange.push({ ...line, id: old.id, purchase_order_id: header.id });
      toReconfirm.add(header.id);
      for (const field of moved) {
        const summary = `Line ${line.line_number} ${LINE_LABELS[field]} ${shown(old[field])} → ${shown(line[field])}`;
        changes.push(summary);
        history.push(entry(header.id, 'amended', summary, line.line_number));
      }
    }
    if (options.removeAbsentLines) {
      for (const old of byNumber.values()) {
        lineIdsToRemove.push(old.id);
        toReconfirm.add(header.id);
        const summary = `Line ${old.line_number} removed (was ${old.ordered_qty} ${old.sku})`;
        changes.push(summary);
        history.push(entry(header.id, 'line_removed', summary, old.line_number));
      }
    }
    if (isNew) write.audit({ action: 'create', entity: 'purchase_order', entityId: order.po_number, after: order });
    else if (changes.length > 0) {
      outcomes.set(order.po_number, 'updated');
      write.audit({
        action: 'update',
        entity: 'purchase_order',
        entityId: order.po_number,
        before: { changes },
        after: order,
      });
    } else outcomes.set(order.po_number, 'unchanged');
  }

  if (changedHeaders.length > 0) {
    const set = HEADER_FIELDS.map((field) => sql`${sql.identifier(field)} = c.${sql.identifier(field)}`);
    await write.tx.execute(sql`
      update purchase_orders p set ${sql.join(set, sql`, `)}, updated_at = now()
      from (${insertManyValues(changedHeaders)}) c where p.id = c.id`);
  }
  if (lineIdsToRemove.length > 0)
    await write.tx.execute(sql`delete from purchase_order_lines where id = any(${idArray(lineIdsToRemove)})`);
  if (linesToChange.length > 0) {
    const set = LINE_FIELDS.map((field) => sql`${sql.identifier(field)} = c.${sql.identifier(field)}`);
    await write.tx.execute(sql`
      update purchase_order_lines l set ${sql.join(set, sql`, `)},
        -- A split no longer adds up to a quantity the ERP changed: the line is one delivery again.
        deliveries = case when l.ordered_qty is distinct from c.ordered_qty then null else l.deliveries end
      from (${lineValues(linesToChange)}) c where l.id = c.id`);
  }
  if (linesToAdd.length > 0)
    await write.tx.execute(
      insertMany(
        purchaseOrderLines,
        [
          'purchase_order_id',
          'line_number',
          'sku',
          'description',
          'ordered_qty',
          'unit',
          'unit_price',
          'requested_date',
        ],
        linesToAdd,
      ),
    );
  if (history.length > 0)
    await write.tx.execute(
      insertMany(
        purchaseOrderHistory,
        ['purchase_order_id', 'kind', 'actor_email', 'source', 'summary', 'line_number'],
        history,
      ),
    );
  if (toReconfirm.size > 0) await askSuppliersAgain(write, [...toReconfirm]);
  await write.purchaseOrdersChanged(
    [...outcomes].filter(([, outcome]) => outcome !== 'unchanged').map(([number]) => number),
  );
  return outcomes;
}

/**
 * POs amended in what their supplier confirmed: confirmed no longer, and a proposal still waiting
 * is withdrawn (it was made against the PO as it stood).
 */
async function askSuppliersAgain(write: Write, poIds: readonly number[]) {
  await write.tx.execute(sql`
    update purchase_order_proposals set status = 'withdrawn', decided_at = now()
    where purchase_order_id = any(${idArray(poIds)}) and status = 'pending'`);
  await write.tx.execute(sql`
    update purchase_orders set confirmation = 'awaiting', confirmed_at = null
    where id = any(${idArray(poIds)}) and confirmation <> 'awaiting'`);
}

/** The changed headers as a row source: `select * from unnest(...)` with their columns' names and types. */
function insertManyValues(rows: readonly (PurchaseOrderInput & { id: number })[]) {
  return sql`select * from unnest(
    ${idArray(rows.map((row) => row.id))},
    ${textArray(rows.map((row) => row.supplier))},
    ${textArray(rows.map((row) => row.order_date))}::date[],
    ${textArray(rows.map((row) => row.cargo_ready_date))}::date[],
    ${textArray(rows.map((row) => row.requested_delivery_date))}::date[],
    ${textArray(rows.map((row) => row.incoterm))},
    ${textArray(rows.map((row) => row.currency))},
    ${textArray(rows.map((row) => row.notes))}
  ) as c(id, supplier, order_date, cargo_ready_date, requested_delivery_date, incoterm, currency, notes)`;
}

function lineValues(rows: readonly StoredLine[]) {
  return sql`select * from unnest(
    ${idArray(rows.map((row) => row.id))},
    ${textArray(rows.map((row) => row.sku))},
    ${textArray(rows.map((row) => row.description))},
    ${idArray(rows.map((row) => row.ordered_qty))}::int[],
    ${textArray(rows.map((row) => row.unit))},
    ${textArray(rows.map((row) => (row.unit_price === null ? null : String(row.unit_price))))}::numeric[],
    ${textArray(rows.map((row) => row.requested_date))}::date[]
  ) as c(id, sku, description, ordered_qty, unit, unit_price, requested_date)`;
}
