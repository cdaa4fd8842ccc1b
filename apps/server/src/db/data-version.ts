import { sql } from 'drizzle-orm';
import type { Queryable } from './client.ts';

/**
 * A text that changes whenever a write transaction starts or ends anywhere in the database, by
 * any process (another replica, the CLI, an import): the current snapshot, whose highest
 * transaction id and list of running writers move with every write and never with a read. Two
 * reads that see the same version saw the same data, so an answer computed after one may be
 * served again at the other.
 */
export async function readDataVersion(db: Queryable): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`select pg_current_snapshot()::text as version`);
  const version = result.rows[0]?.version;
  if (version === undefined) throw new Error('the database gave no snapshot');
  return version;
}
