import { DEFAULT_ALERT_CHANNEL } from '@quayside/domain/alerts';
import type { CONVERSATION_EVENT_KINDS, OrderEventKind } from '@quayside/domain/events';
import { companyKey } from '@quayside/domain/text';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { forwarderKeySql, supplierKeySql } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Queryable } from '../../db/client.ts';
import type { shipmentEvents } from '../../db/schema.ts';
import { alertablePeople, chosenChannels, insertNotifications } from './alert-recipients.ts';
import { eventsWithRecords, eventVisibleTo } from './events.ts';

type AddressedKind = OrderEventKind | (typeof CONVERSATION_EVENT_KINDS)[number];
type Audience = 'admins' | 'supplier' | 'forwarder' | 'mentioned' | 'answered';

/**
 * Whose turn an event of a PO, booking or message makes it: the Admins decide proposals and route
 * bookings; the supplier's contacts hear the decisions and a booking's answer; the forwarder hears
 * of a booking routed to it; a message tells those it mentions and the author it answers.
 */
const AUDIENCES: Record<AddressedKind, readonly Audience[]> = {
  po_confirmed: ['admins'],
  po_change_proposed: ['admins'],
  po_change_approved: ['supplier'],
  po_change_rejected: ['supplier'],
  booking_requested: ['admins'],
  booking_routed: ['forwarder'],
  booking_confirmed: ['admins', 'supplier'],
  booking_declined: ['admins', 'supplier'],
  mentioned: ['mentioned'],
  replied: ['answered'],
};

/** Each audience as a condition on a person `p` and an event's records (eventsWithRecords). */
const AUDIENCE_SQL: Record<Audience, SQL> = {
  admins: sql`p.role = 'Admin'`,
  supplier: sql`p.role = 'Supplier' and ${supplierKeySql(sql`p.company_name`)} = ${supplierKeySql(sql`po.supplier`)}`,
  // The forwarder the event routed it to: one routed again later hears nothing of the first routing.
  forwarder: sql`p.role = 'Forwarder' and ${forwarderKeySql(sql`p.company_name`)} = ${forwarderKeySql(sql`e.detail->>'forwarder'`)}`,
  mentioned: sql`p.id = any(m.mentions)`,
  // One mentioned in the reply hears of it once, as a mention.
  answered: sql`p.id = (select r.author_person_id from messages r where r.id = m.reply_to) and p.id <> all(m.mentions)`,
};

const addressedTo = sql.join(
  Object.entries(AUDIENCES).map(
    ([kind, audiences]) =>
      sql`(e.kind = ${kind} and (${sql.join(
        audiences.map((audience) => AUDIENCE_SQL[audience]),
        sql` or `,
      )}))`,
  ),
  sql` or `,
);

/**
 * Tells each event's audience of it, but never the person who did it, and only those who see its
 * record as their own requests would (eventVisibleTo: an internal message's mention reaches staff
 * only), each by their channel for the kind. Returns how many were told.
 */
export async function notifyAddressees(
  tx: Queryable,
  events: readonly (typeof shipmentEvents.$inferSelect)[],
): Promise<number> {
  if (events.length === 0) return 0;
  const candidates = await tx.execute<{ event_id: string | number; person_id: string | number; kind: string }>(sql`
    select e.id as event_id, p.id as person_id, e.kind
    from ${eventsWithRecords}
    join people p on p.fireauth_id is not null and (${addressedTo})
    where e.id = any(${idArray(events.map((event) => event.id))})
      and p.id is distinct from (e.detail->>'actorId')::bigint`);
  if (candidates.rows.length === 0) return 0;
  const principals = await alertablePeople(tx, [...new Set(candidates.rows.map((row) => Number(row.person_id)))]);
  const seen = await visibleEvents(tx, events, principals);
  const preferences = await chosenChannels(tx, [...principals.keys()]);
  const rows = candidates.rows.flatMap((row) => {
    const personId = Number(row.person_id);
    const eventId = Number(row.event_id);
    if (!seen.get(personId)?.has(eventId)) return [];
    const channel = preferences.get(`${personId}:${row.kind}`) ?? DEFAULT_ALERT_CHANNEL;
    return [{ person_id: personId, event_id: eventId, channel }];
  });
  return insertNotifications(tx, rows);
}

/** Which of the events each person sees, asked once for all who see alike (the same role and company). */
async function visibleEvents(
  tx: Queryable,
  events: readonly { id: number }[],
  principals: ReadonlyMap<number, Principal>,
): Promise<Map<number, Set<number>>> {
  const alike = new Map<string, Principal[]>();
  for (const principal of principals.values()) {
    const key = JSON.stringify([principal.role, companyKey(principal.company)]);
    alike.set(key, [...(alike.get(key) ?? []), principal]);
  }
  const seen = new Map<number, Set<number>>();
  for (const group of alike.values()) {
    const [first] = group;
    if (!first) continue;
    const rows = await tx.execute<{ id: string | number }>(sql`
      select e.id from ${eventsWithRecords}
      where e.id = any(${idArray(events.map((event) => event.id))}) and ${eventVisibleTo(first)}`);
    const ids = new Set(rows.rows.map((row) => Number(row.id)));
    for (const principal of group) seen.set(principal.personId, ids);
  }
  return seen;
}
