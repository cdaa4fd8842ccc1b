// The notify job against many saved-filter follows: a fresh database bulk-loaded with N line items
// (default 10,000), a 10-event batch on ten shipments of one forwarder company (Kestrel Freight),
// the events' own followers (ten staff following one shipment each, two Kestrel forwarders with a
// saved filter each), and then 0, 2,000 and 20,000 saved-filter follows more: 99% by 200
// forwarders of other companies (each filter different), 1% by 20 staff, drawn from 30 filters
// ("a forwarder's late arrivals" and the like). Each size times one dispatch of the batch
// (dispatchEvents, as the notify job calls it), after one warm-up, `--runs` times (default 10),
// the batch's notifications cleared and its events queued for dispatch again between runs.
// Prints one Markdown table for RESULTS.md.
//   node --import tsx bench/follow-scaling.ts [--engine postgres|pglite] [--runs 10] [--line-items 10000]

import os from 'node:os';
import { parseArgs } from 'node:util';
import { SHIPMENT_EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import { sql } from 'drizzle-orm';
import { forwarderKeySql } from '../apps/server/src/auth/visibility.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { follows, people } from '../apps/server/src/db/schema.ts';
import { bulkLoad } from '../apps/server/src/demo/bulk-load.ts';
import { DEMO_FORWARDERS } from '../apps/server/src/demo/demo-data.ts';
import { dispatchEvents } from '../apps/server/src/modules/alerts/dispatch-events.ts';
import { openFreshDatabase } from './in-process-database.ts';
import { summarize } from './stats.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    runs: { type: 'string', default: '10' },
    'line-items': { type: 'string', default: '10000' },
  },
});
const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';
const runs = Number(values.runs);
const lineItems = Number(values['line-items']);
const SIZES = [0, 2_000, 20_000];
const EVENTS = 10;
const FOLLOWED_COMPANY = 'Kestrel Freight';
const clock = () => new Date();

/** Inserts people (each with an account, as the job only tells those) and returns their ids. */
async function addPeople(db: Database, rows: { email: string; role: string; company_name: string }[]) {
  const added = await db
    .insert(people)
    .values(rows.map((row) => ({ ...row, full_name: row.email, fireauth_id: `bench-${row.email}` })))
    .returning({ id: people.id });
  return added.map((row) => row.id);
}

const forwarderFilter = (company: string, exception: string) => ({
  filters: JSON.stringify([{ column: 'forwarder_name', operator: 'equals', value: company }]),
  exception,
});

const database = await openFreshDatabase(engine, 'follows');
try {
  const loadStarted = performance.now();
  await bulkLoad(database.db, { lineItems });
  console.log(
    `loaded ${lineItems.toLocaleString('en-US')} line items in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  const { db } = database;

  // The batch: one event on each of ten Kestrel shipments.
  const picked = await db.execute<{ id: string }>(sql`
    select id from shipments where ${forwarderKeySql(sql`forwarder_name`)} = ${FOLLOWED_COMPANY.toLowerCase()}
    order by id limit ${EVENTS}`);
  const batchShipments = picked.rows.map((row) => Number(row.id));
  if (batchShipments.length < EVENTS) throw new Error(`fewer than ${EVENTS} ${FOLLOWED_COMPANY} shipments`);
  // Only the batch waits to be dispatched, not the load's own events.
  await db.execute(sql`delete from undispatched_events`);
  const [place] = (await db.execute<{ last: string }>(sql`select coalesce(max(id), 0) as last from shipment_events`))
    .rows;
  const before = Number(place?.last ?? 0);
  await db.execute(sql`
    insert into shipment_events (shipment_id, kind, detail, source)
    select id, 'departed', '{"field":"ATD","to":"2027-06-01"}'::jsonb, 'system' from unnest(${`{${batchShipments.join(',')}}`}::bigint[]) as id`);

  // The events' own followers, the same at every size.
  const staff = await addPeople(
    db,
    Array.from({ length: 20 }, (_, index) => ({
      email: `staff${index}@napco.bench`,
      role: 'Employee',
      company_name: 'NAPCO',
    })),
  );
  const own = await addPeople(
    db,
    [0, 1].map((index) => ({ email: `ops${index}@kestrel.bench`, role: 'Forwarder', company_name: FOLLOWED_COMPANY })),
  );
  await db.insert(follows).values([
    ...batchShipments.map((shipmentId, index) => ({ person_id: staff[index] ?? 0, shipment_id: shipmentId })),
    ...own.map((personId, index) => ({
      person_id: personId,
      name: 'Late arrivals',
      query: index === 0 ? { exception: 'late_arrival' } : {},
    })),
  ]);

  // The crowd: forwarders of other companies, and a few staff.
  const otherCompanies = [
    ...DEMO_FORWARDERS.filter((company) => company !== FOLLOWED_COMPANY),
    ...Array.from({ length: 17 }, (_, index) => `Other Freight ${index + 1}`),
  ];
  const crowd = await addPeople(
    db,
    Array.from({ length: 200 }, (_, index) => ({
      email: `ops${index}@other${index % otherCompanies.length}.bench`,
      role: 'Forwarder',
      company_name: otherCompanies[index % otherCompanies.length] ?? '',
    })),
  );
  const staffFilters = DEMO_FORWARDERS.flatMap((company) =>
    SHIPMENT_EXCEPTION_KINDS.map((exception) => forwarderFilter(company, exception)),
  ).slice(0, 30);

  let followCount = 0;
  const rows: string[] = [];
  for (const size of SIZES) {
    const more: (typeof follows.$inferInsert)[] = [];
    for (let index = followCount; index < size; index += 1) {
      if (index % 100 === 0) {
        more.push({
          // Twenty staff, thirty filters, no one following the same filter twice (that is one follow).
          person_id: staff[(index / 100) % staff.length] ?? 0,
          name: `Staff filter ${index}`,
          query: staffFilters[(index / 100 + Math.floor(index / 100 / staff.length)) % staffFilters.length],
        });
      } else {
        const person = crowd[index % crowd.length] ?? 0;
        more.push({ person_id: person, name: `Filter ${index}`, query: { q: `word${index}` } });
      }
    }
    // A person following the same filter again is one follow: the repeats are not added.
    for (let start = 0; start < more.length; start += 1000)
      await db
        .insert(follows)
        .values(more.slice(start, start + 1000))
        .onConflictDoNothing();
    followCount = size;
    await db.execute(sql`analyze follows`);

    const times: number[] = [];
    let told = 0;
    for (let run = 0; run <= runs; run += 1) {
      await db.execute(sql`delete from notifications`);
      await db.execute(sql`insert into undispatched_events (event_id)
        select id from shipment_events where id > ${before} on conflict do nothing`);
      const started = performance.now();
      const done = await dispatchEvents(db, clock);
      if (run > 0) times.push(performance.now() - started);
      if (done.events !== EVENTS) throw new Error(`dispatched ${done.events} events, not ${EVENTS}`);
      told = done.notifications;
    }
    const summary = summarize(times);
    rows.push(
      `| ${size.toLocaleString('en-US')} | ${told} | ${summary.median.toFixed(1)} | ${summary.p95.toFixed(1)} | ${summary.max.toFixed(1)} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `\n${engine}, ${lineItems.toLocaleString('en-US')} line items, ${EVENTS} events, ${runs} runs, ` +
      `${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, ${new Date().toISOString()}\n`,
  );
  console.log('| saved-filter follows of others | notifications | p50 ms | p95 ms | max ms |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
} finally {
  await database.close();
}
