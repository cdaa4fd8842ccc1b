import type { ImportFileReport, ImportReport } from '@quayside/domain/import';
import { describe, expect, it } from 'vitest';
import { countLines, progressPercent, progressText, totalRowsOf, wouldChange } from './import-report.ts';

const fileReport = (rows: number, counts: ImportFileReport['counts']): ImportFileReport => ({
  fileName: 'report.csv',
  format: 'csv',
  sheet: null,
  columns: [],
  unknownColumns: [],
  preview: [],
  rows,
  counts,
});
const none = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
const dryRun: ImportReport = {
  dryRun: true,
  uncheckedIdentifiers: false,
  importId: null,
  shipments: fileReport(3, { created: 2, updated: 0, unchanged: 0, rejected: 1 }),
  parts: null,
  lineItemsCreated: 2,
  rows: [],
  rejections: [],
  truncated: false,
};

describe('progress', () => {
  it('counts the rows of both files', () => {
    expect(totalRowsOf(dryRun)).toBe(3);
    expect(totalRowsOf({ ...dryRun, parts: fileReport(5, none) })).toBe(8);
  });

  it('is a whole percent within 0–100', () => {
    expect(progressPercent(0, 8)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(8, 8)).toBe(100);
    expect(progressPercent(9, 8)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(Number.NaN, 8)).toBe(0);
  });
});

describe('wouldChange', () => {
  it('is true when anything would be created or updated', () => {
    expect(wouldChange(dryRun)).toBe(true);
    const onlyParts = { ...dryRun, shipments: fileReport(1, { ...none, unchanged: 1 }), lineItemsCreated: 0 };
    expect(wouldChange(onlyParts)).toBe(false);
    expect(wouldChange({ ...onlyParts, parts: fileReport(1, { ...none, updated: 1 }) })).toBe(true);
    expect(wouldChange({ ...onlyParts, lineItemsCreated: 1 })).toBe(true);
  });

  it('is false when every row is unchanged or rejected', () => {
    const shipments = fileReport(2, { ...none, unchanged: 1, rejected: 1 });
    expect(
      wouldChange({ ...dryRun, shipments, lineItemsCreated: 0, parts: fileReport(1, { ...none, rejected: 1 }) }),
    ).toBe(false);
  });
});

describe('countLines', () => {
  it('says what a dry run would do', () => {
    expect(countLines(dryRun)).toEqual([
      { label: 'Shipments', text: '2 to create, 0 to update, 0 unchanged, 1 rejected' },
      { label: 'Line items', text: '2 new' },
    ]);
  });

  it('says what the import did, with parts when a list was sent', () => {
    const imported = {
      ...dryRun,
      dryRun: false,
      uncheckedIdentifiers: false,
      importId: 4,
      parts: fileReport(2, { ...none, created: 1, updated: 1 }),
    };
    expect(countLines(imported)).toEqual([
      { label: 'Shipments', text: '2 created, 0 updated, 0 unchanged, 1 rejected' },
      { label: 'Line items', text: '2 new' },
      { label: 'Parts', text: '1 created, 1 updated, 0 unchanged, 0 rejected' },
    ]);
  });
});

describe('progressText', () => {
  it('counts the rows read, then says the dashboard is being brought up to date', () => {
    expect(progressText(0, 8)).toBe('0 of 8 rows processed');
    expect(progressText(3, 8)).toBe('3 of 8 rows processed');
    expect(progressText(8, 8)).toBe('8 of 8 rows processed; updating the dashboard...');
    expect(progressText(9, 8)).toBe('8 of 8 rows processed; updating the dashboard...');
  });
});
