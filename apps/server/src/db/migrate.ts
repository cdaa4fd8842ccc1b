import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same for every replica of this app.
const MIGRATION_LOCK_ID = 72_410_001;

/** Applies pending migrations. Several replicas may start together: the advisory lock serialises them. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration (or waiting for another replica's) may take longer than a request may.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}
