import { describe, expect, it } from 'vitest';
import { countLineBreaks, fileNameFromDisposition } from './export-csv.ts';

describe('the CSV download', () => {
  it('takes the file name the server chose', () => {
    expect(fileNameFromDisposition('attachment; filename="shipment-data-2026-01-31.csv"')).toBe(
      'shipment-data-2026-01-31.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=shipment-data-2026-01-31.csv')).toBe(
      'shipment-data-2026-01-31.csv',
    );
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });

  it('counts the lines that have arrived', () => {
    expect(countLineBreaks(new TextEncoder().encode('"PO #"\r\n"PO-1"\r\n"PO-'))).toBe(2);
    expect(countLineBreaks(new Uint8Array())).toBe(0);
  });
});
