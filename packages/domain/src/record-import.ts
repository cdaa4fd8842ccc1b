import { z } from 'zod';
import { plainText } from './fields.ts';
import {
  type ColumnMapping,
  headerIndex,
  IMPORT_REPORT_ROWS,
  ImportCounts,
  ImportFileReport,
  ImportRowOutcome,
  mapHeaders,
} from './import.ts';

// Imports of records from the importer's own systems: the ERP's export of PO lines (one row per PO
// line) and receipts (one row per shipment, PO and SKU received). They go through the engine that
// reads forwarders' reports (the same readers, limits, dry run, preview and row rejections); the
// server, the CLI and the web page share this contract.

export const RECORD_IMPORT_KINDS = ['purchase_orders', 'receipts'] as const;
export type RecordImportKind = (typeof RECORD_IMPORT_KINDS)[number];

/** A column of the ERP's PO export: the PO's header fields (repeated on each of its lines), then the line's. */
export type PoImportField =
  | 'PO Number'
  | 'Supplier'
  | 'Order Date'
  | 'Cargo Ready Date'
  | 'Requested Delivery Date'
  | 'Incoterm'
  | 'Currency'
  | 'Notes'
  | 'Line'
  | 'SKU'
  | 'Description'
  | 'Qty Ordered'
  | 'Unit'
  | 'Unit Price'
  | 'Requested Date';

export const PO_IMPORT_FIELDS: readonly PoImportField[] = [
  'PO Number',
  'Supplier',
  'Order Date',
  'Cargo Ready Date',
  'Requested Delivery Date',
  'Incoterm',
  'Currency',
  'Notes',
  'Line',
  'SKU',
  'Description',
  'Qty Ordered',
  'Unit',
  'Unit Price',
  'Requested Date',
];
export const PO_IMPORT_REQUIRED: readonly PoImportField[] = ['PO Number', 'SKU', 'Qty Ordered'];

/** How ERPs (ERPNext, Odoo, SAP, NetSuite, Dynamics exports) spell them; compared as headerKey does. */
const PO_ALIASES: Partial<Record<PoImportField, string[]>> = {
  'PO Number': [
    'PO',
    'PO No',
    'PO #',
    'Purchase Order',
    'Purchase Order Number',
    'Order Number',
    'Order No',
    'Order Ref',
  ],
  Supplier: ['Supplier Name', 'Vendor', 'Vendor Name'],
  'Order Date': ['PO Date', 'Transaction Date', 'Date Ordered'],
  'Cargo Ready Date': ['Cargo Ready', 'CRD', 'Ready Date', 'Ex Works Date'],
  'Requested Delivery Date': ['Required By', 'Delivery Date', 'Schedule Date', 'Requested Delivery', 'Need By Date'],
  Incoterm: ['Incoterms', 'Terms of Delivery'],
  Currency: ['Currency Code', 'Curr'],
  Notes: ['Note', 'Remarks', 'Comments', 'PO Notes'],
  Line: ['Line Number', 'Line No', 'PO Line', 'Item Line', 'Line #', 'Idx'],
  SKU: ['Item', 'Item Code', 'Item Number', 'Item No', 'Part Number', 'Part No', 'Part', 'Product Code', 'Material'],
  Description: ['Item Description', 'Item Name', 'Product Description'],
  'Qty Ordered': ['Quantity', 'Qty', 'Ordered Qty', 'Ordered Quantity', 'Order Qty', 'Order Quantity'],
  Unit: ['UOM', 'UoM', 'Unit of Measure', 'Stock UOM'],
  'Unit Price': ['Price', 'Rate', 'Unit Cost'],
  'Requested Date': ['Line Requested Date', 'Line Delivery Date', 'Line Required By', 'Line Schedule Date'],
};

/** A column of a receipts file: what arrived of one SKU of one PO on one shipment. */
export type ReceiptImportField = 'Shipment' | 'PO Number' | 'SKU' | 'Received Qty' | 'Reason' | 'Note';
export const RECEIPT_IMPORT_FIELDS: readonly ReceiptImportField[] = [
  'Shipment',
  'PO Number',
  'SKU',
  'Received Qty',
  'Reason',
  'Note',
];
export const RECEIPT_IMPORT_REQUIRED: readonly ReceiptImportField[] = ['Shipment', 'PO Number', 'SKU', 'Received Qty'];
const RECEIPT_ALIASES: Partial<Record<ReceiptImportField, string[]>> = {
  Shipment: ['Shipment Number', 'Shipment No', 'Shipment ID'],
  'PO Number': ['PO', 'PO No', 'PO #', 'Purchase Order', 'Order Ref'],
  SKU: ['Item', 'Item Code', 'Part Number', 'Part No', 'Part'],
  'Received Qty': ['Received', 'Received Quantity', 'Qty Received', 'Quantity Received', 'Quantity', 'Qty'],
  Reason: ['Difference Reason', 'Variance Reason'],
  Note: ['Notes', 'Remarks', 'Comment'],
};

const PO_HEADERS = headerIndex(PO_IMPORT_FIELDS, PO_ALIASES);
const RECEIPT_HEADERS = headerIndex(RECEIPT_IMPORT_FIELDS, RECEIPT_ALIASES);

export const mapPoHeaders = (headers: readonly string[]): ColumnMapping<PoImportField> =>
  mapHeaders(headers, PO_HEADERS, PO_IMPORT_REQUIRED);
export const mapReceiptHeaders = (headers: readonly string[]): ColumnMapping<ReceiptImportField> =>
  mapHeaders(headers, RECEIPT_HEADERS, RECEIPT_IMPORT_REQUIRED);

// Messages.

export const PO_IMPORT_NOTHING_SENT = 'Choose a purchase orders file (CSV or Excel .xlsx) to import.';
export const RECEIPT_IMPORT_NOTHING_SENT = 'Choose a receipts file (CSV or Excel .xlsx) to import.';

const columnList = (fields: readonly string[]) => fields.map((field) => `"${field}"`).join(', ');
export const missingColumns = (file: string, missing: readonly string[], kind: RecordImportKind) =>
  `${file}: no ${columnList(missing)} column. The first row must hold the column headers (` +
  `${(kind === 'purchase_orders' ? PO_IMPORT_REQUIRED : RECEIPT_IMPORT_REQUIRED).join(', ')}, ...).`;

/** A later row of a PO whose header cells disagree with its first row's: the first row's header stands. */
export const poHeaderDisagrees = (po: string, fields: readonly string[], firstRow: number) =>
  `PO ${po}: ${fields.join(', ')} differ${fields.length === 1 ? 's' : ''} from its first row (row ${firstRow}). ` +
  'Each row of a PO repeats the same header: correct the file and import it again.';
export const noSuchShipment = (shipment: string) => `No shipment ${shipment.slice(0, 80)}.`;
export const unknownReason = (text: string) =>
  `Reason: “${text.slice(0, 40)}” is not one of Short, Damaged, Over-delivered, Other.`;

// The report.

export const RecordImportReport = z.object({
  kind: z.enum(RECORD_IMPORT_KINDS),
  dryRun: z.boolean(),
  file: ImportFileReport.describe('The file as read; its counts are per row'),
  records: ImportCounts.describe(
    'Per purchase order (created, updated, unchanged), or per shipment received; rejected: rows rejected',
  ),
  rows: z.array(ImportRowOutcome).describe(`The outcome of the first ${IMPORT_REPORT_ROWS} rows`),
  rejections: z.array(ImportRowOutcome).describe(`Every rejected row, up to ${IMPORT_REPORT_ROWS}`),
  truncated: z.boolean().describe('More outcomes or rejections than listed'),
});
export type RecordImportReport = z.infer<typeof RecordImportReport>;

/** Query string of POST /api/Import/purchase-orders and /api/Import/receipts (multipart: one `file`). */
export const RecordImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun is true or false.' })
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: report what would happen, change nothing'),
  sheet: plainText(200).optional().describe('Worksheet of the workbook (default: the first)'),
});
export type RecordImportQuery = z.infer<typeof RecordImportQuery>;

// What the Import screen says of each kind of file.

/** The kinds of file the Import screen offers an Admin; a Forwarder imports only its reports. */
export const IMPORT_SCREEN_KINDS = ['report', ...RECORD_IMPORT_KINDS] as const;
export type ImportScreenKind = (typeof IMPORT_SCREEN_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportScreenKind, string> = {
  report: 'Forwarder report',
  purchase_orders: 'Purchase orders (ERP)',
  receipts: 'Receipts',
};
export const IMPORT_KIND_CHOICE = 'Kind of file';

export const RECORD_IMPORT_TEXTS: Record<
  RecordImportKind,
  {
    intro: string;
    fileLabel: string;
    hint: string;
    nothingSent: string;
    keyColumn: string;
    records: string;
    rows: string;
  }
> = {
  purchase_orders: {
    intro: "Bring purchase orders in from your ERP's export of PO lines.",
    fileLabel: 'Purchase orders file (CSV or Excel .xlsx)',
    hint:
      'One row per PO line. Columns: PO Number, SKU, Qty Ordered; optionally Supplier, Order Date, Cargo Ready Date, ' +
      'Requested Delivery Date, Incoterm, Currency, Notes, Line, Description, Unit, Unit Price, Requested Date.',
    nothingSent: PO_IMPORT_NOTHING_SENT,
    keyColumn: 'PO / SKU',
    records: 'Purchase orders',
    rows: 'PO lines',
  },
  receipts: {
    intro: 'Record what arrived of each shipment from a receipts file.',
    fileLabel: 'Receipts file (CSV or Excel .xlsx)',
    hint:
      'Columns: Shipment, PO Number, SKU, Received Qty; Reason (Short, Damaged, Over-delivered, Other) when the ' +
      'quantity differs from what was shipped; Note.',
    nothingSent: RECEIPT_IMPORT_NOTHING_SENT,
    keyColumn: 'Shipment / PO / SKU',
    records: 'Shipments received',
    rows: 'Receipt lines',
  },
};
