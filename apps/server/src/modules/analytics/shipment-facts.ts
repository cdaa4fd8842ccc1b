import { sql } from 'drizzle-orm';
import { idArray } from '../../db/array-parameters.ts';
import type { Queryable } from '../../db/client.ts';

// shipment_facts (migration 0014): what /analytics reads, a row per shipment. Its line item counts
// follow line_item_rows by triggers; the rest is recomputed here for the shipments a write changed.

/** Brings the facts of these shipments (or of every shipment) up to date with the normalised tables. */
export async function syncShipmentFacts(db: Queryable, shipmentIds: readonly number[] | 'all') {
  if (shipmentIds === 'all') await db.execute(sql`select shipment_facts_sync(array(select id from shipments))`);
  else if (shipmentIds.length > 0) await db.execute(sql`select shipment_facts_sync(${idArray(shipmentIds)})`);
}
