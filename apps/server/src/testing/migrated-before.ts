import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from './test-database.ts';

// For an upgrade's test: a database as an installation had it just before the migration `tag`,
// ready for the rows that upgrade must carry over (then runMigrations applies the rest).

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** A fresh test database migrated up to, and not including, the migration named `tag`. */
export async function databaseMigratedBefore(tag: string): Promise<DatabaseHandle> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'quayside-migrations-'));
  try {
    const folder = path.join(scratch, 'migrations');
    cpSync(MIGRATIONS, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const cut = journal.entries.findIndex((entry) => entry.tag === tag);
    if (cut < 1) throw new Error(`No migration ${tag} after the first`);
    journal.entries = journal.entries.slice(0, cut);
    writeFileSync(journalFile, JSON.stringify(journal));
    const database = await createTestDatabase({ migrate: false });
    const client = await database.pool.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: folder });
    } finally {
      client.release();
    }
    return database;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
