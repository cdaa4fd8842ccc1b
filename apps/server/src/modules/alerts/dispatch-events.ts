import { DEFAULT_ALERT_CHANNEL, FollowedQuery } from '@quayside/domain/alerts';
import { companyKey } from '@quayside/domain/text';
import { and, asc, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { forwarderKeySql, lineItemRowScope, seesShipment } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Database, Queryable } from '../../db/client.ts';
import {
  alertPreferences,
  eventDispatch,
  follows,
  notifications,
  people,
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
/** The most saved filters asked about in one statement. */
const FILTERS_PER_STATEMENT = 100;

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
  const ofFilters = await filtersThatMaySee(tx, shipmentIds);
  const principals = await alertablePeople(tx, [...new Set([...ofShipments, ...ofFilters].map((f) => f.person_id))]);
  if (principals.size === 0) return 0;
  const filterShipments = await shipmentsInFilters(tx, ofFilters, principals, shipmentIds, context);

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
        sql`(${people.role} <> 'Forwarder' or ${forwarderKeySql(sql`${people.company_name}`)} in (${companies}))`,
      ),
    )
    .orderBy(asc(follows.id));
  return rows.map((row) => row.follow);
}

/**
 * Which of the `candidates` shipments each saved filter includes for its owner today (a line item
 * of it the owner sees in the filter's results), by follow id. The same filter of people who see
 * alike (the same role and company) is asked once, and up to FILTERS_PER_STATEMENT filters go in
 * one statement over the candidates' rows, read once.
 */
async function shipmentsInFilters(
  tx: Queryable,
  ofFilters: readonly (typeof follows.$inferSelect)[],
  principals: ReadonlyMap<number, Principal>,
  candidates: readonly number[],
  context: ExceptionContext,
): Promise<Map<number, Set<number>>> {
  const filters = new Map<string, { condition: SQL; shipments: Set<number>; followIds: number[] }>();
  for (const follow of ofFilters) {
    const principal = principals.get(follow.person_id);
    const parsed = FollowedQuery.safeParse(follow.query ?? {});
    if (!principal || !parsed.success) continue;
    const key = JSON.stringify([principal.role, companyKey(principal.company), parsed.data]);
    const filter = filters.get(key) ?? {
      condition: sql`${lineItemRowScope(principal)} and ${queryCondition({ ...parsed.data, sort: [] }, context)}`,
      shipments: new Set<number>(),
      followIds: [],
    };
    filter.followIds.push(follow.id);
    filters.set(key, filter);
  }
  const distinct = [...filters.values()];
  for (let start = 0; start < distinct.length; start += FILTERS_PER_STATEMENT) {
    const part = distinct.slice(start, start + FILTERS_PER_STATEMENT);
    const asked = part.map(
      ({ condition }, index) =>
        sql`(select distinct ${index}::int as filter, r.shipment_id from candidates r where ${condition})`,
    );
    const result = await tx.execute<{ filter: number; shipment_id: string | number }>(sql`
      with candidates as materialized (select * from line_item_rows where shipment_id = any(${idArray(candidates)}))
      ${sql.join(asked, sql` union all `)}`);
    for (const row of result.rows) part[Number(row.filter)]?.shipments.add(Number(row.shipment_id));
  }
  return new Map(distinct.flatMap((filter) => filter.followIds.map((id) => [id, filter.shipments] as const)));
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
