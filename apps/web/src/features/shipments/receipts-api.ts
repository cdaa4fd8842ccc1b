import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { lineItemKeys, purchaseOrderKeys } from '../../lib/query-keys.ts';
import type { ReceiptLineDraft } from './receipt-form.ts';

/** What the shipment carries that can be received, per PO and SKU, and what was received so far. */
export const receiptQuery = (shipmentNumber: string) =>
  queryOptions({
    queryKey: purchaseOrderKeys.receipt(shipmentNumber),
    queryFn: ({ signal }) => call('getReceipt', { query: { shipment: shipmentNumber }, signal }),
  });

/**
 * Records the receipt (Admin). It moves its POs' received figures, statuses and history, the PO
 * exceptions the dashboard's line items carry and the suppliers' OTIF: all under the line items' key.
 */
export function useReceiveShipment(shipmentNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: ReceiptLineDraft[]) =>
      call('receiveShipment', { query: { shipment: shipmentNumber }, body: { lines } }),
    onSuccess: (answer) => {
      markDataChanged();
      queryClient.setQueryData(purchaseOrderKeys.receipt(shipmentNumber), answer);
      void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
    },
  });
}
