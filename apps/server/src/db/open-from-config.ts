import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite files in DATA_DIR/pglite; migrated either way. */
export async function openMigratedDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl }
      : { engine: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await runMigrations(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
