import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { defaultShouldDehydrateQuery, type Query, QueryClient } from '@tanstack/react-query';
import { forgetOpeningRows, removeFirstPaint } from '../lib/first-rows.ts';
import { analyticsKeys, importKeys, lineItemKeys, purchaseOrderKeys } from '../lib/query-keys.ts';

/** SPEC.md §9: unused data kept 30 minutes, stale at once, refetched on focus, mount and reconnect. */
export const CACHE_TIME_MS = 30 * 60 * 1000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: CACHE_TIME_MS,
      staleTime: 0,
      refetchOnWindowFocus: true,
      refetchOnMount: true,
      refetchOnReconnect: true,
      retry: 1,
    },
  },
});

/** The cache persisted in local storage (SPEC.md §9), thrown away on sign-out. */
export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: 'quayside-query-cache',
});

/**
 * What is saved to local storage: everything but the dashboard's and the purchase orders' list
 * pages, the analytics figures and the import's dry runs. Up to 500 line items a page (or hundreds of lanes) would soon pass the
 * browser's ~5 MB storage quota, and they are refetched on mount anyway; a dry run describes files
 * chosen on the page, gone after a reload.
 */
export function shouldPersistQuery(query: Query) {
  const [resource, kind, part] = query.queryKey;
  const isPoList = kind === purchaseOrderKeys.all[1] && part === 'list';
  const isRefetchedAnyway =
    resource === lineItemKeys.all[0] && (kind === 'list' || kind === analyticsKeys.all[1] || isPoList);
  return defaultShouldDehydrateQuery(query) && !isRefetchedAnyway && resource !== importKeys.all[0];
}

/** Nothing of one user's data may show to the next user of this browser. */
export function forgetCachedData() {
  queryClient.clear();
  void queryPersister.removeClient();
  removeFirstPaint();
  forgetOpeningRows();
}
