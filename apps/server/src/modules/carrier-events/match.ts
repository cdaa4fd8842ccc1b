import { type SQL, sql } from 'drizzle-orm';
import { forwarderKeySql } from '../../auth/visibility.ts';
import type { Queryable } from '../../db/client.ts';
import type { ReadEvent } from './read-event.ts';

/** What applying an event needs of the shipment it matched. */
export type MatchedShipment = {
  id: number;
  shipment: string;
  origin: string;
  dest: string;
};

/**
 * Each event's shipments, by any of its identifiers: a container of Container #, the transport
 * document as Master or House, or the carrier booking reference of a confirmed booking. One
 * statement for the whole notification, each identifier found by its index (schema.ts). A
 * forwarder's integration finds only its company's shipments: another's are as if absent.
 */
export async function matchShipments(
  db: Queryable,
  events: readonly Pick<ReadEvent, 'containers' | 'documents' | 'bookings'>[],
  forwarderName: string | null,
): Promise<MatchedShipment[][]> {
  if (events.length === 0) return [];
  const wanted = JSON.stringify(
    events.map((event, ord) => ({
      ord,
      containers: event.containers,
      documents: event.documents,
      bookings: event.bookings,
    })),
  );
  const scope: SQL =
    forwarderName === null
      ? sql`true`
      : sql`${forwarderKeySql(sql`s.forwarder_name`)} = ${forwarderKeySql(sql`${forwarderName}::text`)}`;
  const found = await db.execute<MatchedShipment & { ord: number; id: string }>(sql`
    with wanted as (
      select * from jsonb_to_recordset(${wanted}::jsonb) as w(ord int, containers text[], documents text[], bookings text[])
    )
    select w.ord, s.id, s.shipment, s.origin, s.dest
    from wanted w
    cross join lateral (
      select s.id from shipments s
        where regexp_split_to_array(upper(s.container_number), '[^A-Z0-9]+') && w.containers
      union
      select s.id from shipments s where upper(regexp_replace(s.master, '[^A-Za-z0-9]+', '', 'g')) = any(w.documents)
      union
      select s.id from shipments s where upper(regexp_replace(s.house, '[^A-Za-z0-9]+', '', 'g')) = any(w.documents)
      union
      select b.shipment_id from booking_requests b
        where upper(regexp_replace(b.carrier_booking_reference, '[^A-Za-z0-9]+', '', 'g')) = any(w.bookings)
          and b.shipment_id is not null
    ) m
    join shipments s on s.id = m.id
    where ${scope}
    order by w.ord, s.shipment`);
  const byEvent: MatchedShipment[][] = events.map(() => []);
  for (const row of found.rows) {
    byEvent[row.ord]?.push({ id: Number(row.id), shipment: row.shipment, origin: row.origin, dest: row.dest });
  }
  return byEvent;
}
