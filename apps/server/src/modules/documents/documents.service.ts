import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_TYPE_REQUIRED,
  DOCUMENT_TYPES,
  type DocumentListEntry,
  fileSizeDisplay,
} from '@quayside/domain/documents';
import { and, desc, eq, gte } from 'drizzle-orm';
import { canReadShipment, canSeeReports } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { documents, shipments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { DocumentStore } from '../../storage/document-store.ts';
import { actorOf, recordAudit } from '../audit/audit.service.ts';
import { findReadableShipment, findWritableShipment } from '../shipments/shipment-access.ts';
import { checkFileContent, checkFileName } from './file-check.ts';

export const webUrlOf = (id: string) => `/api/Files/${id}/content`;
export const DOCUMENT_NOT_FOUND = 'Document not found';

type DocumentRow = typeof documents.$inferSelect;

const toListEntry = (row: DocumentRow, shipmentNumber: string): DocumentListEntry => ({
  id: row.id,
  webUrl: webUrlOf(row.id),
  fields: {
    FileLeafRef: row.file_name,
    DocumentType: row.document_type,
    FileSizeDisplay: fileSizeDisplay(row.size_bytes),
    Modified: row.created_at.toISOString(),
    ShipmentNumber: shipmentNumber,
  },
});

export async function listShipmentDocuments(db: Queryable, principal: Principal, shipmentNumber: string) {
  const shipment = await findReadableShipment(db, principal, shipmentNumber);
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.shipment_id, shipment.id))
    .orderBy(desc(documents.created_at));
  return rows.map((row) => toListEntry(row, shipment.shipment));
}

/** The recent-documents report: every shipment's documents created on or after `since`, for staff. */
export async function listRecentDocuments(db: Queryable, principal: Principal, since: Date) {
  if (!canSeeReports(principal)) throw new AppError('forbidden', 'Reports are not available to forwarders.');
  const rows = await db
    .select({ document: documents, shipmentNumber: shipments.shipment })
    .from(documents)
    .innerJoin(shipments, eq(shipments.id, documents.shipment_id))
    .where(gte(documents.created_at, since))
    .orderBy(desc(documents.created_at))
    .limit(1000);
  return rows.map((row) => toListEntry(row.document, row.shipmentNumber));
}

export type IncomingFile = { name: string; bytes: Buffer };

/**
 * Stores uploaded files for a shipment: every file is checked before any is kept, and either all
 * are stored and recorded or none (bytes already written are removed if the transaction fails).
 */
export async function uploadDocuments(
  db: Database,
  store: DocumentStore,
  principal: Principal,
  upload: { shipment: string; documentTypes: string[]; files: IncomingFile[] },
) {
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const shipment = await findWritableShipment(tx, principal, upload.shipment);
      const checked = await checkFiles(upload);
      const stored = [];
      for (const file of checked) {
        const key = randomUUID();
        await store.put(key, file.bytes);
        written.push(key);
        const [row] = await tx
          .insert(documents)
          .values({
            shipment_id: shipment.id,
            file_name: file.name,
            document_type: file.type,
            content_type: file.contentType,
            size_bytes: file.bytes.length,
            storage_key: key,
            uploaded_by: principal.personId,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await recordAudit(tx, actorOf(principal), {
          action: 'create',
          entity: 'document',
          entityId: row.id,
          after: row,
        });
        stored.push({
          id: row.id,
          webUrl: webUrlOf(row.id),
          name: row.file_name,
          fileName: row.file_name,
          size: row.size_bytes,
          createdDateTime: row.created_at.toISOString(),
        });
      }
      return stored;
    });
  } catch (error) {
    await Promise.all(written.map((key) => store.delete(key)));
    throw error;
  }
}

type CheckedFile = { name: string; bytes: Buffer; type: string; contentType: string };

async function checkFiles(upload: { documentTypes: string[]; files: IncomingFile[] }): Promise<CheckedFile[]> {
  if (upload.files.length === 0) throw new AppError('invalid', 'Choose at least one file to upload.');
  const types =
    upload.documentTypes.length === 1 ? upload.files.map(() => upload.documentTypes[0] ?? '') : upload.documentTypes;
  if (
    types.length !== upload.files.length ||
    types.some((type) => !(DOCUMENT_TYPES as readonly string[]).includes(type))
  ) {
    throw new AppError('invalid', DOCUMENT_TYPE_REQUIRED);
  }
  const checked: CheckedFile[] = [];
  for (const [index, file] of upload.files.entries()) {
    const name = checkFileName(file.name);
    checked.push({
      name,
      bytes: file.bytes,
      type: types[index] ?? '',
      contentType: await checkFileContent(name, file.bytes),
    });
  }
  return checked;
}

/** A document the principal may read, found by id; anything else (including a malformed id) does not exist. */
export async function findReadableDocument(db: Queryable, principal: Principal, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new AppError('not_found', DOCUMENT_NOT_FOUND);
  }
  const [row] = await db
    .select({ document: documents, shipment: shipments })
    .from(documents)
    .innerJoin(shipments, eq(shipments.id, documents.shipment_id))
    .where(and(eq(documents.id, id)));
  if (!row || !canReadShipment(principal, row.shipment)) throw new AppError('not_found', DOCUMENT_NOT_FOUND);
  return row.document;
}
