// Runs PGlite in its child process (pglite-host.mjs) and keeps it running: a child that dies is
// started again on the same data and socket, and a crash loop is given up on, so the server can
// exit non-zero for its service manager instead of answering 500 for ever.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockFileOf, lockHolder, socketNoteOf } from './lock-holder.mjs';

const PGLITE_HOST = new URL('./pglite-host.mjs', import.meta.url);
/** More restarts than this within the window is a crash loop: give up. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
const RESTART_PAUSE_MS = 500;

/** `up`: serving; `restarting`: its process died and a new one is starting; `failed`: given up. */
export type DatabaseStatus = 'up' | 'restarting' | 'failed';

export type DatabaseEvent =
  | { kind: 'started'; pid: number | undefined }
  | { kind: 'died'; pid: number | undefined; exit: string }
  | { kind: 'failed'; reason: string };

/** What the server may ask and hear about its database process; PostgreSQL is always `up` here. */
export type DatabaseHealth = {
  status: () => DatabaseStatus;
  onEvent: (listener: (event: DatabaseEvent) => void) => void;
};

export const alwaysUp: DatabaseHealth = { status: () => 'up', onEvent: () => {} };

/**
 * The socket directory of the server's embedded database on `dataDir`, when a server is running
 * on it (its database process holds the lock and has said where its socket is); else null.
 */
export function runningServerSocketDir(dataDir: string): string | null {
  if (dataDir === 'memory://' || lockHolder(lockFileOf(dataDir)) === null) return null;
  let socketPath: string;
  try {
    socketPath = readFileSync(socketNoteOf(dataDir), 'utf8');
  } catch {
    return null; // a CLI command's own database holds the lock, or the server is still starting
  }
  return existsSync(socketPath) ? path.dirname(socketPath) : null;
}

/**
 * `publishSocket`: the server's database, which CLI commands may join (runningServerSocketDir).
 * `startFrom`: for an in-memory database, a dump (PGlite's dumpDataDir) to start from instead of an empty one.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  { publishSocket = false, startFrom }: { publishSocket?: boolean; startFrom?: string } = {},
) {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  // A private directory: only this user can reach the database through the socket.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-pg-'));
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  const listeners: ((event: DatabaseEvent) => void)[] = [];
  const emit = (event: DatabaseEvent) => {
    for (const listener of listeners) listener(event);
  };
  let status: DatabaseStatus = 'up';
  let isStopping = false;
  let restarts: number[] = [];

  const supervise = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (isStopping) return;
      emit({ kind: 'died', pid: child.pid, exit: signal ?? `code ${code}` });
      void restart();
    });
  };

  const restart = async () => {
    status = 'restarting';
    // An in-memory database has nothing to come back to: a new one would be empty.
    if (dataDir === 'memory://') return giveUp('the in-memory database cannot be restarted');
    for (;;) {
      const now = Date.now();
      restarts = restarts.filter((at) => now - at < RESTART_WINDOW_MS);
      if (restarts.length >= MAX_RESTARTS) {
        return giveUp(`it stopped ${MAX_RESTARTS + 1} times within ${RESTART_WINDOW_MS / 1000} s`);
      }
      restarts.push(now);
      // The dead process's socket file would stop the new one from listening. Its lock file names
      // a process that no longer exists, which pglite-host.mjs treats as stale.
      rmSync(socketPath, { force: true });
      try {
        current = await startHost(dataDir, socketPath, publishSocket);
        if (isStopping) return;
        supervise(current.child);
        status = 'up';
        emit({ kind: 'started', pid: current.child.pid });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RESTART_PAUSE_MS));
      }
    }
  };

  const giveUp = (reason: string) => {
    status = 'failed';
    emit({ kind: 'failed', reason: `The embedded database (PGlite) is down: ${reason}.` });
  };

  let current = await startHost(dataDir, socketPath, publishSocket, startFrom);
  supervise(current.child);

  const health: DatabaseHealth = {
    status: () => status,
    onEvent: (listener) => {
      listeners.push(listener);
      listener({ kind: 'started', pid: current.child.pid });
    },
  };
  return {
    socketDir,
    health,
    stop: async () => {
      isStopping = true;
      await current.stop();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * What the database process may see of the server's environment: where programs and temporary
 * files live and the locale, never the server's secrets (AUTH_SECRET, SMTP_PASSWORD, ...).
 */
const HOST_ENVIRONMENT = ['PATH', 'TMPDIR', 'TZ', 'LANG', 'LC_ALL'];

function hostEnvironment(
  dataDir: string,
  socketPath: string,
  publishSocket: boolean,
  startFrom: string | undefined,
): NodeJS.ProcessEnv {
  const passed = HOST_ENVIRONMENT.filter((name) => process.env[name] !== undefined);
  return {
    ...Object.fromEntries(passed.map((name) => [name, process.env[name]])),
    PGLITE_DATA_DIR: dataDir,
    PGLITE_SOCKET_PATH: socketPath,
    ...(publishSocket ? { PGLITE_PUBLISH_SOCKET: '1' } : {}),
    ...(startFrom ? { PGLITE_START_FROM: startFrom } : {}),
  };
}

async function startHost(dataDir: string, socketPath: string, publishSocket: boolean, startFrom?: string) {
  const child: ChildProcess = fork(PGLITE_HOST, [], {
    env: hostEnvironment(dataDir, socketPath, publishSocket, startFrom),
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(String(message)))));
    exited.then((code) => reject(new Error(`The embedded database (PGlite) stopped during start-up (exit ${code}).`)));
  });
  return {
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.send('stop');
        await exited;
      }
    },
  };
}
