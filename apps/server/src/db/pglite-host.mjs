// Runs PGlite in its own process and serves it over a Unix socket with the Postgres wire
// protocol. PGlite executes queries on the thread that calls it, so hosting it here keeps a
// slow query from freezing the HTTP server; the server reaches it through the `pg` driver,
// exactly as it reaches a real PostgreSQL. Plain JavaScript so it starts without a TS loader.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.env.PGLITE_DATA_DIR ?? 'memory://';
const socketPath = process.env.PGLITE_SOCKET_PATH;
if (!socketPath) throw new Error('PGLITE_SOCKET_PATH is required');

// Two processes writing one PGlite directory corrupt it: the first to start holds a lock file.
const lockFile = dataDir === 'memory://' ? null : `${dataDir}.lock`;
if (lockFile) {
  const holder = lockHolder(lockFile);
  if (holder) {
    process.send?.(
      `The database in ${dataDir} is in use by process ${holder} (a running Quayside server?). Stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
    process.exit(1);
  }
  writeFileSync(lockFile, String(process.pid));
}

function lockHolder(file) {
  let pid;
  try {
    pid = Number(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  try {
    process.kill(pid, 0); // throws when no such process is alive
    return pid === process.pid ? null : pid;
  } catch {
    return null; // a stale lock left by a crash
  }
}

const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 });
await server.start();

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  // Closing PGlite flushes its files; skipping it can lose the last writes.
  await db.close().catch(() => {});
  if (lockFile) rmSync(lockFile, { force: true });
  process.exit(0);
}

process.on('SIGTERM', stop);
process.on('SIGINT', () => {}); // the parent decides when we stop, after its own shutdown
process.on('message', (message) => message === 'stop' && stop());
// If the server process dies, nothing will ever connect again: close cleanly.
process.on('disconnect', stop);
process.send?.('ready');
