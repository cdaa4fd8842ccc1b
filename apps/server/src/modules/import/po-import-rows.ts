import type { ColumnMapping } from '@quayside/domain/import';
import {
  type Cell,
  cellText,
  notADate,
  notAnAmount,
  notAQuantity,
  parseImportAmount,
  parseImportDate,
} from '@quayside/domain/import-values';
import {
  PurchaseOrderHeaderInput,
  type PurchaseOrderInput,
  PurchaseOrderLineInput,
} from '@quayside/domain/purchase-orders';
import type { PoImportField } from '@quayside/domain/record-import';
import type { z } from 'zod';
import type { RowResult } from './import-rows.ts';
import type { TableRow } from './table-reader.ts';

// One row of the ERP's PO export → the PO header and line it states, or why it cannot be imported.
// Pure: no database. Cells are read as the shipment import reads them (dates in its formats, amounts
// with thousands separators), then checked by the domain's own contracts for a PO and a PO line.

export type PoHeader = Omit<PurchaseOrderInput, 'lines'>;
export type PoHeaderField = Exclude<keyof PoHeader, 'po_number'>;
export type PoLine = PurchaseOrderInput['lines'][number];
export type PoLineField = Exclude<keyof PoLine, 'line_number' | 'sku'>;

/**
 * A valid row. Only the cells it fills are set: an empty cell keeps what the PO holds (an import
 * never erases), and an empty line number means "the line of this SKU, else the next number".
 */
export type PoRowInput = {
  row: number;
  po: string;
  header: Partial<Pick<PoHeader, PoHeaderField>>;
  lineNumber: number | null;
  sku: string;
  line: Partial<Pick<PoLine, PoLineField>>;
};

const HEADER_COLUMNS: Partial<Record<PoImportField, PoHeaderField>> = {
  Supplier: 'supplier',
  'Order Date': 'order_date',
  'Cargo Ready Date': 'cargo_ready_date',
  'Requested Delivery Date': 'requested_delivery_date',
  Incoterm: 'incoterm',
  Currency: 'currency',
  Notes: 'notes',
};
const LINE_COLUMNS: Partial<Record<PoImportField, PoLineField>> = {
  Description: 'description',
  'Qty Ordered': 'ordered_qty',
  Unit: 'unit',
  'Unit Price': 'unit_price',
  'Requested Date': 'requested_date',
};
const DATE_FIELDS = new Set<string>(['order_date', 'cargo_ready_date', 'requested_delivery_date', 'requested_date']);
/** The contracts' names for the fields, so a message names the column a person sees. */
const COLUMN_OF: Record<string, PoImportField> = {
  po_number: 'PO Number',
  line_number: 'Line',
  sku: 'SKU',
  ...Object.fromEntries(Object.entries(HEADER_COLUMNS).map(([column, field]) => [field, column])),
  ...Object.fromEntries(Object.entries(LINE_COLUMNS).map(([column, field]) => [field, column])),
};

/** Each mapped field's cell in this row. */
export function cellsByField<Field extends string>(mapping: ColumnMapping<Field>, row: TableRow) {
  const cells = new Map<Field, Cell>();
  mapping.columns.forEach((column, index) => {
    if (column.field !== null) cells.set(column.field, row.cells[index] ?? null);
  });
  return cells;
}

/** A date cell as the contracts take it, YYYY-MM-DD (the day in UTC); null when empty, undefined when not a date. */
export function importDay(cell: Cell): string | null | undefined {
  const date = parseImportDate(cell);
  return date === null || date === undefined ? date : date.toISOString().slice(0, 10);
}

/** A whole number of units: negatives and fractions refused, naming the column. */
function quantity(label: string, cell: Cell, reasons: string[]): number | undefined {
  const text = cellText(cell);
  if (text === '') return undefined;
  const amount = parseImportAmount(cell);
  if (amount === null || amount === undefined || !Number.isInteger(amount)) {
    reasons.push(
      /^-\s*\d/.test(text) || (typeof cell === 'number' && cell < 0)
        ? `${label}: ${JSON.stringify(text.slice(0, 60))} is negative; a quantity is a whole number of at least 0.`
        : notAQuantity(text, label),
    );
    return undefined;
  }
  return amount;
}

/** The contract's issues as reasons, each naming the column. */
function issues(error: z.ZodError, reasons: string[]) {
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const column = COLUMN_OF[field];
    const named = column !== undefined && issue.message.toLowerCase().includes(column.toLowerCase());
    reasons.push(column && !named ? `${column}: ${issue.message}` : issue.message);
  }
}

export const poLineKey = (po: string, sku: string) => `${po} / ${sku}`;

type Cells = Map<PoImportField, Cell>;
type ReadHeader = { po: string; fields: PoRowInput['header']; reasons: string[] };

/** Only the cells a row fills, as the contract parsed them (its defaults would erase). */
const given = <T extends object>(parsed: T, sent: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(parsed).filter(([field]) => field in sent && sent[field] !== undefined));

/** The PO's header a row states, checked by PurchaseOrderHeaderInput. */
function readHeader(cells: Cells): ReadHeader {
  const reasons: string[] = [];
  const po = cellText(cells.get('PO Number') ?? null);
  const header: Record<string, unknown> = { po_number: po };
  for (const [column, field] of Object.entries(HEADER_COLUMNS) as [PoImportField, PoHeaderField][]) {
    const cell = cells.get(column) ?? null;
    const text = cellText(cell);
    if (text === '') continue;
    if (DATE_FIELDS.has(field)) {
      const value = importDay(cell);
      if (value === undefined) reasons.push(notADate(column, text));
      else header[field] = value;
    } else header[field] = text;
  }
  if (reasons.length > 0) return { po, fields: {}, reasons };
  const checked = PurchaseOrderHeaderInput.safeParse(header);
  if (!checked.success) {
    issues(checked.error, reasons);
    return { po, fields: {}, reasons };
  }
  const { po_number: _po, ...fields } = given(checked.data, header);
  return { po: checked.data.po_number, fields: fields as PoRowInput['header'], reasons };
}

/**
 * Reads the rows of one file. An ERP repeats a PO's header on each of its lines, so the header of
 * the row before is kept: the same cells are read once, not once a line.
 */
export function poRowReader(mapping: ColumnMapping<PoImportField>) {
  let lastKey: string | null = null;
  let lastHeader: ReadHeader | null = null;
  return (row: TableRow): RowResult<PoRowInput> => {
    const cells = cellsByField(mapping, row);
    const key = ['PO Number', ...Object.keys(HEADER_COLUMNS)]
      .map((column) => cellText(cells.get(column as PoImportField) ?? null))
      .join('\u0001');
    if (key !== lastKey || lastHeader === null) {
      lastHeader = readHeader(cells);
      lastKey = key;
    }
    return readPoRow(cells, row.row, lastHeader);
  };
}

function readPoRow(cells: Cells, rowNumber: number, header: ReadHeader): RowResult<PoRowInput> {
  const reasons = [...header.reasons];
  const sku = cellText(cells.get('SKU') ?? null);
  const line: Record<string, unknown> = { sku };
  for (const [column, field] of Object.entries(LINE_COLUMNS) as [PoImportField, PoLineField][]) {
    const cell = cells.get(column) ?? null;
    const text = cellText(cell);
    if (field === 'ordered_qty') {
      if (text === '') reasons.push('Qty Ordered is required.');
      else line[field] = quantity(column, cell, reasons);
      continue;
    }
    if (text === '') continue;
    if (DATE_FIELDS.has(field)) {
      const value = importDay(cell);
      if (value === undefined) reasons.push(notADate(column, text));
      else line[field] = value;
    } else if (field === 'unit_price') {
      const value = parseImportAmount(cell);
      if (value === undefined || value === null) reasons.push(notAnAmount(column, text));
      else line[field] = value;
    } else line[field] = text;
  }
  const lineNumber = quantity('Line', cells.get('Line') ?? null, reasons) ?? null;
  const key = poLineKey(header.po, sku);
  if (reasons.length > 0) return { ok: false, rejected: { row: rowNumber, key, reasons } };
  // The domain's contracts decide the rest: required PO number and SKU, lengths, line number from 1.
  const checked = PurchaseOrderLineInput.safeParse({ ...line, line_number: lineNumber ?? 1 });
  if (!checked.success) {
    issues(checked.error, reasons);
    return { ok: false, rejected: { row: rowNumber, key, reasons } };
  }
  const { sku: checkedSku, line_number: _line, ...lineFields } = given(checked.data, line);
  return {
    ok: true,
    value: {
      row: rowNumber,
      po: header.po,
      header: header.fields,
      lineNumber,
      sku: String(checkedSku ?? checked.data.sku),
      line: lineFields as PoRowInput['line'],
    },
  };
}
