import type { PeopleResponse, PersonInput } from '@quayside/domain/people';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

/** The people list; the server gives an Admin everyone. */
export const userListQuery = queryOptions({
  queryKey: userKeys.list(),
  queryFn: async ({ signal }) => (await api<PeopleResponse>('/api/Peoples', { signal })).peoples,
});

/** Adds a person, or updates one when `id` is set. Resolves once the list has been re-read. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: PersonInput) => api<PeopleResponse>('/api/Peoples', { body: [person] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Removes a person (and their sign-in account) by e-mail. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<{ message: string }>('/api/Peoples/delete', { body: [{ email }] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/**
 * What to tell the user when a call fails. The original only logged these failures (SPEC.md §8);
 * we show the server's refusal, which says what to fix, and a generic line for anything else
 * (network failure, server fault) rather than a technical message.
 */
export function failureMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}
