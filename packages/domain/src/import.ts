import { z } from 'zod';
import { plainText } from './fields.ts';
import {
  SHIPMENT_AMOUNT_FIELDS,
  SHIPMENT_CHOICE_FIELDS,
  SHIPMENT_DATE_FIELDS,
  SHIPMENT_TEXT_FIELDS,
} from './shipments.ts';

// Import of a forwarder's shipment report (and a parts list per PO) from CSV or XLSX.
// Headers are matched to the spec's Shipment labels; the server, the CLI and the web page share
// this contract.

/** A field of the shipments sheet: the spec's Shipment labels, plus the shipment number and its PO list. */
export type ShipmentImportField =
  | 'Shipment'
  | 'Order Ref'
  | keyof typeof SHIPMENT_TEXT_FIELDS
  | keyof typeof SHIPMENT_CHOICE_FIELDS
  | keyof typeof SHIPMENT_AMOUNT_FIELDS
  | keyof typeof SHIPMENT_DATE_FIELDS;

export type PartImportField = 'PO' | 'Shipment' | 'Part Number' | 'Quantity';

/**
 * Each field's header spellings besides its own label. Headers compare by letters and digits only,
 * case-folded ('UQ - Outer', 'UQ-Outer' and 'uq outer' are one header; so are 'Dest.' and 'Dest').
 */
const SHIPMENT_ALIASES: Partial<Record<ShipmentImportField, string[]>> = {
  Shipment: ['Shipment Number', 'Shipment No', 'Shipment ID'],
  'Order Ref': ['Order Refs', 'Order Reference', 'PO', 'PO Number', 'PO Numbers'],
  'Forwarder Name': ['Forwarder'],
  'Consignee Name': ['Consignee'],
  'Consignor Name': ['Consignor', 'Shipper'],
  Origin: ['Origin Port'],
  'Dest.': ['Destination', 'Destination Port'],
  House: ['House Bill', 'HBL'],
  Master: ['Master Bill', 'MBL'],
  'Container #': ['Container', 'Container Number', 'Container No'],
  Trans: ['Transport', 'Transit Type'],
  'Dest. ETA': ['Destination ETA'],
  'Est Delivery': ['Estimated Delivery'],
  'Act Delivery': ['Actual Delivery'],
  'OBL Received Date': ['OBL Received'],
  WTUQ: ['Weight UQ', 'Weight Unit'],
  VOLUQ: ['Volume UQ', 'Volume Unit'],
};

const PART_ALIASES: Record<PartImportField, string[]> = {
  PO: ['PO', 'PO Number', 'Order Ref', 'related_po_number'],
  Shipment: ['Shipment', 'Shipment Number', 'Shipment No', 'related_shipment'],
  'Part Number': ['Part Number', 'Part', 'Part No', 'part_number'],
  Quantity: ['Quantity', 'Qty'],
};

export const SHIPMENT_IMPORT_FIELDS: readonly ShipmentImportField[] = [
  'Shipment',
  'Order Ref',
  ...(Object.keys(SHIPMENT_TEXT_FIELDS) as (keyof typeof SHIPMENT_TEXT_FIELDS)[]),
  ...(Object.keys(SHIPMENT_CHOICE_FIELDS) as (keyof typeof SHIPMENT_CHOICE_FIELDS)[]),
  ...(Object.keys(SHIPMENT_AMOUNT_FIELDS) as (keyof typeof SHIPMENT_AMOUNT_FIELDS)[]),
  ...(Object.keys(SHIPMENT_DATE_FIELDS) as (keyof typeof SHIPMENT_DATE_FIELDS)[]),
];
export const PART_IMPORT_FIELDS: readonly PartImportField[] = ['PO', 'Shipment', 'Part Number', 'Quantity'];

/** A header as it compares: letters and digits only, case-folded. '#' counts as nothing. */
export const headerKey = (header: string) =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

export function headerIndex<Field extends string>(fields: readonly Field[], aliases: Partial<Record<Field, string[]>>) {
  const index = new Map<string, Field>();
  for (const field of fields) {
    for (const spelling of [field, ...(aliases[field] ?? [])]) index.set(headerKey(spelling), field);
  }
  return index;
}

const SHIPMENT_HEADERS = headerIndex(SHIPMENT_IMPORT_FIELDS, {
  ...SHIPMENT_ALIASES,
  // The spec spells it both ways; both keys fold to the same text anyway.
  'UQ - Outer': ['UQ-Outer', 'UQ Outer'],
});
const PART_HEADERS = headerIndex(PART_IMPORT_FIELDS, PART_ALIASES);

export type ColumnMapping<Field extends string> = {
  /** One entry per header, in the file's order: the field it fills, or null when it is not one we know. */
  columns: { header: string; field: Field | null }[];
  /** Headers we do not know: reported, then ignored. */
  unknown: string[];
  /** Required fields no header names. */
  missing: Field[];
};

export function mapHeaders<Field extends string>(
  headers: readonly string[],
  index: Map<string, Field>,
  required: readonly Field[],
): ColumnMapping<Field> {
  const taken = new Set<Field>();
  const columns = headers.map((header) => {
    const field = index.get(headerKey(header)) ?? null;
    // A second column naming a field already mapped is reported as unknown rather than merged.
    if (field === null || taken.has(field)) return { header, field: null };
    taken.add(field);
    return { header, field };
  });
  return {
    columns,
    unknown: columns.filter((column) => column.field === null && column.header.trim() !== '').map((c) => c.header),
    missing: required.filter((field) => !taken.has(field)),
  };
}

export const mapShipmentHeaders = (headers: readonly string[]) =>
  mapHeaders(headers, SHIPMENT_HEADERS, ['Shipment'] as const);
export const mapPartHeaders = (headers: readonly string[]) =>
  mapHeaders(headers, PART_HEADERS, ['PO', 'Shipment', 'Part Number'] as const);

// Limits and messages.

/** Rows shown in the preview table. */
export const IMPORT_PREVIEW_ROWS = 10;
/** Row outcomes listed in a report (counts are always complete). */
export const IMPORT_REPORT_ROWS = 1000;
export const IMPORT_NOTHING_SENT = 'Choose a shipments file (CSV or Excel .xlsx) to import.';

export const ImportOutcome = z.enum(['created', 'updated', 'unchanged', 'rejected']);
export type ImportOutcome = z.infer<typeof ImportOutcome>;

export const ImportCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportRowOutcome = z.object({
  sheet: z.enum(['shipments', 'parts', 'purchase_orders', 'receipts']),
  row: z.number().int().describe('Row number in the sheet, the header being row 1'),
  key: z
    .string()
    .describe(
      'The shipment number, "PO / shipment / part" for a part, "PO / SKU" for a PO line, "shipment / PO / SKU" for a receipt',
    ),
  outcome: ImportOutcome,
  reasons: z.array(z.string()).describe('Why the row is rejected (empty otherwise)'),
});
export type ImportRowOutcome = z.infer<typeof ImportRowOutcome>;

export const ImportFileReport = z.object({
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  sheet: z.string().nullable().describe('The worksheet read (XLSX only)'),
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  unknownColumns: z.array(z.string()).describe('Headers that match no field: ignored'),
  preview: z.array(z.array(z.string())).describe(`The first ${IMPORT_PREVIEW_ROWS} rows, cells as text`),
  rows: z.number().int().describe('Data rows read'),
  counts: ImportCounts,
});
export type ImportFileReport = z.infer<typeof ImportFileReport>;

export const ImportReport = z.object({
  dryRun: z.boolean(),
  uncheckedIdentifiers: z
    .boolean()
    .describe('Container numbers and air waybills were taken as written, not checked (asked for by the import)'),
  importId: z.number().int().nullable().describe('Set when the import was applied: the dashboard filters by it'),
  shipments: ImportFileReport,
  parts: ImportFileReport.nullable(),
  lineItemsCreated: z.number().int().describe('New (PO, shipment) pairs from Order Ref'),
  rows: z.array(ImportRowOutcome).describe(`The outcome of the first ${IMPORT_REPORT_ROWS} rows of each file`),
  rejections: z.array(ImportRowOutcome).describe(`Every rejected row, up to ${IMPORT_REPORT_ROWS}`),
  truncated: z.boolean().describe('More outcomes or rejections than listed'),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** Query string of POST /api/Import (multipart: `shipments` file, optional `parts` file). */
export const ImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun is true or false.' })
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: report what would happen, change nothing'),
  uncheckedIdentifiers: z
    .enum(['true', 'false'], { error: 'uncheckedIdentifiers is true or false.' })
    .default('false')
    .transform((value) => value === 'true')
    .describe(
      "true: take Container # and an air shipment's Master as written; false (the default): a row with a wrong one is rejected",
    ),
  sheet: plainText(200).optional().describe('Worksheet of the shipments workbook (default: the first)'),
  partsSheet: plainText(200).optional().describe('Worksheet of the parts workbook (default: the first)'),
});
export type ImportQuery = z.infer<typeof ImportQuery>;
