// The real thing to measure: a fresh database of either engine, bulk-loaded through the CLI, and
// the real server (apps/server/src/main.ts) as a child process, with two signed-in users. The
// server and the CLI are run by the same harness as the crash and load suites.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type RealServer, runCli, signInOverHttp, startRealServer } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { median, percentile } from './stats.ts';

export type Engine = 'postgres' | 'pglite';

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The signed-in users of every run: an Admin sees all line items, the Forwarder one company's. */
export const USERS = {
  admin: { email: 'bench-admin@quayside.test', password: 'bench-admin-password', role: 'Admin' },
  forwarder: {
    email: 'bench-forwarder@quayside.test',
    password: 'bench-forwarder-password',
    role: 'Forwarder',
    company: 'Meridian Cargo',
  },
} as const;
export type UserName = keyof typeof USERS;

export type Database = { engine: Engine; env: Record<string, string>; drop(): Promise<void> };

/** An empty database: a new PostgreSQL database, or a new PGlite data directory. */
export async function freshDatabase(engine: Engine, label: string): Promise<Database> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `quayside-bench-${label}-`));
  const dropDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') return { engine, env: { DATA_DIR: dataDir }, drop: async () => dropDir() };
  const name = `quayside_bench_${label}_${process.pid}`;
  await adminQuery(`drop database if exists ${name}`);
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    engine,
    // The server still keeps its uploads and generated secret in DATA_DIR.
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      dropDir();
    },
  };
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL server's version, for the report. */
export async function postgresVersion(): Promise<string> {
  const result = await adminQuery('show server_version');
  return String(result.rows[0]?.server_version ?? 'unknown');
}

/** The CLI against the database, as `npm run cli` runs it (the caller's own database settings left out). */
const cli = (database: Database, args: string[]) => runCli(serverEnv({ ...database.env, LOG_LEVEL: 'warn' }), args);

/** Bulk-loads `rows` line items (realistic shipments, parts, four forwarders, dates) and adds the users. */
export async function load(database: Database, rows: number) {
  const started = performance.now();
  await cli(database, ['bulk-load', '--rows', String(rows)]);
  const seconds = (performance.now() - started) / 1000;
  for (const user of Object.values(USERS)) {
    const company = 'company' in user ? ['--company', user.company] : [];
    await cli(database, [
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
  }
  return { seconds };
}

export type Server = RealServer;

/** The production server on the database, serving the web build in `webDist`, on a free port. */
export function startServer(database: Database, webDist: string): Promise<Server> {
  return startRealServer(
    serverEnv({
      ...database.env,
      NODE_ENV: 'production',
      WEB_DIST_DIR: webDist,
      // A log line per request would measure the log; warnings and errors go to DATA_DIR/server.log.
      LOG_LEVEL: 'warn',
    }),
  );
}

/** Signs a user in once (sign-ins are rate-limited) and answers its bearer token. */
export const signIn = (baseUrl: string, user: UserName) =>
  signInOverHttp(baseUrl, USERS[user].email, USERS[user].password);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Load = { perSecond: number; p50: number; p95: number; p99: number; requests: number; failed: number };

/**
 * `loops` loops over one kept-alive agent, each asking `urlOf(next)` as soon as its last answer
 * came, for `seconds`. Latencies in ms to one decimal; `perSecond` unrounded (callers differ).
 */
export async function driveLoad(
  loops: number,
  seconds: number,
  token: string,
  urlOf: (sequence: number) => string,
): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops });
  const headers = bearer(token);
  const latencies: number[] = [];
  let failed = 0;
  let sequence = 0;
  // Status 0 stands for a request that failed before any answer.
  const ask = (url: string) =>
    new Promise<number>((resolve) => {
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', () => resolve(0));
    });
  const started = performance.now();
  const stopAt = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (Date.now() < stopAt) {
        const next = sequence++;
        const began = performance.now();
        const status = await ask(urlOf(next));
        latencies.push(performance.now() - began);
        if (status !== 200) failed += 1;
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    perSecond: latencies.length / elapsed,
    p50: round(median(latencies)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    requests: latencies.length,
    failed,
  };
}

/** The server process's resident memory now, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kilobytes ?? 0) * 1024;
}
