// Purchase orders at scale, against their targets (the PO list and page p95 ≤ 50 ms, ≤ 20 ms added to a
// save or a receipt, an ERP import of 100,000 lines ≤ 30 s): a fresh PostgreSQL database bulk-loaded with N line
// items and P purchase orders of about ten lines each (`bulk-load --purchase-orders`), then
//   - saves: shipment saves that depart a shipment (set its ATD, through updateShipment, the service
//     the route calls), half on shipments carrying a PO and half on shipments carrying none, in
//     turn; and on other shipments carrying POs, the reconciliation alone (the trigger's marks, then
//     purchase_orders_sync_dirty(), timed in a transaction rolled back);
//   - receipts: 'Receive' of delivered shipments carrying POs, everything as shipped (recordReceipt
//     in the write door), and the reconciliation's part of it (purchase_orders_sync_dirty());
//   - import: savePurchaseOrders over --import-lines new PO lines (POs of ten lines for PO numbers
//     that have none yet), in batches of 1,000 lines in one transaction, the door's flush after
//     each, as the PO import would; then the same file again (all unchanged), then with one line
//     in ten amended;
//   - http: the PO list (GET /api/PurchaseOrders) and a PO page (GET /api/PurchaseOrders/detail)
//     through the real server, as an Admin and as a Forwarder, each request a question not asked
//     before (seeded searches, chips, exception kinds, suppliers, sorts, pages; PO numbers).
// Prints Markdown tables for RESULTS.md.
//   node --import tsx bench/purchase-order-timings.ts [--rows 1000000] [--purchase-orders 100000]
//     [--saves 300] [--receipts 100] [--import-lines 100000] [--questions 200] [--only saves,receipts,import,http]

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PAGE_SIZES } from '@quayside/domain/constants';
import {
  PO_CHIPS,
  PO_EXCEPTION_KINDS,
  PO_SORT_KEYS,
  type PurchaseOrderInput,
  PurchaseOrderInput as PurchaseOrderInputSchema,
} from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { BULK_LINES_PER_ORDER, bulkLoad } from '../apps/server/src/demo/bulk-load.ts';
import { generatePurchaseOrders } from '../apps/server/src/demo/bulk-purchase-orders.ts';
import { savePurchaseOrders } from '../apps/server/src/modules/purchase-orders/purchase-order-writes.ts';
import { receivablesOf, recordReceipt } from '../apps/server/src/modules/purchase-orders/receipt-writes.ts';
import { updateShipment } from '../apps/server/src/modules/shipments/shipments.service.ts';
import { tryCli } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { withWrite } from '../apps/server/src/write/with-write.ts';
import { bearer, freshDatabase, postgresVersion, signIn, startServer, USERS } from './bench-server.ts';
import { BENCH_ADMIN } from './in-process-database.ts';
import { percentile, summarize } from './stats.ts';

const PARTS = ['saves', 'receipts', 'import', 'http'] as const;
/** Thrown to roll a measured transaction back. */
class RollBack extends Error {}
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'purchase-orders': { type: 'string', default: '100000' },
    saves: { type: 'string', default: '300' },
    receipts: { type: 'string', default: '100' },
    'import-lines': { type: 'string', default: '100000' },
    questions: { type: 'string', default: '200' },
    only: { type: 'string', default: PARTS.join(',') },
    /** Keep the loaded database (its name is printed), or measure on one kept before (no load). */
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const rows = Number(values.rows);
const orderCount = Number(values['purchase-orders']);
const saves = Number(values.saves);
const receiptCount = Number(values.receipts);
const importLines = Number(values['import-lines']);
const questionCount = Number(values.questions);
const parts = new Set(values.only.split(','));

/** The issue's targets (Speed): p95 of the list and a PO page; p95 added to a save; the import. */
const TARGETS = { page: 50, added: 20, importSeconds: 30 };
const ACTOR = { personId: null, email: 'bench', source: 'bench' };
const IMPORT_BATCH_LINES = 1000;

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

/** mulberry32: the same questions on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const database = values.reuse ? keptDatabase(values.reuse) : await freshDatabase('postgres', 'po');
const handle = await openDatabase({ engine: 'postgres', url: database.env.DATABASE_URL ?? '' });
await runMigrations(handle.pool);
const { db } = handle;
try {
  const started = new Date();
  if (values.reuse) await measureParts(started);
  else await loadAndMeasure(started);
} finally {
  await handle.close();
  if (values.keep || values.reuse) log(`kept: --reuse ${database.env.DATABASE_URL}`);
  else await database.drop();
}

function keptDatabase(url: string) {
  return {
    engine: 'postgres' as const,
    env: { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quayside-po-')) },
    drop: async () => {},
  };
}

async function measureParts(started: Date) {
  const cpu = os.cpus();
  say(
    `\n\`node --import tsx bench/purchase-order-timings.ts ${process.argv.slice(2).join(' ')}\`: PostgreSQL ` +
      `${await postgresVersion()}, ${cpu.length} cores (${cpu[0]?.model}), Node ${process.version}, started ${started.toISOString()}\n`,
  );
  await db.execute(sql`select setseed(0.41)`);
  if (parts.has('saves')) await measureSaves();
  if (parts.has('receipts')) await measureReceipts();
  if (parts.has('import')) await measureImport();
  if (parts.has('http')) await measureHttp();
  say(`\nFinished ${new Date().toISOString()}.`);
}

async function loadAndMeasure(started: Date) {
  log(`loading ${rows} line items and ${orderCount} purchase orders...`);
  // The line items first, then the POs in their own transaction (as `bulk-load --purchase-orders`
  // does in one): a failure in the second keeps the first for --keep.
  const loaded = await bulkLoad(db, {
    lineItems: rows,
    onStage: (stage) => log(stage),
  });
  log('purchase orders...');
  const poStarted = performance.now();
  let syncStarted = 0;
  const orders = await withWrite(db, { personId: null, email: 'bulk-load', source: 'cli' }, async (write) => {
    await write.tx.execute(sql`set local jit = off`);
    await write.tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    return generatePurchaseOrders(write, {
      prefix: 'BLK1-',
      seed: 1,
      count: orderCount,
      linesPerOrder: BULK_LINES_PER_ORDER,
      now: new Date(),
      onStage: (stage) => {
        if (stage === 'reconciling') syncStarted = performance.now();
        log(stage);
      },
    });
  });
  const poSeconds = (performance.now() - poStarted) / 1000;
  const syncSeconds = (performance.now() - syncStarted) / 1000;
  await db.execute(
    sql`vacuum analyze purchase_orders, purchase_order_lines, purchase_order_history, purchase_order_forwarders, receipts`,
  );
  const loadSeconds = loaded.seconds;
  const cpu = os.cpus();
  say(
    `\n\`node --import tsx bench/purchase-order-timings.ts ${process.argv.slice(2).join(' ')}\`: PostgreSQL ` +
      `${await postgresVersion()}, ${cpu.length} cores (${cpu[0]?.model}), Node ${process.version}, started ${started.toISOString()}\n`,
  );
  say(
    `Load: ${loaded.lineItems.toLocaleString('en-US')} line items (${loaded.shipments.toLocaleString('en-US')} shipments, ` +
      `${loaded.parts.toLocaleString('en-US')} parts) in ${loadSeconds.toFixed(1)} s; then ${orders.purchaseOrders.toLocaleString('en-US')} POs ` +
      `with ${orders.lines.toLocaleString('en-US')} lines and ${orders.receipts.toLocaleString('en-US')} ` +
      `receipts in ${poSeconds.toFixed(1)} s (of which their reconciliation, ` +
      `purchase_orders_sync over all in chunks of 10,000, with the list's indexes built after: ${syncSeconds.toFixed(1)} s).\n`,
  );
  const statuses = await db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from purchase_orders group by 1 order by 1`,
  );
  say(`POs by status: ${statuses.rows.map((r) => `${r.status} ${r.n.toLocaleString('en-US')}`).join(', ')}.\n`);

  await db.execute(sql`select setseed(0.4)`);
  if (parts.has('saves')) await measureSaves();
  if (parts.has('receipts')) await measureReceipts();
  if (parts.has('import')) await measureImport();
  if (parts.has('http')) await measureHttp();
  say(`\nFinished ${new Date().toISOString()}.`);
}

async function measureSaves() {
  log('shipment saves...');
  const pick = (withPo: boolean, count: number) =>
    db.execute<{ shipment: string; id: number; etd: string }>(sql`
      select s.shipment, s.id::int as id, s.etd::text as etd from shipments s
      where s.atd is null and s.ata is null and s.etd is not null
        and ${withPo ? sql`` : sql`not`} exists (
          select 1 from line_items li join purchase_orders po on po.po_number = li.title where li.shipment_id = s.id)
      order by random() limit ${count}`);
  const withPo = (await pick(true, saves * 2)).rows;
  const withoutPo = (await pick(false, saves)).rows;
  const timesWith: number[] = [];
  const timesWithout: number[] = [];
  const depart = async (shipment: { shipment: string; etd: string }, times: number[]) => {
    const atd = new Date(new Date(shipment.etd).getTime() + 6 * 3_600_000);
    const began = performance.now();
    await updateShipment(db, BENCH_ADMIN, shipment.shipment, { ATD: atd });
    times.push(performance.now() - began);
  };
  for (let index = 0; index < saves; index++) {
    const a = withPo[index];
    const b = withoutPo[index];
    if (a) await depart(a, timesWith);
    if (b) await depart(b, timesWithout);
  }
  // The reconciliation alone, on shipments not saved above: the ATD set, then the door's sync.
  const markTimes: number[] = [];
  const syncTimes: number[] = [];
  const poLines: number[] = [];
  for (const shipment of withPo.slice(saves)) {
    await db
      .transaction(async (tx) => {
        const a = performance.now();
        await tx.execute(sql`update shipments set atd = etd + interval '6 hours' where id = ${shipment.id}`);
        const b = performance.now();
        const lines = await tx.execute<{ n: number }>(sql`
          select coalesce(sum(po.line_count), 0)::int as n from purchase_orders po
          where po.po_number in (select po_number from purchase_orders_dirty where tx = txid_current())`);
        const c = performance.now();
        await tx.execute(sql`select purchase_orders_sync_dirty()`);
        syncTimes.push(performance.now() - c);
        markTimes.push(b - a);
        poLines.push(lines.rows[0]?.n ?? 0);
        throw new RollBack();
      })
      .catch((error) => {
        if (!(error instanceof RollBack)) throw error;
      });
  }
  say(
    `\n**Shipment saves** (updateShipment setting ATD: the shipment departs, so its POs' booked quantities become shipped), in turn:\n`,
  );
  say(TABLE_HEAD);
  say(row('save of a shipment carrying a PO', timesWith));
  say(row('save of a shipment carrying none', timesWithout));
  say(row('of which the ATD update with its triggers (carrying a PO)', markTimes));
  say(
    row(`purchase_orders_sync_dirty() (its POs: ${fixed(median(poLines))} PO lines median)`, syncTimes, TARGETS.added),
  );
  const added = summarize(timesWith).p95 - summarize(timesWithout).p95;
  say(`\np95 with a PO − p95 without: ${fixed(added)} ms (target ≤ ${TARGETS.added}${mark(added, TARGETS.added)}).`);
}

async function measureReceipts() {
  log('receipts...');
  const picked = await db.execute<{ id: number; shipment: string }>(sql`
    select s.id::int as id, s.shipment from shipments s
    where s.act_delivery is not null
      and exists (select 1 from line_items li join purchase_orders po on po.po_number = li.title where li.shipment_id = s.id)
      and not exists (select 1 from receipts r where r.shipment_id = s.id)
    order by random() limit ${receiptCount}`);
  const total: number[] = [];
  const syncTimes: number[] = [];
  for (const shipment of picked.rows) {
    const began = performance.now();
    await withWrite(db, ACTOR, async (write) => {
      const lines = (await receivablesOf(write.tx, shipment.id)).map((line) => ({
        po_number: line.po_number,
        sku: line.sku,
        received_qty: line.shipped_qty,
        reason: null,
        note: '',
      }));
      await recordReceipt(write, shipment, lines, 'screen');
      const a = performance.now();
      await write.tx.execute(sql`select purchase_orders_sync_dirty()`);
      syncTimes.push(performance.now() - a);
    });
    total.push(performance.now() - began);
  }
  say(
    `\n**Receipts** ('Receive' of a delivered shipment carrying POs, every line as shipped; recordReceipt in the write door):\n`,
  );
  say(TABLE_HEAD);
  say(row('receipt, whole write', total));
  say(row('of which purchase_orders_sync_dirty()', syncTimes, TARGETS.added));
}

async function measureImport() {
  log('import...');
  const orders = importLines / 10;
  // PO numbers with no PO yet, and what their line items carry: an ERP export of 10-line POs.
  const carried = await db.execute<{ po_number: string; skus: string[]; supplier: string; etd: string | null }>(sql`
    with titles as (
      select li.title from line_items li
      where not exists (select 1 from purchase_orders po where po.po_number = li.title)
      group by li.title order by min(li.id) desc limit ${orders})
    select t.title as po_number, array_agg(distinct p.part_number) filter (where p.part_number is not null) as skus,
           min(s.consignor_name) as supplier, (min(s.etd) at time zone 'UTC')::date::text as etd
    from titles t join line_items li on li.title = t.title join shipments s on s.id = li.shipment_id
    left join parts p on p.line_item_id = li.id
    group by t.title`);
  const file: PurchaseOrderInput[] = carried.rows.map((po, index) => {
    const skus = (po.skus ?? []).slice(0, 10);
    for (let extra = 1; skus.length < 10; extra++) skus.push(`IMP-${String(index).padStart(6, '0')}-${extra}`);
    return PurchaseOrderInputSchema.parse({
      po_number: po.po_number,
      supplier: po.supplier,
      order_date: '2026-06-01',
      cargo_ready_date: po.etd,
      requested_delivery_date: null,
      incoterm: 'FOB',
      currency: 'USD',
      notes: '',
      lines: skus.map((sku, line) => ({
        line_number: line + 1,
        sku,
        description: 'Imported',
        ordered_qty: 10 + ((index + line) % 40) * 5,
        unit: 'EA',
        unit_price: 1.25,
        requested_date: null,
      })),
    });
  });
  const lineCount = file.reduce((sum, po) => sum + po.lines.length, 0);
  const importOnce = async (pos: PurchaseOrderInput[]) => {
    const began = performance.now();
    const outcomes = { created: 0, updated: 0, unchanged: 0 };
    await withWrite(db, ACTOR, async (write) => {
      for (let start = 0; start < pos.length; start += IMPORT_BATCH_LINES / 10) {
        // As an import reads them: each row checked against the contract, then written.
        const batch = pos.slice(start, start + IMPORT_BATCH_LINES / 10).map((po) => PurchaseOrderInputSchema.parse(po));
        const saved = await savePurchaseOrders(write, batch, { removeAbsentLines: false, source: 'import' });
        for (const outcome of saved.values()) outcomes[outcome] += 1;
        await write.flush();
      }
    });
    return { seconds: (performance.now() - began) / 1000, outcomes };
  };
  const first = await importOnce(file);
  const again = await importOnce(file);
  const amended = file.map((po, index) =>
    index % 10 === 0
      ? { ...po, lines: po.lines.map((line, n) => (n === 0 ? { ...line, ordered_qty: line.ordered_qty + 5 } : line)) }
      : po,
  );
  const third = await importOnce(amended);
  say(
    `\n**ERP import of PO lines** (savePurchaseOrders over ${lineCount.toLocaleString('en-US')} lines of ` +
      `${file.length.toLocaleString('en-US')} POs, batches of ${IMPORT_BATCH_LINES.toLocaleString('en-US')} lines, one transaction, ` +
      `the door's flush and reconciliation after each batch; the parsing of each PO by PurchaseOrderInput included; not the file's reading):\n`,
  );
  say('| run | POs created / updated / unchanged | seconds |\n|---|---|---:|');
  for (const [name, run] of [
    ['first (all new)', first],
    ['same file again', again],
    ['one PO in ten amended', third],
  ] as const)
    say(
      `| ${name} | ${run.outcomes.created} / ${run.outcomes.updated} / ${run.outcomes.unchanged} | ${run.seconds.toFixed(1)}${mark(run.seconds, TARGETS.importSeconds)} |`,
    );
}

async function measureHttp() {
  const env = { ...database.env };
  for (const user of Object.values(USERS)) {
    const company = 'company' in user ? ['--company', user.company] : [];
    // On a kept database (--reuse) the users are there already.
    const created = await tryCli(serverEnv({ ...env, LOG_LEVEL: 'warn' }), [
      'create-user',
      '--email',
      user.email,
      '--password',
      user.password,
      '--name',
      user.role,
      '--role',
      user.role,
      ...company,
    ]);
    if (created.code !== 0 && !`${created.stdout}${created.stderr}`.includes('already'))
      throw new Error(`create-user failed: ${created.stdout}${created.stderr}`);
  }
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'quayside-po-bench-web-'));
  const server = await startServer(database, webDist);
  try {
    const tokens = {
      admin: await signIn(server.baseUrl, 'admin'),
      forwarder: await signIn(server.baseUrl, 'forwarder'),
    };
    const probe = await fetch(`${server.baseUrl}/api/PurchaseOrders`, { headers: bearer(tokens.admin) });
    if (probe.status === 404) {
      say(
        '\n**PO list and page**: not measured, the routes are not on this branch (GET /api/PurchaseOrders answers 404).',
      );
      return;
    }
    log('http: PO list and page...');
    const numbers = {
      admin: (
        await db.execute<{ po_number: string }>(
          sql`select po_number from purchase_orders order by random() limit ${questionCount * 2}`,
        )
      ).rows.map((r) => r.po_number),
      forwarder: (
        await db.execute<{ po_number: string }>(sql`
          select po.po_number from purchase_orders po
          where exists (select 1 from line_items li join shipments s on s.id = li.shipment_id
                        where li.title = po.po_number and s.forwarder_name = ${USERS.forwarder.company}
                          and not li.hide_lineitem)
          order by random() limit ${questionCount * 2}`)
      ).rows.map((r) => r.po_number),
    };
    say(
      '\n**PO list and PO page through HTTP** (the real server, each request a question it was not asked before, one at a time):\n',
    );
    say(TABLE_HEAD);
    const failures: string[] = [];
    for (const user of ['admin', 'forwarder'] as const) {
      const ask = async (url: string) => {
        const began = performance.now();
        const response = await fetch(`${server.baseUrl}${url}`, { headers: bearer(tokens[user]) });
        await response.arrayBuffer();
        const ms = performance.now() - began;
        // A refusal (503: the statement timeout) is counted and kept with its time, not hidden.
        if (response.status !== 200) failures.push(`${response.status} after ${fixed(ms)} ms: ${url}`);
        return ms;
      };
      const list = listQuestions(questionCount + 1, user === 'admin' ? 41 : 42, numbers.admin);
      await ask(list[0]?.url ?? '/api/PurchaseOrders'); // warm-up, a question of its own
      const byKind = new Map<string, number[]>();
      for (const question of list.slice(1)) {
        const ms = await ask(question.url);
        for (const kind of question.kinds) byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
      }
      say(row(`${user}: the list, all questions`, byKind.get('all') ?? [], TARGETS.page));
      for (const [kind, times] of [...byKind].filter(([kind]) => kind !== 'all'))
        say(row(`${user}: the list, ${kind}`, times, TARGETS.page));
      const pageTimes: number[] = [];
      const pool = numbers[user];
      await ask(`/api/PurchaseOrders/detail?po=${encodeURIComponent(pool[pool.length - 1] ?? '')}`);
      for (const number of pool.slice(0, questionCount))
        pageTimes.push(await ask(`/api/PurchaseOrders/detail?po=${encodeURIComponent(number)}`));
      say(row(`${user}: a PO page`, pageTimes, TARGETS.page));
    }
    if (failures.length > 0)
      say(`\nNot answered 200 (${failures.length}):\n\n${failures.map((f) => `- ${f}`).join('\n')}`);
  } finally {
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
}

/** Seeded list questions, each URL new; `kinds` names what each asks, for the per-kind rows. */
function listQuestions(count: number, seed: number, poNumbers: string[]) {
  const random = seeded(seed);
  const pickOf = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  const seen = new Set<string>();
  const questions: { url: string; kinds: string[] }[] = [];
  const searches = () =>
    pickOf([
      () => (pickOf(poNumbers) ?? 'PO-00').slice(0, 6 + Math.floor(random() * 4)),
      () => pickOf(['ningbo', 'valve works', 'siam', 'busan', 'qingdao', 'polymers']),
      () =>
        `${pickOf(['vlv', 'fit', 'pipe', 'cap', 'elb', 'tee', 'pn'])}-${String(Math.floor(random() * 1000)).padStart(3, '0')}`,
    ])();
  while (questions.length < count) {
    const query = new URLSearchParams();
    const kinds = ['all'];
    if (random() < 0.35) {
      query.set('q', searches());
      kinds.push('with a search');
    }
    if (random() < 0.4) {
      const chips = [...new Set([pickOf(PO_CHIPS), ...(random() < 0.3 ? [pickOf(PO_CHIPS)] : [])])];
      query.set('chip', chips.join(','));
      kinds.push('with chips');
    }
    if (random() < 0.15) {
      query.set('exception', pickOf(PO_EXCEPTION_KINDS));
      kinds.push('with an exception kind');
    }
    if (random() < 0.15) {
      query.set(
        'supplier',
        pickOf(['Ningbo Hengda Plastics', 'Taizhou Valve Works', 'Siam Fittings Co.', 'Busan Precision Parts']),
      );
      kinds.push('with a supplier');
    }
    if (random() < 0.7) {
      query.set('sort', pickOf(PO_SORT_KEYS));
      query.set('direction', random() < 0.5 ? 'asc' : 'desc');
      kinds.push('sorted');
    }
    const page = random() < 0.6 ? 1 : 1 + Math.floor(random() * (random() < 0.8 ? 10 : 200));
    if (page > 1) {
      query.set('page', String(page));
      kinds.push(page > 10 ? 'deep page (11–200)' : 'page 2–10');
    }
    query.set('pageSize', String(pickOf(PAGE_SIZES.slice(0, 3))));
    const url = `/api/PurchaseOrders?${query}`;
    if (seen.has(url)) continue;
    seen.add(url);
    questions.push({ url, kinds });
  }
  return questions;
}

function median(values: number[]) {
  return summarize(values).median;
}
