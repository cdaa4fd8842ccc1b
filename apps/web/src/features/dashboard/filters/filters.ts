import type { ColumnKey, FilterOperator, Report } from '@quayside/domain/line-item-columns';
import { LINE_ITEM_COLUMNS, REPORT_COLUMNS } from '@quayside/domain/line-item-columns';
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
};

/** isEmpty and isNotEmpty need no value (SPEC.md §2 'Filter panel'). */
export const needsValue = (operator: FilterOperator) => operator !== 'isEmpty' && operator !== 'isNotEmpty';

export const isDateColumn = (column: ColumnKey) => LINE_ITEM_COLUMNS[column].kind === 'date';

/** SPEC.md §2: a new filter is the first column, contains, and an empty value. */
export const newFilter = (report: Report): Filter => ({
  column: REPORT_COLUMNS[report][0] ?? 'title',
  operator: 'contains',
  value: '',
});

/** A filter that needs a value and has none passes every row (SPEC.md §5), so it is not counted as active. */
export const isActiveFilter = (filter: Filter) => !needsValue(filter.operator) || filter.value.trim() !== '';

/** A date column takes a date and a text column text: a value typed for one kind is dropped on a change of kind. */
export function withColumn(filter: Filter, column: ColumnKey): Filter {
  const keepsValue = isDateColumn(column) === isDateColumn(filter.column);
  return { ...filter, column, value: keepsValue ? filter.value : '' };
}

export function withOperator(filter: Filter, operator: FilterOperator): Filter {
  return { ...filter, operator, value: needsValue(operator) ? filter.value : '' };
}

/** 'Forwarder Name contains "blue"', 'ATA is empty'. */
export function describeFilter(filter: Filter): string {
  const label = LINE_ITEM_COLUMNS[filter.column].label;
  const operator = OPERATOR_LABELS[filter.operator];
  return needsValue(filter.operator) ? `${label} ${operator} "${filter.value.trim()}"` : `${label} ${operator}`;
}

/** 'Filtered by PO # contains "45" AND ATA is empty'; empty when no filter is active. */
export function filterSummary(filters: readonly Filter[], logic: FilterLogic): string {
  const active = filters.filter(isActiveFilter);
  return active.length === 0 ? '' : `Filtered by ${active.map(describeFilter).join(` ${logic} `)}`;
}
