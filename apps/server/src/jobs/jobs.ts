import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { sweepExceptions } from '../modules/exceptions/exception-sweep.ts';
import type { JobDefinition } from './job-queue.ts';

export const JOB_NAMES = { exceptionSweep: 'exception-sweep' } as const;

/** Every job the servers run, with its schedule. */
export function defineJobs(db: Database, config: Pick<AppConfig, 'clock' | 'bulkStatementTimeoutMs'>): JobDefinition[] {
  return [
    {
      // Five past midnight UTC: the first moment of the day exceptions are decided on.
      name: JOB_NAMES.exceptionSweep,
      cron: '5 0 * * *',
      retryLimit: 3,
      retryDelaySeconds: 60,
      handle: () => sweepExceptions(db, config.clock, config.bulkStatementTimeoutMs),
    },
  ];
}
