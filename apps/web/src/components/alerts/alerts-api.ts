import type { AlertPreferences, Follow, FollowRequest, FollowsResponse } from '@quayside/domain/alerts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { alertKeys } from '../../lib/query-keys.ts';

/** The dashboard's query as a saved filter has it: the wire strings that are set. */
export type FollowedView = { q?: string; filters?: string; logic?: string; report?: string; exception?: string };

export const followsQuery = () =>
  queryOptions({
    queryKey: alertKeys.follows(),
    queryFn: async ({ signal }) => (await api<FollowsResponse>('/api/Follows', { signal })).follows,
  });

export const preferencesQuery = () =>
  queryOptions({
    queryKey: alertKeys.preferences(),
    queryFn: ({ signal }) => api<AlertPreferences>('/api/Alerts/preferences', { signal }),
  });

/** Marks the given alerts read, or all of them. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api('/api/Alerts/read', { method: 'POST', body: ids ? { ids } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.notifications() }),
  });
}

export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FollowRequest) => api<Follow>('/api/Follows', { method: 'POST', body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.follows() }),
  });
}

export function useUnfollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('/api/Follows/delete', { method: 'POST', query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.follows() }),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: AlertPreferences) =>
      api<AlertPreferences>('/api/Alerts/preferences', { method: 'POST', body: preferences }),
    onSuccess: (saved) => queryClient.setQueryData(alertKeys.preferences(), saved),
  });
}
