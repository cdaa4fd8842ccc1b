// Which PostgreSQL job queue: pg-boss or graphile-worker, measured on the embedded
// database and on PostgreSQL. Both are installed only for this run:
//   npm i --no-save pg-boss@10.4.2 graphile-worker@0.17.3 && node --import tsx bench/job-queue-choice.ts
// It reports: whether the queue starts at all, how long starting takes (its schema included), how
// long 200 jobs take from sending to done, and one job's latency from sending to its handler.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded-database.ts';

type GraphileWorker = {
  run: (options: object) => Promise<{ stop: () => Promise<void> }>;
  quickAddJob: (options: object, task: string, payload: object) => Promise<unknown>;
};
type Result = { queue: string; engine: string; start?: number; batch?: number; latency?: number; error?: string };
const JOBS = 200;

async function measurePgBoss(connectionString: string): Promise<Omit<Result, 'queue' | 'engine'>> {
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString, max: 4 });
  boss.on('error', () => {});
  let t = performance.now();
  await boss.start();
  const start = performance.now() - t;
  await boss.createQueue('bench');
  let done = 0;
  let resolveAll: () => void;
  const all = new Promise<void>((resolve) => (resolveAll = resolve));
  let resolveOne: (() => void) | null = null;
  await boss.work('bench', { pollingIntervalSeconds: 0.5, batchSize: 20 }, async (jobs: unknown[]) => {
    done += jobs.length;
    if (resolveOne) resolveOne();
    if (done >= JOBS + 1) resolveAll();
  });
  t = performance.now();
  const one = new Promise<void>((resolve) => (resolveOne = resolve));
  await boss.send('bench', { n: 0 });
  await one;
  const latency = performance.now() - t;
  resolveOne = null;
  t = performance.now();
  await boss.insert(Array.from({ length: JOBS }, (_, n) => ({ name: 'bench', data: { n } })));
  await all;
  const batch = performance.now() - t;
  await boss.stop({ graceful: false, wait: true });
  return { start, batch, latency };
}

async function measureGraphile(connectionString: string): Promise<Omit<Result, 'queue' | 'engine'>> {
  // Not a dependency of the project (this run installs it): imported by a name tsc does not resolve.
  const graphileWorker = 'graphile-worker';
  const { run, quickAddJob } = (await import(graphileWorker)) as GraphileWorker;
  let done = 0;
  let resolveAll: () => void;
  const all = new Promise<void>((resolve) => (resolveAll = resolve));
  let resolveOne: (() => void) | null = null;
  let t = performance.now();
  const runner = await run({
    connectionString,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 500,
    taskList: {
      bench: async () => {
        done += 1;
        if (resolveOne) resolveOne();
        if (done >= JOBS + 1) resolveAll();
      },
    },
  });
  const start = performance.now() - t;
  t = performance.now();
  const one = new Promise<void>((resolve) => (resolveOne = resolve));
  await quickAddJob({ connectionString }, 'bench', { n: 0 });
  await one;
  const latency = performance.now() - t;
  resolveOne = null;
  t = performance.now();
  const pool = new pg.Pool({ connectionString });
  await pool.query(
    `select graphile_worker.add_jobs(array(select json_populate_record(null::graphile_worker.job_spec, json_build_object('identifier', 'bench', 'payload', json_build_object('n', n))) from generate_series(1, ${JOBS}) n))`,
  );
  await all;
  const batch = performance.now() - t;
  await pool.end();
  await runner.stop();
  return { start, batch, latency };
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

async function main() {
  // A queue still polling when its database goes away must not end the run.
  process.on('unhandledRejection', () => {});
  process.on('uncaughtException', () => {});
  const results: Result[] = [];
  const engines: [string, () => Promise<{ url: string; stop: () => Promise<void> }>][] = [
    [
      'pglite',
      async () => {
        const host = await startEmbeddedDatabase('memory://');
        return { url: `postgresql://postgres@localhost/postgres?host=${host.socketDir}`, stop: () => host.stop() };
      },
    ],
    [
      'postgres',
      async () => {
        const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
        await admin.connect();
        const name = `queue_choice_${Date.now()}`;
        await admin.query(`create database ${name}`);
        return {
          url: `postgresql://postgres@127.0.0.1:5432/${name}`,
          stop: async () => {
            await admin.query(`drop database ${name} with (force)`);
            await admin.end();
          },
        };
      },
    ],
  ];
  for (const [engine, open] of engines) {
    for (const [queue, measure] of [
      ['pg-boss 10.4.2', measurePgBoss],
      ['graphile-worker 0.17.3', measureGraphile],
    ] as const) {
      const database = await open();
      try {
        results.push({ queue, engine, ...(await withTimeout(measure(database.url), 60_000)) });
        console.error(JSON.stringify(results.at(-1)));
      } catch (error) {
        results.push({ queue, engine, error: String((error as Error).message ?? error).slice(0, 160) });
      }
      await database.stop().catch(() => {});
    }
  }
  const ms = (value?: number) => (value === undefined ? '—' : `${Math.round(value)} ms`);
  console.log('| queue | engine | start (schema included) | one job: sent → handler | 200 jobs: sent → done | error |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results)
    console.log(`| ${r.queue} | ${r.engine} | ${ms(r.start)} | ${ms(r.latency)} | ${ms(r.batch)} | ${r.error ?? ''} |`);
  process.exit(0);
}

await main();
