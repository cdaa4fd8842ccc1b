// Global setup of the server suites: one migrated database each run starts from, so each test
// file's database is a copy instead of a new one migrated again. On PGlite a new database costs
// ~2.4 s of initdb and 0.35 s of migrations, a copy of a dump ~0.5 s; on PostgreSQL the copy saves
// the migrations (~0.25 s). createTestDatabase still runs the migrations (none left to apply), and
// a database asked for without them is still made empty.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../db/migrate.ts';
import { createPostgresTestDatabase, TEMPLATE_VARIABLES } from './test-database.ts';

export default async function setup(project: TestProject) {
  return project.config.env.TEST_DB === 'postgres' ? postgresTemplate() : pgliteTemplate();
}

/** A migrated PGlite database's dump (dumpDataDir), which each test database starts from. */
async function pgliteTemplate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quayside-template-'));
  const db = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, path: path.join(dir, '.s.PGSQL.5432') });
  await server.start();
  const pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  try {
    await runMigrations(pool);
  } finally {
    await pool.end();
    await server.stop();
  }
  const dump = path.join(dir, 'migrated.tar');
  writeFileSync(dump, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  process.env[TEMPLATE_VARIABLES.pglite] = dump;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** A migrated PostgreSQL database, which each test database is created from (`create database ... template`). */
async function postgresTemplate() {
  const template = await createPostgresTestDatabase();
  const pool = new pg.Pool({ connectionString: template.url, max: 1 });
  try {
    await runMigrations(pool);
  } finally {
    await pool.end();
  }
  process.env[TEMPLATE_VARIABLES.postgres] = new URL(template.url).pathname.slice(1);
  return template.drop;
}
