import { queryOptions } from '@tanstack/react-query';
import { call } from './api.ts';
import { shipmentKeys } from './query-keys.ts';

/**
 * One shipment by its number; null when it does not exist (or belongs to another company). Read by
 * the shipment page and by the line-item page's milestone strip (for the shipment's own dates and Mode).
 */
export const shipmentQuery = (shipmentNumber: string) =>
  queryOptions({
    queryKey: shipmentKeys.detail(shipmentNumber),
    queryFn: async ({ signal }) => {
      const { shipments } = await call('getShipments', { query: { shipment: shipmentNumber }, signal });
      // With ?shipment= the answer is whole shipments (suggestions, numbers only, answer ?shipmentMatch=).
      const [shipment] = shipments;
      return typeof shipment === 'object' ? shipment : null;
    },
  });
