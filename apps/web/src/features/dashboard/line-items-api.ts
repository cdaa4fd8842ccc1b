import type { LineItemsResponse } from '@quayside/domain/line-items';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { LineItemListParams } from './table-view.ts';

/** Every line-item query lives under ['line-items']: a change anywhere invalidates that root. */
export const lineItemKeys = {
  all: ['line-items'] as const,
  list: (params: LineItemListParams) => [...lineItemKeys.all, 'list', params] as const,
};

/** SPEC.md §9 'Line-item list query': stale at once, kept 60 s, refetched on every mount and on focus. */
export const LIST_CACHE_MS = 60_000;

/**
 * One page of the dashboard; the server searches, filters, sorts and pages. While the next page
 * loads the previous one stays on screen (no flash of an empty table).
 */
export const lineItemListQuery = (params: LineItemListParams) =>
  queryOptions({
    queryKey: lineItemKeys.list(params),
    queryFn: ({ signal }) => api<LineItemsResponse>('/api/LineItems', { query: params, signal }),
    staleTime: 0,
    gcTime: LIST_CACHE_MS,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    placeholderData: keepPreviousData,
  });
