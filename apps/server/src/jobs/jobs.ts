import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { resolveAuthSecret } from '../auth/secret.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createMailer } from '../mail/mailer.ts';
import { mailAlerts } from '../modules/alerts/alert-mail.ts';
import { dispatchEvents } from '../modules/alerts/dispatch-events.ts';
import { dcsaTntProvider } from '../modules/carrier-events/providers/dcsa-tnt-provider.ts';
import { pullCarrierEvents } from '../modules/carrier-events/providers/pull-carrier-events.ts';
import { sweepExceptions } from '../modules/exceptions/exception-sweep.ts';
import { pruneRowChanges } from '../modules/line-items/columnar/rows-copy.ts';
import { deliverDueWebhooks } from '../modules/webhooks/webhook-delivery.ts';
import type { JobDefinition } from './job-queue.ts';

export const JOB_NAMES = {
  exceptionSweep: 'exception-sweep',
  notify: 'notify',
  dailyDigest: 'daily-digest',
  webhooks: 'webhook-deliveries',
  carrierEventsPull: 'carrier-events-pull',
  rowChangesPrune: 'row-changes-prune',
} as const;

type JobConfig = Pick<
  AppConfig,
  | 'clock'
  | 'bulkStatementTimeoutMs'
  | 'smtpUrl'
  | 'mailFrom'
  | 'dataDir'
  | 'publicUrl'
  | 'authSecret'
  | 'webhookCaFile'
  | 'webhookTimeouts'
  | 'visibilityProvider'
>;

/** Every job the servers run, with its schedule (UTC). `npm run cli -- run-job <name>` runs one now. */
export function defineJobs(db: Database, config: JobConfig, log: FastifyBaseLogger): JobDefinition[] {
  const mail = {
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }),
    publicUrl: config.publicUrl,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
  };
  const transport = {
    ca: config.webhookCaFile ? readFileSync(config.webhookCaFile, 'utf8') : undefined,
    connectTimeoutMs: config.webhookTimeouts.connectMs,
    answerTimeoutMs: config.webhookTimeouts.answerMs,
  };
  /** Every new event turned into notifications and webhook deliveries. */
  const dispatchAll = async () => {
    let total = { events: 0, notifications: 0, deliveries: 0 };
    for (;;) {
      const done = await dispatchEvents(db, config.clock);
      total = {
        events: total.events + done.events,
        notifications: total.notifications + done.notifications,
        deliveries: total.deliveries + done.deliveries,
      };
      if (done.events === 0) return total;
    }
  };
  return [
    {
      // Five past midnight: the first moment of the day exceptions are decided on.
      name: JOB_NAMES.exceptionSweep,
      cron: '5 0 * * *',
      retryLimit: 3,
      retryDelaySeconds: 60,
      handle: () => sweepExceptions(db, config.clock, config.bulkStatementTimeoutMs),
    },
    {
      // Every minute: alerts by e-mail 'at once' go out within a minute of the change; the events
      // become webhook deliveries here too.
      name: JOB_NAMES.notify,
      cron: '* * * * *',
      handle: async () => ({ dispatched: await dispatchAll(), mailed: await mailAlerts(db, 'email', mail) }),
    },
    {
      // Every minute, in a queue of its own: a slow or silent receiver never holds up alert e-mail.
      name: JOB_NAMES.webhooks,
      cron: '* * * * *',
      handle: () => deliverDueWebhooks(db, config.clock, transport),
    },
    {
      // Seven in the morning UTC: the day's digest, after the sweep's new exceptions.
      name: JOB_NAMES.dailyDigest,
      cron: '0 7 * * *',
      retryLimit: 3,
      retryDelaySeconds: 300,
      handle: async () => ({ dispatched: await dispatchAll(), mailed: await mailAlerts(db, 'digest', mail) }),
    },
    {
      // Every half hour: the visibility provider (VISIBILITY_PROVIDER_URL) asked about the shipments
      // not yet arrived, in turns. Its failures are in the run's report (and logged), not a failed
      // job: what it answered about the other shipments is kept, and the next run asks again.
      name: JOB_NAMES.carrierEventsPull,
      cron: '*/30 * * * *',
      handle: async () => {
        if (!config.visibilityProvider) return { skipped: 'no provider configured' };
        const report = await pullCarrierEvents(db, dcsaTntProvider(config.visibilityProvider), {
          now: config.clock(),
          log,
        });
        if (report.failed > 0 || report.refused > 0 || report.stopped) {
          log.warn({ job: JOB_NAMES.carrierEventsPull, report }, 'visibility provider pull incomplete');
        }
        return report;
      },
    },
    {
      // Every ten minutes: the dashboard rows' changes the servers' copies have read.
      name: JOB_NAMES.rowChangesPrune,
      cron: '*/10 * * * *',
      handle: () => pruneRowChanges(db),
    },
  ];
}
