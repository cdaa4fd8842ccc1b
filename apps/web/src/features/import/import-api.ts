import type { ImportReport } from '@quayside/domain/import';
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callStream } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { CHANGED_BY_IMPORT, importKeys } from '../../lib/query-keys.ts';
import { type ChosenImportFile, type ImportSelection, importForm, importQuery } from './import-selection.ts';
import { readImportStream } from './import-stream.ts';

const dryRunKey = (selection: ImportSelection) =>
  importKeys.dryRun(selection.shipments?.id ?? null, selection.parts?.id ?? null, importQuery(selection, true));

/**
 * The dry run of the chosen files: what importing them would do, changing nothing. Read once per
 * choice (a file does not change under the page), never retried: a file the server cannot read
 * stays unreadable. Nothing is asked before a shipments file is chosen.
 */
export const dryRunQuery = (selection: ImportSelection) => {
  const { shipments, parts } = selection;
  return queryOptions({
    queryKey: dryRunKey(selection),
    queryFn: shipments
      ? ({ signal }) =>
          call('importReport', {
            query: importQuery(selection, true),
            body: importForm(shipments.file, parts?.file ?? null),
            signal,
          })
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
};

type RunImport = { selection: ImportSelection & { shipments: ChosenImportFile }; onProgress: (rows: number) => void };

/** The real import, streamed so the page can show how many rows are done; then every list it changed is read again. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ selection, onProgress }: RunImport) => {
      const response = await callStream('importReport', 'application/x-ndjson', {
        query: importQuery(selection, false),
        body: importForm(selection.shipments.file, selection.parts?.file ?? null),
      });
      // A server that answers the whole report at once is read as such.
      if (!response.body || response.headers.get('content-type')?.includes('application/json'))
        return (await response.json()) as ImportReport;
      return readImportStream(response.body, onProgress);
    },
    onSuccess: () => markDataChanged(),
    // Also after a failure: what was saved before it is worth showing.
    onSettled: () => {
      for (const queryKey of CHANGED_BY_IMPORT) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
