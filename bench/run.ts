// `npm run bench -- --rows N[,N...] --engine postgres|pglite[,...]`: for each engine and size, a
// fresh database bulk-loaded with N line items, the real server on it, and then
//   - the query mix through HTTP as an Admin and as a Forwarder (median and p95 of --runs runs),
//     with /livez probed all along;
//   - --questions generated questions (generated-mix.ts), each new to the server, and their counts;
//   - throughput (autocannon, 50 connections, 20 s) of the default page and a filtered page;
//   - the full CSV export;
//   - the dashboard in Chromium (first rows, a filter, two searches);
//   - the download-everything baseline at --baseline-rows, and its attempt at 1,000,000 rows;
//   - the daily exception sweep (its first run, and the next day's);
// then a Markdown report, printed and appended to bench/RESULTS.md (unless --no-record).
// Each size loads its own database, so one run's figures are comparable with each other.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openMigratedDatabase } from '../apps/server/src/db/open-from-config.ts';
import { sweepExceptions } from '../apps/server/src/modules/exceptions/exception-sweep.ts';
import { REPO_ROOT } from '../apps/server/src/testing/server-process.ts';
import { runAnalyticsMix } from './analytics-mix.ts';
import { attemptBaselineResponse, measureBaseline } from './baseline.ts';
import {
  type Database,
  type Engine,
  freshDatabase,
  load,
  postgresVersion,
  type Server,
  signIn,
  startServer,
  USERS,
  type UserName,
} from './bench-server.ts';
import { initialJavaScript, measureDashboard } from './browser.ts';
import { measureExport } from './export-figures.ts';
import { GENERATED_SEED, generateQuestions, runGeneratedMix, sampleRows } from './generated-mix.ts';
import { startLivenessProbe } from './liveness.ts';
import { COMMON_SEARCH, type MixRow, pickSample, queryMix, runMix } from './query-mix.ts';
import { report, type SizeResult, type SweepFigures } from './report.ts';
import { measureThroughput, type ThroughputFigures } from './throughput.ts';

const PARTS = ['latency', 'generated', 'analytics', 'throughput', 'export', 'browser', 'baseline', 'sweep'] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    engine: { type: 'string', default: 'postgres' },
    runs: { type: 'string', default: '20' },
    questions: { type: 'string', default: '300' },
    'browser-runs': { type: 'string', default: '5' },
    'baseline-rows': { type: 'string', default: '100000,400000' },
    only: { type: 'string', default: PARTS.join(',') },
    'no-record': { type: 'boolean', default: false },
  },
});

const numbers = (text: string) => text.split(',').map((item) => Number(item.replaceAll('_', '')));
const sizes = numbers(values.rows);
const engines = values.engine.split(',') as Engine[];
const parts = new Set(values.only.split(',') as Part[]);
const baselineSizes = parts.has('baseline') ? numbers(values['baseline-rows']) : [];
const runs = Number(values.runs);
const questionCount = Number(values.questions);
const browserRuns = Number(values['browser-runs']);
for (const engine of engines)
  if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`unknown engine ${engine}`);
for (const part of parts) if (!PARTS.includes(part)) throw new Error(`unknown part ${part}: ${PARTS.join(', ')}`);

const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
const started = new Date();
console.error(
  `${command}: ${engines.join(', ')} at ${sizes.join(', ')} line items (baseline at ${baselineSizes.join(', ') || 'none'})`,
);

// One production build of the web app for every server of the run.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-web-'));
execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], {
  cwd: path.join(REPO_ROOT, 'apps/web'),
  stdio: 'ignore',
});
const javaScript = initialJavaScript(webDist);

const results: SizeResult[] = [];
try {
  for (const engine of engines) {
    const allSizes = [...new Set([...sizes, ...baselineSizes])].sort((a, b) => a - b);
    for (const rows of allSizes) {
      try {
        results.push(await measureSize(engine, rows));
      } catch (error) {
        // One size failing (a timeout, a crash) still leaves the others' figures to report.
        console.error(`[${engine} ${rows}] failed:`, error);
        results.push({ engine, rows, loadSeconds: Number.NaN, error: String(error) });
      }
    }
  }
} finally {
  rmSync(webDist, { recursive: true, force: true });
}

const markdown = report({
  command,
  started,
  results,
  javaScript,
  sizes,
  baselineSizes,
  postgresVersion: engines.includes('postgres') ? await postgresVersion() : 'not used',
});
console.log(markdown);
if (!values['no-record']) appendFileSync(path.join(REPO_ROOT, 'bench/RESULTS.md'), `\n${markdown}`);

async function measureSize(engine: Engine, rows: number): Promise<SizeResult> {
  const log = (message: string) => console.error(`[${engine} ${rows.toLocaleString('en')}] ${message}`);
  const database = await freshDatabase(engine, `${engine}_${rows}`);
  try {
    log('loading...');
    const { seconds } = await load(database, rows);
    log(`loaded in ${seconds.toFixed(1)} s`);
    const result: SizeResult = { engine, rows, loadSeconds: seconds };
    if (sizes.includes(rows)) await measureServer(database, result, log);
    if (sizes.includes(rows) && parts.has('sweep')) {
      log('exception sweep...');
      await withDatabase(database, async (db) => {
        result.sweep = await measureSweep(db);
      });
    }
    if (baselineSizes.includes(rows)) {
      log('baseline...');
      await withDatabase(database, async (db) => {
        result.baseline = await measureBaseline({ db, rows, runs: browserRuns });
      });
    }
    // The design we replace cannot answer at all at this size; show it once, on the largest load.
    if (parts.has('baseline') && rows >= 1_000_000) {
      log('baseline: attempting the whole response...');
      await withDatabase(database, async (db) => {
        result.wholeResponse = await attemptBaselineResponse({ db });
      });
    }
    return result;
  } finally {
    await database.drop();
  }
}

async function measureServer(database: Database, result: SizeResult, log: (message: string) => void) {
  const server = await startServer(database, webDist);
  try {
    const tokens = {
      admin: await signIn(server.baseUrl, 'admin'),
      forwarder: await signIn(server.baseUrl, 'forwarder'),
    };
    if (parts.has('latency')) {
      log('query mix...');
      const probe = startLivenessProbe(server.baseUrl);
      const mix = {} as Record<UserName, MixRow[]>;
      for (const user of ['admin', 'forwarder'] as const) {
        const sample = await pickSample(server.baseUrl, tokens[user]);
        mix[user] = await runMix(server.baseUrl, tokens[user], queryMix(sample), runs);
      }
      result.liveness = await probe.stop();
      result.mix = mix;
    }
    if (parts.has('generated')) {
      log(`generated questions (${questionCount} each)...`);
      // The admin's sample, so both users are asked the same questions.
      const questions = generateQuestions(
        GENERATED_SEED,
        questionCount,
        await sampleRows(server.baseUrl, tokens.admin),
      );
      result.generated = {
        admin: await runGeneratedMix(server.baseUrl, tokens.admin, questions),
        forwarder: await runGeneratedMix(server.baseUrl, tokens.forwarder, questions),
      };
    }
    if (parts.has('analytics')) {
      log('analytics...');
      result.analytics = {
        admin: await runAnalyticsMix(server.baseUrl, tokens.admin, runs, true),
        forwarder: await runAnalyticsMix(server.baseUrl, tokens.forwarder, runs, false),
      };
    }
    if (parts.has('throughput')) result.throughput = await throughput(server, tokens.admin, log);
    if (parts.has('export')) {
      log('export...');
      result.export = await measureExport({ baseURL: server.baseUrl, token: tokens.admin, serverPid: pidOf(server) });
    }
    if (parts.has('browser')) {
      log('browser...');
      const sample = await pickSample(server.baseUrl, tokens.admin);
      result.browser = await measureDashboard({
        baseURL: server.baseUrl,
        ...USERS.admin,
        runs: browserRuns,
        rareSearch: sample.title,
        commonSearch: COMMON_SEARCH,
      });
    }
  } finally {
    await server.stop();
  }
}

async function throughput(server: Server, token: string, log: (message: string) => void) {
  const filtered = new URLSearchParams({
    filters: JSON.stringify([{ column: 'transit_type', operator: 'equals', value: 'AIR' }]),
  });
  const figures: ThroughputFigures[] = [];
  for (const [name, url, uniqueUrls] of [
    ['default page', `${server.baseUrl}/api/LineItems`, false],
    ['filtered page (Transit Type equals AIR)', `${server.baseUrl}/api/LineItems?${filtered}`, false],
    ['default page, none remembered (each URL its own)', `${server.baseUrl}/api/LineItems`, true],
  ] as const) {
    log(`throughput: ${name}...`);
    figures.push(await measureThroughput({ name, url, token, uniqueUrls }));
    // autocannon leaves with requests still in flight; let them finish before the next part.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return figures;
}

function pidOf(server: Server) {
  if (server.pid === undefined) throw new Error('the server has no pid');
  return server.pid;
}

/**
 * The daily exception sweep, timed twice: the first, which takes stock of every
 * shipment's exceptions, and the next day's, which compares with it and records what is new.
 */
async function measureSweep(db: Awaited<ReturnType<typeof openMigratedDatabase>>['db']): Promise<SweepFigures> {
  const timed = async (clock: () => Date) => {
    const started = performance.now();
    const { opened, closed } = await sweepExceptions(db, clock, undefined);
    return { seconds: (performance.now() - started) / 1000, opened, closed };
  };
  const first = await timed(() => new Date());
  const nextDay = await timed(() => new Date(Date.now() + 86_400_000));
  return { first, nextDay };
}

/** The database opened from the bench process (the server stopped: PGlite has one user at a time). */
async function withDatabase(
  database: Database,
  use: (db: Awaited<ReturnType<typeof openMigratedDatabase>>['db']) => Promise<void>,
) {
  const handle = await openMigratedDatabase(loadConfig({ ...database.env }));
  try {
    await use(handle.db);
  } finally {
    await handle.close();
  }
}
