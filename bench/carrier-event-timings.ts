// Carrier events (DCSA Track & Trace 2.2) at scale, against their targets (a single event ≤ 50 ms p95, the
// product's write budget for a save; a notification of 1,000 events ≤ 10 s): a fresh PostgreSQL database
// bulk-loaded with N line items, an integration created as an Admin would (createIntegration, its sender read
// back from its token as the route reads it), then, each request new (new eventIDs, each on a shipment not
// used before, picked at random with a seed among shipments whose container and Master no other shipment has):
//   - one notification of 1 event naming a container: an EST arrival (ARRI) at the shipment's Dest. port, so it
//     applies and moves Dest. ETA; ingestCarrierEvents as the route calls it (the notification's check included);
//   - the same naming the shipment's Master (the transport document) instead;
//   - notifications of 1,000 such events over 1,000 shipments, container and Master in turn: total and per event;
//   - an event naming a container no shipment has (the miss path: kept, held for review);
//   - the timelines (shipmentCarrierEvents as an Admin) of shipments that received events above;
// and EXPLAIN (ANALYZE, BUFFERS) of match.ts's statement for one container.
// Prints Markdown tables for RESULTS.md.
//   node --import tsx bench/carrier-event-timings.ts [--rows 1000000] [--singles 200] [--batches 5]
//     [--batch-size 1000] [--misses 100] [--reads 200] [--keep | --reuse URL]

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CarrierEventsReceipt } from '@quayside/domain/carrier-events';
import { containerCheckDigit } from '@quayside/domain/identifiers';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { bulkLoad } from '../apps/server/src/demo/bulk-load.ts';
import { transportEvent } from '../apps/server/src/modules/carrier-events/dcsa-events.ts';
import { checkNotification, ingestCarrierEvents } from '../apps/server/src/modules/carrier-events/ingest.ts';
import { createIntegration, holderOfToken } from '../apps/server/src/modules/carrier-events/integrations.service.ts';
import { matchShipments, matchStatement } from '../apps/server/src/modules/carrier-events/match.ts';
import { shipmentCarrierEvents } from '../apps/server/src/modules/carrier-events/review.service.ts';
import { freshDatabase, postgresVersion } from './bench-server.ts';
import { BENCH_ADMIN } from './in-process-database.ts';
import { percentile, summarize } from './stats.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    singles: { type: 'string', default: '200' },
    batches: { type: 'string', default: '5' },
    'batch-size': { type: 'string', default: '1000' },
    misses: { type: 'string', default: '100' },
    reads: { type: 'string', default: '200' },
    /** Keep the loaded database (its name is printed), or measure on one kept before (no load). */
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const rows = Number(values.rows);
const singles = Number(values.singles);
const batches = Number(values.batches);
const batchSize = Number(values['batch-size']);
const misses = Number(values.misses);
const reads = Number(values.reads);

/** The targets: a single event's p95 (the write budget of a save), a notification of 1,000 events. */
const TARGETS = { single: 50, batchSeconds: 10 };
const SEED = 0.47;

const fixed = (value: number) => value.toFixed(1);
const mark = (value: number, target: number) => (value > target ? ' ✗' : '');
const row = (name: string, times: number[], target?: number) => {
  const s = summarize(times);
  return `| ${name} | ${s.runs} | ${fixed(s.median)} | ${fixed(s.p95)}${target === undefined ? '' : mark(s.p95, target)} | ${fixed(percentile(times, 99))} | ${fixed(s.max)} |`;
};
const TABLE_HEAD = '| what | runs | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|';
const out: string[] = [];
const say = (text: string) => {
  out.push(text);
  console.log(text);
};
const log = (message: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A shipment an event can name alone: its one container and its Master are no other shipment's. */
type Target = { shipment: string; dest: string; destEta: string | null; container: string; master: string };

const database = values.reuse ? keptDatabase(values.reuse) : await freshDatabase('postgres', 'carrier');
const handle = await openDatabase({ engine: 'postgres', url: database.env.DATABASE_URL ?? '' });
await runMigrations(handle.pool);
const { db } = handle;
try {
  const started = new Date();
  if (!values.reuse) await load();
  await measure(started);
} finally {
  await handle.close();
  if (values.keep || values.reuse) log(`kept: --reuse ${database.env.DATABASE_URL}`);
  else await database.drop();
}

function keptDatabase(url: string) {
  return {
    engine: 'postgres' as const,
    env: { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quayside-carrier-')) },
    drop: async () => {},
  };
}

async function load() {
  log(`loading ${rows} line items...`);
  const loaded = await bulkLoad(db, { lineItems: rows, onStage: (stage) => log(stage) });
  say(
    `Load: ${loaded.lineItems.toLocaleString('en-US')} line items (${loaded.shipments.toLocaleString('en-US')} shipments, ` +
      `${loaded.parts.toLocaleString('en-US')} parts) in ${loaded.seconds.toFixed(1)} s.\n`,
  );
}

async function measure(started: Date) {
  const cpu = os.cpus();
  say(
    `\n\`node --import tsx bench/carrier-event-timings.ts ${process.argv.slice(2).join(' ')}\`: PostgreSQL ` +
      `${await postgresVersion()}, ${cpu.length} cores (${cpu[0]?.model}), Node ${process.version}, started ${started.toISOString()}\n`,
  );
  // The sender as the route knows it: an Admin's integration, read back from its token.
  const created = await createIntegration(db, BENCH_ADMIN, { name: `Bench carrier ${Date.now()}`, signed: false });
  const { sender } = await holderOfToken(db, `Bearer ${created.token}`);

  const needed = 2 * singles + batches * batchSize + batchSize + 2 + 1;
  log(`picking ${needed} shipments...`);
  const pool = await pickTargets(needed);
  if (pool.length < needed) throw new Error(`only ${pool.length} shipments fit, ${needed} needed`);
  const take = (count: number) => pool.splice(0, count);
  const stats = await db.execute<{ shipments: number; with_container: number; with_master: number }>(sql`
    select count(*)::int as shipments, count(*) filter (where container_number <> '')::int as with_container,
      count(*) filter (where master <> '')::int as with_master from shipments`);
  const s = stats.rows[0];
  say(
    `Shipments: ${s?.shipments.toLocaleString('en-US')}, with a Container # ${s?.with_container.toLocaleString('en-US')}, ` +
      `with a Master ${s?.with_master.toLocaleString('en-US')}. Each event below names a shipment picked at random ` +
      `(setseed ${SEED}) among those whose container and Master no other shipment has, each shipment once.\n`,
  );

  const outcomes = new Map<string, number>();
  const count = (receipt: CarrierEventsReceipt) => {
    for (const result of receipt.results) outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
  };
  const received: string[] = [];
  const ingest = async (bodies: unknown[]) => {
    // As the route receives them: parsed from the request's JSON.
    const parsed = JSON.parse(JSON.stringify(bodies)) as unknown[];
    const began = performance.now();
    const receipt = await ingestCarrierEvents(db, sender, parsed);
    const ms = performance.now() - began;
    count(receipt);
    return { ms, receipt };
  };

  // A warm-up notification of its own (not counted): the schema's first check, the statements' first plans.
  const [warm] = take(1);
  if (warm) await ingest([arrival(warm, 'container', 0)]);
  outcomes.clear();

  log('single events by container...');
  const byContainer: number[] = [];
  for (const [index, target] of take(singles).entries()) {
    byContainer.push((await ingest([arrival(target, 'container', index)])).ms);
    received.push(target.shipment);
  }
  const containerOutcomes = new Map(outcomes);
  outcomes.clear();

  log('single events by Master...');
  const byMaster: number[] = [];
  for (const [index, target] of take(singles).entries()) {
    byMaster.push((await ingest([arrival(target, 'master', index)])).ms);
    received.push(target.shipment);
  }
  const masterOutcomes = new Map(outcomes);
  outcomes.clear();

  log('misses...');
  const missTimes: number[] = [];
  for (let index = 0; index < misses; index++) {
    const container = unknownContainer(index);
    const body = transportEvent({
      classifier: 'EST',
      code: 'ARRI',
      at: '2027-01-15T09:00:00+00:00',
      location: 'USNYC',
      containers: [container],
    });
    missTimes.push((await ingest([body])).ms);
  }
  const missOutcomes = new Map(outcomes);
  outcomes.clear();

  log('notifications of 1,000 events...');
  const batchSeconds: number[] = [];
  for (let run = 0; run < batches; run++) {
    const targets = take(batchSize);
    const bodies = targets.map((target, index) =>
      arrival(target, index % 2 === 0 ? 'container' : 'master', run * batchSize + index),
    );
    const { ms } = await ingest(bodies);
    batchSeconds.push(ms / 1000);
    received.push(...targets.map((target) => target.shipment));
  }
  const batchOutcomes = new Map(outcomes);
  outcomes.clear();

  // Diagnostic: the matching statement alone for a notification of 1,000 (on shipments not used above), and the
  // notification's check (schema and reading) alone for the same bodies.
  const spare = take(batchSize);
  const spareBodies = spare.map((target, index) => arrival(target, index % 2 === 0 ? 'container' : 'master', index));
  const checkStarted = performance.now();
  const readEvents = checkNotification(JSON.parse(JSON.stringify(spareBodies)) as unknown[]);
  const checkMs = performance.now() - checkStarted;
  const matchStarted = performance.now();
  const matched = await matchShipments(db, readEvents, sender.forwarderName);
  const matchMs = performance.now() - matchStarted;
  const matchedOne = matched.filter((shipments) => shipments.length === 1).length;

  log('timelines...');
  const readTimes: number[] = [];
  const eventsRead: number[] = [];
  const toRead = shuffled(received, 7).slice(0, reads);
  for (const shipment of toRead) {
    const began = performance.now();
    const timeline = await shipmentCarrierEvents(db, BENCH_ADMIN, shipment);
    readTimes.push(performance.now() - began);
    eventsRead.push(timeline.events.length);
  }

  // Did the applied events move Dest. ETA? Each shipment got one event, so its Dest. ETA is now the event's day.
  const moved = await db.execute<{ applied: number; moved: number }>(sql`
    select count(*)::int as applied,
      count(*) filter (where s.dest_eta = (left(e.event_at_text, 10) || 'T00:00:00Z')::timestamptz)::int as moved
    from carrier_events e join shipments s on s.id = e.shipment_id
    where e.outcome = 'applied' and e.applied_field = 'dest_eta'`);

  const [explained] = take(1);
  const plan = explained ? await explainMatch(explained.container) : [];

  const describe = (counts: Map<string, number>) =>
    [...counts]
      .sort()
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(', ');
  say(
    `**One event a notification** (ingestCarrierEvents as the route calls it, the notification's check included; ` +
      `one warm-up notification first, not counted), one at a time; target p95 ≤ ${TARGETS.single} ms:\n`,
  );
  say(TABLE_HEAD);
  say(row(`EST arrival naming a container (${describe(containerOutcomes)})`, byContainer, TARGETS.single));
  say(row(`EST arrival naming the Master (${describe(masterOutcomes)})`, byMaster, TARGETS.single));
  say(row(`event naming a container no shipment has (${describe(missOutcomes)})`, missTimes, TARGETS.single));
  say(
    row(
      `a shipment's timeline, shipmentCarrierEvents as an Admin (${fixed(summarize(eventsRead).median)} events median)`,
      readTimes,
    ),
  );
  say(
    `\nOf ${moved.rows[0]?.applied.toLocaleString('en-US')} events applied to Dest. ETA, ` +
      `${moved.rows[0]?.moved.toLocaleString('en-US')} left it at the event's day.`,
  );
  say(
    `\n**Notifications of ${batchSize.toLocaleString('en-US')} events** (EST arrivals over ${batchSize.toLocaleString('en-US')} ` +
      `shipments each, container and Master in turn; ${describe(batchOutcomes)}); target ≤ ${TARGETS.batchSeconds} s:\n`,
  );
  say('| run | seconds | ms per event |\n|---|---:|---:|');
  for (const [index, seconds] of batchSeconds.entries())
    say(
      `| ${index + 1} | ${seconds.toFixed(2)}${mark(seconds, TARGETS.batchSeconds)} | ${fixed((seconds * 1000) / batchSize)} |`,
    );
  const b = summarize(batchSeconds);
  say(`| median / max | ${b.median.toFixed(2)} / ${b.max.toFixed(2)} | ${fixed((b.median * 1000) / batchSize)} |`);
  say(
    `\nOf a notification of ${batchSize.toLocaleString('en-US')} (once, on other shipments, nothing written): the check ` +
      `(DCSA schema and reading) ${fixed(checkMs)} ms, the matching statement ${fixed(matchMs)} ms ` +
      `(${matchedOne.toLocaleString('en-US')} matched one shipment).`,
  );
  say(`\n**The matching statement for one container** (EXPLAIN (ANALYZE, BUFFERS), match.ts's SQL):\n`);
  say(`\`\`\`\n${plan.join('\n')}\n\`\`\``);
  say(`\nFinished ${new Date().toISOString()}.`);
}

/** An EST arrival at the shipment's Dest. port, 1 to 5 days off its Dest. ETA, naming its container or its Master. */
function arrival(target: Target, by: 'container' | 'master', index: number) {
  const base = target.destEta ? new Date(target.destEta) : new Date(Date.now() + 20 * 86_400_000);
  const day = new Date(base.getTime() + (1 + (index % 5)) * 86_400_000).toISOString().slice(0, 10);
  return transportEvent({
    classifier: 'EST',
    code: 'ARRI',
    at: `${day}T08:00:00-05:00`,
    location: target.dest.replace(/\s+/g, '').toUpperCase(),
    vessel: 'Maersk Kensington',
    ...(by === 'container' ? { containers: [target.container] } : { documents: [target.master] }),
  });
}

/** A well-formed container number of an owner the load never uses (it uses TGHU). */
function unknownContainer(index: number) {
  const firstTen = `ZQXU${String(100_000 + index * 7919).padStart(6, '0')}`;
  return `${firstTen}${containerCheckDigit(firstTen)}`;
}

/** Shipments with one container and a Master, each of which names it alone, at random with a seed. */
async function pickTargets(count: number): Promise<Target[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${SEED})`);
    // The counts' `n = 1` is estimated at one row, so the planner would join by nested loops over whole tables
    // (over ten minutes at 1,000,000 line items); hash joins take seconds. Local to this transaction.
    await tx.execute(sql`set local enable_nestloop = off`);
    // How many shipments each container and each document key names, counted in one pass each.
    const picked = await tx.execute<Target & { dest_eta: string | null }>(sql`
      with keyed as materialized (
        select s.shipment, s.dest, s.dest_eta::text as dest_eta,
          regexp_split_to_array(upper(s.container_number), '[^A-Z0-9]+') as containers,
          upper(regexp_replace(s.master, '[^A-Za-z0-9]+', '', 'g')) as master
        from shipments s
        where s.container_number <> '' and s.master <> '' and s.dest <> ''
      ),
      containers as materialized (
        select t as container, count(*) as n
        from shipments s, unnest(regexp_split_to_array(upper(s.container_number), '[^A-Z0-9]+')) t
        group by t
      ),
      documents as materialized (
        select k, count(*) as n from (
          select upper(regexp_replace(master, '[^A-Za-z0-9]+', '', 'g')) as k from shipments where master <> ''
          union all
          select upper(regexp_replace(house, '[^A-Za-z0-9]+', '', 'g')) from shipments where house <> '') d
        group by k
      )
      select c.shipment, c.dest, c.dest_eta, c.containers[1] as container, c.master
      from keyed c
      join containers n on n.container = c.containers[1] and n.n = 1
      join documents d on d.k = c.master and d.n = 1
      where cardinality(c.containers) = 1
      order by random()
      limit ${count}`);
    return picked.rows.map((r) => ({ ...r, destEta: r.dest_eta }));
  });
}

/** match.ts's statement for one event naming one container, explained as ingest runs it (JIT off). */
async function explainMatch(container: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const statement = matchStatement([{ containers: [container], documents: [], bookings: [] }], null);
    const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${statement}`);
    return result.rows.map((r) => r['QUERY PLAN']);
  });
}

/** mulberry32 shuffle: the same order on every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}
