import type { ImportCounts, ImportReport, ImportRowOutcome } from '@quayside/domain/import';
import { RECORD_IMPORT_TEXTS, type RecordImportReport } from '@quayside/domain/record-import';

// What the page says about a report: the same words before (a dry run) and after the import.

/** Data rows of both files: the real import's progress counts up to this. */
export const totalRowsOf = (report: ImportReport) => report.shipments.rows + (report.parts?.rows ?? 0);

/** Whole percent of `rowsDone` out of `totalRows`, within 0–100 (0 while the total is unknown). */
export function progressPercent(rowsDone: number, totalRows: number): number {
  if (!(totalRows > 0) || !(rowsDone > 0)) return 0;
  return Math.min(100, Math.floor((rowsDone / totalRows) * 100));
}

/**
 * What the progress bar says. Once every row is read the import still writes the dashboard's rows
 * of every line item it changed, before its commit (seconds for a large file): say so, rather than
 * sit at "N of N".
 */
export function progressText(rowsDone: number, totalRows: number): string {
  if (totalRows > 0 && rowsDone >= totalRows) {
    return `${totalRows} of ${totalRows} rows processed; updating the dashboard...`;
  }
  return `${Math.min(rowsDone, totalRows)} of ${totalRows} rows processed`;
}

/** Import is worth running only when it would create or update something. */
export function wouldChange(report: ImportReport): boolean {
  const changes = (counts: ImportCounts | undefined) => (counts ? counts.created + counts.updated : 0);
  return changes(report.shipments.counts) + changes(report.parts?.counts) + report.lineItemsCreated > 0;
}

function countsText({ created, updated, unchanged, rejected }: ImportCounts, isDryRun: boolean, withRejected = true) {
  const text = isDryRun
    ? `${created} to create, ${updated} to update, ${unchanged} unchanged`
    : `${created} created, ${updated} updated, ${unchanged} unchanged`;
  return withRejected ? `${text}, ${rejected} rejected` : text;
}

export type CountLine = { label: string; text: string };

/** 'Shipments: 2 to create, 0 to update, 0 unchanged, 1 rejected', then line items, then parts if a list was sent. */
export function countLines(report: ImportReport): CountLine[] {
  const lines: CountLine[] = [
    { label: 'Shipments', text: countsText(report.shipments.counts, report.dryRun) },
    { label: 'Line items', text: `${report.lineItemsCreated} new` },
  ];
  if (report.parts) lines.push({ label: 'Parts', text: countsText(report.parts.counts, report.dryRun) });
  return lines;
}

export const SHEET_LABELS: Record<ImportRowOutcome['sheet'], string> = {
  shipments: 'Shipments',
  parts: 'Parts',
  purchase_orders: 'Purchase orders',
  receipts: 'Receipts',
};

/** 'Purchase orders: 2 to create, …', then the rows: 'PO lines: 3 to create, …, 1 rejected'. */
export function recordCountLines(report: RecordImportReport): CountLine[] {
  const texts = RECORD_IMPORT_TEXTS[report.kind];
  return [
    { label: texts.records, text: countsText(report.records, report.dryRun, false) },
    { label: texts.rows, text: countsText(report.file.counts, report.dryRun) },
  ];
}

/** A record import is worth running only when it would create or update something. */
export const recordWouldChange = (report: RecordImportReport) =>
  report.file.counts.created + report.file.counts.updated > 0;
