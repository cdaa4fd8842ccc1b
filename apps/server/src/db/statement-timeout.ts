import { sql } from 'drizzle-orm';
import type { Queryable } from './client.ts';

/**
 * Inside a transaction, gives its statements their own time limit instead of the request's: an
 * export's id list or an import's batches may rightly take longer than a page. (PGlite ignores it.)
 */
export async function allowLongStatements(tx: Queryable, timeoutMs: number | undefined) {
  if (timeoutMs === undefined) return;
  // SET takes no bind parameters; the value is a whole number we produced.
  await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(0, Math.trunc(timeoutMs))}`));
}
