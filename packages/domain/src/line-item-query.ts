import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { exceptionParameter, missingDocumentParameter } from './exceptions.ts';
import { pageParam, pageSizeParam, plainText } from './fields.ts';
import {
  betweenDates,
  COLUMN_KEYS,
  type ColumnKey,
  DEFAULT_SORT,
  displayText,
  FILTER_OPERATORS,
  filterCount,
  filterProblem,
  isChangeOperator,
  LINE_ITEM_COLUMNS,
  MAX_FILTER_DAYS,
  MAX_FILTER_HOURS,
  needsValue,
  type Filter as PlainFilter,
  type SortRule as PlainSortRule,
  REPORT_COLUMNS,
  REPORTS,
} from './line-item-columns.ts';
import type { LineItem } from './line-items.ts';
import { compareCodePoints, compareNumberTexts, foldCase, isNumberText, parseCalendarDate } from './text.ts';

// The dashboard's query semantics (search, the filter operators, AND/OR, sort), written once.
// The server translates the same query to SQL; a property test holds the two equal.

const MAX_TEXT = 200;
/** Control characters never occur in what a person types; U+0001 also separates columns in the search index. */
const noControlCharacters = (value: string) => ![...value].some((char) => char < ' ' || char === '\u007f');
/** Half of a surrogate pair is not text: the database could not store or match it as JavaScript does. */
const isWellFormed = (value: string) => !/\p{Cs}/u.test(value);
const queryText = (name: string) =>
  z
    .string()
    .trim()
    .max(MAX_TEXT, `${name} must be at most ${MAX_TEXT} characters.`)
    .refine(noControlCharacters, `${name} must not contain control characters.`)
    .refine(isWellFormed, `${name} must be valid Unicode text.`);

export const Filter = z
  .object({
    column: z.enum(COLUMN_KEYS, { error: (issue) => `Unknown filter column: ${String(issue.input)}.` }),
    operator: z.enum(FILTER_OPERATORS, { error: (issue) => `Unknown filter operator: ${String(issue.input)}.` }),
    value: queryText('A filter value').default(''),
  })
  .superRefine((filter, context) => {
    const problem = filterProblem(filter);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem, path: ['value'] });
  });
export type Filter = z.infer<typeof Filter>;
// The schemas check exactly the plain types the first screen uses (line-item-columns.ts).
true satisfies Filter extends PlainFilter ? (PlainFilter extends Filter ? true : false) : false;

export const SortRule = z.object({
  key: z.enum(COLUMN_KEYS, { error: (issue) => `Unknown sort column: ${String(issue.input)}.` }),
  direction: z.enum(['asc', 'desc'], { error: 'A sort direction is asc or desc.' }),
});
export type SortRule = z.infer<typeof SortRule>;
true satisfies SortRule extends PlainSortRule ? (PlainSortRule extends SortRule ? true : false) : false;

/** A query-string parameter that carries JSON, with a message a person can act on when it does not parse. */
const jsonParameter = <T extends z.ZodType>(name: string, schema: T) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `${name} must be a JSON array.` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const Filters = z.array(Filter).max(20, 'At most 20 filters at once.');
const Sort = z
  .array(SortRule)
  .max(COLUMN_KEYS.length)
  .refine((rules) => new Set(rules.map((rule) => rule.key)).size === rules.length, 'Sort each column at most once.');

const FILTERS_DESCRIPTION = [
  'JSON array of {column, operator, value}.',
  'Every column: contains, equals, isNot, startsWith, endsWith, greaterThan, lessThan, isEmpty, isNotEmpty.',
  'Date columns also (relative to today, the UTC day; kept so in saved views and follows):',
  `inNextDays N (today to today + N, 0 to ${MAX_FILTER_DAYS}), inLastDays N (today − N to today),`,
  'between "YYYY-MM-DD/YYYY-MM-DD" (both days included), isToday and beforeToday (no value),',
  `changedInLastHours N (1 to ${MAX_FILTER_HOURS}) and changedInLastDays N (1 to ${MAX_FILTER_DAYS}): the date changed in`,
  "the last N hours or N × 24 hours, by its shipment's date history; the answer's `was` then says what it was before.",
  'A filter that takes a value and has none passes every row.',
].join(' ');

/** The wire format shared by GET /api/LineItems and GET /api/LineItems/export. */
export const LineItemQuery = z.object({
  q: queryText('Search text').default('').describe('Search across the columns of the report'),
  filters: jsonParameter('filters', Filters).default([]).describe(FILTERS_DESCRIPTION),
  logic: z.enum(['AND', 'OR'], { error: 'logic is AND or OR.' }).default('AND'),
  sort: jsonParameter('sort', Sort).default([]).describe('JSON array of {key, direction}, in priority order'),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(DEFAULT_PAGE_SIZE),
  report: z.enum(REPORTS, { error: 'report is default or dr.' }).default('default'),
  po: plainText(MAX_TEXT, `po must be at most ${MAX_TEXT} characters.`)
    .optional()
    .describe('Only the line items of this PO number'),
  importId: z.coerce
    .number({ error: 'importId must be a whole number.' })
    .int('importId must be a whole number.')
    .min(1, 'importId must be a whole number.')
    .optional()
    .describe('Only the line items of the shipments in this import (POST /api/Import answers its id)'),
  exception: exceptionParameter.optional(),
  missingDocument: missingDocumentParameter.optional(),
});
export type LineItemQuery = z.infer<typeof LineItemQuery>;

/** The part of a query that decides which rows match and their order (paging aside). */
export type RowQuery = Pick<
  LineItemQuery,
  'q' | 'filters' | 'logic' | 'sort' | 'report' | 'po' | 'importId' | 'exception' | 'missingDocument'
>;

/** The effective sort: the caller's, or dest_eta descending when none is given. */
export const effectiveSort = (sort: readonly SortRule[]) => (sort.length > 0 ? sort : DEFAULT_SORT);

/** A change recorded in a shipment's date history, as the reference needs it. */
export type RecordedDateChange = {
  /** The shipment's number (a line item's related_shipment). */
  shipment: string;
  /** The shipment's date field: a date column's key for the dashboard's four. */
  field: string;
  oldValue: string | null;
  /** When (ISO timestamp). */
  at: string;
};

/**
 * When a query is asked: the UTC day the relative date filters count from, the moment 'changed in
 * the last' counts back from, and the date history it reads (oldest first).
 */
export type QueryMoment = { today: string; now: string; dateChanges: readonly RecordedDateChange[] };

/** The moment now, with no date history: what the reference assumes unless told. */
export const currentMoment = (clock = new Date()): QueryMoment => ({
  today: clock.toISOString().slice(0, 10),
  now: clock.toISOString(),
  dateChanges: [],
});

/** `day` moved by `days` days, as YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  const moment = new Date(`${day}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/**
 * The days a relative date filter or 'between' covers as of `today`, both ends included (null for
 * no bound): the same range greaterThan/lessThan compare with, so the column's index answers it.
 * Null when the value is not one the operator takes (the filter then fails); undefined for the
 * other operators.
 */
export function dateFilterRange(
  filter: Pick<Filter, 'operator' | 'value'>,
  today: string,
): { from: string | null; to: string | null } | null | undefined {
  switch (filter.operator) {
    case 'isToday':
      return { from: today, to: today };
    case 'beforeToday':
      return { from: null, to: shiftDay(today, -1) };
    case 'inNextDays': {
      const days = filterCount(filter);
      return days === null ? null : { from: today, to: shiftDay(today, days) };
    }
    case 'inLastDays': {
      const days = filterCount(filter);
      return days === null ? null : { from: shiftDay(today, -days), to: today };
    }
    case 'between':
      return betweenDates(filter.value);
    default:
      return undefined;
  }
}

/** The moment a 'changed in the last' filter looks back to (ISO timestamp); null for a value it does not take. */
export function changeWindowStart(filter: Pick<Filter, 'operator' | 'value'>, now: string): string | null {
  const count = filterCount(filter);
  if (count === null || !isChangeOperator(filter.operator)) return null;
  const hours = filter.operator === 'changedInLastDays' ? count * 24 : count;
  return new Date(Date.parse(now) - hours * 3_600_000).toISOString();
}

/**
 * For each date column a 'changed in the last' filter of `filters` names, the earliest moment they
 * look back to: the answer's 'was' is the value the date had then.
 */
export function changeWindows(filters: readonly Filter[], now: string): Partial<Record<ColumnKey, string>> {
  const windows: Partial<Record<ColumnKey, string>> = {};
  for (const filter of filters) {
    const start = changeWindowStart(filter, now);
    const known = windows[filter.column];
    if (start !== null && (known === undefined || start < known)) windows[filter.column] = start;
  }
  return windows;
}

/**
 * What `field` of the row's shipment was at `since`: the old value of its first change at or after
 * then (undefined when it has not changed since).
 */
export function valueBefore(
  row: LineItem,
  field: ColumnKey,
  since: string,
  dateChanges: readonly RecordedDateChange[],
): string | null | undefined {
  const first = dateChanges.find(
    (change) =>
      change.shipment === row.related_shipment && change.field === field && Date.parse(change.at) >= Date.parse(since),
  );
  return first?.oldValue;
}

/**
 * The reference: which rows match `query`, in its order, as of `moment`. The SQL translation must
 * answer exactly this. `importId` names a database record the rows do not carry, and `exception` and
 * `missingDocument` depend on the day, the date history and the documents, so only the SQL side
 * applies them.
 */
export function queryLineItems(
  rows: readonly LineItem[],
  query: RowQuery,
  moment: QueryMoment = currentMoment(),
): LineItem[] {
  const matching = rows.filter(
    (row) => matchesPo(row, query.po) && matchesSearch(row, query) && matchesFilters(row, query, moment),
  );
  return matching.sort(compareRows(query.sort));
}

const matchesPo = (row: LineItem, po: string | undefined) => po === undefined || po === '' || row.title === po;

function matchesSearch(row: LineItem, query: Pick<RowQuery, 'q' | 'report'>) {
  if (query.q === '') return true;
  const needle = foldCase(query.q);
  return REPORT_COLUMNS[query.report].some((column) => foldCase(displayText(row, column)).includes(needle));
}

function matchesFilters(row: LineItem, query: Pick<RowQuery, 'filters' | 'logic'>, moment: QueryMoment) {
  if (query.filters.length === 0) return true;
  const results = query.filters.map((filter) => matchesFilter(row, filter, moment));
  return query.logic === 'AND' ? results.every(Boolean) : results.some(Boolean);
}

export function matchesFilter(row: LineItem, filter: Filter, moment: QueryMoment = currentMoment()): boolean {
  if (isChangeOperator(filter.operator) && filter.value !== '') {
    const start = changeWindowStart(filter, moment.now);
    return start !== null && valueBefore(row, filter.column, start, moment.dateChanges) !== undefined;
  }
  const cell = displayText(row, filter.column);
  return cellTest(filter, moment.today)(cell, foldCase(cell));
}

/**
 * The filter as a test of one displayed cell of its column (with `folded`, the cell's foldCase), as
 * of `today`: matchesFilter's rule for every operator but 'changed in the last', which reads the date
 * history. Built once per filter, so a caller testing many cells folds the value and parses the
 * dates once.
 */
export function cellTest(filter: Filter, today: string): (cell: string, folded: string) => boolean {
  const never = () => false;
  if (filter.operator === 'isEmpty') return (cell) => cell === '';
  if (filter.operator === 'isNotEmpty') return (cell) => cell !== '';
  if (needsValue(filter.operator) && filter.value === '') return () => true;
  if (isChangeOperator(filter.operator)) return never;
  const range = dateFilterRange(filter, today);
  if (range === null) return never;
  if (range !== undefined) {
    const { from, to } = range;
    return (cell) => cell !== '' && (from === null || cell >= from) && (to === null || cell <= to);
  }
  const match = foldedMatch(filter);
  if (match !== undefined) {
    const test = foldedTest(match);
    return (_cell, folded) => test(folded);
  }
  const kind = LINE_ITEM_COLUMNS[filter.column].kind;
  // A number comparison with a value that is not a number holds for no cell: decided once.
  if (kind !== 'date' && !isNumberText(filter.value)) return never;
  switch (filter.operator) {
    case 'equals':
      return (cell) => compareDates(cell, filter.value) === 0;
    case 'greaterThan':
      return kind === 'date'
        ? (cell) => compareDates(cell, filter.value) === 1
        : (cell) => compareNumbers(cell, filter.value) === 1;
    case 'lessThan':
      return kind === 'date'
        ? (cell) => compareDates(cell, filter.value) === -1
        : (cell) => compareNumbers(cell, filter.value) === -1;
    default:
      return never;
  }
}

/** A filter whose whole rule compares a cell's fold with its value's fold. */
export type FoldedMatch = { operator: 'contains' | 'startsWith' | 'endsWith' | 'equals' | 'isNot'; value: string };

/**
 * The filter as a FoldedMatch, when that is its rule (cellTest's): a text operator with a value, save
 * a date's equality, which compares days. A caller holding the folds of many cells can then test
 * them in one loop of its own.
 */
export function foldedMatch(filter: Filter): FoldedMatch | undefined {
  if (filter.value === '') return undefined;
  switch (filter.operator) {
    case 'contains':
    case 'startsWith':
    case 'endsWith':
    case 'isNot':
      return { operator: filter.operator, value: foldCase(filter.value) };
    case 'equals':
      return LINE_ITEM_COLUMNS[filter.column].kind === 'date'
        ? undefined
        : { operator: 'equals', value: foldCase(filter.value) };
    default:
      return undefined;
  }
}

/** The FoldedMatch as a test of a cell's fold. */
export function foldedTest({ operator, value }: FoldedMatch): (folded: string) => boolean {
  switch (operator) {
    case 'contains':
      return (folded) => folded.includes(value);
    case 'startsWith':
      return (folded) => folded.startsWith(value);
    case 'endsWith':
      return (folded) => folded.endsWith(value);
    case 'equals':
      return (folded) => folded === value;
    case 'isNot':
      return (folded) => folded !== value;
  }
}

/** -1, 0 or 1; null when either side is not a valid date (the filter then fails). */
function compareDates(cell: string, value: string): number | null {
  const date = parseCalendarDate(value);
  if (cell === '' || date === null) return null;
  return cell === date ? 0 : cell < date ? -1 : 1;
}

function compareNumbers(cell: string, value: string): number | null {
  if (!isNumberText(cell) || !isNumberText(value)) return null;
  return compareNumberTexts(cell, value);
}

/**
 * Sort order of one column, ascending. Empty values come first (so last when descending);
 * dates as dates; texts that are numbers before other texts, ordered numerically; other texts
 * by their case-folded code points. This makes "numeric when both are numbers, else as strings"
 * a total order, which a database can sort by.
 */
export function compareCells(column: ColumnKey, a: LineItem, b: LineItem): number {
  const kind = LINE_ITEM_COLUMNS[column].kind;
  if (kind === 'number') return Math.sign(Number(a[column as 'total_qty']) - Number(b[column as 'total_qty']));
  const x = displayText(a, column);
  const y = displayText(b, column);
  if (kind === 'date') return x === y ? 0 : x < y ? -1 : 1;
  const bucket = textBucket(x) - textBucket(y);
  if (bucket !== 0) return Math.sign(bucket);
  const numeric = textBucket(x) === 1 ? compareNumberTexts(x, y) : 0;
  return numeric !== 0 ? numeric : compareCodePoints(foldCase(x), foldCase(y));
}

/** 0 empty, 1 a number, 2 other text: the first sort key of a text column. */
export const textBucket = (text: string) => (text === '' ? 0 : isNumberText(text) ? 1 : 2);

/** `sort` as requested: empty for the default order. */
const compareRows = (sort: readonly SortRule[]) => (a: LineItem, b: LineItem) => {
  for (const rule of effectiveSort(sort)) {
    const order = compareCells(rule.key, a, b);
    if (order !== 0) return rule.direction === 'asc' ? order : -order;
  }
  return tieOrder(sort) === 'asc' ? Number(a._id) - Number(b._id) : Number(b._id) - Number(a._id);
};

/**
 * Ties keep a stable order by line item id: oldest first, and newest first when the last column
 * chosen sorts descending, so one index on a column and the id answers a one-column sort either way,
 * however many rows share a value. The default order (none chosen) keeps the oldest first: a
 * shipment's line items, which share its Dest. ETA, stay in the order they were added.
 */
export const tieOrder = (sort: readonly SortRule[]) => (sort.at(-1)?.direction === 'desc' ? 'desc' : 'asc');
