import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { lineItemKeys, shipmentKeys } from '../../lib/query-keys.ts';
import type { ShipmentRequest } from './shipment-form.ts';

/** The most line items the list answers at once; a shipment with more shows this many and says so. */
export const SHIPMENT_LINE_ITEMS_LIMIT = 500;

/** The 'Line Items & Parts' tab: the shipment's line items, with their parts. */
export const shipmentLineItemsQuery = (shipmentNumber: string) =>
  queryOptions({
    // From the line-item list, so it lives under its key and refreshes with it.
    queryKey: lineItemKeys.ofShipment(shipmentNumber),
    queryFn: async ({ signal }) => {
      const filters = JSON.stringify([{ column: 'related_shipment', operator: 'equals', value: shipmentNumber }]);
      const response = await call('listLineItems', {
        query: { filters, pageSize: SHIPMENT_LINE_ITEMS_LIMIT },
        signal,
      });
      // 'equals' ignores the case of ASCII letters; only this exact shipment's line items belong here.
      const lineItems = response.lineItems.filter((lineItem) => lineItem.related_shipment === shipmentNumber);
      // A shipment of more than COUNT_LIMIT line items is rare enough to count it exactly, after the page.
      const total = response.totalExact
        ? response.total
        : (await call('countLineItems', { query: { filters }, signal })).total;
      return { lineItems, total };
    },
  });

/** Creates a shipment, or updates `shipmentNumber`; afterwards every shipment and line item is refetched. */
export function useSaveShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipmentNumber, request }: { shipmentNumber: string | null; request: ShipmentRequest }) =>
      call('saveShipments', {
        query: { id: shipmentNumber ?? undefined },
        body: [request],
      }),
    onSuccess: () => {
      markDataChanged();
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
    },
  });
}
