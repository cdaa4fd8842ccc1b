import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/migrate.ts';
import { TEST_PASSWORD } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { hashPassword } from './password.ts';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));
const FIRST_WITH_VERIFICATION = '0006_confirmed_existing_accounts';
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quayside-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations as they were before sign-in needed a confirmed address. */
function migrationsBeforeVerification(): string {
  const folder = path.join(scratch, 'migrations');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === FIRST_WITH_VERIFICATION);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

it('keeps accounts made before registration by mail working: the upgrade counts their addresses as confirmed', async () => {
  const database = await createTestDatabase({ migrate: false });
  const dataDir = mkdtempSync(path.join(scratch, 'data-'));
  try {
    const client = await database.pool.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: migrationsBeforeVerification() });
    } finally {
      client.release();
    }
    // An account registered the old way: bound to its person, its address never confirmed.
    await database.pool.query(
      `insert into auth_user (id, name, email) values ('old-account', 'Olga', 'olga@example.com')`,
    );
    await database.pool.query(
      `insert into auth_account (id, account_id, provider_id, user_id, password) values ('old-credential', 'old-account', 'credential', 'old-account', $1)`,
      [await hashPassword(TEST_PASSWORD)],
    );
    await database.pool.query(
      `insert into people (email, full_name, role, company_name, fireauth_id) values ('olga@example.com', 'Olga', 'Employee', 'NAPCO', 'old-account')`,
    );

    await runMigrations(database.pool);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' });
    const app = await buildApp(config, database);
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'olga@example.com', password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
});
