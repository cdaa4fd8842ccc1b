import {
  DATE_FIELD_LABELS,
  type DateChange,
  type DateField,
  type DateHistoryResponse,
  summariseEstimates,
} from '@quayside/domain/date-history';
import { SHIPMENT_DATE_FIELDS } from '@quayside/domain/shipments';
import { asc, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import { documents, shipmentDateChanges } from '../../db/schema.ts';
import { findReadableShipment } from './shipment-access.ts';

/** A shipment's date history, oldest first, with its estimates' movement and its documents (a 404 if not visible). */
export async function dateHistory(
  db: Queryable,
  principal: Principal,
  shipmentNumber: string,
): Promise<DateHistoryResponse> {
  const shipment = await findReadableShipment(db, principal, shipmentNumber);
  const rows = await db
    .select()
    .from(shipmentDateChanges)
    .where(eq(shipmentDateChanges.shipment_id, shipment.id))
    .orderBy(asc(shipmentDateChanges.id));
  const changes: DateChange[] = rows.map((row) => ({
    field: row.field as DateField,
    label: DATE_FIELD_LABELS[row.field as DateField] ?? row.field,
    oldValue: row.old_value?.toISOString() ?? null,
    newValue: row.new_value?.toISOString() ?? null,
    at: row.changed_at.toISOString(),
    by: row.actor_email,
    source: row.source,
  }));
  const stored: Record<string, unknown> = shipment;
  const current = Object.fromEntries(
    Object.values(SHIPMENT_DATE_FIELDS).map((field) => {
      const value = stored[field];
      return [field, value instanceof Date ? value.toISOString() : null];
    }),
  ) as Record<DateField, string | null>;
  const uploaded = await db
    .select({ documentType: documents.document_type, fileName: documents.file_name, at: documents.created_at })
    .from(documents)
    .where(eq(documents.shipment_id, shipment.id))
    .orderBy(asc(documents.created_at));
  return {
    shipment: shipment.shipment,
    createdAt: shipment.created_at.toISOString(),
    changes,
    estimates: summariseEstimates(changes, current),
    documents: uploaded.map((document) => ({ ...document, at: document.at.toISOString() })),
  };
}
