import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { freePort, REPO_ROOT, serverEntry, serverEnv } from '../apps/server/src/testing/server-process.ts';
import { buildServer, SERVER_DIST } from '../scripts/build-server.mjs';

// Builds the web app and the server, seeds a fresh PGlite DATA_DIR through the CLI, starts the
// compiled server on a free port and hands its address to the tests. E2E_KEEP_DATA=1 keeps DATA_DIR (and server.log).

export type E2eUser = {
  email: string;
  password: string;
  role: 'Admin' | 'Employee' | 'Forwarder';
  name: string;
  company: string;
};
export type E2eUsers = { admin: E2eUser; employee: E2eUser; forwarder: E2eUser };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: password-reset mails land in `<dataDir>/outbox/*.eml`. */
    dataDir: string;
    users: E2eUsers;
  }
}

const READY_TIMEOUT_MS = 60_000;
const run = promisify(execFile);

const E2E_USERS: E2eUsers = {
  admin: user('Admin', 'e2e-admin@example.com', 'Alex Admin', 'NAPCO'),
  employee: user('Employee', 'e2e-employee@example.com', 'Erin Employee', 'NAPCO'),
  // A company from apps/server/src/demo/demo-data.ts, so the forwarder sees demo shipments.
  forwarder: user('Forwarder', 'e2e-forwarder@example.com', 'Fran Forwarder', 'Blue Anchor Logistics'),
};

function user(role: E2eUser['role'], email: string, name: string, company: string): E2eUser {
  return { role, email, name, company, password: `e2e ${role} password` };
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-'));
  // Always build, so the journeys see the current web code; the CLI steps overlap with it. The
  // build goes into DATA_DIR, so it never replaces apps/web/dist under a server someone is running.
  const webDist = path.join(dataDir, 'web-dist');
  const serverDist = path.join(SERVER_DIST, path.basename(dataDir));
  const prepared = await Promise.allSettled([
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    step(
      'building the web app',
      'npm',
      ['run', 'build', '-w', '@quayside/web', '--', '--outDir', webDist, '--emptyOutDir'],
      { ...process.env, NODE_ENV: 'production' },
    ),
    // The server as `npm start` runs it: compiled (scripts/build-server.mjs), into a copy of its own;
    // its CLI then loads the data (the build takes well under a second).
    buildServer(serverDist).then(() => loadData(dataDir, serverDist)),
  ]);
  const failed = prepared.find((result) => result.status === 'rejected');
  if (failed) {
    await rm(dataDir, { recursive: true, force: true });
    await rm(serverDist, { recursive: true, force: true });
    throw failed.reason;
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const server = startServer(logFile, serverDist, {
    ...serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    WEB_DIST_DIR: webDist,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    // Each browser context sends its own X-Forwarded-For, so per-IP sign-in limits do not add up across tests.
    TRUST_PROXY: 'true',
    ORG_NAME: 'NAPCO',
    SUPPORT_URL: 'https://support.example.com/new-ticket',
    SUPPORT_EMAIL: 'support@example.com',
  });

  const teardown = async () => {
    await stop(server);
    if (process.env.E2E_KEEP_DATA) console.log(`e2e: kept ${dataDir} (E2E_KEEP_DATA is set)`);
    else await rm(dataDir, { recursive: true, force: true });
    await rm(serverDist, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, server);
    await expectWebAppServed(baseUrl);
  } catch (error) {
    console.error(`e2e: server log (${logFile}), last lines:\n${await tail(logFile)}`);
    await teardown();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('users', E2E_USERS);
  return teardown;
}

// The CLI runs before the server starts: PGlite lets one process at a time open DATA_DIR.
async function loadData(dataDir: string, serverDist: string) {
  const env = serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const cli = (...args: string[]) => [...serverEntry('cli', serverDist), ...args];
  for (const u of Object.values(E2E_USERS)) {
    const flags = ['--email', u.email, '--password', u.password, '--role', u.role, '--name', u.name];
    await step(`creating ${u.email}`, process.execPath, cli('create-user', ...flags, '--company', u.company), env);
  }
  // Demo shipments for the journeys; the users it also creates are not used.
  await step('loading demo data', process.execPath, cli('seed-demo'), env);
}

async function step(what: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(command, args, { cwd: REPO_ROOT, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`e2e setup failed while ${what}:\n${stdout}${stderr}`, { cause: error });
  }
}

function startServer(logFile: string, serverDist: string, env: NodeJS.ProcessEnv): ChildProcess {
  const log = openSync(logFile, 'a');
  try {
    return spawn(process.execPath, serverEntry('main', serverDist), {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', log, log],
    });
  } finally {
    closeSync(log); // the child holds its own copy
  }
}

async function waitUntilReady(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`e2e: the server exited during start-up (${server.exitCode ?? server.signalCode}).`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`e2e: ${baseUrl}/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s.`);
}

// The server routes the files of its web build that exist when it starts: check it found them.
async function expectWebAppServed(baseUrl: string) {
  const response = await fetch(baseUrl);
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('text/html')) return;
  throw new Error(
    `e2e: GET / answered ${response.status} ${type}, not the web app: the build in WEB_DIST_DIR is missing.`,
  );
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const killer = setTimeout(() => server.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killer);
}

async function tail(file: string, lines = 40): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '(no log)');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
