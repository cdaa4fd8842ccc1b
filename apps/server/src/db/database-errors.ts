// Database failures that are not a bug but a busy or restarting database: the client hears a 503
// with a message and when to try again, never a bare 500.

export type Unavailable = { message: string; retryAfterSeconds: number };

export const STATEMENT_TIMED_OUT =
  'The database took too long to answer this request and stopped it. Please narrow the search or try again in a moment.';
export const SERVER_BUSY = 'The server is busy. Please try again in a few seconds.';
export const DATABASE_UNREACHABLE =
  'The database cannot be reached at the moment (it may be restarting). Please try again in a few seconds.';
export const WRITE_CONFLICT = 'Another change to the same records got in the way. Please try again.';

/** PostgreSQL's query_canceled: statement_timeout (or an administrator) stopped the statement. */
const QUERY_CANCELED = '57014';
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'EPIPE', '57P01', '57P03']);
/** PostgreSQL's serialization_failure and deadlock_detected: the transaction was rolled back and may simply be run again. */
const WRITE_CONFLICTS = new Set(['40001', '40P01']);

/** Whether `error` (or what it wraps) is a write stopped by another's locks, safe to run again from the start. */
export const isWriteConflict = (error: unknown) => hasCode(error, WRITE_CONFLICTS);

/** Whether `error`, or an error it wraps (Drizzle wraps the driver's), carries one of `codes`. */
function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (codes.has(String((cause as { code?: unknown }).code))) return true;
  }
  return false;
}

/** What `error` (or what it wraps: Drizzle wraps the driver's error) means for the client, if it is one of these. */
export function unavailableAnswer(error: unknown): Unavailable | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (code === QUERY_CANCELED) return { message: STATEMENT_TIMED_OUT, retryAfterSeconds: 10 };
    // Still in the way after the write door's own tries: the other change is usually done in a moment.
    if (typeof code === 'string' && WRITE_CONFLICTS.has(code)) return { message: WRITE_CONFLICT, retryAfterSeconds: 1 };
    // pg-pool's words when connectionTimeoutMillis passes with every connection busy.
    if (cause.message === 'timeout exceeded when trying to connect') {
      return { message: SERVER_BUSY, retryAfterSeconds: 5 };
    }
    if ((typeof code === 'string' && CONNECTION_LOST.has(code)) || /^Connection terminated/.test(cause.message)) {
      return { message: DATABASE_UNREACHABLE, retryAfterSeconds: 5 };
    }
  }
  return null;
}

export const OUT_OF_STORAGE = 'The server is out of storage space; nothing was saved.';

/**
 * A full disk or an exhausted quota: the file system's ENOSPC and EDQUOT (uploads and imports
 * spooled to DATA_DIR, documents stored there), and the database's disk_full (PostgreSQL's, and
 * PGlite's 'could not extend file ... No space left on device', which carries the same code).
 */
const OUT_OF_STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** Whether `error` (or what it wraps) is a write refused for want of storage: the client hears 507. */
export const isOutOfStorage = (error: unknown) => hasCode(error, OUT_OF_STORAGE_CODES);

/** PostgreSQL's codes for a database that does not exist, and for refused credentials. */
const NO_SUCH_DATABASE = '3D000';
const REFUSED_CREDENTIALS = new Set(['28P01', '28000']);
const UNREACHABLE_HOST = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * One line for a database that cannot be used at start (server or CLI): a wrong DATABASE_URL is a
 * setting to fix, not a stack trace to read. Null for anything else.
 */
export function startupDatabaseProblem(error: unknown): string | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = String((cause as { code?: unknown }).code ?? '');
    if (code === NO_SUCH_DATABASE) {
      return `DATABASE_URL names a database that does not exist (PostgreSQL: ${cause.message}). Create it, e.g. with createdb, or correct DATABASE_URL.`;
    }
    if (REFUSED_CREDENTIALS.has(code)) {
      return `PostgreSQL refused the user or password in DATABASE_URL (${cause.message}). Correct DATABASE_URL.`;
    }
    if (UNREACHABLE_HOST.has(code)) {
      return `PostgreSQL at DATABASE_URL cannot be reached (${code}: ${cause.message}). Is it running, and are the host and port right?`;
    }
  }
  return null;
}
