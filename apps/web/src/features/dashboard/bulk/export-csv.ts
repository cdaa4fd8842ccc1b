import { exportFileName } from '@quayside/domain/csv';
import { ApiError, callUrl } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { LineItemListParams } from '../views/table-view.ts';

export type ExportParams = Omit<LineItemListParams, 'page' | 'pageSize'>;

const LINE_FEED = 10;

/** Line breaks in a chunk of the CSV: the server ends every line with CRLF, so this counts lines. */
export function countLineBreaks(chunk: Uint8Array): number {
  let count = 0;
  for (const byte of chunk) if (byte === LINE_FEED) count += 1;
  return count;
}

/** The file name the server chose (`attachment; filename="shipment-data-2026-01-31.csv"`), if it sent one. */
export function fileNameFromDisposition(header: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(header ?? '') ?? /filename=([^;\s]+)/.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Downloads the server's CSV of every row matching the query (SPEC.md §2 'CSV export'). The
 * response is read as it streams, so `onRows` can report progress; the file is then handed to the
 * browser's download under the server's file name.
 */
export async function downloadLineItemsCsv(
  params: ExportParams,
  { signal, onRows }: { signal: AbortSignal; onRows: (rows: number) => void },
): Promise<void> {
  const response = await fetch(callUrl('exportLineItems', { query: params }), {
    credentials: 'same-origin',
    headers: { accept: 'text/csv' },
    signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : `The server answered ${response.status}.`;
    throw new ApiError(response.status, message);
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    lines += countLineBreaks(value);
    onRows(Math.max(0, lines - 1)); // the first line is the header
  }
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? exportFileName(new Date());
  saveFile(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName);
}
