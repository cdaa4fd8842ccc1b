import type { Call } from '../call.ts';
import {
  DocumentContentQuery,
  DocumentParams,
  DocumentsQuery,
  DocumentsResponse,
  UploadResponse,
} from '../documents.ts';

const tag = 'documents';

/** A shipment's documents: upload, the lists, the file itself. */
export const DOCUMENT_CALLS = {
  uploadDocuments: {
    method: 'POST',
    path: '/api/Files',
    tag,
    who: 'Admin or Forwarder',
    summary: 'Upload documents to a shipment',
    description:
      'multipart/form-data: repeated `files`; `documentType`, one per file in the same order (or one for all); ' +
      '`shipment`, sent before the files (its access is checked before their bytes are read). `forwarder` is ' +
      'accepted and ignored: the server decides. A forwarder company has an upload quota ' +
      '(413 past it). Each file is checked from its bytes against an allow-list; the number of files ' +
      'and the size of each are limited (413 past them).',
    consumes: 'multipart/form-data',
    response: UploadResponse,
    errors: [404, 413],
  },
  listDocuments: {
    method: 'GET',
    path: '/api/Files',
    tag,
    who: 'signed-in',
    summary: "A shipment's documents, or the documents uploaded on a day (staff)",
    description:
      '`?shipment=` lists one shipment’s documents; `?createdOn=MM/DD/YYYY` is the report (not for forwarders).',
    query: DocumentsQuery,
    response: DocumentsResponse,
    errors: [404],
  },
  downloadDocument: {
    method: 'GET',
    path: '/api/Files/:id/content',
    tag,
    who: 'signed-in',
    summary: 'Download a document',
    description:
      'The file: PDFs and PNG, JPEG, GIF and WebP images shown in the browser (unless download=true), the rest as an attachment; never sniffed, and sandboxed with no script or fetch.',
    params: DocumentParams,
    query: DocumentContentQuery,
    errors: [404],
  },
} as const satisfies Record<string, Call>;
