import { appliedLabel, type CarrierEventOutcome, portCode, ruleFor } from '@quayside/domain/carrier-events';
import type { DateField } from '@quayside/domain/date-history';
import { sql } from 'drizzle-orm';
import type { Write } from '../../write/with-write.ts';
import type { MatchedShipment } from './match.ts';
import type { ReadEvent } from './read-event.ts';

/** A stored event as applying it needs it: its row, and what it reported. */
export type StoredEvent = Pick<ReadEvent, 'eventType' | 'code' | 'classifier' | 'location' | 'atText' | 'createdAt'> & {
  rowId: number;
};

export type Applied = {
  outcome: Extract<CarrierEventOutcome, 'applied' | 'recorded'>;
  field: DateField | null;
  reason: string | null;
};

/** Which end of the shipment the event's place is, if either. */
function placeOf(location: string, shipment: MatchedShipment): 'origin' | 'destination' | null {
  if (!location) return null;
  if (portCode(shipment.dest) === location) return 'destination';
  if (portCode(shipment.origin) === location) return 'origin';
  return null;
}

/**
 * Applies an event to the shipment it matched, in the write's transaction: the rule for its kind
 * and place (domain's CARRIER_EVENT_RULES) sets one date, which the date history records with the
 * write's source ('carrier event:<sender>') and so alerts and webhooks follow. A shipment date is a
 * day: the event's local day (its time as the place wrote it), as a date typed on screen is.
 * Of two reports of one date, the newer (eventCreatedDateTime) decides, whatever order they came in.
 */
export async function applyEvent(write: Write, event: StoredEvent, shipment: MatchedShipment): Promise<Applied> {
  const applied = await decide(write, event, shipment);
  await write.tx.execute(sql`
    update carrier_events set shipment_id = ${shipment.id}, outcome = ${applied.outcome},
      applied_field = ${applied.field}, reason = ${applied.reason}, candidates = '[]'::jsonb
    where id = ${event.rowId}`);
  return applied;
}

async function decide(write: Write, event: StoredEvent, shipment: MatchedShipment): Promise<Applied> {
  const place = placeOf(event.location, shipment);
  const rule = ruleFor(event.eventType, event.code, event.classifier, place);
  if (!rule) {
    const anyRule =
      ruleFor(event.eventType, event.code, event.classifier, 'origin') ??
      ruleFor(event.eventType, event.code, event.classifier, 'destination');
    const reason = anyRule
      ? `${event.location || 'No place'} is not the shipment’s ${anyRule.at === 'origin' ? 'Origin' : 'Destination'} port, so it sets no date.`
      : null;
    return { outcome: 'recorded', field: null, reason };
  }
  const label = appliedLabel(rule.field);
  const newer = await write.tx.execute(sql`
    select 1 from carrier_events
    where shipment_id = ${shipment.id} and applied_field = ${rule.field} and event_created_at > ${event.createdAt.toISOString()}::timestamptz
    limit 1`);
  if (newer.rows.length > 0) return { outcome: 'recorded', field: null, reason: `A newer event already set ${label}.` };
  const day = `${event.atText.slice(0, 10)}T00:00:00.000Z`;
  const column = sql.identifier(rule.field);
  const changed = await write.tx.execute<{ before: string | null }>(sql`
    update shipments s set ${column} = ${day}::timestamptz, updated_at = now()
    from (select id, ${column} as before from shipments where id = ${shipment.id} for update) old
    where s.id = old.id and s.${column} is distinct from ${day}::timestamptz
    returning old.before`);
  const row = changed.rows[0];
  if (row) {
    write.shipmentsChanged([shipment.id]);
    write.audit({
      action: 'update',
      entity: 'shipment',
      entityId: shipment.shipment,
      before: { [label]: row.before === null ? null : new Date(row.before).toISOString() },
      after: { [label]: day },
    });
  }
  return { outcome: 'applied', field: rule.field, reason: null };
}
