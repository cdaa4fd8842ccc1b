import {
  type ColumnKey,
  FILTER_OPERATORS,
  type Filter,
  filterProblem,
  LINE_ITEM_COLUMNS,
  type SortRule,
} from '@quayside/domain/line-item-columns';

// Saved filters and sort rules come back from the browser's storage, so each entry is checked as
// the domain's Filter and SortRule schemas would check it, without loading zod (and the contracts)
// before the first screen: stored-view-entries.test.ts holds the two equal.

const MAX_TEXT = 200;
const isColumnKey = (value: unknown): value is ColumnKey =>
  typeof value === 'string' && Object.hasOwn(LINE_ITEM_COLUMNS, value);
const isFilterOperator = (value: unknown): value is Filter['operator'] =>
  (FILTER_OPERATORS as readonly unknown[]).includes(value);
/** As the domain's query text: no control characters, no half of a surrogate pair, at most 200 characters once trimmed. */
const isQueryText = (text: string) =>
  text.length <= MAX_TEXT && ![...text].some((char) => char < ' ' || char === '\u007f') && !/\p{Cs}/u.test(text);

/** What the domain's `Filter.safeParse(entry).data` gives (a filter, value trimmed), or null. */
export function parseFilter(entry: unknown): Filter | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { column, operator, value = '' } = entry as Record<string, unknown>;
  if (!isColumnKey(column) || !isFilterOperator(operator) || typeof value !== 'string') return null;
  const trimmed = value.trim();
  const filter = { column, operator, value: trimmed };
  return isQueryText(trimmed) && filterProblem(filter) === null ? filter : null;
}

/** What the domain's `SortRule.safeParse(entry).data` gives, or null. */
export function parseSortRule(entry: unknown): SortRule | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { key, direction } = entry as Record<string, unknown>;
  return isColumnKey(key) && (direction === 'asc' || direction === 'desc') ? { key, direction } : null;
}
