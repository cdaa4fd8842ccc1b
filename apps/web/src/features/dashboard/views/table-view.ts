import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@quayside/domain/constants';
import type { DocumentType } from '@quayside/domain/documents';
import type { Report } from '@quayside/domain/line-item-columns';
import type { Filter } from '@quayside/domain/line-item-query';
import { type FilterLogic, isActiveFilter } from '../filters/filters.ts';
import { renumber, type SortConfig, toSortRules } from '../filters/sort-rules.ts';
import { parseFilter, parseSortRule } from './stored-view-entries.ts';

/** SPEC.md §3 'Table view preferences': what a user's dashboard remembers in this browser. */
export type TableView = {
  searchQuery: string;
  filters: Filter[];
  filterLogic: FilterLogic;
  sortConfigs: SortConfig[];
  pageSize: PageSize;
};

export const DEFAULT_TABLE_VIEW: TableView = {
  searchQuery: '',
  filters: [],
  filterLogic: 'AND',
  sortConfigs: [],
  pageSize: DEFAULT_PAGE_SIZE,
};

export const TABLE_VIEW_FIELDS = ['searchQuery', 'filters', 'filterLogic', 'sortConfigs', 'pageSize'] as const;
export type TableViewField = (typeof TABLE_VIEW_FIELDS)[number];

/** SPEC.md §3: reset clears the search, filters and sorts and sets the logic back to AND; the page size stays. */
export const resetTableView = (view: TableView): TableView => ({ ...DEFAULT_TABLE_VIEW, pageSize: view.pageSize });

/** True when reset would change anything. */
export const isViewCustomised = (view: TableView) =>
  view.searchQuery !== '' || view.filters.length > 0 || view.filterLogic !== 'AND' || view.sortConfigs.length > 0;

/**
 * One local-storage key per preference, scoped by the signed-in e-mail (or 'anonymous'), so one
 * user's view never shows to the next user of the same browser.
 */
export function dashboardStorageKey(email: string | null | undefined, name: string): string {
  const scope = email?.trim().toLowerCase() || 'anonymous';
  return `quayside.dashboard.${scope}.${name}`;
}

export const tableViewStorageKey = (email: string | null | undefined, field: TableViewField) =>
  dashboardStorageKey(email, field);

// What is read back is checked: storage outlives releases and anyone can edit it. The domain's
// schemas decide what a filter and a sort rule are (here through their zod-free mirror, see
// stored-view-entries.ts); one bad entry discards that preference.
function parseList<T>(stored: unknown, parseEntry: (entry: unknown) => T | null): T[] | null {
  if (!Array.isArray(stored) || stored.length > 20) return null;
  const entries = stored.map(parseEntry);
  return entries.every((entry) => entry !== null) ? (entries as T[]) : null;
}

const storedParsers: { [F in TableViewField]: (stored: unknown) => TableView[F] | null } = {
  searchQuery: (stored) => (typeof stored === 'string' && stored.length <= 200 ? stored : null),
  filters: (stored) => parseList(stored, parseFilter),
  filterLogic: (stored) => (stored === 'AND' || stored === 'OR' ? stored : null),
  sortConfigs: (stored) =>
    parseList(stored, (entry) => {
      const rule = parseSortRule(entry);
      if (!rule) return null;
      const order = (entry as { order?: unknown }).order;
      return typeof order === 'number' && Number.isFinite(order) ? { ...rule, order } : null;
    }),
  pageSize: (stored) => ((PAGE_SIZES as readonly unknown[]).includes(stored) ? (stored as PageSize) : null),
};

const storedOrDefault = <F extends TableViewField>(field: F, stored: unknown): TableView[F] =>
  storedParsers[field](stored) ?? DEFAULT_TABLE_VIEW[field];

/** The saved view from what `read` finds under each field; anything missing or malformed falls back to its default. */
export function parseStoredView(read: (field: TableViewField) => unknown): TableView {
  const sortConfigs = storedOrDefault('sortConfigs', read('sortConfigs'));
  const keys = sortConfigs.map((sort) => sort.key);
  return {
    searchQuery: storedOrDefault('searchQuery', read('searchQuery')),
    filters: storedOrDefault('filters', read('filters')),
    filterLogic: storedOrDefault('filterLogic', read('filterLogic')),
    // A column sorted twice would be refused by the server; keep its first rank.
    sortConfigs: renumber(sortConfigs.filter((sort, index) => keys.indexOf(sort.key) === index)),
    pageSize: storedOrDefault('pageSize', read('pageSize')),
  };
}

/** The query string of `listLineItems` (and, without paging, of the export). Empty parts are left out. */
export type LineItemListParams = {
  q?: string;
  filters?: string;
  logic?: FilterLogic;
  sort?: string;
  page: number;
  pageSize: PageSize;
  report: Report;
  /** Only the line items of one import's shipments (from the URL, never saved with the view). */
  importId?: number;
  /** Only line items with any of these exceptions, comma-separated (from the URL, never saved with the view). */
  exception?: string;
  /** Only line items whose shipment lacks this required document (picked on the 'Missing documents' chip). */
  missingDocument?: DocumentType;
};

/** The dashboard's `?import=N` (a link from the Import page): the import's id, or undefined when absent or not one. */
export function importIdParam(text: string | null): number | undefined {
  if (text === null || !/^[1-9]\d{0,15}$/.test(text.trim())) return undefined;
  const id = Number(text.trim());
  return Number.isSafeInteger(id) ? id : undefined;
}

export function lineItemListParams(
  view: TableView,
  page: number,
  report: Report,
  importId?: number,
): LineItemListParams {
  const q = view.searchQuery.trim();
  const filters = view.filters.filter(isActiveFilter);
  const sort = toSortRules(view.sortConfigs);
  return {
    ...(q ? { q } : {}),
    // The logic only matters once there is a filter to combine; leaving it out keeps one cache entry.
    ...(filters.length > 0 ? { filters: JSON.stringify(filters), logic: view.filterLogic } : {}),
    ...(sort.length > 0 ? { sort: JSON.stringify(sort) } : {}),
    page,
    pageSize: view.pageSize,
    report,
    ...(importId !== undefined ? { importId } : {}),
  };
}

/** The export takes the same query without paging: it holds every matching row. */
export function exportParamsOf({ page: _page, pageSize: _pageSize, ...query }: LineItemListParams) {
  return query;
}

/** The query of `countLineItems`: which rows match, without paging or sort (neither changes how many). */
export type LineItemCountParams = Omit<LineItemListParams, 'page' | 'pageSize' | 'sort'>;

export function countParamsOf({ page: _page, pageSize: _pageSize, sort: _sort, ...query }: LineItemListParams) {
  return query satisfies LineItemCountParams;
}

/** What 'Follow this view' saves: which rows match (paging, sort and an import's link aside). */
export function followedViewOf({ q, filters, logic, report, exception, missingDocument }: LineItemListParams) {
  return {
    ...(q ? { q } : {}),
    ...(filters ? { filters, logic } : {}),
    report,
    ...(exception ? { exception } : {}),
    ...(missingDocument ? { missingDocument } : {}),
  };
}
