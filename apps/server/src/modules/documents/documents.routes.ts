import { parseUsDate } from '@quayside/domain/documents';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import type { DocumentStore } from '../../storage/document-store.ts';
import { incomingDir } from '../../storage/incoming.ts';
import { assertCanWrite, findReadableShipment } from '../shipments/shipment-access.ts';
import {
  findReadableDocument,
  listRecentDocuments,
  listShipmentDocuments,
  uploadDocuments,
} from './documents.service.ts';
import { type UploadLimits, withStagedUpload } from './staged-upload.ts';
import { assertUploadQuota } from './upload-quota.ts';

type DocumentsConfig = Pick<
  AppConfig,
  'uploadMaxBytes' | 'uploadMaxFiles' | 'dataDir' | 'forwarderUploadQuotaBytes' | 'orgName'
>;

export function registerDocumentRoutes(
  app: FastifyInstance,
  db: Database,
  config: DocumentsConfig,
  store: DocumentStore,
) {
  const limits: UploadLimits = {
    maxBytes: config.uploadMaxBytes,
    maxFiles: config.uploadMaxFiles,
    stagingRoot: incomingDir(config.dataDir),
  };

  serve(app, 'uploadDocuments', async (request) => {
    // Read-only roles are refused before a byte of the upload is read.
    assertCanWrite(request.principal);
    const { principal } = request;
    const quota = { bytes: config.forwarderUploadQuotaBytes, orgName: config.orgName };
    const documents = await withStagedUpload(
      request,
      limits,
      async (upload) => {
        const total = upload.files.reduce((sum, file) => sum + file.size, 0);
        await assertUploadQuota(db, principal, quota, total);
        return uploadDocuments(db, store, principal, upload);
      },
      async (shipment) => {
        // Another company's shipment answers 404 before the files are read.
        await findReadableShipment(db, principal, shipment);
        await assertUploadQuota(db, principal, quota);
      },
    );
    return { documents };
  });

  serve(app, 'listDocuments', async (request) => {
    const { shipment, createdOn } = request.query;
    const since = createdOn === undefined ? null : parseUsDate(createdOn);
    const documents = since
      ? await listRecentDocuments(db, request.principal, since)
      : await listShipmentDocuments(db, request.principal, shipment ?? '');
    return { documents };
  });

  serve(app, 'downloadDocument', async (request, reply) => {
    const document = await findReadableDocument(db, request.principal, request.params.id);
    const content = await store.get(document.storage_key);
    const isShown = request.query.download !== 'true' && isShownInBrowser(document.content_type);
    return (
      reply
        .header('content-type', document.content_type)
        .header('content-length', String(document.size_bytes))
        // The bytes were checked at upload to be what the type says; the sandbox and nosniff keep
        // even a hostile file from running as our origin, shown or downloaded.
        .header('content-disposition', contentDisposition(document.file_name, isShown))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(content)
    );
  });
}

/**
 * What a browser shows in its tab ('View' shows PDFs and images): its PDF viewer, and the
 * images every browser draws. TIFF and HEIC, which most do not, download like the rest.
 */
const SHOWN_IN_BROWSER = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const isShownInBrowser = (contentType: string) => SHOWN_IN_BROWSER.has(contentType.split(';')[0]?.trim() ?? '');

/**
 * `inline` or `attachment` with the name twice (RFC 6266): an ASCII fallback in quotes (quotes,
 * backslashes, percent signs and anything outside printable ASCII replaced) and the exact name in
 * UTF-8 (RFC 8187).
 */
export function contentDisposition(fileName: string, isInline = false): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${isInline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
