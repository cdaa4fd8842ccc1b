// Which in-memory columnar engine answers the dashboard's line-item questions: each engine holds
// every row of line_item_rows (read from a bulk-loaded PostgreSQL database) and answers the
// generated question mix (generated-mix.ts, the same questions as the HTTP benchmark) in process,
// as the Admin (every row) and as the Forwarder (its company's rows that are not hidden).
//   node --expose-gc --import tsx bench/columnar-choice.ts --engine duckdb|columnar \
//     --database postgres://postgres@127.0.0.1:5432/qs_bench_1m [--copies K] [--questions 300] [--seed 23] [--check N]
//     [--helpers H] [--fastest-of N]
// --copies K holds the rows K times (copy c's ids + c × 10^8, its unique texts suffixed -c), for
// 10,000,000 rows from a 1,000,000-row database. --check N first compares the first N questions'
// pages (as the Admin) with domain's reference over the same rows, their exceptions decided by the
// rules (exception-sql.ts), which the reference leaves out.
// Reports, as JSON on stdout (a summary on stderr): seconds to read and to build, memory the
// engine holds, p50/p95/p99/max of pages and exact counts per role, with the CPU time each took
// (every thread's: DuckDB runs a question on several, V8 collects on helper threads), the
// questions left to PostgreSQL, the ten slowest, and the writes: one changed row (200 rows, one at
// a time) and 100,000 changed rows at once, then the Admin's pages again after them. --helpers H
// gives ColumnarRows H helper threads (slot-threads.ts; the server starts one per core but its own);
// by default it works on this thread alone, as the runs before them. --fastest-of N asks each
// question N times in a row and takes its fastest (for comparing two versions of an engine).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { COLUMN_KEYS, LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import { LineItemQuery, queryLineItems, type RowQuery, shiftDay } from '@quayside/domain/line-item-query';
import pg from 'pg';
import { EXCEPTION_BASES, type ExceptionContext } from '../apps/server/src/modules/exceptions/exception-sql.ts';
import { hasException, lineItemOf } from '../apps/server/src/modules/line-items/columnar/reference-rows.ts';
import type { RowPage, RowRecord, RowScope } from '../apps/server/src/modules/line-items/columnar/row-record.ts';
import { DuckdbRows } from './columnar/duckdb-rows.ts';
import { distribution, GENERATED_SEED, generateQuestions, type Question } from './generated-mix.ts';
import { percentile } from './stats.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'duckdb' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/qs_bench_1m' },
    copies: { type: 'string', default: '1' },
    questions: { type: 'string', default: '300' },
    seed: { type: 'string', default: String(GENERATED_SEED) },
    check: { type: 'string', default: '0' },
    'single-writes': { type: 'string', default: '200' },
    'batch-writes': { type: 'string', default: '100000' },
    helpers: { type: 'string', default: '0' },
    'fastest-of': { type: 'string', default: '1' },
  },
});
const engineName = values.engine;
if (engineName !== 'duckdb' && engineName !== 'columnar') throw new Error('--engine is duckdb or columnar');
const copies = Number(values.copies);
const questionCount = Number(values.questions);
const seed = Number(values.seed);
const checkCount = Number(values.check);
const singleWrites = Number(values['single-writes']);
const batchWrites = Number(values['batch-writes']);
const helpers = Number(values.helpers);
const fastestOf = Math.max(1, Number(values['fastest-of']));

/** What the harness asks of an engine: DuckdbRows answers in promises, ColumnarRows at once. */
type Engine = {
  page(
    scope: RowScope,
    query: RowQuery,
    context: ExceptionContext,
    offset: number,
    limit: number,
  ): Promise<RowPage | null> | RowPage | null;
  count(scope: RowScope, query: RowQuery, context: ExceptionContext): Promise<number | null> | number | null;
  upsert(records: RowRecord[]): Promise<void> | void;
  remove(ids: number[]): Promise<void> | void;
  /** ColumnarRows orders a column again after writes on demand: timed as part of a batch's cost. */
  rankAll?(): Promise<void>;
  close?(): void;
};

const say = (text: string) => process.stderr.write(`${text}\n`);
const seconds = (ms: number) => Math.round(ms) / 1000;
const round = (ms: number) => Math.round(ms * 100) / 100;

const DATE_KEYS = COLUMN_KEYS.filter((key) => LINE_ITEM_COLUMNS[key].kind === 'date');
const COLUMNS = [
  'line_item_id::float8 AS line_item_id',
  'shipment_id::float8 AS shipment_id',
  'forwarder_key',
  'is_hidden',
  'title',
  'related_shipment',
  'forwarder_name',
  'cosignee_name',
  'origin_port',
  'destination_port',
  'transit_type',
  'part_numbers',
  'house',
  'master',
  'number_of_parts',
  'total_qty::float8 AS total_qty',
  ...DATE_KEYS.map((key) => `to_char(${key}, 'YYYY-MM-DD') AS ${key}`),
  // The exception bases as rows-copy.ts reads them: dates as days from 1970 (integers, JS numbers), counts as they are.
  ...Object.entries(EXCEPTION_BASES).map(([basis, kind]) =>
    kind === 'date' ? `${basis} - date '1970-01-01' AS ${basis}` : basis,
  ),
];

/** Every row of line_item_rows, in id order, fetched through a cursor in batches. */
async function readRecords(connectionString: string): Promise<RowRecord[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const records: RowRecord[] = [];
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(
      `DECLARE line_item_cursor NO SCROLL CURSOR FOR SELECT ${COLUMNS.join(', ')} FROM line_item_rows ORDER BY line_item_id`,
    );
    for (;;) {
      const batch = await client.query<RowRecord>('FETCH 20000 FROM line_item_cursor');
      if (batch.rows.length === 0) break;
      for (const row of batch.rows) records.push(row);
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  return records;
}

/** Copy `copy` of a record: its own id and its own unique texts, every other cell (the exception bases too) the same. */
function copyOf(record: RowRecord, copy: number): RowRecord {
  if (copy === 0) return record;
  const suffix = (text: string) => (text === '' ? text : `${text}-${copy}`);
  return {
    ...record,
    line_item_id: record.line_item_id + copy * 100_000_000,
    title: suffix(record.title),
    house: suffix(record.house),
    master: suffix(record.master),
    related_shipment: suffix(record.related_shipment),
  };
}

function* allCopies(records: readonly RowRecord[]): Generator<RowRecord> {
  for (let copy = 0; copy < copies; copy++) for (const record of records) yield copyOf(record, copy);
}

function memory() {
  global.gc?.();
  global.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}
const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

async function build(records: readonly RowRecord[]): Promise<Engine> {
  if (engineName === 'duckdb') return DuckdbRows.load(allCopies(records));
  // Another engineer's engine: only this branch needs its module.
  const columnarPath = '../apps/server/src/modules/line-items/columnar/columnar-rows.ts';
  const { ColumnarRows } = (await import(columnarPath)) as {
    ColumnarRows: { from(records: Iterable<RowRecord>, threads?: unknown): Engine };
  };
  const { SlotThreads } = await import('../apps/server/src/modules/line-items/columnar/slot-threads.ts');
  const threads = helpers > 0 ? new SlotThreads(helpers) : undefined;
  await threads?.ready;
  return ColumnarRows.from(allCopies(records), threads);
}

/** A question asked: its wall time, and the CPU time the process spent on it (every thread's, DuckDB's too). */
type Asked = { role: string; words: string; path: string; ms: number; cpuMs: number; matches: number };

/** The question's query, page and page size; null for one the server refuses (400), as a generated filter value may be. */
const queryOf = (question: Question) => {
  const search = new URLSearchParams(question.path.slice(question.path.indexOf('?') + 1));
  search.delete('unique');
  const parsed = LineItemQuery.safeParse(Object.fromEntries(search));
  if (!parsed.success) return null;
  const query = parsed.data;
  return { query, offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
};

const timed = async <T>(work: () => Promise<T> | T): Promise<{ ms: number; cpuMs: number; value: T }> => {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const { user, system } = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (user + system) / 1000, value };
};

/**
 * A question asked `--fastest-of` times in a row, at its fastest: what the engine's work costs,
 * without what else this shared machine was doing (one run's p95 moved by a fifth from run to run).
 */
const atFastest = async <T>(work: () => Promise<T> | T) => {
  let best = await timed(work);
  for (let time = 1; time < fastestOf; time++) {
    const next = await timed(work);
    if (next.ms < best.ms) best = next;
  }
  return best;
};

const summary = (asked: readonly Asked[]) => {
  const figures = distribution(asked.map((row) => row.ms));
  const cpu = distribution(asked.map((row) => row.cpuMs));
  return {
    n: figures.n,
    p50: round(figures.p50),
    p95: round(figures.p95),
    p99: round(figures.p99),
    max: round(figures.max),
    cpuP50: round(cpu.p50),
    cpuP95: round(cpu.p95),
  };
};
const slowest = (asked: readonly Asked[]) =>
  [...asked]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
    .map((row) => ({ ms: round(row.ms), role: row.role, matches: row.matches, words: row.words }));

/** A record with its est_delivery moved on `days` and its title marked, as a save changes them. */
const changed = (record: RowRecord, mark: string, days: number): RowRecord => ({
  ...record,
  title: `${record.title}-${mark}`,
  est_delivery: shiftDay(record.est_delivery ?? record.dest_eta ?? '2026-01-01', days),
});

const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);
const loadAtStart = loadAverage();

// Read.
say(`reading line_item_rows from ${values.database.replace(/\/\/[^@]*@/, '//')}...`);
const read = await timed(() => readRecords(values.database));
const records = read.value;
if (records.length === 0) throw new Error('line_item_rows is empty: bulk-load the database first');
const rows = records.length * copies;
say(`read ${records.length.toLocaleString('en-US')} rows in ${seconds(read.ms)} s`);

// Build.
const before = memory();
const built = await timed(() => build(records));
const engine = built.value;
const after = memory();
const held = {
  rssMB: megabytes(after.rss - before.rss),
  heapUsedMB: megabytes(after.heapUsed - before.heapUsed),
  externalMB: megabytes(after.external - before.external),
  arrayBuffersMB: megabytes(after.arrayBuffers - before.arrayBuffers),
};
say(
  `built ${engineName} over ${rows.toLocaleString('en-US')} rows in ${seconds(built.ms)} s, holding ${JSON.stringify(held)}`,
);

// The questions, drawn from the rows sampleRows asks the server for, in the server's default order.
const today = new Date().toISOString().slice(0, 10);
/** The day and the Admin's ETA slip threshold (the default) every question is decided on. */
const context: ExceptionContext = { today, etaSlipDays: 3 };
const sample = queryLineItems(
  records.filter((record) => record.related_shipment.startsWith('BLK1-00001')).map(lineItemOf),
  LineItemQuery.parse({}),
  { today, now: new Date().toISOString(), dateChanges: [] },
).slice(0, 500);
const generated = generateQuestions(seed, questionCount, sample);
const questions = generated.flatMap((question) => {
  const asked = queryOf(question);
  return asked === null ? [] : [{ ...question, ...asked }];
});
const refused = generated.length - questions.length;
const first = records.reduce((lowest, record) => (record.line_item_id < lowest.line_item_id ? record : lowest));
const roles: { role: string; scope: RowScope }[] = [
  { role: 'Admin', scope: { sees: 'everything' } },
  { role: 'Forwarder', scope: { sees: 'company', key: first.forwarder_key } },
];

if (checkCount > 0) {
  say(`checking the first ${checkCount} questions against the reference...`);
  const all = [...allCopies(records)];
  const items = all.map(lineItemOf);
  let mismatches = 0;
  for (const { query, offset, limit, words } of questions.slice(0, checkCount)) {
    const page = await engine.page({ sees: 'everything' }, query, context, offset, limit);
    if (page === null) continue;
    const kinds = query.exception ?? [];
    const candidates =
      kinds.length === 0
        ? items
        : items.filter((_item, index) => hasException(all[index] as RowRecord, kinds, context));
    const expected = queryLineItems(candidates, query, { today, now: new Date().toISOString(), dateChanges: [] });
    const ids = expected.slice(offset, offset + limit).map((item) => Number(item._id));
    if (page.total !== expected.length || JSON.stringify(page.ids) !== JSON.stringify(ids)) {
      mismatches++;
      say(`MISMATCH ${words}: total ${page.total} vs ${expected.length}`);
    }
  }
  say(`checked: ${mismatches} mismatches`);
  if (mismatches > 0) process.exitCode = 1;
}

// Warm: the first question of a fresh engine pays for plans and caches the others find ready.
for (const { scope } of roles) await engine.page(scope, LineItemQuery.parse({}), context, 0, 50);

const pages: Asked[] = [];
const counts: Asked[] = [];
const routed = { pages: 0, counts: 0, questions: 0 };
for (const { role, scope } of roles) {
  for (const question of questions) {
    const { query, offset, limit } = question;
    const page = await atFastest(() => engine.page(scope, query, context, offset, limit));
    if (page.value === null) {
      routed.pages++;
      if (role === 'Admin') routed.questions++;
    } else {
      pages.push({
        role,
        words: question.words,
        path: question.path,
        ms: page.ms,
        cpuMs: page.cpuMs,
        matches: page.value.total,
      });
    }
    if (!question.counted) continue;
    const count = await atFastest(() => engine.count(scope, query, context));
    if (count.value === null) routed.counts++;
    else
      counts.push({
        role,
        words: question.words,
        path: question.path,
        ms: count.ms,
        cpuMs: count.cpuMs,
        matches: count.value,
      });
  }
}
say(`asked ${questions.length} questions as ${roles.map((role) => role.role).join(' and ')}`);

// Writes: a save changes one row's title and Est Delivery; an import changes many at once.
const spread = (count: number) =>
  Array.from(
    { length: Math.min(count, records.length) },
    (_, index) => records[Math.floor((index * records.length) / Math.min(count, records.length))],
  ).filter((record): record is RowRecord => record !== undefined);
const single: number[] = [];
for (const record of spread(singleWrites)) {
  const write = await timed(() => engine.upsert([changed(record, 'u', 1)]));
  single.push(write.ms);
}
const batchRecords = spread(batchWrites).map((record) => changed(record, 'b', 2));
const batch = await timed(() => engine.upsert(batchRecords));
const reordered = engine.rankAll === undefined ? undefined : await timed(() => engine.rankAll?.());
say(`wrote ${single.length} single rows and a batch of ${batchRecords.length.toLocaleString('en-US')}`);

// The Admin's pages again, over the written rows.
const again: Asked[] = [];
let routedAgain = 0;
for (const question of questions) {
  const { query, offset, limit } = question;
  const page = await timed(() => engine.page({ sees: 'everything' }, query, context, offset, limit));
  if (page.value === null) routedAgain++;
  else
    again.push({
      role: 'Admin',
      words: question.words,
      path: question.path,
      ms: page.ms,
      cpuMs: page.cpuMs,
      matches: page.value.total,
    });
}

const byRole = (asked: readonly Asked[], role: string) => summary(asked.filter((row) => row.role === role));
const report = {
  engine: engineName,
  rows,
  copies,
  questions: questions.length,
  refusedAsInvalid: refused,
  seed,
  today,
  readSeconds: seconds(read.ms),
  buildSeconds: seconds(built.ms),
  memoryHeldMB: held,
  memoryAfterBuildMB: {
    rss: megabytes(after.rss),
    heapUsed: megabytes(after.heapUsed),
    external: megabytes(after.external),
    arrayBuffers: megabytes(after.arrayBuffers),
  },
  pages: { Admin: byRole(pages, 'Admin'), Forwarder: byRole(pages, 'Forwarder') },
  counts: { Admin: byRole(counts, 'Admin'), Forwarder: byRole(counts, 'Forwarder') },
  routedToPostgres: routed,
  slowestPages: slowest(pages),
  slowestCounts: slowest(counts),
  writes: {
    singleRow: {
      n: single.length,
      p50: round(percentile(single, 50)),
      p95: round(percentile(single, 95)),
      max: round(Math.max(0, ...single)),
    },
    batch: {
      rows: batchRecords.length,
      seconds: seconds(batch.ms),
      ...(reordered === undefined ? {} : { rankAllSeconds: seconds(reordered.ms) }),
    },
  },
  pagesAfterWrites: { Admin: summary(again), routedToPostgres: routedAgain },
  loadAverage: { atStart: loadAtStart, atEnd: loadAverage(), cores: os.cpus().length },
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);

const line = (label: string, figures: ReturnType<typeof summary>) =>
  `${label.padEnd(22)} n=${String(figures.n).padStart(3)}  p50 ${figures.p50} ms  p95 ${figures.p95} ms  p99 ${figures.p99} ms  max ${figures.max} ms  (CPU p50 ${figures.cpuP50} ms, p95 ${figures.cpuP95} ms)`;
say(
  [
    '',
    `${engineName}: ${rows.toLocaleString('en-US')} rows; read ${report.readSeconds} s, build ${report.buildSeconds} s, held rss ${held.rssMB} MB (heap ${held.heapUsedMB} MB)`,
    line('pages, Admin', report.pages.Admin),
    line('pages, Forwarder', report.pages.Forwarder),
    line('counts, Admin', report.counts.Admin),
    line('counts, Forwarder', report.counts.Forwarder),
    line('pages after writes', report.pagesAfterWrites.Admin),
    `routed to PostgreSQL: ${routed.questions} of ${questions.length} questions`,
    `one changed row: p50 ${report.writes.singleRow.p50} ms, p95 ${report.writes.singleRow.p95} ms; ${batchRecords.length.toLocaleString('en-US')} changed rows: ${report.writes.batch.seconds} s`,
    `load average ${report.loadAverage.atStart.join(' ')} at the start, ${report.loadAverage.atEnd.join(' ')} at the end (${report.loadAverage.cores} cores)`,
  ].join('\n'),
);
engine.close?.();
