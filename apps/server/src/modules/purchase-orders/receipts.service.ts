import { canSeeReceipts } from '@quayside/domain/permissions';
import { RECEIPTS_FORBIDDEN, type ReceiptRequest } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { SHIPMENT_NOT_FOUND } from '../shipments/shipment-access.ts';
import { assertMayWritePurchaseOrders, sourceOf } from './purchase-orders.service.ts';
import { receivablesOf, recordReceipt } from './receipt-writes.ts';

// A shipment's receipt: staff read what it carries per PO and SKU and what was received; an Admin
// records it ('Receive').

async function findShipment(db: Queryable, shipmentNumber: string) {
  const found = await db.execute<{ id: number; shipment: string }>(
    sql`select id::int as id, shipment from shipments where shipment = ${shipmentNumber}`,
  );
  const shipment = found.rows[0];
  if (shipment === undefined) throw new AppError('not_found', SHIPMENT_NOT_FOUND);
  return shipment;
}

export async function getReceipt(db: Queryable, principal: Principal, shipmentNumber: string) {
  if (!canSeeReceipts(principal.role)) throw new AppError('forbidden', RECEIPTS_FORBIDDEN);
  const shipment = await findShipment(db, shipmentNumber);
  return { shipment: shipment.shipment, lines: await receivablesOf(db, shipment.id) };
}

/** Records what arrived of the shipment, all lines or none, and answers its receivables as they now stand. */
export async function receiveShipment(
  db: Database,
  principal: Principal,
  shipmentNumber: string,
  request: ReceiptRequest,
) {
  assertMayWritePurchaseOrders(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const shipment = await findShipment(write.tx, shipmentNumber);
    await recordReceipt(write, shipment, request.lines, sourceOf(principal));
  });
  return getReceipt(db, principal, shipmentNumber);
}
