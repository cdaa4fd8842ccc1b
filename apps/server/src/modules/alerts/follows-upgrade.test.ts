import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { createTestDatabase } from '../../testing/test-database.ts';

// The upgrade to one follow per view: a filter someone followed twice becomes one follow (the
// first), each follow tells of every event kind as before, and the events recorded but not yet
// dispatched are still told.

const MIGRATIONS = fileURLToPath(new URL('../../db/migrations', import.meta.url));
const FIRST_WITH_FOLLOW_RULES = '0019_follow_rules';
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quayside-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations as they were before the follow rules. */
function migrationsBeforeFollowRules(): string {
  const folder = path.join(scratch, 'migrations');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === FIRST_WITH_FOLLOW_RULES);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

it('merges a view followed twice into its first follow and keeps the events not yet dispatched', async () => {
  const database = await createTestDatabase({ migrate: false });
  try {
    const client = await database.pool.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: migrationsBeforeFollowRules() });
    } finally {
      client.release();
    }
    const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const [person, other] = (
      await query(
        `insert into people (email, full_name, role, company_name) values
         ('twice@napco.example', 'Twice', 'Employee', 'NAPCO'), ('once@napco.example', 'Once', 'Employee', 'NAPCO')
         returning id`,
      )
    ).rows.map((row) => Number(row.id));
    const [shipment] = (await query(`insert into shipments (shipment) values ('UP-1') returning id`)).rows;
    await query(
      `insert into follows (person_id, name, query) values
       ($1, 'Late', '{"exception":"late_arrival"}'), ($1, 'Late again', '{"q":"","exception":"late_arrival"}'),
       ($1, 'Kestrel', '{"q":"Kestrel"}'), ($2, 'Late', '{"exception":"late_arrival"}')`,
      [person, other],
    );
    await query(`insert into follows (person_id, shipment_id) values ($1, $2)`, [person, shipment?.id]);
    const events = await query(
      `insert into shipment_events (shipment_id, kind, detail, source) values ($1, 'departed', '{}', 'test'), ($1, 'arrived', '{}', 'test') returning id`,
      [shipment?.id],
    );
    const [dispatched, waiting] = events.rows.map((row) => Number(row.id));
    await query(`update event_dispatch set last_event_id = $1`, [dispatched]);

    await runMigrations(database.pool);

    const follows = await query(
      `select person_id, name, query, event_kinds, channel from follows where shipment_id is null order by id`,
    );
    expect(follows.rows).toEqual([
      expect.objectContaining({ person_id: String(person), name: 'Late', query: { exception: 'late_arrival' } }),
      expect.objectContaining({ person_id: String(person), name: 'Kestrel' }),
      expect.objectContaining({ person_id: String(other), name: 'Late' }),
    ]);
    expect(follows.rows.every((row) => row.event_kinds.length === 5 && row.channel === null)).toBe(true);
    // The same filter again cannot be added.
    await expect(
      query(`insert into follows (person_id, name, query) values ($1, 'Late 3', '{"exception":"late_arrival"}')`, [
        person,
      ]),
    ).rejects.toThrow(/follows_person_query/);
    const queued = await query('select event_id from undispatched_events');
    expect(queued.rows.map((row) => Number(row.event_id))).toEqual([waiting]);
  } finally {
    await database.close();
  }
});
