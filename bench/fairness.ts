// Fairness: what one heavy user costs everyone else. Twenty browsing users (twenty connections, each
// asking the next of the generated dashboard questions as soon as its last answer came, every URL
// new) measured alone, then beside one Admin looping a full export, an import and the eight
// analytics figures. A fresh PostgreSQL database bulk-loaded with N line items (default 100,000)
// plus an import file of `--import-rows` shipment rows (imported once before, so each loop's import
// reads and compares every row); the production server through tsx. Prints a Markdown table.
//   node --import tsx bench/fairness.ts [--rows 100000] [--seconds 30] [--users 20] [--import-rows 10000]
// PostgreSQL: a database on POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped after.
// The load generator runs on the same machine as the server and the database.

import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runCli, signInOverHttp, startRealServer } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { ANALYTICS_PATHS, analyticsQuestions } from './analytics-mix.ts';
import { bearer, driveLoad, freshDatabase, type Load, load, postgresVersion, signIn } from './bench-server.ts';
import { generateQuestions, sampleRows } from './generated-mix.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '30' },
    users: { type: 'string', default: '20' },
    'import-rows': { type: 'string', default: '10000' },
  },
});
const rows = Number(values.rows);
const seconds = Number(values.seconds);
const users = Number(values.users);
const importRows = Number(values['import-rows']);

const HEAVY = { email: 'bench-heavy@quayside.test', password: 'bench-heavy-password' };
/** The browsing users' questions, the same in every phase and run. */
const QUESTION_SEED = 9;
/** The server's first requests compile and fill caches: not counted. */
const WARM_UP_SECONDS = 10;

/** A forwarder report of `count` shipment rows, one to three PO numbers each (as bench/import-timings.ts). */
function importFile(count: number): string {
  const lines = ['Shipment,Order Ref,Forwarder Name,Consignee Name,Origin,Dest.,Trans,ETD,ETA'];
  for (let i = 0; i < count; i += 1) {
    const pos = Array.from({ length: 1 + (i % 3) }, (_, k) => `FAIR-${i}-${k}`).join(', ');
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(
      `FAIR-${String(i).padStart(7, '0')},"${pos}",Kestrel Freight,NAPCO Americas,CNSHA,USMIA,SEA,2026-${month}-${day},2026-${month}-${day}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** CPU seconds used so far: by the server process (its threads included), and by the whole machine. */
function cpuSeconds(pid: number) {
  const ticks = 100; // USER_HZ on Linux
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const server = (Number(fields[11]) + Number(fields[12])) / ticks;
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const machine = (cpu.reduce((sum, value) => sum + value, 0) - idle) / ticks;
  return { server, machine };
}

/** The phase's CPU: the server's and the rest of the machine's (PostgreSQL, the load generator), in cores. */
async function withCpu<T>(pid: number, phase: () => Promise<T>) {
  const before = cpuSeconds(pid);
  const started = performance.now();
  const result = await phase();
  const after = cpuSeconds(pid);
  const elapsed = (performance.now() - started) / 1000;
  const server = (after.server - before.server) / elapsed;
  const others = (after.machine - before.machine) / elapsed - server;
  return { result, cpu: `server ${server.toFixed(2)} cores, the rest ${others.toFixed(2)}` };
}

type Browsing = Load;

/** `users` loops, each asking the next question as soon as its last answer came, for `seconds`. */
async function browse(
  baseUrl: string,
  token: string,
  paths: readonly string[],
  tag: string,
  seconds: number,
): Promise<Browsing> {
  // An extra parameter the server ignores: no answer comes from memory.
  const browsing = await driveLoad(
    users,
    seconds,
    token,
    (next) => `${baseUrl}${paths[next % paths.length]}&unique=${tag}-${next}`,
  );
  return { ...browsing, perSecond: Math.round(browsing.perSecond * 10) / 10 };
}

type HeavyStep = { name: string; ms: number; status: number };

/**
 * The heavy Admin, as in three tabs: one loops the full export, one the import, one the analytics
 * page (its eight figures at once, the widest range), each asking again as soon as its answer
 * came, until stopped.
 */
function heavyLoops(baseUrl: string, token: string, file: string) {
  const steps: HeavyStep[] = [];
  let isStopped = false;
  const widest = analyticsQuestions(1, 20, true)[0] ?? '';
  const loop = async (name: string, send: () => Promise<Response>) => {
    while (!isStopped) {
      const began = performance.now();
      const response = await send();
      await response.arrayBuffer();
      steps.push({ name, ms: performance.now() - began, status: response.status });
      // A refused request is asked again after a breath, as a person clicking again would.
      if (!response.ok) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  const figure = (path: string) => () =>
    fetch(`${baseUrl}/api/Analytics/${path}?${widest}`, { headers: bearer(token) });
  const done = Promise.all([
    loop('export', () => fetch(`${baseUrl}/api/LineItems/export`, { headers: bearer(token) })),
    loop('import', () => {
      const form = new FormData();
      form.set('shipments', new Blob([file], { type: 'text/csv' }), 'report.csv');
      return fetch(`${baseUrl}/api/Import`, { method: 'POST', headers: bearer(token), body: form });
    }),
    // The analytics page asks its eight figures at once; answers are never remembered, so the
    // widest question each time costs the same.
    ...ANALYTICS_PATHS.map((path) => loop('analytics', figure(path))),
  ]);
  return {
    steps,
    stop: async () => {
      isStopped = true;
      await done;
    },
  };
}

function heavySummary(steps: readonly HeavyStep[]) {
  const kinds = ['export', 'import', 'analytics'];
  return kinds
    .map((kind) => {
      const mine = steps.filter((step) => step.name === kind);
      const statuses = [...new Set(mine.map((step) => step.status))].sort().join('/');
      return `${kind} ${mine.length}× (median ${Math.round(median(mine.map((step) => step.ms)))} ms, status ${statuses || '-'})`;
    })
    .join('; ');
}

const database = await freshDatabase('postgres', 'fairness');
const lines: string[] = [];
try {
  console.error(`loading ${rows} line items...`);
  await load(database, rows);
  const env = serverEnv({ ...database.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  await runCli(env, [
    'create-user',
    '--email',
    HEAVY.email,
    '--password',
    HEAVY.password,
    '--name',
    'Heavy',
    '--role',
    'Admin',
  ]);
  const server = await startRealServer(env);
  try {
    const baseUrl = server.baseUrl;
    const browserToken = await signIn(baseUrl, 'admin');
    const heavyToken = await signInOverHttp(baseUrl, HEAVY.email, HEAVY.password);
    const file = importFile(importRows);
    console.error(`importing ${importRows} shipment rows once...`);
    const first = await fetch(`${baseUrl}/api/Import`, {
      method: 'POST',
      headers: bearer(heavyToken),
      body: (() => {
        const form = new FormData();
        form.set('shipments', new Blob([file], { type: 'text/csv' }), 'report.csv');
        return form;
      })(),
    });
    if (!first.ok) throw new Error(`first import: ${first.status} ${await first.text()}`);
    const paths = generateQuestions(QUESTION_SEED, 2000, await sampleRows(baseUrl, browserToken)).map(
      (question) => question.path,
    );
    console.error('warming up...');
    await browse(baseUrl, browserToken, paths, 'warm', WARM_UP_SECONDS);
    console.error(`browsing alone, ${seconds} s...`);
    const pid = server.pid ?? 0;
    const alone = await withCpu(pid, () => browse(baseUrl, browserToken, paths, 'alone', seconds));
    console.error(`browsing beside the heavy user, ${seconds} s...`);
    const heavy = heavyLoops(baseUrl, heavyToken, file);
    const beside = await withCpu(pid, () => browse(baseUrl, browserToken, paths, 'beside', seconds));
    await heavy.stop();
    const row = (name: string, { result: figures, cpu }: { result: Browsing; cpu: string }) =>
      `| ${name} | ${figures.perSecond} | ${figures.p50} | ${figures.p95} | ${figures.p99} | ${figures.requests} | ${figures.failed} | ${cpu} |`;
    lines.push(
      `### Fairness: ${users} browsing users alone and beside one heavy Admin (${new Date().toISOString().slice(0, 16)} UTC)`,
      '',
      `\`node --import tsx bench/fairness.ts --rows ${rows} --seconds ${seconds} --users ${users} --import-rows ${importRows}\`; ` +
        `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
        `Node ${process.version}, PostgreSQL ${await postgresVersion()}; ${rows.toLocaleString('en')} line items plus ` +
        `${importRows.toLocaleString('en')} imported shipments; browsing: generated dashboard pages (seed ${QUESTION_SEED}), every URL new.`,
      '',
      '| browsing users | requests/s | p50 ms | p95 ms | p99 ms | requests | not 200 | CPU meanwhile |',
      '|---|---|---|---|---|---|---|---|',
      row('alone', alone),
      row('beside the heavy Admin', beside),
      '',
      `Throughput beside / alone: **${((beside.result.perSecond / alone.result.perSecond) * 100).toFixed(0)}%**; ` +
        `median ${(beside.result.p50 / alone.result.p50).toFixed(2)}×, p95 ${(beside.result.p95 / alone.result.p95).toFixed(2)}×. ` +
        `The heavy Admin meanwhile: ${heavySummary(heavy.steps)}.`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
}
console.log(lines.join('\n'));
