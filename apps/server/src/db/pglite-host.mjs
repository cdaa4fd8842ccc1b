// Runs PGlite in its own process and serves it over a Unix socket with the Postgres wire
// protocol. PGlite executes queries on the thread that calls it, so hosting it here keeps a
// slow query from freezing the HTTP server; the server reaches it through the `pg` driver,
// exactly as it reaches a real PostgreSQL. Plain JavaScript so it starts without a TS loader.
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockFileOf, lockHolder, socketNoteOf } from './lock-holder.mjs';

const dataDir = process.env.PGLITE_DATA_DIR ?? 'memory://';
const socketPath = process.env.PGLITE_SOCKET_PATH;
if (!socketPath) throw new Error('PGLITE_SOCKET_PATH is required');
// The server's database says where its socket is, so the CLI can work while the server runs.
const socketNote = process.env.PGLITE_PUBLISH_SOCKET === '1' && dataDir !== 'memory://' ? socketNoteOf(dataDir) : null;

// Two processes writing one PGlite directory corrupt it: the first to start holds a lock file.
const lockFile = dataDir === 'memory://' ? null : lockFileOf(dataDir);
if (lockFile) {
  const holder = lockHolder(lockFile);
  if (holder !== null && holder !== process.pid) {
    process.send?.(
      `The database in ${dataDir} is in use by process ${holder} (a running Quayside server?). Stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
    process.exit(1);
  }
  writeFileSync(lockFile, String(process.pid));
}

/**
 * PGlite's files as NodeFS keeps them, except that fsync reaches the disk. Its WebAssembly file
 * layer answers every fsync and fdatasync with success and does nothing, so without this a commit
 * survives a killed process (its WAL was written to the OS) but not a power cut or OS crash.
 */
class DurableNodeFS extends NodeFS {
  async init(pg, options) {
    const { emscriptenOpts } = await super.init(pg, options);
    const syncToDisk = (module) => {
      const nodefs = module.FS.filesystems.NODEFS;
      // A failed fsync throws, so PostgreSQL stops (PANIC) rather than acknowledge a lost write.
      nodefs.stream_ops.fsync = (stream) => nodefs.tryFSOperation(() => fsyncSync(stream.nfd)) ?? 0;
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [syncToDisk, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

/** Every file and directory under `dir` to disk: what PGlite wrote before fsync was real (its initdb, older versions). */
function fsyncTree(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(entryPath);
    else if (entry.isFile()) fsyncPath(entryPath);
  }
  fsyncPath(dir);
}

function fsyncPath(file) {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

// A commit is acknowledged only once its WAL is on disk: PGlite's start parameters without `-F`
// (fsync off), synchronous_commit left on, and WAL flushed with fsync, the call DurableNodeFS
// passes through (fdatasync stays a no-op). An in-memory database has nothing to keep.
// A throwaway database may start from a dump of another (PGlite's dumpDataDir) instead of an empty
// one: the test suites start each from their migrated template, which skips initdb (~2 s each).
const startFrom = dataDir === 'memory://' ? process.env.PGLITE_START_FROM : undefined;
const db =
  dataDir === 'memory://'
    ? await PGlite.create({
        dataDir,
        extensions: { pg_trgm },
        ...(startFrom ? { loadDataDir: new Blob([readFileSync(startFrom)]) } : {}),
      })
    : await PGlite.create({
        fs: new DurableNodeFS(dataDir),
        extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'],
      });
if (dataDir !== 'memory://') {
  fsyncTree(dataDir);
  fsyncPath(path.dirname(dataDir));
}

// pglite-socket runs its connections' messages one at a time in arrival order, keeping one
// connection's turn only inside a transaction. But a query with parameters is several messages
// (Parse, Bind, Execute, ..., Sync) sharing one unnamed statement and portal: when another
// connection's message runs between them, a query fails ('portal "" does not exist'). So a
// connection also keeps its turn from its first such message to its Sync.
const EXTENDED_QUERY_MESSAGES = new Set([...'PBDECHd'].map((type) => type.charCodeAt(0)));
let isMidExtendedQuery = false;
const queueView = new Proxy(db, {
  get(target, property) {
    if (property === 'isInTransaction') return () => target.isInTransaction() || isMidExtendedQuery;
    if (property === 'execProtocolRawStream') {
      return (message, options) => {
        isMidExtendedQuery = EXTENDED_QUERY_MESSAGES.has(message[0]);
        return target.execProtocolRawStream(message, options);
      };
    }
    const value = Reflect.get(target, property, target);
    return typeof value === 'function' ? value.bind(target) : value;
  },
});
const server = new PGLiteSocketServer({ db: queueView, path: socketPath, maxConnections: 64 });
await server.start();
if (socketNote) writeFileSync(socketNote, socketPath, { mode: 0o600 });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  if (socketNote) rmSync(socketNote, { force: true });
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
