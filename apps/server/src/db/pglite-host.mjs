// Runs PGlite in its own process and serves it over a Unix socket with the Postgres wire
// protocol. PGlite executes queries on the thread that calls it, so hosting it here keeps a
// slow query from freezing the HTTP server; the server reaches it through the `pg` driver,
// exactly as it reaches a real PostgreSQL. Plain JavaScript so it starts without a TS loader.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.env.PGLITE_DATA_DIR ?? 'memory://';
const socketPath = process.env.PGLITE_SOCKET_PATH;
if (!socketPath) throw new Error('PGLITE_SOCKET_PATH is required');

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
  process.exit(0);
}

process.on('SIGTERM', stop);
process.on('SIGINT', () => {}); // the parent decides when we stop, after its own shutdown
process.on('message', (message) => message === 'stop' && stop());
// If the server process dies, nothing will ever connect again: close cleanly.
process.on('disconnect', stop);
process.send?.('ready');
