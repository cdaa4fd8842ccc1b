import { expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { databaseMigratedBefore } from '../../testing/migrated-before.ts';

// The upgrade to one follow per view: a filter someone followed twice becomes one follow (the
// first), each follow tells of every event kind as before, and the events recorded but not yet
// dispatched are still told.

it('merges a view followed twice into its first follow and keeps the events not yet dispatched', async () => {
  const database = await databaseMigratedBefore('0019_follow_rules');
  try {
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
