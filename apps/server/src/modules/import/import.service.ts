import {
  type ColumnMapping,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REPORT_ROWS,
  type ImportCounts,
  type ImportFileReport,
  type ImportReport,
  type ImportRowOutcome,
  mapPartHeaders,
  mapShipmentHeaders,
  type PartImportField,
  type ShipmentImportField,
} from '@quayside/domain/import';
import { cellText } from '@quayside/domain/import-values';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { assertCanCreateShipments } from '../../auth/visibility.ts';
import type { Database } from '../../db/client.ts';
import { imports } from '../../db/schema.ts';
import { allowLongStatements } from '../../db/statement-timeout.ts';
import { AppError } from '../../errors.ts';
import { type Write, withWriteOnce } from '../../write/with-write.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { assertCanWrite } from '../shipments/shipment-access.ts';
import { IMPORT_READER_DEFAULTS } from './import-limits.ts';
import { applyPartBatch } from './import-parts.ts';
import {
  type PartRowInput,
  type RowResult,
  readPartRow,
  readShipmentRow,
  type ShipmentRowInput,
} from './import-rows.ts';
import { analyzeAfterImport, applyShipmentBatch, type RowOutcome } from './import-shipments.ts';
import type { OpenedTable, TableRow } from './table-reader.ts';
import { createTableReaderPool, type TableOpener } from './table-reader-pool.ts';

export type ImportFile = { path: string; name: string; sheet?: string | undefined };
/** `uncheckedIdentifiers`: take the rows' container numbers and air waybills as written (the report and the import's record say so). */
export type ImportRequest = {
  shipments: ImportFile;
  parts?: ImportFile | undefined;
  dryRun: boolean;
  uncheckedIdentifiers?: boolean;
};
export type ImportOptions = {
  /** Called after each batch with the data rows processed so far (both files). */
  onProgress?: (rows: number) => void;
  /** Rows applied per round trip. */
  batchSize?: number;
  /** The import's own statement time limit (longer than a request's). */
  statementTimeoutMs?: number;
  /** Reads the files (default: worker threads with the default memory and concurrency). */
  openTable?: TableOpener;
};

/** For callers without a configuration of their own (runImport's users: tests, benchmarks). */
let defaultReader: TableOpener | null = null;
export const defaultTableReader: TableOpener = (filePath, options) => {
  defaultReader ??= createTableReaderPool(IMPORT_READER_DEFAULTS);
  return defaultReader(filePath, options);
};

export const BATCH_ROWS = 1000;
/** From this many rows on, the planner's statistics are refreshed after the import. */
export const ANALYZE_FROM_ROWS = 10_000;

/** Thrown inside the transaction to roll a dry run back; carries its report out. */
class DryRunFinished extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run finished');
  }
}

/**
 * Imports a forwarder's shipment report (and, optionally, a parts list): every row is checked
 * and applied in one transaction, all or nothing; rows that cannot be imported are rejected with
 * their reasons and the rest applied. A dry run does the same work (the dashboard's rows aside) and
 * rolls it back, so its report is what the real run will do (unless someone changes the data in between).
 */
export async function runImport(
  db: Database,
  principal: Principal,
  actor: AuditActor,
  request: ImportRequest,
  options: ImportOptions = {},
): Promise<ImportReport> {
  return (await prepareImport(principal, request, options.openTable)).run(db, actor, options);
}

/**
 * Checks the principal and opens the files, reading their headers: everything that can refuse
 * the import as a whole happens here, before any database work (and before a streamed answer starts).
 */
export async function prepareImport(
  principal: Principal,
  request: ImportRequest,
  openTable: TableOpener = defaultTableReader,
) {
  assertCanWrite(principal);
  assertCanCreateShipments(principal);
  const shipmentSheet = await openSheet(openTable, request.shipments, mapShipmentHeaders, (missing, file) =>
    missing.length > 0
      ? `${file}: no "Shipment" column. The first row must hold the column headers (Shipment, Order Ref, Forwarder Name, ...).`
      : null,
  );
  let partSheet: Sheet<PartImportField> | null = null;
  try {
    partSheet = request.parts
      ? await openSheet(openTable, request.parts, mapPartHeaders, (missing, file) =>
          missing.length > 0
            ? `${file}: no ${missing.map((field) => `"${field}"`).join(', ')} column. ` +
              'The first row of a parts list must hold the headers PO, Shipment, Part Number and Quantity.'
            : null,
        )
      : null;
  } catch (error) {
    await shipmentSheet.close();
    throw error;
  }
  return {
    run: async (db: Database, actor: AuditActor, options: ImportOptions = {}) => {
      try {
        return await applyImport(db, principal, actor, request, shipmentSheet, partSheet, options);
      } finally {
        // A failure part-way leaves the files open: let them go.
        await Promise.all([shipmentSheet.close(), partSheet?.close()]);
      }
    },
  };
}

async function applyImport(
  db: Database,
  principal: Principal,
  actor: AuditActor,
  request: ImportRequest,
  shipmentSheet: Sheet<ShipmentImportField>,
  partSheet: Sheet<PartImportField> | null,
  options: ImportOptions,
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? BATCH_ROWS;
  let rowsDone = 0;
  const onBatch = (rows: number) => {
    rowsDone += rows;
    options.onProgress?.(rowsDone);
  };
  try {
    // Once: the sheets are read as a stream, so a second run after a deadlock would find them spent.
    return await withWriteOnce(db, actor, async (write) => {
      const { tx } = write;
      // The import looks shipments up by number, a thousand at a time. The planner's estimates for
      // tables growing inside this transaction are poor: it would JIT-compile statements (seconds for
      // nothing) and probe the trigram index for equality, scanning its pending list each time
      // (measured: 0.85 s a batch against 5 ms by the btree). Bitmap scans serve only those indexes here.
      await tx.execute(sql`set local jit = off`);
      await allowLongStatements(tx, options.statementTimeoutMs);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const [record] = await tx
        .insert(imports)
        .values({
          actor_person_id: actor.personId,
          actor_email: actor.email,
          file_name: request.shipments.name,
          parts_file_name: request.parts?.name ?? null,
        })
        .returning({ id: imports.id });
      if (!record) throw new Error('import record not inserted');
      // The date history names this import as what changed each date.
      await write.changeSource(`import:${record.id}`);

      const collector = new ReportCollector();
      let lineItemsCreated = 0;
      const shipmentReport = await processSheet(
        shipmentSheet,
        'shipments',
        collector,
        batchSize,
        (tableRow) => readShipmentRow(shipmentSheet.mapping, tableRow, !request.uncheckedIdentifiers),
        async (batch: ShipmentRowInput[]) => {
          const applied = await applyShipmentBatch(write, principal, batch, record.id);
          // Each batch's audit entries are written as it ends, so memory stays bounded; the
          // dashboard's rows wait for the commit, written once with the parts below.
          await write.writeAudits();
          lineItemsCreated += applied.lineItemsCreated;
          return applied.outcomes;
        },
        onBatch,
      );
      const partReport = partSheet
        ? await processSheet(
            partSheet,
            'parts',
            collector,
            batchSize,
            (tableRow) => readPartRow(partSheet.mapping, tableRow),
            async (batch: PartRowInput[]) => {
              const { outcomes } = await applyPartBatch(write, principal, batch);
              await write.writeAudits();
              return outcomes;
            },
            onBatch,
          )
        : null;

      const report: ImportReport = {
        dryRun: request.dryRun,
        importId: request.dryRun ? null : record.id,
        uncheckedIdentifiers: request.uncheckedIdentifiers ?? false,
        shipments: shipmentReport,
        parts: partReport,
        lineItemsCreated,
        ...collector.lists(),
      };
      // The dashboard's rows do not change the report: a dry run rolls back before writing them.
      if (request.dryRun) throw new DryRunFinished(report);
      await finishRecord(write, record.id, report);
      await write.flush();
      if (rowsDone >= ANALYZE_FROM_ROWS) await analyzeAfterImport(tx);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRunFinished) return error.report;
    throw error;
  }
}

export type Sheet<Field extends string> = OpenedTable & { file: ImportFile; mapping: ColumnMapping<Field> };

export async function openSheet<Field extends string>(
  openTable: TableOpener,
  file: ImportFile,
  mapHeaders: (headers: readonly string[]) => ColumnMapping<Field>,
  refuse: (missing: Field[], fileName: string) => string | null,
): Promise<Sheet<Field>> {
  const table = await openTable(file.path, { sheet: file.sheet });
  const mapping = mapHeaders(table.headers);
  const refusal = refuse(mapping.missing, file.name);
  if (refusal) {
    await table.close();
    throw new AppError('invalid', refusal);
  }
  return { ...table, file, mapping };
}

/** Reads a sheet in batches: each row checked, the valid ones applied, every outcome counted. */
export async function processSheet<Field extends string, Input>(
  sheet: Sheet<Field>,
  name: ImportRowOutcome['sheet'],
  collector: ReportCollector,
  batchSize: number,
  read: (row: TableRow) => RowResult<Input>,
  apply: (batch: Input[]) => Promise<RowOutcome[]>,
  onBatch: (rows: number) => void,
): Promise<ImportFileReport> {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const preview: string[][] = [];
  let rows = 0;
  let pending: { row: number; result: RowResult<Input> }[] = [];
  const flush = async () => {
    const valid = pending.flatMap((entry) => (entry.result.ok ? [entry.result.value] : []));
    const applied = valid.length > 0 ? await apply(valid) : [];
    // Outcomes in file order: the invalid rows' rejections merged back between the applied rows'.
    const byRow = new Map(applied.map((outcome) => [outcome.row, outcome]));
    for (const entry of pending) {
      const outcome: RowOutcome | undefined = entry.result.ok
        ? byRow.get(entry.row)
        : { ...entry.result.rejected, outcome: 'rejected' };
      if (!outcome) throw new Error(`row ${entry.row} has no outcome`);
      counts[outcome.outcome] += 1;
      collector.add({ sheet: name, ...outcome });
    }
    onBatch(pending.length);
    pending = [];
  };
  for await (const tableRow of sheet.rows) {
    rows += 1;
    if (preview.length < IMPORT_PREVIEW_ROWS)
      preview.push(sheet.headers.map((_, i) => cellText(tableRow.cells[i] ?? null)));
    pending.push({ row: tableRow.row, result: read(tableRow) });
    if (pending.length >= batchSize) await flush();
  }
  await flush();
  return {
    fileName: sheet.file.name,
    format: sheet.format,
    sheet: sheet.sheet,
    columns: sheet.mapping.columns,
    unknownColumns: sheet.mapping.unknown,
    preview,
    rows,
    counts,
  };
}

/** Keeps the first rows' outcomes and the rejections, within the report's limits. */
export class ReportCollector {
  private rows: ImportRowOutcome[] = [];
  private rejections: ImportRowOutcome[] = [];
  private rowsPerSheet = new Map<string, number>();
  private truncated = false;

  add(outcome: ImportRowOutcome) {
    const listed = this.rowsPerSheet.get(outcome.sheet) ?? 0;
    if (listed < IMPORT_REPORT_ROWS) this.rows.push(outcome);
    else this.truncated = true;
    this.rowsPerSheet.set(outcome.sheet, listed + 1);
    if (outcome.outcome !== 'rejected') return;
    if (this.rejections.length < IMPORT_REPORT_ROWS) this.rejections.push(outcome);
    else this.truncated = true;
  }

  lists() {
    return { rows: this.rows, rejections: this.rejections, truncated: this.truncated };
  }
}

async function finishRecord(write: Write, importId: number, report: ImportReport) {
  const summary = {
    shipments: { fileName: report.shipments.fileName, rows: report.shipments.rows, ...report.shipments.counts },
    parts: report.parts ? { fileName: report.parts.fileName, rows: report.parts.rows, ...report.parts.counts } : null,
    lineItemsCreated: report.lineItemsCreated,
    uncheckedIdentifiers: report.uncheckedIdentifiers,
  };
  await write.tx.update(imports).set({ summary }).where(eq(imports.id, importId));
  write.audit({ action: 'create', entity: 'import', entityId: importId, after: summary });
}
