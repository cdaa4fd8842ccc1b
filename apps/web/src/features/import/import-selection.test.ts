import { describe, expect, it } from 'vitest';
import { chooseFile, EMPTY_SELECTION, importForm, importQuery, isWorkbook } from './import-selection.ts';

const csv = new File(['Shipment\nS-1\n'], 'report.csv', { type: 'text/csv' });
const workbook = new File(['PK'], 'Report.XLSX');

describe('the import request', () => {
  it('knows a workbook by its name', () => {
    expect(isWorkbook('Report.XLSX')).toBe(true);
    expect(isWorkbook('report.csv')).toBe(false);
    expect(isWorkbook('xlsx.csv')).toBe(false);
  });

  it('names a sheet only for a workbook, and only when one is given', () => {
    const selection = { ...EMPTY_SELECTION, shipments: chooseFile(workbook), sheet: ' Q1 ', partsSheet: 'Parts' };
    expect(importQuery(selection, true)).toEqual({ dryRun: 'true', sheet: 'Q1', partsSheet: undefined });
    const withCsvParts = { ...selection, parts: chooseFile(csv) };
    expect(importQuery(withCsvParts, false)).toEqual({ dryRun: 'false', sheet: 'Q1', partsSheet: undefined });
    const blank = { ...selection, sheet: '  ', parts: chooseFile(workbook) };
    expect(importQuery(blank, false)).toEqual({ dryRun: 'false', sheet: undefined, partsSheet: 'Parts' });
  });

  it('tells two choices of the same file apart', () => {
    expect(chooseFile(csv).id).not.toBe(chooseFile(csv).id);
  });

  it('sends the shipments file, and the parts list when there is one', () => {
    expect([...importForm(csv, null).keys()]).toEqual(['shipments']);
    const form = importForm(csv, workbook);
    expect([...form.keys()]).toEqual(['shipments', 'parts']);
    expect((form.get('parts') as File).name).toBe('Report.XLSX');
  });
});
