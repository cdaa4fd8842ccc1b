import type { OrganisationSettings } from '@quayside/domain/organisation-settings';
import type { CreatedWebhook, WebhookRequest, WebhooksResponse } from '@quayside/domain/webhooks';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { alertKeys } from '../../lib/query-keys.ts';

/** The delivery log moves as the server's jobs deliver: the page asks again this often. */
const LOG_REFRESH_MS = 15_000;

export const webhooksQuery = () =>
  queryOptions({
    queryKey: alertKeys.webhooks(),
    queryFn: async ({ signal }) => (await api<WebhooksResponse>('/api/Webhooks', { signal })).webhooks,
    refetchInterval: LOG_REFRESH_MS,
  });

export function useRegisterWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WebhookRequest) => api<CreatedWebhook>('/api/Webhooks', { method: 'POST', body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.webhooks() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('/api/Webhooks/delete', { method: 'POST', query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.webhooks() }),
  });
}

export function useResumeWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('/api/Webhooks/resume', { method: 'POST', query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.webhooks() }),
  });
}

export const organisationSettingsKeys = { all: ['organisation-settings'] as const };

export const organisationSettingsQuery = () =>
  queryOptions({
    queryKey: organisationSettingsKeys.all,
    queryFn: ({ signal }) => api<OrganisationSettings>('/api/OrganisationSettings', { signal }),
  });

export function useSaveOrganisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OrganisationSettings) =>
      api<OrganisationSettings>('/api/OrganisationSettings', { method: 'POST', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(organisationSettingsKeys.all, saved),
  });
}
