import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/client.ts';
import { equipmentEvent, transportEvent } from '../modules/carrier-events/dcsa-events.ts';
import { ingestCarrierEvents } from '../modules/carrier-events/ingest.ts';
import { createIntegration } from '../modules/carrier-events/integrations.service.ts';

// The demo's carrier events, received as a carrier's integration posts them (ingest.ts): three
// shipments at sea hear of their gate-in, loading and a later estimated arrival, and one event
// names a container no shipment has, so the Admin's review list has something waiting.

const SHIPMENTS_WITH_EVENTS = 3;
/** A valid ISO 6346 number (python-stdnum's example) the demo data never generates. */
const STRAY_CONTAINER = 'GYOU4047990';

type AtSea = { container: string; origin: string; dest: string; atd: string; dest_eta: string };

const day = (iso: string, days: number, time: string) =>
  `${new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

export async function seedCarrierEvents(db: Database, admin: Principal, now: Date) {
  const { integration } = await createIntegration(db, admin, { name: 'Demo carrier (DCSA)', signed: false });
  const atSea = await db.execute<AtSea>(sql`
    select split_part(container_number, ',', 1) as container, origin, dest,
      atd::text as atd, dest_eta::text as dest_eta
    from shipments
    where shipment like 'QS-%' and atd is not null and ata is null and dest_eta is not null
      and container_number ~ '^[A-Z]{4}[0-9]{7}' and origin <> '' and dest <> '' and atd < ${now.toISOString()}
    order by shipment limit ${SHIPMENTS_WITH_EVENTS}`);
  const events = atSea.rows.flatMap((shipment) => [
    equipmentEvent({
      code: 'GTIN',
      classifier: 'ACT',
      at: day(shipment.atd, -2, '09:30:00+08:00'),
      container: shipment.container,
      location: shipment.origin,
    }),
    // Loaded, not the vessel's departure: the demo's ATD stays the day and time it was generated with.
    equipmentEvent({
      code: 'LOAD',
      classifier: 'ACT',
      at: day(shipment.atd, 0, '08:00:00+08:00'),
      container: shipment.container,
      location: shipment.origin,
    }),
    transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: day(shipment.dest_eta, 4, '06:00:00+00:00'),
      location: shipment.dest,
      containers: [shipment.container],
    }),
  ]);
  events.push(
    equipmentEvent({
      code: 'DISC',
      classifier: 'ACT',
      at: day(now.toISOString(), -1, '11:15:00+10:00'),
      container: STRAY_CONTAINER,
      location: 'AUSYD',
    }),
  );
  await ingestCarrierEvents(db, { name: integration.name, integrationId: integration.id, forwarderName: null }, events);
}
