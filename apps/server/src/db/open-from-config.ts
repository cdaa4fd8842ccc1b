import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase, type PoolLimits } from './client.ts';
import { runMigrations } from './migrate.ts';

/** The server's pool limits: requests get a statement timeout and a bounded wait for a connection. */
export const requestPoolLimits = (config: AppConfig): PoolLimits => ({
  statementTimeoutMs: config.statementTimeoutMs,
  connectionWaitMs: config.connectionWaitMs,
});

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite files in DATA_DIR/pglite; migrated either way.
 * `share` says how PGlite's files are shared: the server publishes its database, a CLI command joins it.
 */
export async function openMigratedDatabase(
  config: AppConfig,
  { limits = {}, share }: { limits?: PoolLimits; share?: 'publish' | 'join' } = {},
): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl }
      : { engine: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), ...(share ? { share } : {}) },
    limits,
  );
  try {
    await runMigrations(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
