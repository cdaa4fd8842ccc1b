import { type ColumnKey, REPORT_COLUMNS, type Report } from '@quayside/domain/line-item-columns';
import type { LineItemRow } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { lineItemKeys } from '../../lib/query-keys.ts';
import type { LineItemCountParams, LineItemListParams } from './views/table-view.ts';

/** SPEC.md §9 'Line-item list query': stale at once, kept 60 s, refetched on every mount and on focus. */
export const LIST_CACHE_MS = 60_000;

/**
 * A page that arrived this recently counts as the mount's refetch: the first page is asked for as
 * soon as the session names the user (prefetchDashboard), a moment before the screen mounts, and
 * asking the server again at once would only repeat the same query (so would a return to the
 * screen within this time).
 */
const JUST_FETCHED_MS = 2_000;

/** A page of the dashboard decoded (decodeRows): its rows (each shown column's text, no parts) and how many match. */
export type LineItemRowsPage = Omit<LineItemRowsResponse, 'names' | 'rows'> & { rows: LineItemRow[] };

/**
 * The columns a page asks for: those the table shows, in the report's order, so moving a column in
 * the chooser asks nothing again (each cell reads its column's text by name, not by place).
 */
export const requestedColumns = (report: Report, shown: readonly ColumnKey[]): ColumnKey[] =>
  REPORT_COLUMNS[report].filter((column) => shown.includes(column));

/** The query string of `listLineItemRows` for a page of the dashboard and the columns it shows. */
export const rowsCallQuery = (params: LineItemListParams, columns: readonly ColumnKey[]) => ({
  ...params,
  columns: columns.join(','),
});

/**
 * One page of the dashboard; the server searches, filters, sorts and pages, and answers only the
 * columns shown, as the table displays them (a row's parts are asked when its popover opens).
 * Cached as answered: the screen decodes it (use-dashboard-data.ts), since decodeRows sits beside
 * the rows' zod contracts and this query is also the first screen's prefetch, which must not load
 * them. While the next page loads the previous one stays on screen (no flash of an empty table).
 */
export const lineItemRowsQuery = (params: LineItemListParams, columns: readonly ColumnKey[]) =>
  queryOptions({
    queryKey: lineItemKeys.list(params, columns),
    queryFn: ({ signal }) => call('listLineItemRows', { query: rowsCallQuery(params, columns), signal }),
    staleTime: 0,
    gcTime: LIST_CACHE_MS,
    refetchOnMount: (query) => (Date.now() - query.state.dataUpdatedAt < JUST_FETCHED_MS ? false : 'always'),
    refetchOnWindowFocus: 'always',
    placeholderData: keepPreviousData,
  });

/**
 * The exact number of matches, asked only when a page answer says "more than COUNT_LIMIT": it can
 * take a while (all the matches are read), so the rows do not wait for it. Its key has no paging
 * or sort, and it stays fresh for a minute (or until line items change, which invalidates it), so
 * paging through or re-sorting the same search does not count again. Never shown for another
 * query while it loads (no placeholder).
 */
export const lineItemCountQuery = (params: LineItemCountParams) =>
  queryOptions({
    queryKey: lineItemKeys.count(params),
    queryFn: async ({ signal }) => (await call('countLineItems', { query: params, signal })).total,
    staleTime: LIST_CACHE_MS,
    gcTime: LIST_CACHE_MS,
  });
