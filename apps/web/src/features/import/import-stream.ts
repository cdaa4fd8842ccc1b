import { ImportReport } from '@quayside/domain/import';
import { ApiError } from '../../lib/api.ts';

// `importReport` with `Accept: application/x-ndjson` answers one JSON object per line: progress
// while rows are processed, then exactly one report or error.

export type ImportStreamEvent<Report = ImportReport> =
  | { type: 'progress'; rows: number }
  | { type: 'report'; report: Report }
  | { type: 'error'; status: number; message: string };

/**
 * Cuts streamed text into lines. Chunks end anywhere, even inside a line: the unfinished tail is
 * kept until the next chunk (or `end`) completes it. Blank lines are dropped.
 */
export function lineSplitter() {
  let tail = '';
  const complete = (lines: string[]) => lines.map((line) => line.trim()).filter((line) => line !== '');
  return {
    push(chunk: string): string[] {
      const lines = (tail + chunk).split('\n');
      tail = lines.pop() ?? '';
      return complete(lines);
    },
    end(): string[] {
      const lines = [tail];
      tail = '';
      return complete(lines);
    },
  };
}

/** The report's contract: a forwarder's report's by default; the PO and receipt imports name theirs. */
type ReportSchema<Report> = { safeParse: (value: unknown) => { success: true; data: Report } | { success: false } };
const defaultSchema = <Report>() => ImportReport as unknown as ReportSchema<Report>;

/** One line of the stream; null for anything that is not one of the three events. */
export function parseImportEvent<Report = ImportReport>(
  line: string,
  schema: ReportSchema<Report> = defaultSchema<Report>(),
): ImportStreamEvent<Report> | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  if (event.type === 'progress' && typeof event.rows === 'number') return { type: 'progress', rows: event.rows };
  if (event.type === 'error' && typeof event.status === 'number' && typeof event.message === 'string')
    return { type: 'error', status: event.status, message: event.message };
  if (event.type === 'report') {
    const report = schema.safeParse(event.report);
    return report.success ? { type: 'report', report: report.data } : null;
  }
  return null;
}

export const STREAM_ENDED_EARLY = 'The import stopped before the server reported its outcome.';

/**
 * Reads the stream to its end: progress goes to `onProgress`, the report is returned, an error
 * event is thrown as an ApiError (so a 4xx shows the server's message, like any refused call).
 */
export async function readImportStream<Report = ImportReport>(
  body: ReadableStream<Uint8Array>,
  onProgress: (rows: number) => void,
  schema: ReportSchema<Report> = defaultSchema<Report>(),
): Promise<Report> {
  const decoder = new TextDecoder();
  const splitter = lineSplitter();
  const reader = body.getReader();
  const handle = (lines: string[]): Report | null => {
    for (const line of lines) {
      const event = parseImportEvent(line, schema);
      if (event?.type === 'progress') onProgress(event.rows);
      else if (event?.type === 'error') throw new ApiError(event.status, event.message);
      else if (event?.type === 'report') return event.report;
    }
    return null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const report = done
        ? handle([...splitter.push(decoder.decode()), ...splitter.end()])
        : handle(splitter.push(decoder.decode(value, { stream: true })));
      if (report) return report;
      if (done) throw new Error(STREAM_ENDED_EARLY);
    }
  } finally {
    // Whatever follows the outcome (nothing, by contract) is not waited for.
    reader.cancel().catch(() => undefined);
  }
}
