import type { ColumnKey, FilterOperator, Report } from '@quayside/domain/line-item-columns';
import {
  filterProblem,
  isDateOnlyOperator,
  LINE_ITEM_COLUMNS,
  needsValue,
  operatorsFor,
  REPORT_COLUMNS,
} from '@quayside/domain/line-item-columns';
import type { Filter } from '@quayside/domain/line-item-query';

export type FilterLogic = 'AND' | 'OR';

/** The operators of SPEC.md §5, as the panel reads them. */
export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  contains: 'contains',
  equals: 'equals',
  isNot: 'is not',
  startsWith: 'starts with',
  endsWith: 'ends with',
  greaterThan: 'greater than',
  lessThan: 'less than',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  // A date column's relative operators: kept as written, so a saved view means this week's dates today.
  inNextDays: 'in the next N days',
  inLastDays: 'in the last N days',
  between: 'between',
  isToday: 'is today',
  beforeToday: 'before today',
  changedInLastHours: 'changed in the last N hours',
  changedInLastDays: 'changed in the last N days',
};

export { needsValue } from '@quayside/domain/line-item-columns';

export const isDateColumn = (column: ColumnKey) => LINE_ITEM_COLUMNS[column].kind === 'date';

/** The operators the panel offers for a column: a date column's include the relative ones. */
export const operatorsOf = (column: ColumnKey) => operatorsFor(LINE_ITEM_COLUMNS[column].kind);

/** What the value of this operator is: a number of days or hours, two dates, or the column's own kind. */
export type ValueShape = 'days' | 'hours' | 'dates' | 'date' | 'text';
export function valueShape(filter: Filter): ValueShape {
  switch (filter.operator) {
    case 'inNextDays':
    case 'inLastDays':
    case 'changedInLastDays':
      return 'days';
    case 'changedInLastHours':
      return 'hours';
    case 'between':
      return 'dates';
    default:
      return isDateColumn(filter.column) ? 'date' : 'text';
  }
}

/** Why the row's value cannot be applied (a number out of range, two dates in the wrong order), or null. */
export const valueProblem = (filter: Filter): string | null =>
  needsValue(filter.operator) && filter.value.trim() !== '' ? filterProblem(filter) : null;

/** SPEC.md §2: a new filter is the first column, contains, and an empty value. */
export const newFilter = (report: Report): Filter => ({
  column: REPORT_COLUMNS[report][0] ?? 'title',
  operator: 'contains',
  value: '',
});

/** A filter that needs a value and has none passes every row (SPEC.md §5), so it is not counted as active. */
export const isActiveFilter = (filter: Filter) => !needsValue(filter.operator) || filter.value.trim() !== '';

/**
 * A date column takes a date and a text column text: a value typed for one kind is dropped on a
 * change of kind, and a date column's own operator gives way to 'contains' on a text column.
 */
export function withColumn(filter: Filter, column: ColumnKey): Filter {
  const keepsValue = isDateColumn(column) === isDateColumn(filter.column);
  const operator = !isDateColumn(column) && isDateOnlyOperator(filter.operator) ? 'contains' : filter.operator;
  return { ...filter, column, operator, value: keepsValue ? filter.value : '' };
}

/** A value keeps its meaning only between operators that take the same shape of value. */
export function withOperator(filter: Filter, operator: FilterOperator): Filter {
  const next = { ...filter, operator };
  const keepsValue = needsValue(operator) && valueShape(next) === valueShape(filter);
  return { ...next, value: keepsValue ? filter.value : '' };
}

/** 'Forwarder Name contains "blue"', 'ATA is empty', 'Dest. ETA in the next 7 days', 'ATD between 2026-03-01 and 2026-03-31'. */
export function describeFilter(filter: Filter): string {
  const label = LINE_ITEM_COLUMNS[filter.column].label;
  const value = filter.value.trim();
  switch (filter.operator) {
    case 'inNextDays':
    case 'inLastDays':
    case 'changedInLastDays':
    case 'changedInLastHours': {
      const [words, unit] = OPERATOR_LABELS[filter.operator].split(' N ') as [string, string];
      return `${label} ${words} ${value} ${value === '1' ? unit.replace(/s$/, '') : unit}`;
    }
    case 'between': {
      const [from = '', to = ''] = value.split('/');
      return `${label} between ${from} and ${to}`;
    }
  }
  const operator = OPERATOR_LABELS[filter.operator];
  return needsValue(filter.operator) ? `${label} ${operator} "${value}"` : `${label} ${operator}`;
}

/** 'Filtered by PO # contains "45" AND ATA is empty'; empty when no filter is active. */
export function filterSummary(filters: readonly Filter[], logic: FilterLogic): string {
  const active = filters.filter(isActiveFilter);
  return active.length === 0 ? '' : `Filtered by ${active.map(describeFilter).join(` ${logic} `)}`;
}
