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
