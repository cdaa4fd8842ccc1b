import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { LOCKS, withAdvisoryLock } from '../db/advisory-lock.ts';

/**
 * One kind of background work. `cron` (UTC) runs it on a schedule; a failed run is tried again
 * `retryLimit` times, each wait longer than the last.
 */
export type JobDefinition = {
  name: string;
  cron?: string;
  retryLimit?: number;
  /** Seconds before the first retry (doubling with each further one). */
  retryDelaySeconds?: number;
  handle: (data: object) => Promise<unknown>;
};

const JOBS_PER_FETCH = 10;

export type JobQueue = {
  send: (name: string, data?: object, options?: PgBoss.SendOptions) => Promise<string | null>;
  stop: () => Promise<void>;
};

export type JobQueueOptions = {
  /** How often an idle worker asks for work; pg-boss's least is 0.5. */
  pollingIntervalSeconds: number;
};

/**
 * The job queue: pg-boss in the application's own database (schema `pgboss`), through the
 * server's pool, so it needs nothing PostgreSQL or the embedded database do not already give.
 * Jobs survive a restart (they are rows); when several servers share one database each job is
 * fetched by one of them (SELECT ... FOR UPDATE SKIP LOCKED) and a schedule sends one job per
 * slot. bench/RESULTS.md has the measurement that chose pg-boss over graphile-worker.
 */
export async function startJobQueue(
  pool: pg.Pool,
  jobs: readonly JobDefinition[],
  log: FastifyBaseLogger,
  { pollingIntervalSeconds }: JobQueueOptions,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    // Finished jobs are kept a week for inspection (pgboss.archive), then deleted.
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // pg-boss 10 makes its schema and queues unguarded: two servers starting together on a new
  // database both try, and one fails ('duplicate key ... pg_namespace'). They take turns.
  await withAdvisoryLock(pool, LOCKS.jobQueueSetUp, async () => {
    await boss.start();
    for (const job of jobs)
      await boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit ?? 0,
        retryDelay: job.retryDelaySeconds ?? 0,
        retryBackoff: (job.retryLimit ?? 0) > 0,
      });
  });
  for (const job of jobs) {
    // Up to ten jobs per poll, one after another; a failure fails only its own job (to be retried).
    await boss.work(job.name, { pollingIntervalSeconds, batchSize: JOBS_PER_FETCH }, async (fetched) => {
      for (const next of fetched) {
        const started = performance.now();
        try {
          const result = await job.handle(next.data as object);
          log.info({ job: job.name, id: next.id, ms: Math.round(performance.now() - started), result }, 'job done');
        } catch (error) {
          log.warn({ job: job.name, id: next.id, err: error }, 'job failed');
          await boss.fail(job.name, next.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
  return {
    send: (name, data = {}, options = {}) => boss.send(name, data, options),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
