import { type AlertChannel, DEFAULT_ALERT_CHANNEL, FollowedQuery } from '@quayside/domain/alerts';
import { isShipmentEventKind } from '@quayside/domain/events';
import { companyKey } from '@quayside/domain/text';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { forwarderKeySql, isStaffSql, lineItemRowScope, seesShipment } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Database, Queryable } from '../../db/client.ts';
import {
  eventDispatch,
  follows,
  type notifications,
  people,
  shipmentEvents,
  shipments,
  undispatchedEvents,
  webhookDeliveries,
  webhooks,
} from '../../db/schema.ts';
import { withWrite } from '../../write/with-write.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { ExceptionContext } from '../exceptions/exception-sql.ts';
import { exceptionContext } from '../exceptions/exceptions.service.ts';
import { queryCondition } from '../line-items/line-item-sql.ts';
import { alertablePeople, chosenChannels, insertNotifications } from './alert-recipients.ts';
import { notifyAddressees } from './event-addressees.ts';

const DISPATCH_ACTOR: AuditActor = { personId: null, email: null, source: 'system' };
const EVENTS_PER_BATCH = 500;
/** The most saved filters asked about in one statement. */
const FILTERS_PER_STATEMENT = 100;

export type DispatchResult = { events: number; notifications: number; deliveries: number };

/**
 * Turns waiting events (undispatched_events, in any order of commit) into notifications for the
 * people following their shipments or whom they concern (event-addressees.ts), and deliveries for
 * the webhooks that want them, and takes them off
 * the waiting list, all in one transaction that holds the dispatcher's row: two servers never
 * dispatch the same event. Returns what it did; call again while `events` is a full batch.
 */
export async function dispatchEvents(db: Database, clock: () => Date): Promise<DispatchResult> {
  return withWrite(db, DISPATCH_ACTOR, async ({ tx }) => {
    await tx.select().from(eventDispatch).for('update');
    const batch = await tx
      .select({ event: shipmentEvents, shipment: shipments, rowsBefore: undispatchedEvents.rows_before })
      .from(undispatchedEvents)
      .innerJoin(shipmentEvents, eq(shipmentEvents.id, undispatchedEvents.event_id))
      .leftJoin(shipments, eq(shipments.id, shipmentEvents.shipment_id))
      .orderBy(asc(undispatchedEvents.event_id))
      .limit(EVENTS_PER_BATCH);
    const last = batch.at(-1);
    if (!last) return { events: 0, notifications: 0, deliveries: 0 };

    const ofShipments = batch.flatMap(({ event, shipment, rowsBefore }) =>
      shipment && event.shipment_id !== null && isShipmentEventKind(event.kind)
        ? [{ event: { ...event, shipment_id: event.shipment_id }, shipment, rowsBefore }]
        : [],
    );
    const addressed = batch.filter(({ event }) => !isShipmentEventKind(event.kind)).map(({ event }) => event);
    const told =
      (ofShipments.length > 0 ? await notificationsFor(tx, ofShipments, await exceptionContext(tx, clock)) : 0) +
      (await notifyAddressees(tx, addressed));
    const owed = await deliveriesFor(tx, batch, clock());
    const ids = batch.map(({ event }) => event.id);
    await tx.delete(undispatchedEvents).where(inArray(undispatchedEvents.event_id, ids));
    // The place a server of the previous release reads from, kept for a rolling upgrade.
    await tx
      .update(eventDispatch)
      .set({ last_event_id: sql`greatest(${eventDispatch.last_event_id}, ${last.event.id})` })
      .where(eq(eventDispatch.id, 1));
    return { events: batch.length, notifications: told, deliveries: owed };
  });
}

/** A batch's events of shipments, told to followers. */
type Batch = {
  event: typeof shipmentEvents.$inferSelect & { shipment_id: number };
  shipment: typeof shipments.$inferSelect;
  rowsBefore: unknown;
}[];

const LOUDNESS: Record<AlertChannel, number> = { app: 0, digest: 1, email: 2 };

/**
 * Who hears of each event and how: followers of its shipment, and of a saved filter its shipment
 * is in now or was in just before the event, if they see it and the follow, made before the event,
 * tells of the event's kind. A follow's own channel, else the person's preference for the kind; of several follows
 * that tell of the same event, the one that tells soonest.
 */
async function notificationsFor(tx: Queryable, batch: Batch, context: ExceptionContext): Promise<number> {
  const shipmentIds = [...new Set(batch.map(({ event }) => event.shipment_id))];
  const ofShipments = await tx.select().from(follows).where(inArray(follows.shipment_id, shipmentIds));
  const ofFilters = await filtersThatMaySee(tx, shipmentIds);
  const principals = await alertablePeople(tx, [...new Set([...ofShipments, ...ofFilters].map((f) => f.person_id))]);
  if (principals.size === 0) return 0;
  const inFilters = await eventsInFilters(tx, ofFilters, principals, batch, context);

  const preferences = await chosenChannels(tx, [...principals.keys()]);
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const { event, shipment } of batch) {
    const channels = new Map<number, AlertChannel>();
    const tell = (follow: typeof follows.$inferSelect) => {
      // A follow tells of what happens after it is made, not of an event still waiting to be told.
      if (!follow.event_kinds.includes(event.kind) || follow.created_at > event.at) return;
      const channel =
        (follow.channel as AlertChannel | null) ??
        preferences.get(`${follow.person_id}:${event.kind}`) ??
        DEFAULT_ALERT_CHANNEL;
      const before = channels.get(follow.person_id);
      if (before === undefined || LOUDNESS[channel] > LOUDNESS[before]) channels.set(follow.person_id, channel);
    };
    for (const follow of ofShipments) if (follow.shipment_id === event.shipment_id) tell(follow);
    for (const follow of ofFilters) if (inFilters.get(follow.id)?.has(event.id)) tell(follow);
    for (const [personId, channel] of channels) {
      const principal = principals.get(personId);
      // A forwarder is only ever told of its own company's shipments, whatever it followed.
      if (!principal || !seesShipment(principal, shipment)) continue;
      rows.push({ person_id: personId, event_id: event.id, channel });
    }
  }
  return insertNotifications(tx, rows);
}

/**
 * The saved-filter follows whose owner could see one of these shipments: staff's, and those of
 * forwarders of a company one of them belongs to. Other companies' forwarders may follow any
 * number of filters; theirs are never read here, so they cost every other person nothing.
 */
async function filtersThatMaySee(tx: Queryable, shipmentIds: readonly number[]) {
  const companies = sql`select ${forwarderKeySql(sql`s.forwarder_name`)} from shipments s where s.id = any(${idArray(shipmentIds)})`;
  const rows = await tx
    .select({ follow: follows })
    .from(follows)
    .innerJoin(people, eq(people.id, follows.person_id))
    .where(
      and(
        isNotNull(follows.query),
        isNotNull(people.fireauth_id),
        sql`(${isStaffSql(sql`${people.role}`)} or ${forwarderKeySql(sql`${people.company_name}`)} in (${companies}))`,
      ),
    )
    .orderBy(asc(follows.id));
  return rows.map((row) => row.follow);
}

/**
 * Which of the batch's events each saved filter includes for its owner (by follow id): those of a
 * shipment with a line item the owner sees in the filter's results today, or saw just before the
 * event (its rows as they were then). The same filter of people who see alike (the same role and
 * company) is asked once, and up to FILTERS_PER_STATEMENT filters go in one statement over the
 * candidates' rows, read once.
 */
async function eventsInFilters(
  tx: Queryable,
  ofFilters: readonly (typeof follows.$inferSelect)[],
  principals: ReadonlyMap<number, Principal>,
  batch: Batch,
  context: ExceptionContext,
): Promise<Map<number, Set<number>>> {
  const filters = new Map<string, { condition: SQL; events: Set<number>; followIds: number[] }>();
  for (const follow of ofFilters) {
    const principal = principals.get(follow.person_id);
    const parsed = FollowedQuery.safeParse(follow.query ?? {});
    if (!principal || !parsed.success) continue;
    const key = JSON.stringify([principal.role, companyKey(principal.company), parsed.data]);
    const filter = filters.get(key) ?? {
      condition: sql`${lineItemRowScope(principal)} and ${queryCondition({ ...parsed.data, sort: [] }, context)}`,
      events: new Set<number>(),
      followIds: [],
    };
    filter.followIds.push(follow.id);
    filters.set(key, filter);
  }
  const eventsOf = new Map<number, number[]>();
  for (const { event } of batch) {
    const ofShipment = eventsOf.get(event.shipment_id);
    if (ofShipment) ofShipment.push(event.id);
    else eventsOf.set(event.shipment_id, [event.id]);
  }
  const shipmentIds = [...eventsOf.keys()];
  const withRowsBefore = batch.filter(({ rowsBefore }) => Array.isArray(rowsBefore)).map(({ event }) => event.id);
  const distinct = [...filters.values()];
  for (let start = 0; start < distinct.length; start += FILTERS_PER_STATEMENT) {
    const part = distinct.slice(start, start + FILTERS_PER_STATEMENT);
    const asked = part.map(
      ({ condition }, index) =>
        sql`(select distinct ${index}::int as filter, r.shipment_id, r.before_event from candidates r where ${condition})`,
    );
    // Today's rows (before_event null: for every event of the shipment) and each event's rows before it.
    const result = await tx.execute<{ filter: number; shipment_id: string | number; before_event: string | null }>(sql`
      with candidates as materialized (
        select l.*, null::bigint as before_event from line_item_rows l where l.shipment_id = any(${idArray(shipmentIds)})
        union all
        select b.*, u.event_id as before_event
        from undispatched_events u, jsonb_populate_recordset(null::line_item_rows, u.rows_before) b
        where u.event_id = any(${idArray(withRowsBefore)})
      )
      ${sql.join(asked, sql` union all `)}`);
    for (const row of result.rows) {
      const events = part[Number(row.filter)]?.events;
      if (!events) continue;
      if (row.before_event !== null) events.add(Number(row.before_event));
      else for (const id of eventsOf.get(Number(row.shipment_id)) ?? []) events.add(id);
    }
  }
  return new Map(distinct.flatMap((filter) => filter.followIds.map((id) => [id, filter.events] as const)));
}

/** A delivery owed to each webhook that wants the event's kind, due now. */
async function deliveriesFor(
  tx: Queryable,
  batch: readonly { event: typeof shipmentEvents.$inferSelect }[],
  now: Date,
): Promise<number> {
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
