import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isOutOfStorage, OUT_OF_STORAGE, unavailableAnswer } from './db/database-errors.ts';
import { DOCUMENT_STORE_UNAVAILABLE, DocumentStoreUnavailableError } from './storage/document-store.ts';

export type AppErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited';

const STATUS: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};

/** A failure the client caused or may see; the error handler turns it into a status and `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Sent as `Retry-After`: when trying again may succeed (a limit that frees up). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The HTTP status an AppError answers with. */
export const statusOf = (error: AppError) => STATUS[error.kind];

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(STATUS[error.kind]).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const where = field ? ` (${field})` : '';
      const message = first ? `${first.message}${where}` : 'The request is not valid.';
      return reply.status(400).send({ message });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type) carry a usable message.
      return reply.status(status).send({ message: error.message });
    }
    const answer = failureAnswer(error, request.log);
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
    return reply.status(answer.status).send({ message: answer.message });
  });
}

export const SERVER_FAILURE = 'Something went wrong on our side. Please try again.';

/**
 * What the client hears of a failure that is not its own (5xx), logged: a full disk (507, no
 * Retry-After: space comes back when someone frees it), a document store or database that is
 * busy or away (503 with Retry-After), else a bug (500). A streamed answer's error line uses it too.
 */
export function failureAnswer(
  error: unknown,
  log: FastifyBaseLogger,
): { status: number; message: string; retryAfterSeconds?: number } {
  if (isOutOfStorage(error)) {
    log.error({ err: error }, 'out of storage space');
    return { status: 507, message: OUT_OF_STORAGE };
  }
  if (error instanceof DocumentStoreUnavailableError) {
    log.warn({ err: error }, 'document store unavailable');
    return { status: 503, message: DOCUMENT_STORE_UNAVAILABLE, retryAfterSeconds: 30 };
  }
  const unavailable = unavailableAnswer(error);
  if (unavailable) {
    log.warn({ err: error }, 'database unavailable');
    return { status: 503, message: unavailable.message, retryAfterSeconds: unavailable.retryAfterSeconds };
  }
  log.error({ err: error }, 'request failed');
  return { status: 500, message: SERVER_FAILURE };
}
