import { and, eq } from 'drizzle-orm';
import { seesHiddenLineItems } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import { lineItems } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findReadableShipment, findWritableShipment } from '../shipments/shipment-access.ts';

export type LineItemRow = typeof lineItems.$inferSelect;

export const LINE_ITEM_NOT_FOUND = 'Line item not found';

/** The line item (PO on a shipment) if the principal may see it; hidden line items do not exist for a forwarder. */
export async function findReadableLineItem(db: Queryable, principal: Principal, shipmentNumber: string, po: string) {
  const shipment = await findReadableShipment(db, principal, shipmentNumber);
  const lineItem = await lineItemOf(db, principal, shipment.id, po, false);
  return { shipment, lineItem };
}

/** The same, for a change: read-only roles get 403 first; the shipment and line item are locked until commit. */
export async function findWritableLineItem(db: Queryable, principal: Principal, shipmentNumber: string, po: string) {
  const shipment = await findWritableShipment(db, principal, shipmentNumber);
  const lineItem = await lineItemOf(db, principal, shipment.id, po, true);
  return { shipment, lineItem };
}

async function lineItemOf(db: Queryable, principal: Principal, shipmentId: number, po: string, lock: boolean) {
  const query = db
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.shipment_id, shipmentId), eq(lineItems.title, po)));
  const [lineItem] = lock ? await query.for('update') : await query;
  if (!lineItem || (lineItem.hide_lineitem && !seesHiddenLineItems(principal))) {
    throw new AppError('not_found', LINE_ITEM_NOT_FOUND);
  }
  return lineItem;
}
