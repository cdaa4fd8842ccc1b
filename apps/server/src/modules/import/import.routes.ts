import { PassThrough } from 'node:stream';
import { ImportQuery, ImportReport } from '@quayside/domain/import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, failureAnswer, statusOf } from '../../errors.ts';
import type { HeavyWork } from '../../lib/heavy-work.ts';
import { type BulkWorkLimits, perUserLimit } from '../../lib/per-user-limit.ts';
import { incomingDir } from '../../storage/incoming.ts';
import { actorOf } from '../audit/audit.service.ts';
import { assertCanWrite } from '../shipments/shipment-access.ts';
import { type ImportRequest, prepareImport } from './import.service.ts';
import { type StagedImport, stageImport } from './import-upload.ts';
import { createTableReaderPool } from './table-reader-pool.ts';

type ImportConfig = Pick<AppConfig, 'importMaxBytes' | 'dataDir' | 'importReaderMemoryMb' | 'importReaders'> &
  BulkWorkLimits;

export const NDJSON = 'application/x-ndjson';

export function registerImportRoutes(app: FastifyInstance, db: Database, config: ImportConfig, heavyWork: HeavyWork) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limits = { maxBytes: config.importMaxBytes, stagingRoot: incomingDir(config.dataDir) };
  const readTable = createTableReaderPool({ memoryMb: config.importReaderMemoryMb, concurrency: config.importReaders });

  api.post(
    '/api/Import',
    {
      schema: {
        tags: ['import'],
        description:
          'multipart/form-data: `shipments` (CSV or XLSX, headers are the spec’s Shipment labels) and optionally ' +
          '`parts` (PO, Shipment, Part Number, Quantity). Shipments are matched by number, line items by (PO, ' +
          'shipment), parts by (part, line item); empty cells change nothing. All or nothing, in one transaction; ' +
          'rejected rows are reported with their reasons and skipped. With `Accept: application/x-ndjson` the ' +
          'answer streams `{"type":"progress","rows":N}` lines, then `{"type":"report","report":...}` or ' +
          '`{"type":"error","status":N,"message":...}`.',
        consumes: ['multipart/form-data'],
        querystring: ImportQuery,
        response: { 200: ImportReport },
      },
      // Every import reads a whole file and writes its rows: it waits its turn with the other heavy work.
      preHandler: [perUserLimit(config.importsPerUser, 'imports'), heavyWork.limit()],
    },
    async (request, reply) => {
      // Read-only roles are refused before a byte of the upload is read.
      assertCanWrite(request.principal);
      const staged = await stageImport(request, limits);
      const { dryRun, sheet, partsSheet } = request.query;
      const importRequest: ImportRequest = {
        shipments: { ...staged.shipments, sheet },
        parts: staged.parts && { ...staged.parts, sheet: partsSheet },
        dryRun,
      };
      try {
        const prepared = await prepareImport(request.principal, importRequest, readTable);
        const run = (onProgress?: (rows: number) => void) =>
          prepared.run(db, actorOf(request.principal), {
            onProgress,
            statementTimeoutMs: config.bulkStatementTimeoutMs,
          });
        if (request.headers.accept?.includes(NDJSON)) return streamImport(request, reply, staged, run);
        const report = await run();
        await staged.remove();
        return report;
      } catch (error) {
        await staged.remove();
        throw error;
      }
    },
  );
}

/** The import with its progress, one JSON object per line; the status is 200 once the upload is read. */
function streamImport(
  request: FastifyRequest,
  reply: FastifyReply,
  staged: StagedImport,
  run: (onProgress: (rows: number) => void) => Promise<ImportReport>,
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
