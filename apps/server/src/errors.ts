import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { unavailableAnswer } from './db/database-errors.ts';
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
    if (error instanceof DocumentStoreUnavailableError) {
      request.log.warn({ err: error }, 'document store unavailable');
      return reply.status(503).header('retry-after', '30').send({ message: DOCUMENT_STORE_UNAVAILABLE });
    }
    const unavailable = unavailableAnswer(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(unavailable.retryAfterSeconds))
        .send({ message: unavailable.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
