import { COUNT_LIMIT } from '@quayside/domain/line-items';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/** How many read-model rows (line_item_rows as `r`) match `where`, counted up to `limit` when given. */
export async function countRows(db: Queryable, where: SQL, limit?: number) {
  const matches = sql`select 1 from line_item_rows r where ${where} ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
  const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from (${matches}) matches`);
  return result.rows[0]?.count ?? 0;
}

/**
 * About this many rows are read for an estimate: a 2% sample at 1,000,000 line items, the whole
 * table up to 20,000 (bench/RESULTS.md, 'Counts and throughput').
 */
const SAMPLED_ROWS = 20_000;

/**
 * Fewer matches in the sample say too little to show: no estimate then. Matching rows lie together
 * (a shipment's line items, an import's shipments), so a sample of pages is off by more than a
 * sample of rows would be. At 1,000,000 line items the Admin's estimates missed by 31% or more in one
 * question of twenty with 30 as the floor, by 13% with 100 (bench/RESULTS.md, 'Counts and throughput').
 */
const FEWEST_SAMPLED_MATCHES = 100;

/**
 * About how many read-model rows match `where`, to two significant digits, from a sample of the
 * table's pages (the same pages each time while it keeps its size, so the same question gets the
 * same estimate); undefined when the sample holds too few matches to say, or says COUNT_LIMIT or
 * fewer (the caller knows there are more). Counting every match exactly reads all of them.
 */
export async function estimateRows(db: Queryable, where: SQL, sampledRows = SAMPLED_ROWS): Promise<number | undefined> {
  // One statement: the table's size (the trigger-kept counts) sets the sample's share and scales its ratio.
  const result = await db.execute<{ rows: number; sampled: number; matched: number }>(sql`
    with everything as (select coalesce(sum(count), 0)::int as rows from line_item_counts)
    select (select rows from everything) as rows, count(*)::int as sampled,
           (count(*) filter (where ${where}))::int as matched
    from line_item_rows r
    tablesample system ((select least(100, 100.0 * ${sampledRows} / greatest(rows, 1)) from everything)::real)
    repeatable (0)`);
  const { rows = 0, sampled = 0, matched = 0 } = result.rows[0] ?? {};
  if (matched < FEWEST_SAMPLED_MATCHES) return undefined;
  const estimate = Number(((matched / sampled) * rows).toPrecision(2));
  return estimate > COUNT_LIMIT ? estimate : undefined;
}
