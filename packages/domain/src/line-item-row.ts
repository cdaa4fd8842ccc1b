import type { ExceptionFacts, ExceptionKind } from './exceptions.ts';
import { COLUMN_KEYS, type ColumnKey } from './line-item-columns.ts';

// A row of the dashboard's page (GET /api/LineItems/rows, line-item-rows.ts): plain data with no
// zod, so the dashboard's own code can read its rows without the contracts.

/**
 * What every row carries before its columns: to link to it, open it and mark it, and whether a
 * purchase order of its number (title) exists, so that its PO # links to the PO's page.
 */
export const ROW_MARKS = [
  '_id',
  'title',
  'related_shipment',
  'po_review_required',
  'hide_lineitem',
  'exceptions',
  'has_purchase_order',
] as const;
type RowMark = (typeof ROW_MARKS)[number];

/**
 * How large each exception is (ExceptionFacts): sent after the marks only when the query asks for
 * exceptions (`exception` or `missingDocument`), the one time the dashboard draws their badges, so
 * that the everyday page stays as small as it was.
 */
export const EXCEPTION_FACTS = 'exception_facts' as const;

/** Whether a rows query's answer carries each row's exception facts. */
export const asksExceptionFacts = (query: { exception?: readonly unknown[] | string; missingDocument?: string }) =>
  (query.exception?.length ?? 0) > 0 || (query.missingDocument ?? '') !== '';

/**
 * The names of a row's values, in order: the marks, the exception facts when asked, then each
 * shown column the marks do not hold.
 */
export const rowValueNames = (
  columns: readonly ColumnKey[],
  withExceptionFacts = false,
): (RowMark | typeof EXCEPTION_FACTS | ColumnKey)[] => [
  ...ROW_MARKS,
  ...(withExceptionFacts ? ([EXCEPTION_FACTS] as const) : []),
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
  /** A purchase order numbered as its title exists: its PO # links to /purchase-orders/<number>. */
  has_purchase_order: boolean;
  /** How late, how far the ETA moved, which documents are missing: what the badges say (when asked). */
  exception_facts?: ExceptionFacts;
  text: Partial<Record<ColumnKey, string>>;
  /**
   * With a 'changed in the last' filter: for each date it names that changed in its window, the
   * date (as the table displays it, empty for none) it had when the window opened.
   */
  was?: Partial<Record<ColumnKey, string>>;
};

/** The accessible name of the link from a row's PO # to its purchase order's page. */
export const purchaseOrderLinkLabel = (poNumber: string) => `Purchase order ${poNumber}`;

/** The name of the value that carries a row's `was`, after its columns, when the query asks for one. */
export const WAS_NAME = 'was';

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
      if ((ROW_MARKS as readonly string[]).includes(name) || name === EXCEPTION_FACTS)
        (row as Record<string, unknown>)[name] = value;
      if ((COLUMN_KEYS as readonly string[]).includes(name)) row.text[name as ColumnKey] = String(value);
      if (name === WAS_NAME && typeof value === 'object' && value !== null) {
        row.was = value as Partial<Record<ColumnKey, string>>;
      }
    });
    return row;
  });
}
