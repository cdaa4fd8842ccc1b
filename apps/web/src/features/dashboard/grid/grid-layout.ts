import {
  type ColumnKey,
  DEFAULT_SHOWN_COLUMNS,
  DENSITIES,
  type Density,
  defaultShownColumns,
  LINE_ITEM_COLUMNS,
  REPORT_COLUMNS,
  REPORTS,
  type Report,
} from '@quayside/domain/line-item-columns';
import type { Role } from '@quayside/domain/people';

// How the table is laid out for a user: which of a report's columns show, in which
// order, and how tightly. Not part of SPEC.md §3's saved view (which rows, in which order): it is
// kept beside it, per user, and a named view carries it too.

/** The columns shown per report, in order (PO # always first), and the row density. */
export type GridLayout = { columns: Record<Report, readonly ColumnKey[]>; density: Density };

/** PO # names the row and is its link: always shown, always first (and pinned on the left). */
export const PINNED_COLUMN: ColumnKey = 'title';

export const DEFAULT_LAYOUT: GridLayout = { columns: DEFAULT_SHOWN_COLUMNS, density: 'compact' };

/** The layout a role starts with: a forwarder's columns leave out its own name (defaultShownColumns). */
export const defaultLayout = (role: Role | undefined): GridLayout => ({
  ...DEFAULT_LAYOUT,
  columns: defaultShownColumns(role),
});

/** A list of a report's columns as the table can show it: known, each once, PO # first; null when nothing usable. */
export function shownColumns(report: Report, columns: unknown): ColumnKey[] | null {
  if (!Array.isArray(columns)) return null;
  const allowed = REPORT_COLUMNS[report];
  const keys = columns.filter(
    (key, index): key is ColumnKey =>
      typeof key === 'string' &&
      Object.hasOwn(LINE_ITEM_COLUMNS, key) &&
      allowed.includes(key as ColumnKey) &&
      columns.indexOf(key) === index &&
      key !== PINNED_COLUMN,
  );
  return [PINNED_COLUMN, ...keys];
}

/** A stored or shared layout, checked: what is missing or malformed is the role's default. */
export function parseLayout(stored: unknown, role?: Role): GridLayout {
  const defaults = defaultLayout(role);
  const { columns, density } = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const byReport = (typeof columns === 'object' && columns !== null ? columns : {}) as Record<string, unknown>;
  return {
    columns: Object.fromEntries(
      REPORTS.map((report) => [report, shownColumns(report, byReport[report]) ?? defaults.columns[report]]),
    ) as GridLayout['columns'],
    density: (DENSITIES as readonly unknown[]).includes(density) ? (density as Density) : defaults.density,
  };
}

/** The chooser's list: the shown columns in their order, then the hidden ones in the report's order. */
export function chooserColumns(report: Report, shown: readonly ColumnKey[]) {
  const hidden = REPORT_COLUMNS[report].filter((key) => !shown.includes(key));
  return [...shown.map((key) => ({ key, isShown: true })), ...hidden.map((key) => ({ key, isShown: false }))];
}

/** Shows or hides a column (a shown one is added at the end); PO # stays. */
export function toggleColumn(shown: readonly ColumnKey[], key: ColumnKey): ColumnKey[] {
  if (key === PINNED_COLUMN) return [...shown];
  return shown.includes(key) ? shown.filter((column) => column !== key) : [...shown, key];
}

/** Moves a shown column to `to` (an index among the shown ones); PO # and the first place are fixed. */
export function moveColumn(shown: readonly ColumnKey[], key: ColumnKey, to: number): ColumnKey[] {
  const from = shown.indexOf(key);
  if (from <= 0) return [...shown];
  const target = Math.min(Math.max(to, 1), shown.length - 1);
  const rest = shown.filter((column) => column !== key);
  return [...rest.slice(0, target), key, ...rest.slice(target)];
}
