import { and, eq } from 'drizzle-orm';
import { canReadShipment, canWriteRecords } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { shipmentScope } from '../../auth/visibility.ts';
import type { Queryable } from '../../db/client.ts';
import { shipments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

export type ShipmentRow = typeof shipments.$inferSelect;

export const SHIPMENT_NOT_FOUND = 'Shipment not found';
export const READ_ONLY_MESSAGE = 'Your role has read-only access.';

/** The shipment with this number, if the principal may see it. Another company's shipment does not exist for a forwarder. */
export async function findReadableShipment(db: Queryable, principal: Principal, shipmentNumber: string) {
  const [shipment] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shipment, shipmentNumber), shipmentScope(principal)));
  if (!shipment || !canReadShipment(principal, shipment)) throw new AppError('not_found', SHIPMENT_NOT_FOUND);
  return shipment;
}

/** Refuses read-only roles first (403), then hides what the principal may not see (404). */
export function assertCanWrite(principal: Principal) {
  if (!canWriteRecords(principal)) throw new AppError('forbidden', READ_ONLY_MESSAGE);
}

/** The shipment, locked for the rest of the transaction, if the principal may change it. */
export async function findWritableShipment(db: Queryable, principal: Principal, shipmentNumber: string) {
  assertCanWrite(principal);
  const [shipment] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shipment, shipmentNumber), shipmentScope(principal)))
    .for('update');
  if (!shipment || !canReadShipment(principal, shipment)) throw new AppError('not_found', SHIPMENT_NOT_FOUND);
  return shipment;
}
