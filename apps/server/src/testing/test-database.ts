import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, type PoolLimits } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/** Which engine this test run uses: vitest's projects set TEST_DB (pglite | postgres). */
export const testEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The PostgreSQL server tests use; a fresh database is created on it per test file and dropped after. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database for one test file; `drop` removes it. */
export async function createPostgresTestDatabase() {
  const name = `quayside_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** An empty database of the engine under test, migrated unless `migrate` is false. */
export async function createTestDatabase({ migrate = true, limits = {} as PoolLimits } = {}): Promise<DatabaseHandle> {
  if (testEngine === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite', dataDir: 'memory://' }, limits);
    if (migrate) await runMigrations(handle.pool);
    return handle;
  }
  const postgres = await createPostgresTestDatabase();
  const handle = await openDatabase({ engine: 'postgres', url: postgres.url }, limits);
  if (migrate) await runMigrations(handle.pool);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await postgres.drop();
    },
  };
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
