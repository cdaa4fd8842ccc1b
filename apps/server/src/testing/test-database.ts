import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, type PoolLimits } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/** Which engine this test run uses: vitest's projects set TEST_DB (pglite | postgres). */
export const testEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The PostgreSQL server tests use; a fresh database is created on it per test file and dropped after. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Where the global setup (database-template.global-setup.ts) left each engine's migrated
 * template: a PGlite dump's path, a PostgreSQL database's name.
 */
export const TEMPLATE_VARIABLES = {
  pglite: 'QUAYSIDE_TEST_PGLITE_TEMPLATE',
  postgres: 'QUAYSIDE_TEST_POSTGRES_TEMPLATE',
} as const;

/** A fresh PostgreSQL database for one test file, a copy of `template` when given; `drop` removes it. */
export async function createPostgresTestDatabase(template?: string) {
  const name = `quayside_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * An empty database of the engine under test, migrated unless `migrate` is false. Migrated ones
 * start as a copy of the run's template when there is one (under Vitest), and are migrated anyway.
 */
export async function createTestDatabase({ migrate = true, limits = {} as PoolLimits } = {}): Promise<DatabaseHandle> {
  const template = migrate ? process.env[TEMPLATE_VARIABLES[testEngine]] : undefined;
  if (testEngine === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite', dataDir: 'memory://', startFrom: template }, limits);
    if (migrate) await runMigrations(handle.pool);
    return handle;
  }
  const postgres = await createPostgresTestDatabase(template);
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
