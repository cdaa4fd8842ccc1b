// The files beside a PGlite directory, and who holds its lock: the server's embedded database (db/pglite-host.mjs) and `cli backup` /
// `cli restore` (backup/backup.ts) both lock a PGlite directory with one. Plain JavaScript, so
// the database's host process can import it without a TypeScript loader.
import { readFileSync } from 'node:fs';

/**
 * The lock file of a PGlite directory (DATA_DIR/pglite.lock), holding its holder's process id.
 * @param {string} databaseDir
 */
export const lockFileOf = (databaseDir) => `${databaseDir}.lock`;

/**
 * Where the server's database process says which socket it serves (DATA_DIR/pglite.socket), so
 * CLI commands can reach it while the server runs.
 * @param {string} databaseDir
 */
export const socketNoteOf = (databaseDir) => `${databaseDir}.socket`;

/**
 * The live process whose id the lock file holds (possibly this one), or null when there is no
 * lock or its process is gone (a stale lock left by a crash).
 * @param {string} file
 * @returns {number | null}
 */
export function lockHolder(file) {
  let pid;
  try {
    pid = Number(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0); // throws when no such process is alive
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's. Anything else: gone.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM' ? pid : null;
  }
}
