// Database failures that are not a bug but a busy or restarting database: the client hears a 503
// with a message and when to try again, never a bare 500.

export type Unavailable = { message: string; retryAfterSeconds: number };

export const STATEMENT_TIMED_OUT =
  'The database took too long to answer this request and stopped it. Please narrow the search or try again in a moment.';
export const SERVER_BUSY = 'The server is busy. Please try again in a few seconds.';
export const DATABASE_UNREACHABLE =
  'The database cannot be reached at the moment (it may be restarting). Please try again in a few seconds.';

/** PostgreSQL's query_canceled: statement_timeout (or an administrator) stopped the statement. */
const QUERY_CANCELED = '57014';
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'EPIPE', '57P01', '57P03']);

/** What `error` (or what it wraps: Drizzle wraps the driver's error) means for the client, if it is one of these. */
export function unavailableAnswer(error: unknown): Unavailable | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (code === QUERY_CANCELED) return { message: STATEMENT_TIMED_OUT, retryAfterSeconds: 10 };
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
