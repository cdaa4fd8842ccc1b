import { describeEvent, type EventKind, type ShipmentEvent } from '@quayside/domain/events';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { shipmentEvents, shipments } from '../../db/schema.ts';

/** A stored event, with its shipment's number and the words for it. */
export function eventOf(row: typeof shipmentEvents.$inferSelect, shipment: string): ShipmentEvent {
  const detail = row.detail as Record<string, unknown>;
  const kind = row.kind as EventKind;
  return { id: row.id, kind, shipment, at: row.at.toISOString(), text: describeEvent(kind, detail), detail };
}

/** The events of these ids, oldest first. */
export async function eventsById(db: Queryable, ids: readonly number[]): Promise<ShipmentEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ event: shipmentEvents, shipment: shipments.shipment })
    .from(shipmentEvents)
    .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipment_id))
    .where(inArray(shipmentEvents.id, [...ids]))
    .orderBy(asc(shipmentEvents.id));
  return rows.map((row) => eventOf(row.event, row.shipment));
}
