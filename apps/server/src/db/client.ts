import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { alwaysUp, type DatabaseHealth, runningServerSocketDir, startEmbeddedDatabase } from './embedded-database.ts';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: service functions accept either. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  engine: 'pglite' | 'postgres';
  /** Whether the database process is serving, restarting or given up on (PGlite's child; PostgreSQL: always up). */
  health: DatabaseHealth;
  close: () => Promise<void>;
};

/**
 * Limits for a server's pool, so one user's slow work cannot hold everyone else's: no statement
 * runs past `statementTimeoutMs` (PostgreSQL enforces it; PGlite accepts the setting and cannot
 * interrupt a statement), and a request gives up waiting for a connection after `connectionWaitMs`.
 * The CLI's pool has neither: a bulk load or a migration may take minutes.
 */
export type PoolLimits = { statementTimeoutMs?: number; connectionWaitMs?: number };

export type DatabaseTarget =
  | { engine: 'postgres'; url: string }
  /**
   * `dataDir` is a directory, or 'memory://' for a throwaway database. `share`: 'publish' (the
   * server) lets CLI commands reach this database while it runs; 'join' (a CLI command) uses a
   * running server's database when there is one, else opens the files itself. `startFrom`
   * ('memory://' only): a dump (PGlite's dumpDataDir) the database starts as.
   */
  | { engine: 'pglite'; dataDir: string; share?: 'publish' | 'join'; startFrom?: string };

export const POOL_SIZE = 10;

export async function openDatabase(target: DatabaseTarget, limits: PoolLimits = {}): Promise<DatabaseHandle> {
  const poolLimits = {
    max: POOL_SIZE,
    // 0 is pg's "no limit" for both.
    connectionTimeoutMillis: limits.connectionWaitMs ?? 0,
    statement_timeout: limits.statementTimeoutMs ?? 0,
  };
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, ...poolLimits });
    return wrap(pool, 'postgres', alwaysUp, () => pool.end());
  }
  const embeddedPool = (socketDir: string) =>
    new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', ...poolLimits });
  const runningSocketDir = target.share === 'join' ? runningServerSocketDir(target.dataDir) : null;
  if (runningSocketDir) {
    const pool = embeddedPool(runningSocketDir);
    return wrap(pool, 'pglite', alwaysUp, () => pool.end());
  }
  const host = await startEmbeddedDatabase(target.dataDir, {
    publishSocket: target.share === 'publish',
    startFrom: target.startFrom,
  });
  const pool = embeddedPool(host.socketDir);
  return wrap(pool, 'pglite', host.health, async () => {
    await pool.end();
    await host.stop();
  });
}

function wrap(
  pool: pg.Pool,
  engine: DatabaseHandle['engine'],
  health: DatabaseHealth,
  close: () => Promise<void>,
): DatabaseHandle {
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return { db: drizzle({ client: pool, schema }), pool, engine, health, close };
}
