import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { generateShipments } from './generate.ts';

/**
 * Loads `lineItems` generated line items (with shipments and parts) for benchmarks, then refreshes
 * the planner's statistics. Deterministic for a seed; each run uses its own shipment-number prefix.
 */
export async function bulkLoad(
  db: Queryable,
  options: { lineItems: number; seed?: number; onProgress?: (done: number, total: number) => void },
) {
  const seed = options.seed ?? 1;
  const started = performance.now();
  await generateShipments(db, {
    prefix: `BLK${seed}-`,
    lineItems: options.lineItems,
    seed,
    today: new Date(),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  await db.execute(sql`analyze shipments, line_items, parts, line_item_rows`);
  return { seconds: (performance.now() - started) / 1000 };
}
