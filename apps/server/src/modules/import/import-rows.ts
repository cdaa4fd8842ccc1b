import { checkIdentifierColumns } from '@quayside/domain/identifiers';
import type { ColumnMapping, PartImportField, ShipmentImportField } from '@quayside/domain/import';
import {
  type Cell,
  cellText,
  notAChoice,
  notADate,
  notAnAmount,
  notAQuantity,
  parseImportAmount,
  parseImportChoice,
  parseImportDate,
  parseImportQuantity,
} from '@quayside/domain/import-values';
import {
  cleanOrderRefs,
  ORDER_REFS_MAX,
  PO_NUMBER_MAX,
  SHIPMENT_AMOUNT_FIELDS,
  SHIPMENT_CHOICE_FIELDS,
  SHIPMENT_DATE_FIELDS,
  SHIPMENT_NUMBER_MAX,
  SHIPMENT_REQUIRED,
  SHIPMENT_TEXT_FIELDS,
  SHIPMENT_TEXT_MAX,
} from '@quayside/domain/shipments';
import type { shipments } from '../../db/schema.ts';
import type { TableRow } from './table-reader.ts';

// One sheet row → the values it sets, or the reasons it cannot be imported. Pure: no database.

export type ShipmentColumns = Partial<typeof shipments.$inferInsert>;

/** A valid shipments row. Empty cells set nothing: an import never erases what the portal holds. */
export type ShipmentRowInput = { row: number; shipment: string; columns: ShipmentColumns; orderRefs: string[] };
export type PartRowInput = { row: number; po: string; shipment: string; partNumber: string; qty: number | null };
export type Rejected = { row: number; key: string; reasons: string[] };
export type RowResult<T> = { ok: true; value: T } | { ok: false; rejected: Rejected };

const TEXT_COLUMNS: Record<string, string> = SHIPMENT_TEXT_FIELDS;
const AMOUNT_COLUMNS: Record<string, string> = SHIPMENT_AMOUNT_FIELDS;
const DATE_COLUMNS: Record<string, string> = SHIPMENT_DATE_FIELDS;
const CHOICE_COLUMNS: Record<string, { column: string; options: readonly string[] }> = SHIPMENT_CHOICE_FIELDS;

const PART_TEXT_MAX = 200;

/** Each mapped field's cell in this row. */
function cellsByField<Field extends string>(mapping: ColumnMapping<Field>, row: TableRow) {
  const cells = new Map<Field, Cell>();
  mapping.columns.forEach((column, index) => {
    if (column.field !== null) cells.set(column.field, row.cells[index] ?? null);
  });
  return cells;
}

/** Text a person typed, checked for what the database and the screens accept. */
function checkedText(label: string, text: string, max: number, reasons: string[]) {
  if (text.includes('\u0000')) reasons.push(`${label}: the text holds a NUL character.`);
  else if ([...text].length > max) reasons.push(`${label}: at most ${max} characters.`);
  return text;
}

/**
 * A shipments row. `checkIdentifiers`: its Container # and, on a row whose Mode is AIR, its Master
 * are checked as the shipment screen checks them (false: an import the person chose to take as written).
 */
export function readShipmentRow(
  mapping: ColumnMapping<ShipmentImportField>,
  row: TableRow,
  checkIdentifiers = true,
): RowResult<ShipmentRowInput> {
  const cells = cellsByField(mapping, row);
  const reasons: string[] = [];
  const shipment = checkedText('Shipment', cellText(cells.get('Shipment') ?? null), SHIPMENT_NUMBER_MAX, reasons);
  if (shipment === '') reasons.push(SHIPMENT_REQUIRED);

  const columns: Record<string, unknown> = {};
  for (const [field, cell] of cells) {
    const text = cellText(cell);
    if (text === '' || field === 'Shipment' || field === 'Order Ref') continue;
    const textColumn = TEXT_COLUMNS[field];
    const amountColumn = AMOUNT_COLUMNS[field];
    const dateColumn = DATE_COLUMNS[field];
    const choice = CHOICE_COLUMNS[field];
    if (textColumn) {
      columns[textColumn] = checkedText(field, text, SHIPMENT_TEXT_MAX, reasons);
    } else if (amountColumn) {
      const amount = parseImportAmount(cell);
      if (amount === undefined) reasons.push(notAnAmount(field, text));
      else if (amount !== null) columns[amountColumn] = String(amount);
    } else if (dateColumn) {
      const date = parseImportDate(cell);
      if (date === undefined) reasons.push(notADate(field, text));
      else if (date !== null) columns[dateColumn] = date;
    } else if (choice) {
      const option = parseImportChoice(cell, choice.options);
      if (option === undefined) reasons.push(notAChoice(field, text, choice.options));
      else if (option !== '') columns[choice.column] = option;
    }
  }

  if (checkIdentifiers) {
    // As the shipment screen checks them; the row's Mode decides whether its Master is an air waybill.
    const { checked, problems } = checkIdentifierColumns(columns);
    Object.assign(columns, checked);
    reasons.push(...problems);
  }

  const orderRefs = cleanOrderRefs(cellText(cells.get('Order Ref') ?? null));
  if (orderRefs.length > ORDER_REFS_MAX) reasons.push(`Order Ref: at most ${ORDER_REFS_MAX} PO numbers per shipment.`);
  for (const po of orderRefs) checkedText(`Order Ref ${po.slice(0, 20)}`, po, PO_NUMBER_MAX, reasons);

  if (reasons.length > 0) return { ok: false, rejected: { row: row.row, key: shipment, reasons } };
  return { ok: true, value: { row: row.row, shipment, columns, orderRefs } };
}

export const partKey = (part: { po: string; shipment: string; partNumber: string }) =>
  `${part.po} / ${part.shipment} / ${part.partNumber}`;

export function readPartRow(mapping: ColumnMapping<PartImportField>, row: TableRow): RowResult<PartRowInput> {
  const cells = cellsByField(mapping, row);
  const reasons: string[] = [];
  const required = (field: PartImportField) => {
    const text = checkedText(field, cellText(cells.get(field) ?? null), PART_TEXT_MAX, reasons);
    if (text === '') reasons.push(`${field} is required.`);
    return text;
  };
  const po = required('PO');
  const shipment = required('Shipment');
  const partNumber = required('Part Number');
  const quantityCell = cells.get('Quantity') ?? null;
  const qty = parseImportQuantity(quantityCell);
  if (qty === undefined) reasons.push(notAQuantity(cellText(quantityCell)));
  const key = partKey({ po, shipment, partNumber });
  if (reasons.length > 0 || qty === undefined) return { ok: false, rejected: { row: row.row, key, reasons } };
  return { ok: true, value: { row: row.row, po, shipment, partNumber, qty } };
}
