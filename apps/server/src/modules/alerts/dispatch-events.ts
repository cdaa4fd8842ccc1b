import { DEFAULT_ALERT_CHANNEL, FollowedQuery } from '@quayside/domain/alerts';
import { asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { lineItemRowScope, seesShipment } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Database, Queryable } from '../../db/client.ts';
import {
  alertPreferences,
  eventDispatch,
  follows,
  notifications,
  shipmentEvents,
  shipments,
  webhookDeliveries,
  webhooks,
} from '../../db/schema.ts';
import { withWrite } from '../../write/with-write.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { ExceptionContext } from '../exceptions/exception-sql.ts';
import { exceptionContext } from '../exceptions/exceptions.service.ts';
import { queryCondition } from '../line-items/line-item-sql.ts';
import { alertablePeople } from './alert-recipients.ts';

const DISPATCH_ACTOR: AuditActor = { personId: null, email: null, source: 'system' };
const EVENTS_PER_BATCH = 500;

export type DispatchResult = { events: number; notifications: number; deliveries: number };

/**
 * Turns new shipment events into notifications for the people following them and deliveries for
 * the webhooks that want them, then moves the dispatcher's place past them, all in one
 * transaction that holds the place's row: two servers never dispatch the same event.
 * Returns what it did; call again while `events` is a full batch.
 */
export async function dispatchEvents(db: Database, clock: () => Date): Promise<DispatchResult> {
  return withWrite(db, DISPATCH_ACTOR, async ({ tx }) => {
    const [place] = await tx.select().from(eventDispatch).for('update');
    const batch = await tx
      .select({ event: shipmentEvents, shipment: shipments })
      .from(shipmentEvents)
      .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipment_id))
      .where(gt(shipmentEvents.id, place?.last_event_id ?? 0))
      .orderBy(asc(shipmentEvents.id))
      .limit(EVENTS_PER_BATCH);
    const last = batch.at(-1);
    if (!last) return { events: 0, notifications: 0, deliveries: 0 };

    const told = await notificationsFor(tx, batch, await exceptionContext(tx, clock));
    const owed = await deliveriesFor(tx, batch, clock());
    await tx.update(eventDispatch).set({ last_event_id: last.event.id }).where(eq(eventDispatch.id, 1));
    return { events: batch.length, notifications: told, deliveries: owed };
  });
}

type Batch = { event: typeof shipmentEvents.$inferSelect; shipment: typeof shipments.$inferSelect }[];

/** Who hears of each event: followers of its shipment, and of a saved filter its shipment is in, if they see it. */
async function notificationsFor(tx: Queryable, batch: Batch, context: ExceptionContext): Promise<number> {
  const shipmentIds = [...new Set(batch.map(({ event }) => event.shipment_id))];
  const ofShipments = await tx.select().from(follows).where(inArray(follows.shipment_id, shipmentIds));
  const ofFilters = await tx.select().from(follows).where(isNotNull(follows.query));
  const principals = await alertablePeople(tx, [...new Set([...ofShipments, ...ofFilters].map((f) => f.person_id))]);
  if (principals.size === 0) return 0;

  // Each saved filter, once: which of the batch's shipments it includes for its owner today.
  const filterShipments = new Map<number, Set<number>>();
  for (const follow of ofFilters) {
    const principal = principals.get(follow.person_id);
    if (principal)
      filterShipments.set(follow.id, await shipmentsInFilter(tx, principal, follow.query, shipmentIds, context));
  }

  const channels = new Map(
    (
      await tx
        .select()
        .from(alertPreferences)
        .where(inArray(alertPreferences.person_id, [...principals.keys()]))
    ).map((row) => [`${row.person_id}:${row.event_kind}`, row.channel]),
  );
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const { event, shipment } of batch) {
    const recipients = new Set<number>();
    for (const follow of ofShipments) {
      if (follow.shipment_id === event.shipment_id) recipients.add(follow.person_id);
    }
    for (const follow of ofFilters) {
      if (filterShipments.get(follow.id)?.has(event.shipment_id)) recipients.add(follow.person_id);
    }
    for (const personId of recipients) {
      const principal = principals.get(personId);
      // A forwarder is only ever told of its own company's shipments, whatever it followed.
      if (!principal || !seesShipment(principal, shipment)) continue;
      const channel = channels.get(`${personId}:${event.kind}`) ?? DEFAULT_ALERT_CHANNEL;
      rows.push({ person_id: personId, event_id: event.id, channel });
    }
  }
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return inserted.length;
}

/** The shipments (of `candidates`) with a line item the principal sees in the saved filter's results. */
async function shipmentsInFilter(
  tx: Queryable,
  principal: Principal,
  wire: unknown,
  candidates: readonly number[],
  context: ExceptionContext,
): Promise<Set<number>> {
  const parsed = FollowedQuery.safeParse(wire ?? {});
  if (!parsed.success) return new Set();
  const condition = queryCondition({ ...parsed.data, sort: [] }, context);
  const result = await tx.execute<{ shipment_id: string | number }>(sql`
    select distinct r.shipment_id from line_item_rows r
    where r.shipment_id = any(${idArray(candidates)})
      and ${lineItemRowScope(principal)} and ${condition}`);
  return new Set(result.rows.map((row) => Number(row.shipment_id)));
}

/** A delivery owed to each webhook that wants the event's kind, due now. */
async function deliveriesFor(tx: Queryable, batch: Batch, now: Date): Promise<number> {
  const hooks = await tx.select().from(webhooks);
  const rows = batch.flatMap(({ event }) =>
    hooks
      .filter((hook) => hook.event_kinds.includes(event.kind))
      .map((hook) => ({ webhook_id: hook.id, event_id: event.id, next_try_at: now })),
  );
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return inserted.length;
}
