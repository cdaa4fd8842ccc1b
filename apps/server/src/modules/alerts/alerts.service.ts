import {
  type AlertChannel,
  type AlertPreferences,
  type AlertPreferencesRequest,
  DEFAULT_ALERT_CHANNEL,
  type Follow,
  type FollowRequest,
  followLimitReached,
  type NotificationsResponse,
} from '@quayside/domain/alerts';
import { EVENT_KINDS, type EventKind, SHIPMENT_EVENT_KINDS } from '@quayside/domain/events';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { shipmentScope } from '../../auth/visibility.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { alertPreferences, follows, notifications, people, shipments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Write, withWrite } from '../../write/with-write.ts';
import { type AuditActor, actorOf } from '../audit/audit.service.ts';
import { readOrganisationSettings } from '../settings/organisation-settings.ts';
import { findReadableShipment } from '../shipments/shipment-access.ts';
import { principalOfPerson } from './alert-recipients.ts';
import { type EventRow, eventColumns, eventOf, eventsWithRecords, eventVisibleTo } from './events.ts';

export const FOLLOW_NOT_FOUND = 'Follow not found';
const NEWEST = 50;

function followOf(row: typeof follows.$inferSelect, shipment: string | null): Follow {
  return {
    id: row.id,
    shipment,
    name: row.name,
    query: (row.query as Record<string, string> | null) ?? null,
    events: SHIPMENT_EVENT_KINDS.filter((kind) => row.event_kinds.includes(kind)),
    channel: (row.channel as AlertChannel | null) ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The principal's follows as it sees them (follows left-joined to shipments): every saved filter,
 * and each shipment it still sees. A shipment moved to another forwarder drops out of a
 * forwarder's list, as it drops out of its bell, and comes back if the shipment does.
 */
function visibleFollows(principal: Principal) {
  const scope = shipmentScope(principal);
  return and(eq(follows.person_id, principal.personId), scope && or(isNull(follows.shipment_id), scope));
}

/** What the principal follows, newest first. */
export async function listFollows(db: Queryable, principal: Principal): Promise<Follow[]> {
  const rows = await db
    .select({ follow: follows, shipment: shipments.shipment })
    .from(follows)
    .leftJoin(shipments, eq(shipments.id, follows.shipment_id))
    .where(visibleFollows(principal))
    .orderBy(desc(follows.id));
  return rows.map((row) => followOf(row.follow, row.shipment));
}

/**
 * Refuses a new follow past the organisation's limit, counted as the principal's list shows them.
 * The person's row is locked first, so two follows at once are counted one after the other.
 */
async function checkFollowLimit(tx: Queryable, principal: Principal) {
  const { followsPerPerson } = await readOrganisationSettings(tx);
  const [followed] = await tx
    .select({ n: count() })
    .from(follows)
    .leftJoin(shipments, eq(shipments.id, follows.shipment_id))
    .where(visibleFollows(principal));
  if ((followed?.n ?? 0) >= followsPerPerson) throw new AppError('conflict', followLimitReached(followsPerPerson));
}

/** A saved filter's query as stored: only the parts that say something, so the same filter is the same value. */
const storedQuery = (query: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => (entry[1] ?? '') !== ''));

/**
 * Follows a shipment the principal sees, or saves a filter to follow, within the organisation's
 * limit of follows per person. Following the same shipment or filter again is the same follow
 * (the database holds one per person and target): it answers that one, with the events, channel
 * and name now asked for.
 */
export async function follow(db: Database, principal: Principal, request: FollowRequest): Promise<Follow> {
  return withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    // Two follows of one person at once are counted and matched one after the other.
    await tx.select({ id: people.id }).from(people).where(eq(people.id, principal.personId)).for('no key update');
    const how = {
      ...(request.events ? { event_kinds: [...request.events] } : {}),
      ...(request.channel !== undefined ? { channel: request.channel } : {}),
    };
    let target: { shipment_id: number } | { name: string; query: Record<string, string> };
    let shipmentNumber: string | null = null;
    let existing: typeof follows.$inferSelect | undefined;
    if ('shipment' in request) {
      const shipment = await findReadableShipment(tx, principal, request.shipment);
      shipmentNumber = shipment.shipment;
      target = { shipment_id: shipment.id };
      [existing] = await tx
        .select()
        .from(follows)
        .where(and(eq(follows.person_id, principal.personId), eq(follows.shipment_id, shipment.id)));
    } else {
      const query = storedQuery(request.query);
      target = { name: request.name, query };
      [existing] = await tx
        .select()
        .from(follows)
        .where(
          and(
            eq(follows.person_id, principal.personId),
            sql`md5((${follows.query})::text) = md5((${JSON.stringify(query)}::jsonb)::text)`,
          ),
        );
    }
    if (existing) {
      const changes = { ...how, ...('name' in target ? { name: target.name } : {}) };
      if (Object.keys(changes).length === 0) return followOf(existing, shipmentNumber);
      const [row] = await tx.update(follows).set(changes).where(eq(follows.id, existing.id)).returning();
      if (!row) throw new Error('follow not saved');
      write.audit({ action: 'update', entity: 'follow', entityId: row.id, before: existing, after: row });
      return followOf(row, shipmentNumber);
    }
    await checkFollowLimit(tx, principal);
    const [row] = await tx
      .insert(follows)
      .values({ person_id: principal.personId, ...target, ...how })
      .returning();
    if (!row) throw new Error('follow not saved');
    write.audit({
      action: 'create',
      entity: 'follow',
      entityId: row.id,
      after: shipmentNumber ? { ...row, shipment: shipmentNumber } : row,
    });
    return followOf(row, shipmentNumber);
  });
}

/**
 * After a person's role or company changed (inside that write): drops their follows of shipments
 * they no longer see. Saved filters stay: they are always evaluated with the person's visibility
 * of the day.
 */
export async function dropFollowsOutOfSight(write: Write, person: typeof people.$inferSelect) {
  const principal = principalOfPerson(person);
  const scope = principal ? shipmentScope(principal) : sql`false`;
  if (!scope) return;
  const dropped = await write.tx
    .delete(follows)
    .where(
      and(
        eq(follows.person_id, person.id),
        sql`exists (select 1 from ${shipments} where ${shipments.id} = ${follows.shipment_id} and (${scope}) is not true)`,
      ),
    )
    .returning();
  for (const row of dropped) write.audit({ action: 'delete', entity: 'follow', entityId: row.id, before: row });
}

/** Stops following; someone else's follow is not found. */
export async function unfollow(db: Database, principal: Principal, id: number) {
  await withWrite(db, actorOf(principal), async (write) => {
    const [row] = await write.tx
      .delete(follows)
      .where(and(eq(follows.id, id), eq(follows.person_id, principal.personId)))
      .returning();
    if (!row) throw new AppError('not_found', FOLLOW_NOT_FOUND);
    write.audit({ action: 'delete', entity: 'follow', entityId: row.id, before: row });
  });
}

/**
 * The bell: the newest notifications and how many are unread, of records the principal still
 * sees (a forwarder whose shipment went to another company sees nothing more of it).
 */
export async function listNotifications(db: Queryable, principal: Principal): Promise<NotificationsResponse> {
  const visible = sql`n.person_id = ${principal.personId} and ${eventVisibleTo(principal)}`;
  const rows = await db.execute<EventRow & { notification_id: string | number; read_at: unknown }>(sql`
    select n.id as notification_id, n.read_at, ${eventColumns}
    from notifications n join ${eventsWithRecords} on e.id = n.event_id
    where ${visible}
    order by n.id desc
    limit ${NEWEST}`);
  const unread = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from notifications n join ${eventsWithRecords} on e.id = n.event_id
    where ${visible} and n.read_at is null`);
  return {
    notifications: rows.rows.map((row) => ({
      id: Number(row.notification_id),
      event: eventOf(row),
      read: row.read_at !== null,
    })),
    unread: unread.rows[0]?.n ?? 0,
  };
}

/** Marks the principal's notifications read: these, or all. */
export async function markRead(db: Database, principal: Principal, ids: readonly number[] | undefined) {
  await withWrite(db, actorOf(principal), async ({ tx }) => {
    const mine = and(eq(notifications.person_id, principal.personId), isNull(notifications.read_at));
    await tx
      .update(notifications)
      .set({ read_at: new Date() })
      .where(ids === undefined ? mine : and(mine, inArray(notifications.id, [...ids])));
  });
}

/** How the person hears of each event kind (the default where they have not chosen). */
export async function readPreferences(db: Queryable, personId: number): Promise<AlertPreferences> {
  const rows = await db.select().from(alertPreferences).where(eq(alertPreferences.person_id, personId));
  const chosen = new Map(rows.map((row) => [row.event_kind, row.channel as AlertChannel]));
  const preferences = Object.fromEntries(
    EVENT_KINDS.map((kind) => [kind, chosen.get(kind) ?? DEFAULT_ALERT_CHANNEL]),
  ) as Record<EventKind, AlertChannel>;
  return { preferences };
}

export async function savePreferences(
  db: Database,
  actor: AuditActor,
  personId: number,
  request: AlertPreferencesRequest,
): Promise<AlertPreferences> {
  return withWrite(db, actor, async (write) => {
    const before = await readPreferences(write.tx, personId);
    // A kind the request leaves out keeps its channel.
    const preferences = Object.fromEntries(
      EVENT_KINDS.map((kind) => [kind, request.preferences[kind] ?? before.preferences[kind]]),
    ) as Record<EventKind, AlertChannel>;
    await write.tx.delete(alertPreferences).where(eq(alertPreferences.person_id, personId));
    await write.tx
      .insert(alertPreferences)
      .values(EVENT_KINDS.map((kind) => ({ person_id: personId, event_kind: kind, channel: preferences[kind] })));
    write.audit({ action: 'update', entity: 'alert_preferences', entityId: personId, before, after: { preferences } });
    return { preferences };
  });
}

/**
 * The unsubscribe link, without signing in: every event kind and every follow only in the app from
 * now on, and nothing already waiting is mailed.
 */
export async function unsubscribe(db: Database, personId: number) {
  const [person] = await db.select({ email: people.email }).from(people).where(eq(people.id, personId));
  if (!person) return;
  const actor: AuditActor = { personId, email: person.email, source: 'unsubscribe link' };
  const onlyInTheApp = Object.fromEntries(EVENT_KINDS.map((kind) => [kind, 'app'])) as Record<EventKind, 'app'>;
  await savePreferences(db, actor, personId, { preferences: onlyInTheApp });
  await withWrite(db, actor, async (write) => {
    await write.tx
      .update(notifications)
      .set({ channel: 'app' })
      .where(and(eq(notifications.person_id, personId), isNull(notifications.mailed_at)));
    // A follow's own channel too: no follow mails any more.
    const quietened = await write.tx
      .update(follows)
      .set({ channel: 'app' })
      .where(and(eq(follows.person_id, personId), inArray(follows.channel, ['email', 'digest'])))
      .returning();
    for (const row of quietened) write.audit({ action: 'update', entity: 'follow', entityId: row.id, after: row });
  });
}
