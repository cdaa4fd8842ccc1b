import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { lineItems, parts, shipments } from '../db/schema.ts';
import { syncLineItemRows } from '../modules/line-items/line-item-rows.ts';

type ShipmentFields = Partial<typeof shipments.$inferInsert> & { shipment: string };
type LineItemFields = { title: string; hide_lineitem?: boolean; parts?: { part_number: string; qty: number | null }[] };

/** A shipment with its line items and parts, written straight to the tables (and the read model), for tests. */
export async function insertShipment(db: Queryable, fields: ShipmentFields, items: LineItemFields[] = []) {
  const [shipment] = await db.insert(shipments).values(fields).returning();
  if (!shipment) throw new Error('shipment not inserted');
  for (const item of items) {
    const [lineItem] = await db
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
      await db.insert(parts).values(item.parts.map((part) => ({ line_item_id: lineItem.id, ...part })));
    }
  }
  await syncLineItemRows(db, { shipmentIds: [shipment.id] });
  return shipment;
}

export async function lineItemsOf(db: Queryable, shipmentId: number) {
  return db.select().from(lineItems).where(eq(lineItems.shipment_id, shipmentId)).orderBy(lineItems.id);
}
