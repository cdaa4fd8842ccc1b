import { TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from './constants.ts';
import type { LineItem } from './line-items.ts';
import type { Role } from './people.ts';
import { displayDate, parseCalendarDate } from './text.ts';

// The dashboard's columns, reports and operators, and what a cell shows: plain data with no zod,
// so the first screen of the web app can load them without the contracts (line-item-query.ts
// builds the schemas over these and re-exports them).

export type ColumnKind = 'text' | 'number' | 'date';

/** Every column the dashboard can show, filter and sort, with its label (the table header and CSV header). */
export const LINE_ITEM_COLUMNS = {
  title: { label: 'PO #', kind: 'text' },
  related_shipment: { label: 'Shipment', kind: 'text' },
  forwarder_name: { label: 'Forwarder Name', kind: 'text' },
  cosignee_name: { label: 'Consignee', kind: 'text' },
  origin_port: { label: 'Origin Port Code', kind: 'text' },
  destination_port: { label: 'Destination Port Code', kind: 'text' },
  transit_type: { label: 'Transit Type', kind: 'text' },
  numberOfParts: { label: 'Parts', kind: 'number' },
  part_numbers: { label: 'Part Numbers', kind: 'text' },
  total_qty: { label: 'Total Qty', kind: 'number' },
  atd: { label: 'ATD', kind: 'date' },
  dest_eta: { label: 'Dest. ETA', kind: 'date' },
  ata: { label: 'ATA', kind: 'date' },
  est_delivery: { label: 'Est Delivery', kind: 'date' },
  house: { label: 'House', kind: 'text' },
  master: { label: 'Master', kind: 'text' },
} as const satisfies Record<string, { label: string; kind: ColumnKind }>;

export type ColumnKey = keyof typeof LINE_ITEM_COLUMNS;
export const COLUMN_KEYS = Object.keys(LINE_ITEM_COLUMNS) as [ColumnKey, ...ColumnKey[]];

export const REPORTS = ['default', 'dr'] as const;
export type Report = (typeof REPORTS)[number];

/**
 * The columns of each report tab, in display order. DR is SPEC.md's list; the Default Report
 * (left open by the spec) shows everything DR shows plus consignee, ports and the part count.
 */
export const REPORT_COLUMNS: Record<Report, readonly ColumnKey[]> = {
  default: COLUMN_KEYS,
  dr: [
    'title',
    'forwarder_name',
    'transit_type',
    'part_numbers',
    'total_qty',
    'est_delivery',
    'atd',
    'dest_eta',
    'ata',
    'house',
    'master',
    'related_shipment',
  ],
};

/**
 * The columns a table shows until its user chooses with the column chooser. At 1440 px the
 * Default Report's 16 columns (2,646 px) showed 7, with Dest. ETA and every date off-screen: by
 * default it shows these ten, the dates included; the ports, consignee, part numbers and bills of
 * lading are a click away. DR keeps SPEC.md's list.
 */
export const DEFAULT_SHOWN_COLUMNS: Record<Report, readonly ColumnKey[]> = {
  default: [
    'title',
    'related_shipment',
    'forwarder_name',
    'transit_type',
    'numberOfParts',
    'total_qty',
    'atd',
    'dest_eta',
    'ata',
    'est_delivery',
  ],
  dr: REPORT_COLUMNS.dr,
};

/**
 * The columns shown by default to a role. A forwarder sees only its own company's line items, so
 * its name on every row says nothing: Forwarder Name starts hidden for a forwarder (a click away in
 * the column chooser); staff keep it. The reports' columns (SPEC.md) are the same for everyone.
 */
export function defaultShownColumns(role: Role | undefined): Record<Report, readonly ColumnKey[]> {
  if (role !== 'Forwarder') return DEFAULT_SHOWN_COLUMNS;
  const withoutForwarder = (columns: readonly ColumnKey[]) => columns.filter((key) => key !== 'forwarder_name');
  return { default: withoutForwarder(DEFAULT_SHOWN_COLUMNS.default), dr: withoutForwarder(DEFAULT_SHOWN_COLUMNS.dr) };
}

/** How tightly a table's rows sit. */
export const DENSITIES = ['compact', 'comfortable'] as const;
export type Density = (typeof DENSITIES)[number];

/** Default-report columns that DR does not show: searched separately so each report searches only what it shows. */
export const DEFAULT_ONLY_COLUMNS = REPORT_COLUMNS.default.filter((key) => !REPORT_COLUMNS.dr.includes(key));

export const FILTER_OPERATORS = [
  'contains',
  'equals',
  'isNot',
  'startsWith',
  'endsWith',
  'greaterThan',
  'lessThan',
  'isEmpty',
  'isNotEmpty',
  'inNextDays',
  'inLastDays',
  'between',
  'isToday',
  'beforeToday',
  'changedInLastHours',
  'changedInLastDays',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/**
 * The operators that only a date column offers. They are relative: a saved view or a follow keeps
 * the operator and its number of days, never the dates they meant on the day it was saved, so a
 * view saved last week means this week's dates today. 'today' is the UTC day, as for the exceptions.
 * - inNextDays N: from today to today + N, both included (0 is today);
 * - inLastDays N: from today − N to today, both included;
 * - between 'YYYY-MM-DD/YYYY-MM-DD': from the first date to the second, both included;
 * - isToday, beforeToday: no value;
 * - changedInLastHours / changedInLastDays N: the shipment's date history has a change of this
 *   date at or after N hours (N × 24 hours) before now.
 */
export const DATE_ONLY_OPERATORS = [
  'inNextDays',
  'inLastDays',
  'between',
  'isToday',
  'beforeToday',
  'changedInLastHours',
  'changedInLastDays',
] as const satisfies readonly FilterOperator[];
export type DateOnlyOperator = (typeof DATE_ONLY_OPERATORS)[number];

/** The operators that ask the date history rather than the cell. */
export const CHANGE_OPERATORS = [
  'changedInLastHours',
  'changedInLastDays',
] as const satisfies readonly DateOnlyOperator[];

export const isDateOnlyOperator = (operator: FilterOperator): operator is DateOnlyOperator =>
  (DATE_ONLY_OPERATORS as readonly FilterOperator[]).includes(operator);
export const isChangeOperator = (operator: FilterOperator) =>
  (CHANGE_OPERATORS as readonly FilterOperator[]).includes(operator);

/** The operators a column of this kind offers: every column the first nine, a date column also the relative ones. */
export const operatorsFor = (kind: ColumnKind): readonly FilterOperator[] =>
  kind === 'date' ? FILTER_OPERATORS : FILTER_OPERATORS.filter((operator) => !isDateOnlyOperator(operator));

/** The operators that need no value. */
export const VALUELESS_OPERATORS = [
  'isEmpty',
  'isNotEmpty',
  'isToday',
  'beforeToday',
] as const satisfies readonly FilterOperator[];

/** Whether the operator takes a value (SPEC.md §2 'Filter panel'): all but VALUELESS_OPERATORS. */
export const needsValue = (operator: FilterOperator) =>
  !(VALUELESS_OPERATORS as readonly FilterOperator[]).includes(operator);

/** A filter and a sort rule as the query schema (line-item-query.ts) checks them. */
export type Filter = { column: ColumnKey; operator: FilterOperator; value: string };

/** The most days a relative filter reaches (ten years), and the most hours 'changed in the last' looks back. */
export const MAX_FILTER_DAYS = 3650;
export const MAX_FILTER_HOURS = MAX_FILTER_DAYS * 24;

/** The whole number a relative operator takes, within its range; null for anything else. */
const COUNT_RANGES: Partial<Record<FilterOperator, { min: number; max: number; unit: 'days' | 'hours' }>> = {
  inNextDays: { min: 0, max: MAX_FILTER_DAYS, unit: 'days' },
  inLastDays: { min: 0, max: MAX_FILTER_DAYS, unit: 'days' },
  changedInLastDays: { min: 1, max: MAX_FILTER_DAYS, unit: 'days' },
  changedInLastHours: { min: 1, max: MAX_FILTER_HOURS, unit: 'hours' },
};

export function filterCount(filter: Pick<Filter, 'operator' | 'value'>): number | null {
  const range = COUNT_RANGES[filter.operator];
  if (!range || !/^\d{1,6}$/.test(filter.value)) return null;
  const count = Number(filter.value);
  return count >= range.min && count <= range.max ? count : null;
}

/** 'YYYY-MM-DD/YYYY-MM-DD' (an ISO 8601 interval of days), the first not after the second. */
export function betweenDates(value: string): { from: string; to: string } | null {
  const [first = '', second = '', ...rest] = value.split('/');
  const from = parseCalendarDate(first);
  const to = parseCalendarDate(second);
  return rest.length === 0 && from !== null && to !== null && from <= to ? { from, to } : null;
}

/** What is wrong with a filter's operator or value, or null: the relative operators check their value here. */
export function filterProblem(filter: { column: ColumnKey; operator: FilterOperator; value: string }): string | null {
  if (isDateOnlyOperator(filter.operator) && LINE_ITEM_COLUMNS[filter.column].kind !== 'date') {
    return `The operator ${filter.operator} applies to date columns only, and ${filter.column} is not one.`;
  }
  // As for every operator, a filter that takes a value and has none passes every row.
  if (filter.value === '') return null;
  const range = COUNT_RANGES[filter.operator];
  if (range && filterCount(filter) === null) {
    return `The operator ${filter.operator} takes a whole number of ${range.unit} from ${range.min} to ${range.max}.`;
  }
  if (filter.operator === 'between' && betweenDates(filter.value) === null) {
    return 'The operator between takes two dates as YYYY-MM-DD/YYYY-MM-DD, the first not after the second.';
  }
  return null;
}

export type SortRule = { key: ColumnKey; direction: 'asc' | 'desc' };

export const DEFAULT_SORT: readonly SortRule[] = [{ key: 'dest_eta', direction: 'desc' }];

/** What a cell shows, as text: the dashboard, search, text filters and CSV all read this. */
export function displayText(row: LineItem, column: ColumnKey): string {
  switch (column) {
    case 'transit_type':
      return (TRANSIT_TYPES as readonly string[]).includes(row.transit_type) ? row.transit_type : TRANSIT_TYPE_OTHER;
    case 'part_numbers':
      return row.part_numbers.join(', ');
    case 'numberOfParts':
    case 'total_qty':
      return String(row[column]);
    case 'atd':
    case 'dest_eta':
    case 'ata':
    case 'est_delivery':
      return displayDate(row[column]);
    default:
      return row[column];
  }
}

/**
 * A cell of the CSV export: as displayed, but the transit type as stored, so a spreadsheet keeps
 * LCL, BCN or LSE where the table shows N/A.
 */
export const exportedText = (row: LineItem, column: ColumnKey): string =>
  column === 'transit_type' ? row.transit_type : displayText(row, column);
