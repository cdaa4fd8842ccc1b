import { like, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.ts';
import { shipments } from '../db/schema.ts';
import { withWrite } from '../write/with-write.ts';
import { type GeneratedPurchaseOrders, generatePurchaseOrders } from './bulk-purchase-orders.ts';
import { generateShipments } from './demo-data.ts';

export type BulkLoadOptions = {
  lineItems: number;
  /** Each seed has its own shipment numbers (BLK<seed>-0000001...), so several loads can share a database. */
  seed?: number;
  /** "Now" for the generated dates (default: the current time). */
  now?: Date;
  /**
   * Drop the read model's secondary indexes for the load and build them again after (faster than
   * maintaining them row by row). Default: when the load is at least 50,000 line items and at
   * least as many as the read model already holds.
   */
  rebuildIndexes?: boolean;
  /**
   * Purchase orders for this many of the load's PO numbers, about ten lines each (bulk-purchase-orders.ts):
   * 100,000 beside 1,000,000 line items make 1,000,000 PO lines. Default none.
   */
  purchaseOrders?: number;
  onProgress?: (lineItemsDone: number, total: number) => void;
  onStage?: (stage: 'indexes' | 'purchase orders' | 'reconciling' | 'analyze') => void;
};

/** PO lines a generated PO has on average. */
export const BULK_LINES_PER_ORDER = 10;

export class BulkLoadError extends Error {}

const BATCH_LINE_ITEMS = 100_000;
const REBUILD_FROM = 50_000;

/**
 * Loads `lineItems` generated line items, with their shipments (about three line items each) and
 * parts (about three each), for benchmarks; then refreshes the planner's statistics. All or
 * nothing: one transaction, in batches of 100,000 line items. While it runs, the dashboard's read
 * model is locked (its indexes are being rebuilt), so load a database no one is using.
 */
export async function bulkLoad(db: Database, options: BulkLoadOptions) {
  const seed = options.seed ?? 1;
  const prefix = `BLK${seed}-`;
  const started = performance.now();
  // One entry for the whole load: a million audit rows would only bury the real ones.
  const generated = await withWrite(db, { personId: null, email: 'bulk-load', source: 'cli' }, async (write) => {
    const { tx } = write;
    // The planner's estimates for these statements are huge, so PostgreSQL would JIT-compile them:
    // seconds of compiling per batch for nothing. A bigger sort memory speeds up the index builds.
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    const [taken] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(like(shipments.shipment, `${prefix}%`))
      .limit(1);
    if (taken) throw new BulkLoadError(`Seed ${seed} is already loaded (shipments ${prefix}...): use another --seed.`);

    const rebuild = options.rebuildIndexes ?? (await isLargeLoad(tx, options.lineItems));
    const indexes = rebuild ? await dropReadModelIndexes(tx) : [];
    const result = await generateShipments(write, {
      prefix,
      seed,
      now: options.now ?? new Date(),
      lineItems: options.lineItems,
      batchShipments: Math.ceil(BATCH_LINE_ITEMS / 3),
      onProgress: (done) => options.onProgress?.(done, options.lineItems),
    });
    if (indexes.length > 0) options.onStage?.('indexes');
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    let purchaseOrders: GeneratedPurchaseOrders | undefined;
    if ((options.purchaseOrders ?? 0) > 0)
      purchaseOrders = await generatePurchaseOrders(write, {
        prefix,
        seed,
        count: options.purchaseOrders ?? 0,
        linesPerOrder: BULK_LINES_PER_ORDER,
        now: options.now ?? new Date(),
        onStage: options.onStage,
      });
    write.audit({
      action: 'create',
      entity: 'bulk-load',
      entityId: prefix,
      after: { seed, ...result, purchaseOrders },
    });
    return { ...result, purchaseOrders };
  });
  options.onStage?.('analyze');
  // VACUUM too, as autovacuum would soon: it marks the pages all-visible, so the dashboard's
  // index-only scans need not visit the table (page 200 of the default order at 1,000,000: 46 ms before, 1.2 after),
  // and it clears the trigger-kept counts of the load's dead rows (the exception summary: 19 ms before, under 1 after).
  await db.execute(
    sql`vacuum analyze shipments, line_items, parts, line_item_rows, line_item_counts, exception_counts, shipment_facts,
      purchase_orders, purchase_order_lines, purchase_order_history, purchase_order_forwarders, receipts`,
  );
  return { ...generated, seconds: (performance.now() - started) / 1000 };
}

async function isLargeLoad(db: Queryable, lineItems: number) {
  // The planner's row estimate is enough here, and free (-1 when the table was never analysed).
  const [estimate] = (
    await db.execute<{ rows: number }>(
      sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = 'line_item_rows'::regclass`,
    )
  ).rows;
  return lineItems >= REBUILD_FROM && lineItems >= Number(estimate?.rows ?? 0);
}

/** Drops line_item_rows' indexes that back no constraint, returning how to build them again. */
async function dropReadModelIndexes(db: Queryable) {
  const indexes = (
    await db.execute<{ name: string; definition: string }>(sql`
      select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
      from pg_index
      where indrelid = 'line_item_rows'::regclass
        and not exists (select 1 from pg_constraint where conindid = pg_index.indexrelid)`)
  ).rows;
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  return indexes;
}
