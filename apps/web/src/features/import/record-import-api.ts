import { type RecordImportKind, RecordImportReport } from '@quayside/domain/record-import';
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callStream } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { importKeys } from '../../lib/query-keys.ts';
import type { ChosenImportFile } from './import-selection.ts';
import { readImportStream } from './import-stream.ts';

// The imports of purchase orders (the ERP's PO lines) and of receipts: one file each, checked by a
// dry run as soon as it is chosen, then applied with its progress, as the forwarder's report is.

export type RecordSelection = { kind: RecordImportKind; file: ChosenImportFile | null; sheet: string };

const OPERATION = { purchase_orders: 'importPurchaseOrders', receipts: 'importReceipts' } as const;

/** The query string: the sheet only for a workbook, and only when one is given. */
export function recordQuery(selection: RecordSelection, isDryRun: boolean) {
  const name = selection.sheet.trim();
  const isWorkbook = selection.file?.file.name.trim().toLowerCase().endsWith('.xlsx') ?? false;
  return { dryRun: String(isDryRun), sheet: isWorkbook && name !== '' ? name : undefined };
}

export function recordForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export const recordDryRunQuery = (selection: RecordSelection) => {
  const { kind, file } = selection;
  return queryOptions({
    queryKey: importKeys.dryRun(kind, file?.id ?? null, recordQuery(selection, true)),
    queryFn: file
      ? ({ signal }) =>
          call(OPERATION[kind], { query: recordQuery(selection, true), body: recordForm(file.file), signal })
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
};

type RunRecordImport = {
  selection: RecordSelection & { file: ChosenImportFile };
  onProgress: (rows: number) => void;
};

/** The real import, streamed for its progress; then the lists are read again (POs, receipts, the dashboard). */
export function useRunRecordImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ selection, onProgress }: RunRecordImport) => {
      const response = await callStream(OPERATION[selection.kind], 'application/x-ndjson', {
        query: recordQuery(selection, false),
        body: recordForm(selection.file.file),
      });
      if (!response.body || response.headers.get('content-type')?.includes('application/json'))
        return (await response.json()) as RecordImportReport;
      return readImportStream(response.body, onProgress, RecordImportReport);
    },
    onSuccess: () => markDataChanged(),
    // Every list but the dry runs: reading the file again would redo the import's work for nothing.
    onSettled: () =>
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== importKeys.all[0] }),
  });
}
