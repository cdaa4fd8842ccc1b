// The real thing to measure: a fresh database of either engine, bulk-loaded through the CLI, and
// the real server (apps/server/src/main.ts) as a child process, with two signed-in users.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export type Engine = 'postgres' | 'pglite';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
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

/** Runs the CLI against the database; resolves with its output, rejects with it when it fails. */
export function cli(database: Database, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...database.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`cli ${args[0]} exited ${code}:\n${output}`)),
    );
  });
}

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

export type Server = { baseURL: string; process: ChildProcess; stop(): Promise<void> };

/** The production server on the database, serving the web build in `webDist`. */
export async function startServer(database: Database, options: { port: number; webDist: string }): Promise<Server> {
  const baseURL = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...database.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      WEB_DIST_DIR: options.webDist,
      // A log line per request would measure the terminal; warnings and errors still show.
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForLive(baseURL, child);
  return {
    baseURL,
    process: child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForLive(baseURL: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become ready in 2 minutes');
}

/** Signs a user in once (sign-ins are rate-limited) and answers the session cookie. */
export async function signIn(baseURL: string, user: UserName): Promise<string> {
  const { email, password } = USERS[user];
  const response = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The server process's resident memory now, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kilobytes ?? 0) * 1024;
}
