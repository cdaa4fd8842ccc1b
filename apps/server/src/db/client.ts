import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: service functions accept either. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  engine: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseTarget =
  | { engine: 'postgres'; url: string }
  /** `dataDir` is a directory, or 'memory://' for a throwaway database. */
  | { engine: 'pglite'; dataDir: string };

const PGLITE_HOST = new URL('./pglite-host.mjs', import.meta.url);
const POOL_SIZE = 10;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: POOL_SIZE });
    return wrap(pool, 'postgres', () => pool.end());
  }
  const host = await startPgliteHost(target.dataDir);
  const pool = new pg.Pool({
    host: host.socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: POOL_SIZE,
  });
  return wrap(pool, 'pglite', async () => {
    await pool.end();
    await host.stop();
  });
}

function wrap(pool: pg.Pool, engine: DatabaseHandle['engine'], close: () => Promise<void>): DatabaseHandle {
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return { db: drizzle({ client: pool, schema }), pool, engine, close };
}

async function startPgliteHost(dataDir: string) {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  // A private directory: only this user can reach the database through the socket.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-pg-'));
  const child: ChildProcess = fork(PGLITE_HOST, [], {
    env: {
      ...process.env,
      PGLITE_DATA_DIR: dataDir,
      PGLITE_SOCKET_PATH: path.join(socketDir, '.s.PGSQL.5432'),
    },
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(String(message)))));
    exited.then((code) => reject(new Error(`The embedded database (PGlite) stopped during start-up (exit ${code}).`)));
  });
  return {
    socketDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.send('stop');
        await exited;
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
