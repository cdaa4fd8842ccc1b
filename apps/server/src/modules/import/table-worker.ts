import { parentPort } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { type OpenTableOptions, openTable, type TableRow } from './table-reader.ts';

// Runs in a worker thread with a bounded heap (table-reader-pool.ts): opens an import file and
// hands its rows over a batch at a time, each when asked for, so a file that needs more memory
// than it may use ends this thread, not the server.

export type ReaderJob = { filePath: string; options: OpenTableOptions; batchRows: number };

export type ReaderMessage =
  | { type: 'opened'; format: 'csv' | 'xlsx'; sheet: string | null; headers: string[] }
  | { type: 'rows'; rows: TableRow[] }
  | { type: 'end' }
  | { type: 'refused'; kind: AppError['kind']; message: string }
  | { type: 'failed'; message: string; stack: string | undefined };

/** What the server asks: to open a file, its next batch of rows, or to let it go. */
export type ReaderRequest = { type: 'open'; job: ReaderJob } | { type: 'more' } | { type: 'close' };

const port = parentPort;
if (!port) throw new Error('table-worker.ts runs as a worker thread');
const post = (message: ReaderMessage) => port.postMessage(message);

function failure(error: unknown): ReaderMessage {
  if (error instanceof AppError) return { type: 'refused', kind: error.kind, message: error.message };
  const known = error instanceof Error ? error : new Error(String(error));
  return { type: 'failed', message: known.message, stack: known.stack };
}

const inbox: ReaderRequest[] = [];
let wake: (() => void) | null = null;
port.on('message', (request: ReaderRequest) => {
  inbox.push(request);
  wake?.();
});
async function nextRequest(): Promise<ReaderRequest> {
  for (;;) {
    const request = inbox.shift();
    if (request) return request;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

/** One file: opened, then read a batch per request until its end or until it is let go. */
async function serve(job: ReaderJob) {
  const table = await openTable(job.filePath, job.options);
  post({ type: 'opened', format: table.format, sheet: table.sheet, headers: table.headers });
  const rows = table.rows[Symbol.asyncIterator]();
  for (;;) {
    if ((await nextRequest()).type !== 'more') {
      await table.close();
      post({ type: 'end' });
      return;
    }
    const batch: TableRow[] = [];
    let next = await rows.next();
    while (!next.done) {
      batch.push(next.value);
      if (batch.length >= job.batchRows) break;
      next = await rows.next();
    }
    if (batch.length > 0) post({ type: 'rows', rows: batch });
    if (next.done) {
      post({ type: 'end' });
      return;
    }
  }
}

// A thread serves one file after another (starting one costs about a second); after a refusal
// or a failure the server ends it rather than trust what the file left behind.
for (;;) {
  const request = await nextRequest();
  if (request.type !== 'open') continue;
  await serve(request.job).catch((error: unknown) => post(failure(error)));
}
