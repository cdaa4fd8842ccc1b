import { randomBytes } from 'node:crypto';
import type { EventKind } from '@quayside/domain/events';
import { WEBHOOKS_FORBIDDEN, type Webhook, type WebhookDelivery, type WebhookRequest } from '@quayside/domain/webhooks';
import { desc, eq, inArray } from 'drizzle-orm';
import { canManageWebhooks } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { shipmentEvents, shipments, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';

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
  events: row.event_kinds as EventKind[],
  createdAt: row.created_at.toISOString(),
});

async function deliveriesOf(db: Queryable, webhookId: number): Promise<WebhookDelivery[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, kind: shipmentEvents.kind, shipment: shipments.shipment })
    .from(webhookDeliveries)
    .innerJoin(shipmentEvents, eq(shipmentEvents.id, webhookDeliveries.event_id))
    .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipment_id))
    .where(eq(webhookDeliveries.webhook_id, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN);
  return rows.map(({ delivery, kind, shipment }) => ({
    id: delivery.id,
    eventId: delivery.event_id,
    eventKind: kind as EventKind,
    shipment,
    status: delivery.status as WebhookDelivery['status'],
    attempts: delivery.attempts,
    lastStatus: delivery.last_status,
    lastError: delivery.last_error,
    lastTryAt: delivery.last_try_at?.toISOString() ?? null,
    nextTryAt: delivery.status === 'pending' ? (delivery.next_try_at?.toISOString() ?? null) : null,
  }));
}

/** Registers an endpoint; its signing secret is answered this once and never again. */
export async function createWebhook(db: Database, principal: Principal, request: WebhookRequest) {
  assertAdmin(principal);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  return withWrite(db, actorOf(principal), async (write) => {
    const [row] = await write.tx
      .insert(webhooks)
      .values({ url: request.url, event_kinds: request.events, secret })
      .returning();
    if (!row) throw new Error('webhook not saved');
    // The audit log keeps everything but the secret.
    write.audit({ action: 'create', entity: 'webhook', entityId: row.id, after: webhookOf(row) });
    return { webhook: { ...webhookOf(row), deliveries: [] }, secret };
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

/** The webhooks of these ids (for the deliverer). */
export const webhooksById = (db: Queryable, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(webhooks)
        .where(inArray(webhooks.id, [...ids]));
