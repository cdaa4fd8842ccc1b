import type { ImportReport } from '@quayside/domain/import';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { lineSplitter, parseImportEvent, readImportStream, STREAM_ENDED_EARLY } from './import-stream.ts';

const fileReport = {
  fileName: 'report.csv',
  format: 'csv',
  sheet: null,
  columns: [{ header: 'Shipment', field: 'Shipment' }],
  unknownColumns: [],
  preview: [['S-1']],
  rows: 2,
  counts: { created: 2, updated: 0, unchanged: 0, rejected: 0 },
} as const;
const report: ImportReport = {
  dryRun: false,
  uncheckedIdentifiers: false,
  importId: 7,
  shipments: { ...fileReport, columns: [...fileReport.columns], unknownColumns: [], preview: [['S-1']] },
  parts: null,
  lineItemsCreated: 2,
  rows: [],
  rejections: [],
  truncated: false,
};

/** A response body that arrives in exactly these chunks. */
function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('lineSplitter', () => {
  it('keeps a line cut between chunks until it is complete', () => {
    const splitter = lineSplitter();
    expect(splitter.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\n\n{"c":3}')).toEqual(['{"b":2}']);
    expect(splitter.end()).toEqual(['{"c":3}']);
    expect(splitter.end()).toEqual([]);
  });

  it('accepts CRLF line ends and drops blank lines', () => {
    expect(lineSplitter().push('one\r\n\r\ntwo\r\n')).toEqual(['one', 'two']);
  });
});

describe('parseImportEvent', () => {
  it('reads the three events', () => {
    expect(parseImportEvent('{"type":"progress","rows":40}')).toEqual({ type: 'progress', rows: 40 });
    expect(parseImportEvent('{"type":"error","status":400,"message":"Bad file."}')).toEqual({
      type: 'error',
      status: 400,
      message: 'Bad file.',
    });
    expect(parseImportEvent(JSON.stringify({ type: 'report', report }))).toEqual({ type: 'report', report });
  });

  it('ignores anything else', () => {
    for (const line of ['not json', 'null', '42', '{"type":"progress"}', '{"type":"report","report":{}}', '{}'])
      expect(parseImportEvent(line), line).toBeNull();
  });
});

describe('readImportStream', () => {
  it('reports progress and answers the report, whatever the chunking', async () => {
    const text = [
      '{"type":"progress","rows":1}',
      '{"type":"progress","rows":2}',
      JSON.stringify({ type: 'report', report }),
      '',
    ].join('\n');
    for (const size of [1, 7, text.length]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      const progress: number[] = [];
      await expect(readImportStream(streamOf(chunks), (rows) => progress.push(rows))).resolves.toEqual(report);
      expect(progress).toEqual([1, 2]);
    }
  });

  it('reads a last line without a line break', async () => {
    await expect(readImportStream(streamOf([JSON.stringify({ type: 'report', report })]), () => {})).resolves.toEqual(
      report,
    );
  });

  it('throws an error event as an ApiError with its status and message', async () => {
    const stream = streamOf(['{"type":"progress","rows":3}\n{"type":"error","status":422,"message":"No sheet Q1."}\n']);
    const failure = await readImportStream(stream, () => {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, message: 'No sheet Q1.' });
  });

  it('fails when the stream ends without an outcome', async () => {
    await expect(readImportStream(streamOf(['{"type":"progress","rows":3}\n']), () => {})).rejects.toThrow(
      STREAM_ENDED_EARLY,
    );
  });
});
