import { DocumentsQuery, DocumentsResponse, parseUsDate, UploadResponse } from '@quayside/domain/documents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { DocumentStore } from '../../storage/document-store.ts';
import {
  findReadableDocument,
  type IncomingFile,
  listRecentDocuments,
  listShipmentDocuments,
  uploadDocuments,
} from './documents.service.ts';

type UploadLimits = Pick<AppConfig, 'uploadMaxBytes' | 'uploadMaxFiles'>;

export function registerDocumentRoutes(app: FastifyInstance, db: Database, limits: UploadLimits, store: DocumentStore) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/Files',
    {
      schema: {
        tags: ['documents'],
        description:
          'multipart/form-data: repeated `files`, a `documentType` per file (or one for all), `shipment`. `forwarder` is accepted and ignored: the server decides.',
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse },
      },
    },
    async (request) => {
      const upload = await readUpload(request, limits);
      return { documents: await uploadDocuments(db, store, request.principal, upload) };
    },
  );

  api.get(
    '/api/Files',
    { schema: { tags: ['documents'], querystring: DocumentsQuery, response: { 200: DocumentsResponse } } },
    async (request) => {
      const { shipment, createdOn } = request.query;
      const since = createdOn === undefined ? null : parseUsDate(createdOn);
      const documents = since
        ? await listRecentDocuments(db, request.principal, since)
        : await listShipmentDocuments(db, request.principal, shipment ?? '');
      return { documents };
    },
  );

  api.get(
    '/api/Files/:id/content',
    { schema: { tags: ['documents'], params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const document = await findReadableDocument(db, request.principal, request.params.id);
      const fallback = document.file_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return (
        reply
          .header('content-type', document.content_type)
          // Always a download, never rendered from our origin; the sandbox stops any script if it were.
          .header(
            'content-disposition',
            `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(document.file_name)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(store.get(document.storage_key))
      );
    },
  );
}

/** Reads the multipart body within the configured limits: files into memory (each at most uploadMaxBytes). */
async function readUpload(request: FastifyRequest, limits: UploadLimits) {
  if (!request.isMultipart()) throw new AppError('invalid', 'Send the files as multipart/form-data.');
  const files: IncomingFile[] = [];
  const documentTypes: string[] = [];
  let shipment = '';
  try {
    // preservePath: see the name as sent, so a name with a path is refused rather than silently cut.
    const parts = request.parts({
      preservePath: true,
      limits: { fileSize: limits.uploadMaxBytes, files: limits.uploadMaxFiles },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume();
          continue;
        }
        files.push({ name: part.filename, bytes: await part.toBuffer() });
      } else if (part.fieldname === 'documentType') {
        documentTypes.push(String(part.value));
      } else if (part.fieldname === 'shipment') {
        shipment = String(part.value).trim();
      }
    }
  } catch (error) {
    throw uploadError(error, limits);
  }
  if (shipment === '') throw new AppError('invalid', 'shipment is required.');
  return { shipment, documentTypes, files };
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

function uploadError(error: unknown, limits: UploadLimits): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('too_large', `Each file must be at most ${megabytes(limits.uploadMaxBytes)}.`);
  }
  if (code === 'FST_FILES_LIMIT')
    return new AppError('too_large', `At most ${limits.uploadMaxFiles} files per upload.`);
  if (code?.startsWith('FST_')) return new AppError('invalid', 'The upload could not be read. Please try again.');
  return error;
}
