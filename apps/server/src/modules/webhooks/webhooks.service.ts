import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebhookEventKind } from '@quayside/domain/events';
import {
  WEBHOOK_ADDRESS_MESSAGE,
  WEBHOOKS_FORBIDDEN,
  type Webhook,
  type WebhookDelivery,
  type WebhookRequest,
  type WebhookSigning,
} from '@quayside/domain/webhooks';
import { desc, eq, sql } from 'drizzle-orm';
import { canManageWebhooks } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { webhooks } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { type EventRow, eventColumns, eventOf, eventsWithRecords } from '../alerts/events.ts';
import { actorOf } from '../audit/audit.service.ts';
import { readOrganisationSettings } from '../settings/organisation-settings.ts';
import { type AddressKind, hostOf, isLocalName, readAllowList, refusal } from './receiver-address.ts';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
const DELIVERIES_SHOWN = 20;

function assertAdmin(principal: Principal) {
  if (!canManageWebhooks(principal)) throw new AppError('forbidden', WEBHOOKS_FORBIDDEN);
}

/** Every webhook with its latest deliveries (the delivery log). */
export async function listWebhooks(db: Queryable, principal: Principal): Promise<Webhook[]> {
  assertAdmin(principal);
  const hooks = await db.select().from(webhooks).orderBy(desc(webhooks.id));
  const result: Webhook[] = [];
  for (const hook of hooks) result.push({ ...webhookOf(hook), deliveries: await deliveriesOf(db, hook.id) });
  return result;
}

const webhookOf = (row: typeof webhooks.$inferSelect): Omit<Webhook, 'deliveries'> => ({
  id: row.id,
  url: row.url,
  events: row.event_kinds as WebhookEventKind[],
  signing: row.signing as WebhookSigning,
  createdAt: row.created_at.toISOString(),
  consecutiveFailures: row.consecutive_failures,
  backoffUntil: row.backoff_until?.toISOString() ?? null,
  pausedAt: row.paused_at?.toISOString() ?? null,
  pausedReason: row.paused_reason,
});

type DeliveryRow = EventRow & {
  delivery_id: string | number;
  status: WebhookDelivery['status'];
  attempts: number;
  last_status: number | null;
  last_outcome: WebhookDelivery['lastOutcome'];
  last_error: string | null;
  last_try_at: string | Date | null;
  next_try_at: string | Date | null;
};

const isoOrNull = (at: string | Date | null) => (at === null ? null : new Date(at).toISOString());

async function deliveriesOf(db: Queryable, webhookId: number): Promise<WebhookDelivery[]> {
  const rows = await db.execute<DeliveryRow>(sql`
    select d.id as delivery_id, d.status, d.attempts, d.last_status, d.last_outcome, d.last_error, d.last_try_at,
           d.next_try_at, ${eventColumns}
    from webhook_deliveries d join ${eventsWithRecords} on e.id = d.event_id
    where d.webhook_id = ${webhookId}
    order by d.id desc
    limit ${DELIVERIES_SHOWN}`);
  return rows.rows.map((row) => {
    const event = eventOf(row);
    return {
      id: Number(row.delivery_id),
      eventId: event.id,
      eventKind: event.kind as WebhookEventKind,
      record: event.record,
      shipment: event.shipment,
      status: row.status,
      attempts: row.attempts,
      lastStatus: row.last_status,
      lastOutcome: row.last_outcome ?? null,
      lastError: row.last_error,
      lastTryAt: isoOrNull(row.last_try_at),
      nextTryAt: row.status === 'pending' ? isoOrNull(row.next_try_at) : null,
    };
  });
}

/** Registers an endpoint; its signing secret is answered this once and never again. */
export async function createWebhook(db: Database, principal: Principal, request: WebhookRequest) {
  assertAdmin(principal);
  const kind = await addressProblem(db, new URL(request.url));
  if (kind) throw new AppError('invalid', `${WEBHOOK_ADDRESS_MESSAGE} (${hostOf(new URL(request.url))}: ${kind})`);
  // Standard base64, as Standard Webhooks' libraries decode it (Quayside-Signature keys with the whole text).
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  return withWrite(db, actorOf(principal), async (write) => {
    const [row] = await write.tx
      .insert(webhooks)
      .values({ url: request.url, event_kinds: request.events, secret, signing: request.signing })
      .returning();
    if (!row) throw new Error('webhook not saved');
    // The audit log keeps everything but the secret.
    write.audit({ action: 'create', entity: 'webhook', entityId: row.id, after: webhookOf(row) });
    return { webhook: { ...webhookOf(row), deliveries: [] }, secret };
  });
}

/** The longest registration waits for a name to resolve; unresolved, it is accepted (each delivery checks again). */
const LOOKUP_WAIT_MS = 3_000;

/**
 * Why the URL's host may not be a receiver, or null. Every delivery checks the address it connects
 * to again (a name may resolve elsewhere later); this check answers an Admin at once. A name that
 * does not resolve now is accepted: its deliveries will say so.
 */
async function addressProblem(db: Queryable, url: URL): Promise<AddressKind | null> {
  const host = hostOf(url);
  const allowList = readAllowList((await readOrganisationSettings(db)).webhookPrivateAllowList);
  if (isIP(host)) return refusal(host, host, allowList);
  if (allowList.hosts.has(host)) return null;
  if (isLocalName(host)) return refusal(host, '127.0.0.1', allowList) && refusal(host, '::1', allowList);
  // The resolver's own timeout can be half a minute: an Admin hears back within a few seconds.
  const answered = lookup(host, { all: true }).catch(() => []);
  const addresses = await Promise.race([answered, sleep(LOOKUP_WAIT_MS, [], { ref: false })]);
  const kinds = addresses.map((entry) => refusal(host, entry.address, allowList));
  return kinds.length > 0 && kinds.every((kind) => kind !== null) ? (kinds[0] ?? null) : null;
}

/** Wakes a paused receiver: its waiting deliveries go out on the next run. */
export async function resumeWebhook(db: Database, principal: Principal, id: number) {
  assertAdmin(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const [before] = await write.tx.select().from(webhooks).where(eq(webhooks.id, id));
    if (!before) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    const [after] = await write.tx
      .update(webhooks)
      .set({ paused_at: null, paused_reason: null, consecutive_failures: 0, backoff_until: null })
      .where(eq(webhooks.id, id))
      .returning();
    if (after)
      write.audit({
        action: 'update',
        entity: 'webhook',
        entityId: id,
        before: webhookOf(before),
        after: webhookOf(after),
      });
  });
}

export async function deleteWebhook(db: Database, principal: Principal, id: number) {
  assertAdmin(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const [row] = await write.tx.delete(webhooks).where(eq(webhooks.id, id)).returning();
    if (!row) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    write.audit({ action: 'delete', entity: 'webhook', entityId: row.id, before: webhookOf(row) });
  });
}
