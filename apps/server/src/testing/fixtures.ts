import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { lineItems, parts, shipments } from '../db/schema.ts';
import { withWrite } from '../write/with-write.ts';

/** Fixtures are written by the test itself: no person is the author. */
const TEST_ACTOR = { personId: null, email: 'test-fixture' };

type ShipmentFields = Partial<typeof shipments.$inferInsert> & { shipment: string };
type LineItemFields = { title: string; hide_lineitem?: boolean; parts?: { part_number: string; qty: number | null }[] };

/** A shipment with its line items and parts, written straight to the tables (and the read model), for tests. */
export function insertShipment(db: Queryable, fields: ShipmentFields, items: LineItemFields[] = []) {
  return withWrite(db, TEST_ACTOR, async (write) => {
    const { tx } = write;
    const [shipment] = await tx.insert(shipments).values(fields).returning();
    if (!shipment) throw new Error('shipment not inserted');
    for (const item of items) {
      const [lineItem] = await tx
        .insert(lineItems)
        .values({
          shipment_id: shipment.id,
          title: item.title,
          po_review_required: item.title.length,
          hide_lineitem: item.hide_lineitem ?? false,
        })
        .returning();
      if (!lineItem) throw new Error('line item not inserted');
      if (item.parts?.length) {
        await tx.insert(parts).values(item.parts.map((part) => ({ line_item_id: lineItem.id, ...part })));
      }
    }
    write.shipmentsChanged([shipment.id]);
    return shipment;
  });
}

export async function lineItemsOf(db: Queryable, shipmentId: number) {
  return db.select().from(lineItems).where(eq(lineItems.shipment_id, shipmentId)).orderBy(lineItems.id);
}
