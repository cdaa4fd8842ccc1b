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
    const checked = { uncheckedIdentifiers: 'false' };
    expect(importQuery(selection, true)).toEqual({ dryRun: 'true', ...checked, sheet: 'Q1', partsSheet: undefined });
    const withCsvParts = { ...selection, parts: chooseFile(csv) };
    expect(importQuery(withCsvParts, false)).toEqual({
      dryRun: 'false',
      ...checked,
      sheet: 'Q1',
      partsSheet: undefined,
    });
    const blank = { ...selection, sheet: '  ', parts: chooseFile(workbook) };
    expect(importQuery(blank, false)).toEqual({ dryRun: 'false', ...checked, sheet: undefined, partsSheet: 'Parts' });
  });

  it('checks container numbers and air waybills unless asked not to, in the dry run and the import alike', () => {
    const selection = { ...EMPTY_SELECTION, shipments: chooseFile(csv) };
    expect(EMPTY_SELECTION.uncheckedIdentifiers).toBe(false);
    expect(importQuery(selection, true).uncheckedIdentifiers).toBe('false');
    const unchecked = { ...selection, uncheckedIdentifiers: true };
    expect(importQuery(unchecked, true)).toEqual({ ...importQuery(unchecked, false), dryRun: 'true' });
    expect(importQuery(unchecked, false).uncheckedIdentifiers).toBe('true');
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
