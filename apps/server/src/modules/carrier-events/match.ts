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

type Identifiers = Pick<ReadEvent, 'containers' | 'documents' | 'bookings'>;

/**
 * The statement that finds each event's shipments (`ord` is the event's place): by a container of
 * Container #, the transport document as Master or House, or the carrier booking reference of a
 * confirmed booking, each found by its index (schema.ts). A forwarder's integration finds only its
 * company's shipments: another's are as if absent. Each lookup answers the shipment's own columns,
 * so nothing is joined back: the planner, guessing thousands of rows per lookup, would otherwise
 * read every shipment to join them (380 ms for one event at a million line items, bench/RESULTS.md).
 */
export function matchStatement(events: readonly Identifiers[], forwarderName: string | null): SQL {
  const wanted = JSON.stringify(
    events.map((event, ord) => ({
      ord,
      containers: event.containers,
      documents: event.documents,
      bookings: event.bookings,
    })),
  );
  const scope =
    forwarderName === null
      ? sql`true`
      : sql`${forwarderKeySql(sql`m.forwarder_name`)} = ${forwarderKeySql(sql`${forwarderName}::text`)}`;
  const columns = sql`s.id, s.shipment, s.origin, s.dest, s.forwarder_name`;
  return sql`
    with wanted as (
      select * from jsonb_to_recordset(${wanted}::jsonb) as w(ord int, containers text[], documents text[], bookings text[])
    )
    select w.ord, m.id, m.shipment, m.origin, m.dest
    from wanted w
    cross join lateral (
      select ${columns} from shipments s
        where regexp_split_to_array(upper(s.container_number), '[^A-Z0-9]+') && w.containers
      union
      select ${columns} from shipments s
        where upper(regexp_replace(s.master, '[^A-Za-z0-9]+', '', 'g')) = any(w.documents)
      union
      select ${columns} from shipments s
        where upper(regexp_replace(s.house, '[^A-Za-z0-9]+', '', 'g')) = any(w.documents)
      union
      select ${columns} from booking_requests b join shipments s on s.id = b.shipment_id
        where upper(regexp_replace(b.carrier_booking_reference, '[^A-Za-z0-9]+', '', 'g')) = any(w.bookings)
    ) m
    where ${scope}
    order by w.ord, m.shipment`;
}

/** Each event's shipments, in one statement for the whole notification (`matchStatement`). */
export async function matchShipments(
  db: Queryable,
  events: readonly Identifiers[],
  forwarderName: string | null,
): Promise<MatchedShipment[][]> {
  if (events.length === 0) return [];
  const found = await db.execute<MatchedShipment & { ord: number; id: string }>(matchStatement(events, forwarderName));
  const byEvent: MatchedShipment[][] = events.map(() => []);
  for (const row of found.rows) {
    byEvent[row.ord]?.push({ id: Number(row.id), shipment: row.shipment, origin: row.origin, dest: row.dest });
  }
  return byEvent;
}
