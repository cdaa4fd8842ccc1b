import { createHmac } from 'node:crypto';
import https from 'node:https';
import tls from 'node:tls';
import { SIGNATURE_HEADER, WEBHOOK_FIRST_RETRY_SECONDS, WEBHOOK_MAX_ATTEMPTS } from '@quayside/domain/webhooks';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { withWrite } from '../../write/with-write.ts';
import { eventsById } from '../alerts/shipment-events.ts';
import type { AuditActor } from '../audit/audit.service.ts';

const DELIVERY_ACTOR: AuditActor = { personId: null, email: null, source: 'system' };
/** The most deliveries one run tries; the rest wait for the next run (a minute later). */
const DELIVERIES_PER_RUN = 100;
const TIMEOUT_MS = 10_000;

/** `ca`: certificates trusted besides the usual ones (WEBHOOK_CA_FILE: a receiver with a private CA). */
export type WebhookTransport = { ca?: string };

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the hook's secret>`. */
export function signature(secret: string, body: string, at: Date) {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** The wait before try `attempt + 1`: a minute, doubling each time. */
export const retryDelaySeconds = (attempt: number) => WEBHOOK_FIRST_RETRY_SECONDS * 2 ** (attempt - 1);

/**
 * Tries every delivery that is due, each in its own transaction holding its row (two servers
 * never send one twice at once): a 2xx answer delivers it; anything else is tried again after a
 * doubling wait, until WEBHOOK_MAX_ATTEMPTS tries have failed.
 */
export async function deliverDueWebhooks(db: Database, clock: () => Date, transport: WebhookTransport) {
  const counts = { delivered: 0, retrying: 0, failed: 0 };
  for (let run = 0; run < DELIVERIES_PER_RUN; run++) {
    const outcome = await withWrite(db, DELIVERY_ACTOR, async ({ tx }) => {
      const now = clock();
      const [due] = await tx
        .select({ delivery: webhookDeliveries, hook: webhooks })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhook_id))
        .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.next_try_at, now)))
        .orderBy(asc(webhookDeliveries.next_try_at), asc(webhookDeliveries.id))
        .limit(1)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      if (!due) return null;
      const { delivery, hook } = due;
      const [event] = await eventsById(tx, [delivery.event_id]);
      const body = JSON.stringify({ deliveryId: delivery.id, ...event });
      const answer = await post(
        hook.url,
        body,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'Quayside-Webhooks/1',
          'Quayside-Event': event?.kind ?? '',
          'Quayside-Delivery': String(delivery.id),
          [SIGNATURE_HEADER]: signature(hook.secret, body, now),
        },
        transport,
      );
      const attempts = delivery.attempts + 1;
      const isDelivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
      const status = isDelivered ? 'delivered' : attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'pending';
      await tx
        .update(webhookDeliveries)
        .set({
          status,
          attempts,
          last_status: answer.status,
          last_error: isDelivered ? null : (answer.error ?? `HTTP ${answer.status}`),
          last_try_at: now,
          next_try_at: status === 'pending' ? new Date(now.getTime() + retryDelaySeconds(attempts) * 1000) : null,
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      return status;
    });
    if (outcome === null) break;
    counts[outcome === 'pending' ? 'retrying' : outcome] += 1;
  }
  return counts;
}

/** One POST; never throws: a failure is an answer without a status. Redirects are not followed. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  { ca }: WebhookTransport,
): Promise<{ status: number | null; error?: string }> {
  return new Promise((resolve) => {
    if (!url.startsWith('https://')) {
      resolve({ status: null, error: 'not an https:// address' });
      return;
    }
    const request = https.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        timeout: TIMEOUT_MS,
        ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
      },
      (response) => {
        // The answer's body is not needed: read and drop it so the socket is released.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null }));
        response.on('error', (error) => resolve({ status: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ status: null, error: error.message.slice(0, 500) }));
    request.end(body);
  });
}
