import type { PersonInput } from '@quayside/domain/people';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { userKeys } from '../../lib/query-keys.ts';

/** The people list; the server gives an Admin everyone. */
export const userListQuery = queryOptions({
  queryKey: userKeys.list(),
  queryFn: async ({ signal }) => (await call('listPeople', { signal })).peoples,
});

/** Adds a person, or updates one when `id` is set. Resolves once the list has been re-read. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: PersonInput) => call('savePeople', { body: [person] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Removes a person (and their sign-in account) by e-mail. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call('deletePerson', { body: [{ email }] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
