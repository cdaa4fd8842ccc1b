import type { ImportCounts } from '@quayside/domain/import';
import { canWritePurchaseOrders } from '@quayside/domain/permissions';
import {
  mapPoHeaders,
  mapReceiptHeaders,
  missingColumns,
  type RecordImportKind,
  type RecordImportReport,
} from '@quayside/domain/record-import';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Database } from '../../db/client.ts';
import { allowLongStatements } from '../../db/statement-timeout.ts';
import { AppError } from '../../errors.ts';
import { type Write, withWriteOnce } from '../../write/with-write.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import {
  ANALYZE_FROM_ROWS,
  BATCH_ROWS,
  defaultTableReader,
  type ImportFile,
  type ImportOptions,
  openSheet,
  processSheet,
  ReportCollector,
} from './import.service.ts';
import { applyPoBatch, type PoFileState } from './po-import-batch.ts';
import { type PoRowInput, poRowReader } from './po-import-rows.ts';
import { applyReceiptBatch, type ReceiptFileState } from './receipt-import-batch.ts';
import { type ReceiptRowInput, readReceiptRow } from './receipt-import-rows.ts';
import type { TableOpener } from './table-reader-pool.ts';

// Imports of the importer's own records, through the forwarders' report engine (its readers,
// bounds, batches, dry run and report): the ERP's PO lines, saved by savePurchaseOrders, and
// receipts, recorded by recordReceipt. Admin only.

export type RecordImportRequest = { kind: RecordImportKind; file: ImportFile; dryRun: boolean };

export const PO_IMPORT_ADMIN_ONLY = 'Only an Admin imports purchase orders and receipts.';

class DryRunFinished extends Error {
  constructor(readonly report: RecordImportReport) {
    super('dry run finished');
  }
}

export async function runRecordImport(
  db: Database,
  principal: Principal,
  actor: AuditActor,
  request: RecordImportRequest,
  options: ImportOptions = {},
): Promise<RecordImportReport> {
  return (await prepareRecordImport(principal, request, options.openTable)).run(db, actor, options);
}

/** Checks the principal and opens the file, reading its headers: what can refuse the import as a whole. */
export async function prepareRecordImport(
  principal: Principal,
  request: RecordImportRequest,
  openTable: TableOpener = defaultTableReader,
) {
  assertCanImportRecords(principal);
  const refuse = (missing: string[], file: string) =>
    missing.length > 0 ? missingColumns(file, missing, request.kind) : null;
  const job =
    request.kind === 'purchase_orders'
      ? await poJob(openTable, request.file, refuse)
      : await receiptJob(openTable, request.file, refuse);
  return {
    run: async (db: Database, actor: AuditActor, options: ImportOptions = {}) => {
      try {
        return await applyRecordImport(db, actor, request, job, options);
      } finally {
        await job.sheet.close();
      }
    },
  };
}

type Outcomes = Map<string, 'created' | 'updated' | 'unchanged'>;
type Job = {
  sheet: { close: () => Promise<void> };
  /** Reads and applies every row, a batch at a time: the file's report, and each record's outcome. */
  process: (
    write: Write,
    collector: ReportCollector,
    batchSize: number,
    onBatch: (rows: number) => void,
  ) => Promise<{ file: RecordImportReport['file']; records: Outcomes }>;
};
type Refusal = (missing: string[], file: string) => string | null;

async function poJob(openTable: TableOpener, file: ImportFile, refuse: Refusal): Promise<Job> {
  const sheet = await openSheet(openTable, file, mapPoHeaders, refuse);
  return {
    sheet,
    process: async (write, collector, batchSize, onBatch) => {
      const state: PoFileState = new Map();
      const read = poRowReader(sheet.mapping);
      const report = await processSheet(
        sheet,
        'purchase_orders',
        collector,
        batchSize,
        read,
        (batch: PoRowInput[]) => applyPoBatch(write, batch, state),
        onBatch,
      );
      return { file: report, records: new Map([...state].map(([po, entry]) => [po, entry.outcome])) };
    },
  };
}

async function receiptJob(openTable: TableOpener, file: ImportFile, refuse: Refusal): Promise<Job> {
  const sheet = await openSheet(openTable, file, mapReceiptHeaders, refuse);
  return {
    sheet,
    process: async (write, collector, batchSize, onBatch) => {
      const state: ReceiptFileState = new Map();
      const report = await processSheet(
        sheet,
        'receipts',
        collector,
        batchSize,
        (row) => readReceiptRow(sheet.mapping, row),
        (batch: ReceiptRowInput[]) => applyReceiptBatch(write, batch, state),
        onBatch,
      );
      return { file: report, records: state };
    },
  };
}

export function assertCanImportRecords(principal: Principal) {
  if (!canWritePurchaseOrders(principal.role)) throw new AppError('forbidden', PO_IMPORT_ADMIN_ONLY);
}

async function applyRecordImport(
  db: Database,
  actor: AuditActor,
  request: RecordImportRequest,
  job: Job,
  options: ImportOptions,
): Promise<RecordImportReport> {
  const batchSize = options.batchSize ?? BATCH_ROWS;
  let rowsDone = 0;
  const onBatch = (rows: number) => {
    rowsDone += rows;
    options.onProgress?.(rowsDone);
  };
  try {
    return await withWriteOnce(db, actor, async (write) => {
      const { tx } = write;
      // As the shipments import: no JIT for statements on tables growing inside the transaction.
      await tx.execute(sql`set local jit = off`);
      await allowLongStatements(tx, options.statementTimeoutMs);
      await write.changeSource('import');
      const collector = new ReportCollector();
      const { file, records } = await job.process(write, collector, batchSize, onBatch);
      const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, rejected: file.counts.rejected };
      for (const outcome of records.values()) counts[outcome] += 1;
      const report: RecordImportReport = {
        kind: request.kind,
        dryRun: request.dryRun,
        file,
        records: counts,
        ...collector.lists(),
      };
      // The POs' figures do not change the report: a dry run rolls back before computing them.
      if (request.dryRun) throw new DryRunFinished(report);
      write.audit({
        action: 'create',
        entity: 'import',
        entityId: null,
        after: { kind: request.kind, fileName: file.fileName, rows: file.rows, ...file.counts, records: counts },
      });
      await write.flush();
      if (rowsDone >= ANALYZE_FROM_ROWS) await tx.execute(sql`analyze purchase_orders, purchase_order_lines`);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRunFinished) return error.report;
    throw error;
  }
}
