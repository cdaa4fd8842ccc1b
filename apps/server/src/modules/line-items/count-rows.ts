import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/** How many read-model rows (line_item_rows as `r`) match `where`, counted up to `limit` when given. */
export async function countRows(db: Queryable, where: SQL, limit?: number) {
  const matches = sql`select 1 from line_item_rows r where ${where} ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
  const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from (${matches}) matches`);
  return result.rows[0]?.count ?? 0;
}
