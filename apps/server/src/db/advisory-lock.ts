import type pg from 'pg';

/** The locks servers sharing one database take turns under. Any constants work; they must stay the same. */
export const LOCKS = { migrations: 72_410_001, jobQueueSetUp: 72_410_002 } as const;

/**
 * Runs `work` holding a session-level advisory lock, so of several servers starting together on
 * one database, one at a time does it. The lock's connection waits as long as it takes (no
 * statement timeout): another server's migration may take longer than a request may.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  lock: (typeof LOCKS)[keyof typeof LOCKS],
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [lock]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [lock]);
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}
