// One server started with SERVER_PROCESSES=2 (compiled, as `npm start` runs it), as its operator
// sees it: one address answering, two server processes under the one started, a killed process
// replaced, and a stop that leaves nothing running. PostgreSQL only: the embedded database serves
// one process (config.test.ts has the refusal).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealServer, runCli, signInOverHttp, startRealServer } from './testing/real-server.ts';
import { REPO_ROOT, serverEntry, serverEnv } from './testing/server-process.ts';
import { createPostgresTestDatabase } from './testing/test-database.ts';

const run = promisify(execFile);
const EMAIL = 'processes-admin@napco.example';
const PASSWORD = 'two processes password';

let postgres: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let dataDir: string;
let server: RealServer;
let primary: number;

beforeAll(async () => {
  postgres = await createPostgresTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-processes-'));
  const env = serverEnv({ DATABASE_URL: postgres.url, DATA_DIR: dataDir, SERVER_PROCESSES: '2', LOG_LEVEL: 'warn' });
  // Both processes start on a database no migration has touched yet.
  server = await startRealServer(env);
  primary = server.pid as number;
  await runCli(env, [
    'create-user',
    ...['--email', EMAIL, '--password', PASSWORD, '--role', 'Admin', '--name', 'Admin', '--company', 'NAPCO'],
  ]);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The processes `pid` started that run the server's main (Linux: /proc/<pid>/task/<thread>/children). */
function serverProcessesUnder(pid: number): number[] {
  const main = serverEntry('main').at(-1) as string;
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').includes(main);
    } catch {
      return false; // exited since
    }
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Statuses of `count` requests in a row: round-robin spreads them over both processes. */
async function lineItemStatuses(token: string, count = 4) {
  const statuses = [];
  for (let request = 0; request < count; request += 1) {
    const response = await fetch(`${server.baseUrl}/api/LineItems?page=1&pageSize=25`, {
      headers: { authorization: `Bearer ${token}` },
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe('one server with SERVER_PROCESSES=2', () => {
  let token: string;

  it('answers /readyz and a signed-in API call, whichever process takes it', async () => {
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    token = await signInOverHttp(server.baseUrl, EMAIL, PASSWORD);
    expect(await lineItemStatuses(token)).toEqual([200, 200, 200, 200]);
  });

  it('runs two server processes under the one it started', () => {
    expect(serverProcessesUnder(primary)).toHaveLength(2);
  });

  it('replaces a process killed with SIGKILL, and answers meanwhile', async () => {
    const [killed, survivor] = serverProcessesUnder(primary) as [number, number];
    process.kill(killed, 'SIGKILL');
    await expect.poll(() => isRunning(killed)).toBe(false);
    expect(await lineItemStatuses(token)).toEqual([200, 200, 200, 200]);
    const replacements = () => serverProcessesUnder(primary).filter((pid) => pid !== survivor);
    await expect.poll(replacements, { timeout: 10_000, interval: 100 }).toHaveLength(1);
    expect(serverProcessesUnder(primary).sort()).toEqual([survivor, ...replacements()].sort());
    expect(replacements()).not.toContain(killed);
  });

  it('stops on SIGTERM with exit code 0, leaving no server process running', async () => {
    const workers = serverProcessesUnder(primary);
    await server.stop();
    expect(await server.exitCode).toBe(0);
    expect(workers.filter(isRunning)).toEqual([]);
  });
});

describe('SERVER_PROCESSES=2 when its processes cannot start', () => {
  it('exits 1 with their one line, as a single server does', async () => {
    const env = serverEnv({
      DATABASE_URL: postgres.url.replace(/\/[^/]*$/, '/quayside_no_such_database'),
      DATA_DIR: dataDir,
      SERVER_PROCESSES: '2',
      LOG_LEVEL: 'silent',
      PORT: '0',
    });
    const result = await run(process.execPath, serverEntry('main'), { cwd: REPO_ROOT, env, timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')[0]).toMatch(/^DATABASE_URL names a database that does not exist/);
  });
});
