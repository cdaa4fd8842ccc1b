import type { OrganisationSettings } from '@quayside/domain/organisation-settings';
import type { WebhookRequest } from '@quayside/domain/webhooks';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { alertKeys } from '../../lib/query-keys.ts';

/** The delivery log moves as the server's jobs deliver: the page asks again this often. */
const LOG_REFRESH_MS = 15_000;

export const webhooksQuery = () =>
  queryOptions({
    queryKey: alertKeys.webhooks(),
    queryFn: async ({ signal }) => (await call('listWebhooks', { signal })).webhooks,
    refetchInterval: LOG_REFRESH_MS,
  });

export function useRegisterWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WebhookRequest) => call('createWebhook', { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.webhooks() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deleteWebhook', { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.webhooks() }),
  });
}

export function useResumeWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('resumeWebhook', { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.webhooks() }),
  });
}

export const organisationSettingsKeys = { all: ['organisation-settings'] as const };

export const organisationSettingsQuery = () =>
  queryOptions({
    queryKey: organisationSettingsKeys.all,
    queryFn: ({ signal }) => call('getOrganisationSettings', { signal }),
  });

export function useSaveOrganisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OrganisationSettings) => call('saveOrganisationSettings', { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(organisationSettingsKeys.all, saved),
  });
}
