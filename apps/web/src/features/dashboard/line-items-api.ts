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

/**
 * One page of the dashboard; the server searches, filters, sorts and pages. While the next page
 * loads the previous one stays on screen (no flash of an empty table).
 */
export const lineItemListQuery = (params: LineItemListParams) =>
  queryOptions({
    queryKey: lineItemKeys.list(params),
    queryFn: ({ signal }) => call('listLineItems', { query: params, signal }),
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
