import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { lineItemKeys, purchaseOrderKeys } from '../../lib/query-keys.ts';
import { listQuery, type PoListState } from './po-list-address.ts';

/** A page of the PO list; the page on screen stays while the next one loads. */
export const purchaseOrderListQuery = (state: PoListState) => {
  const query = listQuery(state);
  return queryOptions({
    queryKey: purchaseOrderKeys.list(query),
    queryFn: ({ signal }) => call('listPurchaseOrders', { query, signal }),
    placeholderData: keepPreviousData,
  });
};

/**
 * The exact number of matches, asked only when a page's answer says "more than": paging through or
 * re-sorting the same question does not count again for a minute.
 */
export const purchaseOrderCountQuery = (state: PoListState) => {
  const { page: _page, pageSize: _pageSize, sort: _sort, direction: _direction, ...query } = listQuery(state);
  return queryOptions({
    queryKey: purchaseOrderKeys.count(query),
    queryFn: async ({ signal }) => (await call('countPurchaseOrders', { query, signal })).total,
    staleTime: 60_000,
  });
};

/**
 * Short-close a PO (Admin). Its status and its exceptions change, on its page, in the list and on
 * the dashboard's line items that carry its number: all of them are read again.
 */
export function useShortClose(poNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call('shortClosePurchaseOrder', { query: { po: poNumber }, body: { reason } }),
    onSuccess: () => {
      markDataChanged();
      void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
    },
  });
}
