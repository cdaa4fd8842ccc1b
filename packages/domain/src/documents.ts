import { z } from 'zod';
import { NUL_MESSAGE, noNul, plainText } from './fields.ts';

// Shipping documents (SPEC.md §3 'Document', §5 'Upload', §8, §9 file size display).

export const DOCUMENT_TYPES = [
  'Airway Bill',
  'Bill of Lading',
  'Commercial Invoice',
  'House Bill',
  'Manifest',
  'Master Bill',
  'Packing List',
  'Proof of Delivery',
  'Other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const isDocumentType = (value: string): value is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(value);

/** Badge abbreviations (SPEC.md §3); a type not listed here shows DOC. */
export const DOCUMENT_TYPE_BADGES: Readonly<Record<string, string>> = {
  'Airway Bill': 'AWB',
  'Bill of Lading': 'BOL',
  'Commercial Invoice': 'CI',
  'House Bill': 'HB',
  Manifest: 'MF',
  'Master Bill': 'MB',
  'Packing List': 'PL',
  'Proof of Delivery': 'POD',
};
export const OTHER_DOCUMENT_BADGE = 'DOC';

const BADGES = new Map(Object.entries(DOCUMENT_TYPE_BADGES));

/** The badge of a document type; any other type (Other included) shows DOC. */
export const documentTypeBadge = (type: string): string => BADGES.get(type) ?? OTHER_DOCUMENT_BADGE;

export const DOCUMENT_TYPE_PLACEHOLDER = 'Select a document type...';
export const DOCUMENT_TYPE_REQUIRED = 'Document type is required';
export const NO_DOCUMENTS = 'No documents available';
export const DOCUMENTS_LOAD_FAILED = 'Failed to load documents. Please try again.';
export const REPORT_LOAD_FAILED = 'Failed to load documents';

const KB = 1024;
const MB = 1_048_576;

/**
 * SPEC.md §9: bytes below 1024 ('512 B'), KB with one decimal below 1,048,576 ('1.5 KB'), MB with
 * one decimal from there ('2.0 MB'). One decimal rounds, so 1,048,575 bytes reads '1024.0 KB'.
 */
export function fileSizeDisplay(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * A date as en-US writes it (MM/DD/YYYY, or M/D/YYYY as `toLocaleDateString('en-US')` gives it)
 * → the start of that day in UTC; null when it is not a real calendar date.
 */
export function parseUsDate(text: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? date : null;
}

export const CREATED_ON_INVALID = 'createdOn must be a date written MM/DD/YYYY.';
export const DOCUMENTS_QUERY_ONE_OF = 'Ask for either ?shipment= or ?createdOn=, not both.';

/** `GET /api/Files`: one shipment's documents, or the recent-documents report — exactly one of the two. */
export const DocumentsQuery = z
  .object({
    shipment: plainText(200)
      .min(1, 'shipment must name a shipment.')
      .optional()
      .describe("One shipment's documents, by shipment number"),
    createdOn: z
      .string()
      .refine(noNul, NUL_MESSAGE)
      .refine((text) => parseUsDate(text) !== null, CREATED_ON_INVALID)
      .optional()
      .describe('The recent-documents report: documents created on or after this day (MM/DD/YYYY, UTC)'),
  })
  .refine((query) => (query.shipment === undefined) !== (query.createdOn === undefined), {
    message: DOCUMENTS_QUERY_ONE_OF,
  });
export type DocumentsQuery = z.infer<typeof DocumentsQuery>;

export const DocumentListEntry = z
  .object({
    id: z.string(),
    webUrl: z.string().describe('Where a signed-in user downloads the file (an attachment)'),
    fields: z.object({
      FileLeafRef: z.string().describe('File name'),
      DocumentType: z.string().describe('One of the document types'),
      FileSizeDisplay: z.string().describe("Size as the spec shows it: '512 B', '1.5 KB', '2.0 MB'"),
      Modified: z.string().describe('When it was uploaded (ISO timestamp)'),
      ShipmentNumber: z.string(),
    }),
  })
  .describe('A document as the lists show it');
export type DocumentListEntry = z.infer<typeof DocumentListEntry>;
export const DocumentsResponse = z.object({ documents: z.array(DocumentListEntry) });
export type DocumentsResponse = z.infer<typeof DocumentsResponse>;

export const UploadedDocument = z
  .object({
    id: z.string(),
    webUrl: z.string().describe('Where a signed-in user downloads the file (an attachment)'),
    name: z.string().describe('File name'),
    fileName: z.string().describe('File name (the same as name)'),
    size: z.number().int().describe('Size in bytes'),
    createdDateTime: z.string().describe('When it was uploaded (ISO timestamp)'),
  })
  .describe('A document just uploaded');
export type UploadedDocument = z.infer<typeof UploadedDocument>;
export const UploadResponse = z.object({ documents: z.array(UploadedDocument) });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** One document, by its id (its content's address). */
export const DocumentParams = z.object({ id: z.string().describe('The document id') });
export type DocumentParams = z.infer<typeof DocumentParams>;

/** How to send a document's content: shown in the browser where it can be, or always as an attachment. */
export const DocumentContentQuery = z.object({
  download: z
    .enum(['true', 'false'], { error: 'download is true or false.' })
    .optional()
    .describe('true: always as an attachment'),
});
export type DocumentContentQuery = z.infer<typeof DocumentContentQuery>;
