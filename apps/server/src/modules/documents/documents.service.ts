import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { API } from '@quayside/domain/api';
import { pathOf } from '@quayside/domain/call';
import {
  DOCUMENT_TYPE_PLACEHOLDER,
  DOCUMENT_TYPE_REQUIRED,
  DOCUMENT_TYPES,
  type DocumentListEntry,
  fileSizeDisplay,
  isDocumentType,
  type UploadedDocument,
} from '@quayside/domain/documents';
import { asc, desc, eq, gte } from 'drizzle-orm';
import { canReadShipment, canSeeReports } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { documents, shipments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { DocumentStore } from '../../storage/document-store.ts';
import { type Write, withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { assertCanWrite, findReadableShipment, findWritableShipment } from '../shipments/shipment-access.ts';
import { checkFileContent, checkFileName } from './file-check.ts';

export const webUrlOf = (id: string) => pathOf(API.downloadDocument, { id });
export const DOCUMENT_NOT_FOUND = 'Document not found';
export const REPORTS_FORBIDDEN = 'Reports are not available to forwarders.';
/** The report answers at most this many documents, newest first. */
export const REPORT_LIMIT = 1000;

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

// Newest first; the files of one upload share a timestamp, so they follow by name.
const newestFirst = [desc(documents.created_at), asc(documents.file_name), asc(documents.id)];

/** The documents of one shipment the principal may see (another company's shipment: 404). */
export async function listShipmentDocuments(db: Queryable, principal: Principal, shipmentNumber: string) {
  const shipment = await findReadableShipment(db, principal, shipmentNumber);
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.shipment_id, shipment.id))
    .orderBy(...newestFirst);
  return rows.map((row) => toListEntry(row, shipment.shipment));
}

/** The recent-documents report: documents of every shipment created on or after `since`, for staff. */
export async function listRecentDocuments(db: Queryable, principal: Principal, since: Date) {
  if (!canSeeReports(principal)) throw new AppError('forbidden', REPORTS_FORBIDDEN);
  const rows = await db
    .select({ document: documents, shipmentNumber: shipments.shipment })
    .from(documents)
    .innerJoin(shipments, eq(shipments.id, documents.shipment_id))
    .where(gte(documents.created_at, since))
    .orderBy(...newestFirst)
    .limit(REPORT_LIMIT);
  return rows.map((row) => toListEntry(row.document, row.shipmentNumber));
}

/** A file of an upload, waiting on disk (never under the client's name) to be checked and kept. */
export type StagedFile = { name: string; path: string; size: number };
export type IncomingUpload = { shipment: string; documentTypes: string[]; files: StagedFile[] };

/**
 * Keeps the files of one upload on a shipment. Every file is checked before any is stored, and
 * either all are stored and recorded or none: bytes already written are removed if anything fails.
 */
export async function uploadDocuments(
  db: Database,
  store: DocumentStore,
  principal: Principal,
  upload: IncomingUpload,
): Promise<UploadedDocument[]> {
  assertCanWrite(principal);
  // Access first: another company's shipment answers 404 whatever the files are.
  await findReadableShipment(db, principal, upload.shipment);
  const checked = await checkFiles(upload);

  // Bytes are written before the transaction, so no database lock is held while they are copied.
  const keys: string[] = [];
  try {
    for (const file of checked) {
      const key = randomUUID();
      keys.push(key);
      await store.put(key, createReadStream(file.path));
    }
    return await withWrite(db, actorOf(principal), async (write) => {
      const { tx } = write;
      const shipment = await findWritableShipment(tx, principal, upload.shipment);
      // A document may be one the shipment's checklist was missing (its exceptions).
      write.shipmentsChanged([shipment.id]);
      const uploaded: UploadedDocument[] = [];
      for (const [index, file] of checked.entries()) {
        const row = await insertDocument(write, shipment.shipment, {
          shipment_id: shipment.id,
          file_name: file.name,
          document_type: file.type,
          content_type: file.contentType,
          size_bytes: file.size,
          storage_key: keys[index] ?? '',
          uploaded_by: principal.personId,
        });
        uploaded.push({
          id: row.id,
          webUrl: webUrlOf(row.id),
          name: row.file_name,
          fileName: row.file_name,
          size: row.size_bytes,
          createdDateTime: row.created_at.toISOString(),
        });
      }
      return uploaded;
    });
  } catch (error) {
    await Promise.allSettled(keys.map((key) => store.delete(key)));
    throw error;
  }
}

type CheckedFile = StagedFile & { type: string; contentType: string };

/** Types, names and bytes of every file, in order; the first problem found is the answer. */
async function checkFiles(upload: IncomingUpload): Promise<CheckedFile[]> {
  const { files } = upload;
  if (files.length === 0) throw new AppError('invalid', 'Choose at least one file to upload.');
  const sent = upload.documentTypes.map((type) => type.trim());
  // One type for the whole upload, or one per file in the order of the files.
  const types = sent.length === 1 ? files.map(() => sent[0] ?? '') : sent;
  if (types.length > files.length) {
    throw new AppError('invalid', 'Send one document type per file, in the order of the files.');
  }
  const checked: CheckedFile[] = [];
  for (const [index, file] of files.entries()) {
    const type = types[index] ?? '';
    if (type === '' || type === DOCUMENT_TYPE_PLACEHOLDER) throw new AppError('invalid', DOCUMENT_TYPE_REQUIRED);
    if (!isDocumentType(type)) {
      throw new AppError(
        'invalid',
        `${JSON.stringify(type)} is not a document type: choose one of ${DOCUMENT_TYPES.join(', ')}.`,
      );
    }
    const name = checkFileName(file.name);
    checked.push({ ...file, name, type, contentType: await checkFileContent(name, file.path, file.size) });
  }
  return checked;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Inserts one document row and audits its creation; the demo seed writes its documents the same way. */
export async function insertDocument(write: Write, shipmentNumber: string, values: typeof documents.$inferInsert) {
  const [row] = await write.tx.insert(documents).values(values).returning();
  if (!row) throw new Error('document not inserted');
  write.audit({ action: 'create', entity: 'document', entityId: row.id, after: { ...row, shipment: shipmentNumber } });
  return row;
}

/** A document the principal may read, found by id; anything else (a malformed id too) does not exist. */
export async function findReadableDocument(db: Queryable, principal: Principal, id: string) {
  if (!UUID.test(id)) throw new AppError('not_found', DOCUMENT_NOT_FOUND);
  const [row] = await db
    .select({ document: documents, shipment: shipments })
    .from(documents)
    .innerJoin(shipments, eq(shipments.id, documents.shipment_id))
    .where(eq(documents.id, id.toLowerCase()));
  // Another company's document answers exactly as one that does not exist.
  if (!row || !canReadShipment(principal, row.shipment)) throw new AppError('not_found', DOCUMENT_NOT_FOUND);
  return row.document;
}
