// The real server as users run it (compiled, as `npm start` runs it: `serverEntry`), in a child
// process, on a fresh database of the engine under test: for the crash and load suites.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openMigratedDatabase } from '../db/open-from-config.ts';
import { freePort, REPO_ROOT, serverEntry, serverEnv } from './server-process.ts';
import { createPostgresTestDatabase, testEngine } from './test-database.ts';

const run = promisify(execFile);
const READY_TIMEOUT_MS = 60_000;

/** A DATA_DIR (and for PostgreSQL a database) for one server; `remove` deletes both. */
export async function createServerData() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-real-'));
  const env = serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  let dropPostgres = async () => {};
  if (testEngine === 'postgres') {
    const postgres = await createPostgresTestDatabase();
    env.DATABASE_URL = postgres.url;
    dropPostgres = postgres.drop;
  }
  return {
    env,
    dataDir,
    remove: async () => {
      await dropPostgres();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The CLI (`serverEntry`) with `args`, against the database in `env`: its exit code and output, failing or not. */
export const tryCli = (env: NodeJS.ProcessEnv, args: string[]) =>
  run(process.execPath, [...serverEntry('cli'), ...args], { cwd: REPO_ROOT, env }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

/** The same, for set-up steps: throws with its output when it fails. */
export async function runCli(env: NodeJS.ProcessEnv, args: string[]) {
  const result = await tryCli(env, args);
  if (result.code !== 0) throw new Error(`cli ${args[0]} failed:\n${result.stdout}${result.stderr}`);
  return result;
}

export type RealServer = Awaited<ReturnType<typeof startRealServer>>;

/**
 * Starts the server on a free port and waits for /readyz. It leads its own process group, so
 * `kill()` takes the embedded database's process (PGlite) down with it, as a power cut would.
 */
export async function startRealServer(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(env.DATA_DIR ?? os.tmpdir(), 'server.log');
  const log = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, serverEntry('main'), {
      cwd: REPO_ROOT,
      // PUBLIC_URL: its own address, unless several servers share one (a load balancer's).
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: env.PUBLIC_URL ?? baseUrl },
      stdio: ['ignore', log, log],
      detached: true,
    });
  } finally {
    closeSync(log); // the child holds its own copy
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const logTail = () => readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-30).join('\n');

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (hasExited()) throw new Error(`the server exited during start-up; its log:\n${logTail()}`);
    const isReady = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) break;
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error(`${baseUrl}/readyz did not answer within ${READY_TIMEOUT_MS / 1000} s; log:\n${logTail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    pid: child.pid,
    logTail,
    /** Resolves with the exit code when the server exits (null after a signal). */
    exitCode: exited.then(() => child.exitCode),
    /** SIGKILL to the server and everything it started: no handler runs, nothing is flushed. */
    kill: async () => {
      killGroup(child);
      await exited;
      await groupGone(child);
    },
    /** SIGTERM, as a service manager stops it: requests finish, the database closes. */
    stop: async () => {
      if (hasExited()) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => killGroup(child), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * `count` servers sharing the database (and bucket) `env` names, as behind a load balancer, each
 * with a DATA_DIR of its own; `stop` stops them all and removes those directories.
 */
export async function startServers(env: NodeJS.ProcessEnv, count: number) {
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(path.join(os.tmpdir(), 'quayside-server-')));
  const servers = await Promise.all(dataDirs.map((dataDir) => startRealServer({ ...env, DATA_DIR: dataDir })));
  return {
    servers,
    dataDirs,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function killGroup(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/**
 * Waits until no process of the group is left: until init reaps the orphaned PGlite process, its
 * pid still answers, and a restart would find DATA_DIR locked by it.
 */
async function groupGone(child: ChildProcess) {
  const deadline = Date.now() + 10_000;
  while (child.pid !== undefined && Date.now() < deadline) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs in over HTTP as the web app does and answers the bearer token. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    // better-auth checks the Origin of a sign-in against PUBLIC_URL.
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`sign-in answered ${response.status}: ${JSON.stringify(body)}`);
  return body.token;
}

/** The server's database, opened directly (stop the server first when it is PGlite). */
export function openServerDatabase(env: NodeJS.ProcessEnv): Promise<DatabaseHandle> {
  return openMigratedDatabase(loadConfig(env));
}
