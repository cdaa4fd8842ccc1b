// What the database does now (its functions, triggers and the indexes queries depend on) lives in
// the current-state SQL files below, each beside the TypeScript that relies on it, not in the
// migrations. A migration from now on only changes the data or its shape (tables, columns, the
// indexes Drizzle's schema declares): to change a trigger or a function, edit its file here. Every
// file is idempotent and is applied after the migrations on every start, so a fresh database and a
// deployed one end up the same (database-logic.test.ts holds the live database to the files).
// An index's file says `create index if not exists`: an existing index of that name is kept as it
// is, so an index whose definition changes needs a new name, or a migration that drops the old one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * In this order: a later file may call an earlier file's function (the change source, used by
 * the shipment events). Paths are relative to the server's src/.
 */
export const DATABASE_LOGIC_FILES = [
  'modules/shipments/date-history.sql',
  'modules/shipments/shipment-lookups.sql',
  'modules/alerts/shipment-events.sql',
  'modules/line-items/line-item-rows.sql',
  'modules/line-items/line-item-counts.sql',
  'modules/line-items/columnar/line-item-row-changes.sql',
  'modules/exceptions/exception-counts.sql',
  'modules/analytics/shipment-facts.sql',
  'modules/purchase-orders/purchase-orders.sql',
] as const;

// Run from the sources, the files sit beside their modules; the compiled server finds the copies
// scripts/build-server.mjs places, under the same paths, in database-logic/ beside it.
const LOGIC_ROOT = new URL(import.meta.url.endsWith('.ts') ? '../' : './database-logic/', import.meta.url);

/** The text of one of DATABASE_LOGIC_FILES. */
export const databaseLogicText = (file: (typeof DATABASE_LOGIC_FILES)[number]) =>
  readFileSync(new URL(file, LOGIC_ROOT), 'utf8');

/**
 * Applies every file in one transaction, so a failing file leaves the previous logic whole. A start
 * whose files are those last applied (the digest in `database_logic`) does nothing: replacing a
 * trigger locks its table, and would wait behind another server's long import on every start.
 */
export async function applyDatabaseLogic(client: pg.ClientBase): Promise<void> {
  const texts = DATABASE_LOGIC_FILES.map(databaseLogicText);
  const digest = createHash('sha256')
    .update(JSON.stringify([DATABASE_LOGIC_FILES, texts]))
    .digest('hex');
  await client.query('begin');
  try {
    const applied = await client.query<{ digest: string }>('select digest from database_logic');
    if (applied.rows[0]?.digest !== digest) {
      for (const text of texts) await client.query(text);
      await client.query(
        `insert into database_logic (id, digest) values (1, $1)
         on conflict (id) do update set digest = excluded.digest, applied_at = now()`,
        [digest],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
