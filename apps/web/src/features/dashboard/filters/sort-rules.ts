import type { ColumnKey } from '@quayside/domain/line-item-columns';
import { DEFAULT_SORT, LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import type { SortRule } from '@quayside/domain/line-item-query';

/** SPEC.md §3 'Sort config': a column, its direction and its rank among the sorted columns (1 first). */
export type SortConfig = SortRule & { order: number };

/** Ranks 1..n in the current order, so removing a column closes the gap (SPEC.md §4). */
export function renumber(sorts: readonly SortConfig[]): SortConfig[] {
  return [...sorts].sort((a, b) => a.order - b.order).map((sort, index) => ({ ...sort, order: index + 1 }));
}

/**
 * One header click (SPEC.md §4): an unsorted column joins last, ascending; ascending becomes
 * descending; descending is removed and the others are renumbered.
 */
export function cycleSort(sorts: readonly SortConfig[], key: ColumnKey): SortConfig[] {
  const current = sorts.find((sort) => sort.key === key);
  if (!current) return renumber([...sorts, { key, direction: 'asc', order: Number.MAX_SAFE_INTEGER }]);
  if (current.direction === 'asc')
    return renumber(sorts.map((sort) => (sort.key === key ? { ...sort, direction: 'desc' } : sort)));
  return renumber(sorts.filter((sort) => sort.key !== key));
}

/** What the server is asked for: the rules in priority order (none means its default, dest_eta descending). */
export const toSortRules = (sorts: readonly SortConfig[]): SortRule[] =>
  renumber(sorts).map(({ key, direction }) => ({ key, direction }));

/**
 * The sort the table is in, for the headers and the summary: the chosen one, or the default
 * (dest_eta descending) when none is chosen. The default is shown, not stored, so clicking
 * dest_eta's header still starts its cycle at ascending and removing every sort brings it back.
 */
export function shownSorts(sorts: readonly SortConfig[]): { sorts: SortConfig[]; isDefault: boolean } {
  if (sorts.length > 0) return { sorts: renumber(sorts), isDefault: false };
  return { sorts: DEFAULT_SORT.map((rule, index) => ({ ...rule, order: index + 1 })), isDefault: true };
}

/** Keeps only the sorts on columns the report shows (a hidden column's sort could not be seen or undone). */
export const sortsWithin = (sorts: readonly SortConfig[], columns: readonly ColumnKey[]) =>
  renumber(sorts.filter((sort) => columns.includes(sort.key)));

const directionWord = (direction: SortRule['direction']) => (direction === 'asc' ? 'ascending' : 'descending');

/** 'Sorted by PO # (ascending), then Shipment (descending)'; the default says so. */
export function sortSummary(sorts: readonly SortConfig[]): string {
  const shown = shownSorts(sorts);
  const parts = shown.sorts.map(
    (sort) =>
      `${LINE_ITEM_COLUMNS[sort.key].label} (${directionWord(sort.direction)}${shown.isDefault ? ', default' : ''})`,
  );
  return `Sorted by ${parts.join(', then ')}`;
}

/** The accessible name of a header's sort button: the label, then how it sorts. */
export function sortButtonName(label: string, sort: SortConfig | undefined, isDefault: boolean): string {
  if (!sort) return label;
  return `${label}, sorted ${directionWord(sort.direction)}, rank ${sort.order}${isDefault ? ' (default)' : ''}`;
}
