import type { AlertPreferences, FollowRequest } from '@quayside/domain/alerts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { alertKeys } from '../../lib/query-keys.ts';

/** The dashboard's query as a saved filter has it: the wire strings that are set. */
export type FollowedView = {
  q?: string;
  filters?: string;
  logic?: string;
  report?: string;
  exception?: string;
  missingDocument?: string;
};

export const followsQuery = () =>
  queryOptions({
    queryKey: alertKeys.follows(),
    queryFn: async ({ signal }) => (await call('listFollows', { signal })).follows,
  });

export const preferencesQuery = () =>
  queryOptions({
    queryKey: alertKeys.preferences(),
    queryFn: ({ signal }) => call('getAlertPreferences', { signal }),
  });

/** Marks the given alerts read, or all of them. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => call('markAlertsRead', { body: ids ? { ids } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.notifications() }),
  });
}

export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FollowRequest) => call('follow', { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.follows() }),
  });
}

export function useUnfollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('unfollow', { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.follows() }),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: AlertPreferences) => call('saveAlertPreferences', { body: preferences }),
    onSuccess: (saved) => queryClient.setQueryData(alertKeys.preferences(), saved),
  });
}
