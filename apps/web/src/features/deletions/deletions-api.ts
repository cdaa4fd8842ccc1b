import type { Deletion } from '@quayside/domain/deletions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, failureMessage } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { deletionKeys, lineItemKeys, partKeys, shipmentKeys } from '../../lib/query-keys.ts';

/** How many of the latest deletions the screen loads (and filters on the page). */
export const DELETIONS_SHOWN = 200;

export const deletionsQuery = () =>
  queryOptions({
    queryKey: deletionKeys.list(),
    // Newest first, as the server answers them.
    queryFn: async ({ signal }) =>
      (await call('listDeletions', { query: { limit: DELETIONS_SHOWN }, signal })).deletions,
  });

/** What one restore came to: the server's message either way. */
export type RestoreOutcome = { id: number; isRestored: boolean; message: string };

/**
 * Restores the deletions one by one, in the order given (newest first undoes the latest first, so a
 * line item comes back before the parts removed from it earlier). A refusal is reported and the
 * rest still go ahead.
 */
export function useRestoreDeletions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      const outcomes: RestoreOutcome[] = [];
      for (const id of ids) {
        try {
          const { message, deletion } = await call('restoreDeletion', { params: { id } });
          queryClient.setQueryData(deletionKeys.list(), (list: Deletion[] | undefined) =>
            list?.map((each) => (each.id === id ? deletion : each)),
          );
          outcomes.push({ id, isRestored: true, message });
        } catch (error) {
          outcomes.push({
            id,
            isRestored: false,
            message: failureMessage(error, 'Failed to restore. Please try again.'),
          });
        }
      }
      return outcomes;
    },
    onSettled: (outcomes) => {
      void queryClient.invalidateQueries({ queryKey: deletionKeys.all });
      if (!outcomes?.some((outcome) => outcome.isRestored)) return;
      markDataChanged();
      for (const queryKey of [lineItemKeys.all, partKeys.all, shipmentKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
