import type { ImportCounts, ImportFileReport, ImportReport } from '@quayside/domain/import';

// The import's report as the command line prints it.

const REJECTIONS_PRINTED = 20;
const count = (value: number) => value.toLocaleString('en-US');

/** `[#########-----------]  45%  45,000 / 100,000 rows` */
export function progressBar(done: number, total: number, width = 30) {
  const fraction = total > 0 ? Math.min(done / total, 1) : 1;
  const filled = Math.round(fraction * width);
  const percent = String(Math.round(fraction * 100)).padStart(3);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent}%  ${count(done)} / ${count(total)} rows`;
}

const countsText = (counts: ImportCounts) =>
  `${count(counts.created)} created, ${count(counts.updated)} updated, ` +
  `${count(counts.unchanged)} unchanged, ${count(counts.rejected)} rejected`;

function fileLines(label: string, file: ImportFileReport) {
  const sheet = file.sheet ? ` (sheet "${file.sheet}")` : '';
  const rows = `${count(file.rows)} ${file.rows === 1 ? 'row' : 'rows'}`;
  const lines = [`${label}: ${file.fileName}${sheet}, ${rows}: ${countsText(file.counts)}`];
  if (file.unknownColumns.length > 0) lines.push(`  Ignored columns: ${file.unknownColumns.join(', ')}`);
  return lines;
}

export function summaryLines(report: ImportReport, dashboardUrl: string) {
  const lines = [
    report.dryRun ? 'Dry run: nothing was changed. This is what the import would do.' : 'Imported.',
    ...fileLines('Shipments', report.shipments),
    `Line items: ${count(report.lineItemsCreated)} created`,
    ...(report.parts ? fileLines('Parts', report.parts) : []),
  ];
  if (report.rejections.length > 0) {
    lines.push('Rejected rows:');
    for (const rejection of report.rejections.slice(0, REJECTIONS_PRINTED)) {
      lines.push(
        `  ${rejection.sheet} row ${rejection.row} (${rejection.key || 'no key'}): ${rejection.reasons.join(' ')}`,
      );
    }
    const rejected = report.shipments.counts.rejected + (report.parts?.counts.rejected ?? 0);
    if (rejected > REJECTIONS_PRINTED) lines.push(`  ... and ${count(rejected - REJECTIONS_PRINTED)} more`);
  }
  if (report.importId !== null)
    lines.push(`Its line items on the dashboard: ${dashboardUrl}/?import=${report.importId}`);
  return lines;
}
