import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { shipmentKeys } from '../../lib/query-keys.ts';

/** A shipment's public tracking links, live and withdrawn (staff). */
export const trackingLinksQuery = (shipmentNumber: string) =>
  queryOptions({
    queryKey: shipmentKeys.trackingLinks(shipmentNumber),
    queryFn: async ({ signal }) =>
      (await call('listTrackingLinks', { query: { shipment: shipmentNumber }, signal })).links,
  });

/** Makes a link; its token is in this answer only, so the caller shows it from the mutation's data. */
export function useCreateTrackingLink(shipmentNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('createTrackingLink', { body: { shipment: shipmentNumber } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.trackingLinks(shipmentNumber) }),
  });
}

export function useRevokeTrackingLink(shipmentNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('revokeTrackingLink', { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.trackingLinks(shipmentNumber) }),
  });
}
