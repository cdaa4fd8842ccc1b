import { describeEvent, type EventKind, type EventRecordType, type RecordEvent } from '@quayside/domain/events';
import { isStaff } from '@quayside/domain/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { bookingScope, purchaseOrderScope, shipmentScope } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * shipment_events as `e` with the records it names: its shipment (`shipments`), booking (`b`), PO
 * (`po`: its own, or its booking's) and message (`m`). Every reading of events starts here.
 */
export const eventsWithRecords = sql`shipment_events e
  left join shipments on shipments.id = e.shipment_id
  left join booking_requests b on b.id = e.booking_id
  left join purchase_orders po on po.id = coalesce(e.purchase_order_id, b.purchase_order_id)
  left join messages m on m.id = e.message_id`;

/** The columns eventOf reads, from eventsWithRecords. */
export const eventColumns = sql`e.id::bigint as event_id, e.kind, e.detail, e.at, shipments.shipment,
  po.po_number, b.reference as booking_reference`;

export type EventRow = {
  event_id: string | number;
  kind: string;
  detail: unknown;
  at: string | Date;
  shipment: string | null;
  po_number: string | null;
  booking_reference: string | null;
};

/**
 * Whether the principal sees an event (a condition on eventsWithRecords): its shipment, PO or
 * booking as its own requests would, and a message's event only if it may read the message (an
 * internal one: staff). The bell, the e-mails and the dispatcher judge by this one rule.
 */
export function eventVisibleTo(principal: Principal): SQL {
  return sql`(e.shipment_id is null or ${shipmentScope(principal) ?? sql`true`})
    and (e.purchase_order_id is null or ${purchaseOrderScope(principal)})
    and (e.booking_id is null or ${bookingScope(principal)})
    and (m.id is null or not m.internal or ${isStaff(principal.role) ? sql`true` : sql`false`})`;
}

function recordOf(row: EventRow): RecordEvent['record'] {
  const [type, reference]: [EventRecordType, string | null] =
    row.booking_reference !== null
      ? ['booking', row.booking_reference]
      : row.shipment !== null
        ? ['shipment', row.shipment]
        : ['purchase_order', row.po_number];
  return { type, reference: reference ?? '' };
}

/** A stored event as the API shows it, with the words for it. */
export function eventOf(row: EventRow): RecordEvent {
  const detail = row.detail as Record<string, unknown>;
  const kind = row.kind as EventKind;
  return {
    id: Number(row.event_id),
    kind,
    record: recordOf(row),
    shipment: row.shipment,
    at: new Date(row.at).toISOString(),
    text: describeEvent(kind, detail),
    detail,
  };
}

/** The events of these ids, oldest first. */
export async function eventsById(db: Queryable, ids: readonly number[]): Promise<RecordEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<EventRow>(
    sql`select ${eventColumns} from ${eventsWithRecords} where e.id = any(${idArray(ids)}) order by e.id`,
  );
  return rows.rows.map(eventOf);
}

export type NewEvent = {
  kind: EventKind;
  detail: Record<string, unknown>;
} & (
  | { shipmentId: number; purchaseOrderId?: never; bookingId?: never }
  | { purchaseOrderId: number; shipmentId?: never; bookingId?: never }
  | { bookingId: number; shipmentId?: never; purchaseOrderId?: never }
) & { messageId?: number };

/**
 * Records an event of a purchase order, booking or conversation in the writing transaction: it is
 * told once that commits (it waits in undispatched_events like a shipment's), and never if it rolls back.
 */
export async function recordEvent(tx: Queryable, event: NewEvent) {
  await tx.execute(sql`
    insert into shipment_events (shipment_id, purchase_order_id, booking_id, message_id, kind, detail, source)
    values (${event.shipmentId ?? null}, ${event.purchaseOrderId ?? null}, ${event.bookingId ?? null},
            ${event.messageId ?? null}, ${event.kind}, ${JSON.stringify(event.detail)}::jsonb, quayside_change_source())`);
}

/** Who did it, in an event's detail: the name its words show, and the person it is not told to. */
export const doneBy = (principal: Principal) => ({ by: principal.fullName, actorId: principal.personId });
