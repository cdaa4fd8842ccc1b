import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { LOCKS, withAdvisoryLock } from './advisory-lock.ts';
import { applyDatabaseLogic } from './database-logic.ts';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies pending migrations, then the database's current logic (database-logic.ts). Several
 * replicas may start together: the advisory lock serialises them.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, LOCKS.migrations, async (client) => {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    await applyDatabaseLogic(client);
  });
}
