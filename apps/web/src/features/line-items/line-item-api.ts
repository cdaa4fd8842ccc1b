import type { LineItem, LineItemUpdateBody } from '@quayside/domain/line-items';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { lineItemKeys } from '../../lib/query-keys.ts';

/** SPEC.md §9: the per-PO query is fresh for 5 minutes. */
const PER_PO_STALE_MS = 5 * 60 * 1000;

/** Every line item with this PO number (one per shipment that has it). */
export const lineItemsByPoQuery = (po: string) =>
  queryOptions({
    queryKey: lineItemKeys.byPo(po),
    queryFn: async ({ signal }) => (await call('listLineItems', { query: { po }, signal })).lineItems,
    staleTime: PER_PO_STALE_MS,
  });

/** The line item a key names: its shipment and its PO number before the edit. */
export type LineItemKey = { shipment: string; po: string };

export function useUpdateLineItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, changes }: { key: LineItemKey; changes: LineItemUpdateBody }) =>
      (await call('updateLineItem', { query: { shipment: key.shipment, po: key.po }, body: changes })).lineItem,
    onSuccess: (saved, { key }) => {
      markDataChanged();
      // The screen shows the saved values at once; the lists are then read again.
      const withoutSaved = (lineItems: LineItem[] = []) => lineItems.filter((lineItem) => lineItem._id !== saved._id);
      if (key.po === saved.title) {
        queryClient.setQueryData<LineItem[]>(lineItemKeys.byPo(key.po), (lineItems) =>
          lineItems?.map((lineItem) => (lineItem._id === saved._id ? saved : lineItem)),
        );
      } else {
        queryClient.setQueryData<LineItem[]>(lineItemKeys.byPo(key.po), withoutSaved);
        queryClient.setQueryData<LineItem[]>(lineItemKeys.byPo(saved.title), (lineItems) => [
          ...withoutSaved(lineItems),
          saved,
        ]);
      }
      void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
    },
  });
}

export function useDeleteLineItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: LineItemKey) =>
      call('deleteLineItem', { body: { title: key.po, related_shipment: key.shipment } }),
    onSuccess: () => {
      markDataChanged();
      void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
    },
  });
}
