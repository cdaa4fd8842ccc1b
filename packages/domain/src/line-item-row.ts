import type { ExceptionFacts, ExceptionKind } from './exceptions.ts';
import { COLUMN_KEYS, type ColumnKey } from './line-item-columns.ts';

// A row of the dashboard's page (GET /api/LineItems/rows, line-item-rows.ts): plain data with no
// zod, so the dashboard's own code can read its rows without the contracts.

/** What every row carries before its columns: to link to it, open it and mark it. */
export const ROW_MARKS = [
  '_id',
  'title',
  'related_shipment',
  'po_review_required',
  'hide_lineitem',
  'exceptions',
  'exception_facts',
] as const;
type RowMark = (typeof ROW_MARKS)[number];

/** The names of a row's values, in order: the marks, then each shown column the marks do not hold. */
export const rowValueNames = (columns: readonly ColumnKey[]): (RowMark | ColumnKey)[] => [
  ...ROW_MARKS,
  ...columns.filter((column) => column !== 'title' && column !== 'related_shipment'),
];

/** A dashboard row: its marks, and each shown column's text as the table displays it. */
export type LineItemRow = {
  _id: string;
  title: string;
  related_shipment: string;
  po_review_required: number;
  hide_lineitem: boolean;
  exceptions: ExceptionKind[];
  /** How late, how far the ETA moved, which documents are missing: what the badges say. */
  exception_facts: ExceptionFacts;
  text: Partial<Record<ColumnKey, string>>;
};

/** The rows of an answer as objects (the names once a page on the wire, once a row here). */
export function decodeRows({
  names,
  rows,
}: {
  names: readonly string[];
  rows: readonly (readonly unknown[])[];
}): LineItemRow[] {
  return rows.map((values) => {
    const row = { text: {} } as LineItemRow;
    names.forEach((name, index) => {
      const value = values[index];
      if ((ROW_MARKS as readonly string[]).includes(name)) (row as Record<string, unknown>)[name] = value;
      if ((COLUMN_KEYS as readonly string[]).includes(name)) row.text[name as ColumnKey] = String(value);
    });
    return row;
  });
}
