import { PassThrough } from 'node:stream';
import type { ImportReport } from '@quayside/domain/import';
import {
  PO_IMPORT_NOTHING_SENT,
  RECEIPT_IMPORT_NOTHING_SENT,
  type RecordImportKind,
  type RecordImportReport,
} from '@quayside/domain/record-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, failureAnswer, statusOf } from '../../errors.ts';
import type { HeavyWork } from '../../lib/heavy-work.ts';
import { type BulkWorkLimits, perUserLimit } from '../../lib/per-user-limit.ts';
import { serve } from '../../lib/serve.ts';
import { incomingDir } from '../../storage/incoming.ts';
import { actorOf } from '../audit/audit.service.ts';
import { assertCanWrite } from '../shipments/shipment-access.ts';
import { type ImportRequest, prepareImport } from './import.service.ts';
import { stageImport, stageRecordFile } from './import-upload.ts';
import { assertCanImportRecords, prepareRecordImport } from './record-import.service.ts';
import { createTableReaderPool } from './table-reader-pool.ts';

type ImportConfig = Pick<AppConfig, 'importMaxBytes' | 'dataDir' | 'importReaderMemoryMb' | 'importReaders'> &
  BulkWorkLimits;

export const NDJSON = 'application/x-ndjson';

type RunOptions = { onProgress?: (rows: number) => void; statementTimeoutMs: number };

export function registerImportRoutes(app: FastifyInstance, db: Database, config: ImportConfig, heavyWork: HeavyWork) {
  const limits = { maxBytes: config.importMaxBytes, stagingRoot: incomingDir(config.dataDir) };
  const readTable = createTableReaderPool({ memoryMb: config.importReaderMemoryMb, concurrency: config.importReaders });

  serve(
    app,
    'importReport',
    async (request, reply) => {
      // Read-only roles are refused before a byte of the upload is read.
      assertCanWrite(request.principal);
      const staged = await stageImport(request, limits);
      const { dryRun, sheet, partsSheet, uncheckedIdentifiers } = request.query;
      const importRequest: ImportRequest = {
        shipments: { ...staged.shipments, sheet },
        parts: staged.parts && { ...staged.parts, sheet: partsSheet },
        dryRun,
        uncheckedIdentifiers,
      };
      return answerImport(request, reply, staged, () => prepareImport(request.principal, importRequest, readTable));
    },
    // Every import reads a whole file and writes its rows: it waits its turn with the other heavy work.
    { preHandler: [perUserLimit(config.importsPerUser, 'imports'), heavyWork.limit()] },
  );

  /**
   * Runs a prepared import of the staged files and answers its report, streamed as NDJSON progress
   * when the client asks for it; the staged files are removed whatever happens.
   */
  async function answerImport<Report extends ImportReport | RecordImportReport>(
    request: FastifyRequest,
    reply: FastifyReply,
    staged: { remove: () => Promise<void> },
    prepare: () => Promise<{
      run: (db: Database, actor: ReturnType<typeof actorOf>, options: RunOptions) => Promise<Report>;
    }>,
  ) {
    try {
      const prepared = await prepare();
      const run = (onProgress?: (rows: number) => void) =>
        prepared.run(db, actorOf(request.principal), { onProgress, statementTimeoutMs: config.bulkStatementTimeoutMs });
      if (request.headers.accept?.includes(NDJSON)) return streamImport(request, reply, staged, run);
      const report = await run();
      await staged.remove();
      return report;
    } catch (error) {
      await staged.remove();
      throw error;
    }
  }

  // The importer's own records: the ERP's PO lines and receipts, one file each, Admin only.
  const records: [OperationKind, RecordImportKind, string][] = [
    ['importPurchaseOrders', 'purchase_orders', PO_IMPORT_NOTHING_SENT],
    ['importReceipts', 'receipts', RECEIPT_IMPORT_NOTHING_SENT],
  ];
  for (const [operation, kind, nothingSent] of records) {
    serve(
      app,
      operation,
      async (request, reply) => {
        assertCanImportRecords(request.principal);
        const staged = await stageRecordFile(request, limits, nothingSent);
        const { dryRun, sheet } = request.query;
        return answerImport(request, reply, staged, () =>
          prepareRecordImport(request.principal, { kind, file: { ...staged.file, sheet }, dryRun }, readTable),
        );
      },
      { preHandler: [perUserLimit(config.importsPerUser, 'imports'), heavyWork.limit()] },
    );
  }
}

type OperationKind = 'importPurchaseOrders' | 'importReceipts';

/** The import with its progress, one JSON object per line; the status is 200 once the upload is read. */
function streamImport<Report extends ImportReport | RecordImportReport>(
  request: FastifyRequest,
  reply: FastifyReply,
  staged: { remove: () => Promise<void> },
  run: (onProgress: (rows: number) => void) => Promise<Report>,
) {
  const stream = new PassThrough();
  const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
  run((rows) => line({ type: 'progress', rows }))
    .then((report) => line({ type: 'report', report }))
    .catch((error: unknown) => {
      if (error instanceof AppError) return line({ type: 'error', status: statusOf(error), message: error.message });
      const { status, message } = failureAnswer(error, request.log);
      return line({ type: 'error', status, message });
    })
    .finally(async () => {
      await staged.remove();
      stream.end();
    });
  return reply.type(NDJSON).header('cache-control', 'no-store').send(stream);
}
