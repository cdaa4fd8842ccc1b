import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

/** How many heavy requests run at once on this server, and how long one waits for its turn. */
export type HeavyWorkLimits = Pick<AppConfig, 'heavyWorkAtOnce' | 'heavyWorkWaitMs'>;

export const HEAVY_WORK_BUSY =
  'The server is busy with other exports, imports and reports. Please try again in a minute.';

/** Seconds a refused client is told to wait: about what one heavy request takes at 100,000 rows. */
export const HEAVY_WORK_RETRY_AFTER_SECONDS = 30;

type Waiter = { admit: () => void };

/**
 * A server-wide queue for the requests that read or write many rows (full exports, imports, bulk
 * changes by query, analytics over long ranges): a few at once, the rest wait their turn in order,
 * so they share the CPU and the database among themselves and leave the rest to people browsing.
 * Per server instance, in memory, like the per-user limits.
 */
export class HeavyWork {
  private runningCount = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: HeavyWorkLimits) {}

  get running() {
    return this.runningCount;
  }

  get waitingCount() {
    return this.waiting.length;
  }

  /**
   * A preHandler: a heavy request (`isHeavy`) runs when a place is free, waits up to
   * `heavyWorkWaitMs` for one, or is answered 503 with Retry-After. Its place is freed when its
   * answer has been sent or its client went away, streamed answers included.
   */
  limit<Request extends FastifyRequest>(isHeavy: (request: Request) => boolean = () => true) {
    return async (request: Request, reply: FastifyReply) => {
      if (!isHeavy(request)) return;
      const isAdmitted = await this.turn(reply);
      if (!isAdmitted) {
        if (reply.raw.destroyed) return reply.hijack();
        return reply
          .status(503)
          .header('retry-after', String(HEAVY_WORK_RETRY_AFTER_SECONDS))
          .send({ message: HEAVY_WORK_BUSY });
      }
      let isReleased = false;
      const release = () => {
        if (isReleased) return;
        isReleased = true;
        this.runningCount -= 1;
        this.waiting.shift()?.admit();
      };
      // 'close' comes when the answer is sent or the client went away; a reply already closed frees at once.
      if (reply.raw.writableFinished || reply.raw.destroyed) release();
      else reply.raw.once('close', release);
    };
  }

  /** Whether a place was had within the wait (false: waited too long, or the client left meanwhile). */
  private turn(reply: FastifyReply): Promise<boolean> {
    if (this.runningCount < this.limits.heavyWorkAtOnce && this.waiting.length === 0) {
      this.runningCount += 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const leave = (isAdmitted: boolean) => {
        clearTimeout(timer);
        reply.raw.off('close', gone);
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(isAdmitted);
      };
      const waiter: Waiter = {
        // The place is handed over directly, so nobody arriving meanwhile can take it.
        admit: () => {
          this.runningCount += 1;
          leave(true);
        },
      };
      const timer = setTimeout(() => leave(false), this.limits.heavyWorkWaitMs);
      const gone = () => leave(false);
      reply.raw.once('close', gone);
      this.waiting.push(waiter);
    });
  }
}
