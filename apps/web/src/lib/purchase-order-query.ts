import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from './api.ts';
import { purchaseOrderKeys } from './query-keys.ts';

/**
 * One purchase order with its lines, shipments and history; null when there is none the user may
 * see (the server answers a Forwarder's PO of another company like one that does not exist). Read
 * by the PO page, and by the line-item page to link to its PO only when there is one.
 */
export const purchaseOrderQuery = (poNumber: string) =>
  queryOptions({
    queryKey: purchaseOrderKeys.detail(poNumber),
    queryFn: async ({ signal }) => {
      try {
        return await call('getPurchaseOrder', { query: { po: poNumber }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
