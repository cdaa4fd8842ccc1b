import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { AppError } from '../errors.ts';

/** What bounds exports and imports: how many per user at once, and their statements' time limit. */
export type BulkWorkLimits = Pick<AppConfig, 'exportsPerUser' | 'importsPerUser' | 'bulkStatementTimeoutMs'>;

/** Seconds a refused client is told to wait: an export or an import usually ends within that. */
const RETRY_AFTER_SECONDS = 10;

/**
 * A preHandler that lets one user run at most `max` of an expensive kind of request at once (full
 * exports, imports): a few are what a person needs, a dozen at once starve everyone else. The count
 * is per server instance, in memory: a user spread over several instances gets `max` on each, which
 * still bounds the load on each, and nothing stale survives a crash.
 */
export function perUserLimit(max: number, running: string) {
  const inProgress = new Map<number, number>();
  return async function limitPerUser(request: FastifyRequest, reply: FastifyReply) {
    const user = request.principal.personId;
    const count = inProgress.get(user) ?? 0;
    if (count >= max) {
      throw new AppError(
        'rate_limited',
        `You already have ${max} ${running} running. Wait for one to finish, then try again.`,
        RETRY_AFTER_SECONDS,
      );
    }
    inProgress.set(user, count + 1);
    let isReleased = false;
    // 'close' comes when the answer is sent or the client went away, streamed answers included.
    reply.raw.once('close', () => {
      if (isReleased) return;
      isReleased = true;
      const left = (inProgress.get(user) ?? 1) - 1;
      if (left === 0) inProgress.delete(user);
      else inProgress.set(user, left);
    });
  };
}
