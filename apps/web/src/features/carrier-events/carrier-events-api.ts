import type { AttachCarrierEventRequest, CarrierIntegrationRequest } from '@quayside/domain/carrier-events';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { carrierEventKeys, lineItemKeys, shipmentKeys } from '../../lib/query-keys.ts';

/** Events keep arriving while the page is open: the integrations' counts and the review list are asked for again this often. */
const REFRESH_MS = 30_000;

export const carrierIntegrationsQuery = () =>
  queryOptions({
    queryKey: carrierEventKeys.integrations(),
    queryFn: async ({ signal }) => (await call('listCarrierIntegrations', { signal })).integrations,
    refetchInterval: REFRESH_MS,
  });

export const carrierEventReviewQuery = () =>
  queryOptions({
    queryKey: carrierEventKeys.review(),
    queryFn: ({ signal }) => call('listCarrierEventReview', { signal }),
    refetchInterval: REFRESH_MS,
  });

/** Creates an integration; its token and signing secret are in this answer only. */
export function useCreateCarrierIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CarrierIntegrationRequest) => call('createCarrierIntegration', { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: carrierEventKeys.integrations() }),
  });
}

export function useRevokeCarrierIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('revokeCarrierIntegration', { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: carrierEventKeys.integrations() }),
  });
}

/** An attached event is applied as if it had matched: it may move the shipment's dates, which the line items show. */
export function useAttachCarrierEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AttachCarrierEventRequest) => call('attachCarrierEvent', { body: request }),
    onSuccess: () => {
      markDataChanged();
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: carrierEventKeys.all }),
  });
}

export function useDismissCarrierEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('dismissCarrierEvent', { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: carrierEventKeys.review() }),
  });
}
