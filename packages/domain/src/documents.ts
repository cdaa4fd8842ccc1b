import { z } from 'zod';

// Shipping documents (SPEC.md §3 'Document', §5 'Upload', §9 file size display).

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

const ABBREVIATIONS: Record<string, string> = {
  'Airway Bill': 'AWB',
  'Bill of Lading': 'BOL',
  'Commercial Invoice': 'CI',
  'House Bill': 'HB',
  Manifest: 'MF',
  'Master Bill': 'MB',
  'Packing List': 'PL',
  'Proof of Delivery': 'POD',
};
/** The badge of a document type; any other type shows DOC. */
export const documentTypeBadge = (type: string) => ABBREVIATIONS[type] ?? 'DOC';

export const DOCUMENT_TYPE_PLACEHOLDER = 'Select a document type...';
export const DOCUMENT_TYPE_REQUIRED = 'Document type is required';
export const NO_DOCUMENTS = 'No documents available';
export const DOCUMENTS_LOAD_FAILED = 'Failed to load documents. Please try again.';
export const REPORT_LOAD_FAILED = 'Failed to load documents';

/** Bytes below 1024; KB with one decimal below 1,048,576; MB with one decimal from there. */
export function fileSizeDisplay(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** MM/DD/YYYY (en-US, as the reports screen sends it; M/D/YYYY too) → that day's start in UTC, or null. */
export function parseUsDate(text: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? date : null;
}

export const DocumentsQuery = z
  .object({
    shipment: z.string().trim().min(1).max(100).optional().describe("One shipment's documents"),
    createdOn: z
      .string()
      .refine((text) => parseUsDate(text) !== null, 'createdOn must be a date as MM/DD/YYYY.')
      .optional()
      .describe('The recent-documents report: documents created on or after this day (MM/DD/YYYY)'),
  })
  .refine((query) => (query.shipment === undefined) !== (query.createdOn === undefined), {
    message: 'Ask for either ?shipment= or ?createdOn=.',
  });

export const DocumentListEntry = z.object({
  id: z.string(),
  webUrl: z.string().describe('Where a signed-in user downloads the file'),
  fields: z.object({
    FileLeafRef: z.string().describe('File name'),
    DocumentType: z.string(),
    FileSizeDisplay: z.string(),
    Modified: z.string().describe('ISO timestamp'),
    ShipmentNumber: z.string(),
  }),
});
export type DocumentListEntry = z.infer<typeof DocumentListEntry>;
export const DocumentsResponse = z.object({ documents: z.array(DocumentListEntry) });

export const UploadedDocument = z.object({
  id: z.string(),
  webUrl: z.string(),
  name: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  createdDateTime: z.string(),
});
export const UploadResponse = z.object({ documents: z.array(UploadedDocument) });
