// The bounds every import is read within (import-limits.ts), each tried on a small generated file
// with the bound passed small; and the worker threads that read imports (table-reader-pool.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { lyingSheetBomb, sharedStringsBomb, sheetXml, workbook } from '../../testing/workbook-bomb.ts';
import { stored, zipPacked } from '../../testing/zip.ts';
import { limitMessages, type TableLimits } from './import-limits.ts';
import { EMPTY_FILE, type OpenedTable, openTable } from './table-reader.ts';
import { createTableReaderPool } from './table-reader-pool.ts';

const MiB = 1024 * 1024;
let directory: string;
let fileCount = 0;

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'import-limits-'));
});
afterAll(() => {
  fs.rmSync(directory, { recursive: true, force: true });
});

function fixture(content: string | Buffer): string {
  fileCount += 1;
  const filePath = path.join(directory, `upload-${fileCount}.bin`);
  fs.writeFileSync(filePath, content);
  return filePath;
}

async function xlsxFixture(rows: unknown[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  for (const row of rows) sheet.addRow(row);
  const filePath = fixture('');
  await book.xlsx.writeFile(filePath);
  return filePath;
}

async function readAll(table: OpenedTable) {
  const rows = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

/** Reads the whole file within `limits`; the refusal, or null when it was read. */
async function readWithin(filePath: string, limits: Partial<TableLimits>): Promise<AppError | null> {
  try {
    await readAll(await openTable(filePath, { limits }));
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

const tooLarge = (message: string) => expect.objectContaining({ kind: 'too_large', message });

describe('the bounds of an import', () => {
  it('refuses more rows than allowed, counting the header row, in CSV and XLSX', async () => {
    const rows = [['Shipment'], ...Array.from({ length: 10 }, (_, i) => [`S-${i}`])];
    const csv = fixture(rows.map((row) => row.join(',')).join('\n'));
    const xlsx = await xlsxFixture(rows);
    for (const file of [csv, xlsx]) {
      expect(await readWithin(file, { rows: 11 })).toBeNull();
      expect(await readWithin(file, { rows: 10 })).toEqual(tooLarge(limitMessages.rows(10)));
    }
    // Rows a worksheet does not number are counted all the same (empty ones too).
    const unnumbered = fixture(
      workbook({ sheet: sheetXml(`<row r="1"><c r="A1"><v>1</v></c></row>${'<row/>'.repeat(5)}`) }),
    );
    expect(await readWithin(unnumbered, { rows: 6 })).toBeNull();
    expect(await readWithin(unnumbered, { rows: 5 })).toEqual(tooLarge(limitMessages.rows(5)));
  });

  it('refuses a row of more columns than allowed', async () => {
    const csv = fixture('Shipment,B,C\nS-1,b,c,d,e,f\n');
    expect(await readWithin(csv, { columns: 6 })).toBeNull();
    expect(await readWithin(csv, { columns: 5 })).toEqual(tooLarge(limitMessages.columns(5, 2)));
    // An XLSX row is refused by its last cell's column, before its cells are laid out.
    const xlsx = fixture(
      workbook({
        sheet: sheetXml(
          '<row r="1"><c r="A1" t="inlineStr"><is><t>Shipment</t></is></c><c r="XFD1"><v>1</v></c></row>',
        ),
      }),
    );
    expect(await readWithin(xlsx, { columns: 16_383 })).toEqual(tooLarge(limitMessages.columns(16_383, 1)));
    expect(await readWithin(xlsx, {})).toBeNull();
  });

  it('refuses a cell longer than allowed (Excel holds at most 32,767 characters)', async () => {
    const long = 'x'.repeat(101);
    const csv = fixture(`Shipment,Job Notes\nS-1,${long}\n`);
    const xlsx = await xlsxFixture([
      ['Shipment', 'Job Notes'],
      ['S-1', long],
    ]);
    for (const file of [csv, xlsx]) {
      expect(await readWithin(file, { cellCharacters: 101 })).toBeNull();
      expect(await readWithin(file, { cellCharacters: 100 })).toEqual(
        tooLarge(limitMessages.cellCharacters(100, 2, 2)),
      );
    }
    const atExcelsLimit = fixture(`Shipment,Job Notes\nS-1,${'x'.repeat(32_767)}\n`);
    expect(await readWithin(atExcelsLimit, {})).toBeNull();
    const pastExcelsLimit = fixture(`Shipment,Job Notes\nS-1,${'x'.repeat(32_768)}\n`);
    expect(await readWithin(pastExcelsLimit, {})).toEqual(tooLarge(limitMessages.cellCharacters(32_767, 2, 2)));
  });

  it('refuses more shared strings than allowed, by their count and by their size', async () => {
    // 1 MiB of <si><t>a</t></si>: 61,680 strings.
    const oneMiB = fixture(sharedStringsBomb(1));
    expect(await readWithin(oneMiB, { sharedStrings: 61_680, sharedStringsBytes: 2 * MiB })).toBeNull();
    expect(await readWithin(oneMiB, { sharedStrings: 61_679 })).toEqual(tooLarge(limitMessages.sharedStrings(61_679)));
    expect(await readWithin(oneMiB, { sharedStringsBytes: MiB })).toEqual(
      tooLarge(limitMessages.sharedStringsBytes(MiB)),
    );
  });

  it('refuses a workbook of too many parts, or unpacking to more than allowed in one part or in all', async () => {
    const book = sharedStringsBomb(3);
    expect(await readWithin(fixture(book), {})).toBeNull();
    expect(await readWithin(fixture(book), { totalUnzippedBytes: 2 * MiB })).toEqual(
      tooLarge(limitMessages.totalUnzippedBytes(2 * MiB)),
    );
    expect(await readWithin(fixture(book), { entryUnzippedBytes: 2 * MiB })).toEqual(
      tooLarge(limitMessages.entryUnzippedBytes(2 * MiB, 'xl/sharedStrings.xml')),
    );
    const extras = [1, 2, 3].map((n) => stored(`docProps/extra${n}.xml`, '<x/>'));
    const manyParts = fixture(
      zipPacked([...extras, stored('xl/worksheets/sheet1.xml', sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>'))]),
    );
    expect(await readWithin(manyParts, { zipEntries: 3 })).toEqual(tooLarge(limitMessages.zipEntries(3)));
  });

  it('counts the bytes actually unpacked, not the sizes the zip declares', async () => {
    // sheet1.xml declares 1 KiB and unpacks to 8 MiB.
    const lying = fixture(lyingSheetBomb(8));
    expect(await readWithin(lying, { entryUnzippedBytes: 4 * MiB })).toEqual(
      tooLarge(limitMessages.entryUnzippedBytes(4 * MiB, 'xl/worksheets/sheet1.xml')),
    );
    expect(limitMessages.entryUnzippedBytes(4 * MiB, 'xl/worksheets/sheet1.xml')).toContain('more than 4 MiB');
  });
});

describe('reading an import in a worker thread', () => {
  const pool = createTableReaderPool({ memoryMb: 256, concurrency: 2 });

  it('hands over the headers and the rows openTable reads, numbers and dates included', async () => {
    const file = await xlsxFixture([
      ['Shipment', 'Weight', 'ETA', 'Notes'],
      ['S-1', 12.5, new Date(Date.UTC(2026, 0, 5)), null],
      ...Array.from({ length: 1200 }, (_, i) => [`S-${i + 2}`, i, null, 'n']),
    ]);
    const inThread = await pool(file);
    const here = await openTable(file);
    expect(inThread.headers).toEqual(['Shipment', 'Weight', 'ETA', 'Notes']);
    expect({ format: inThread.format, sheet: inThread.sheet }).toEqual({ format: 'xlsx', sheet: 'Data' });
    const rows = await readAll(inThread);
    expect(rows).toEqual(await readAll(here));
    expect(rows[0]?.cells).toEqual(['S-1', 12.5, new Date(Date.UTC(2026, 0, 5)), null]);
  });

  it('passes a refusal on as the same AppError', async () => {
    const empty = await pool(fixture('')).catch((error: unknown) => error);
    expect(empty).toEqual(expect.objectContaining({ kind: 'invalid', message: EMPTY_FILE }));
    expect(empty).toBeInstanceOf(AppError);
    const bomb = await pool(fixture(sharedStringsBomb(100))).catch((error: unknown) => error);
    expect(bomb).toEqual(tooLarge(limitMessages.sharedStrings(5_000_000)));
  });

  it('refuses a file needing more memory than a reader may use, and goes on reading others', async () => {
    const small = createTableReaderPool({ memoryMb: 24, concurrency: 1 });
    // Within every bound (12,000 strings, 24 MiB), but exceljs holds every shared string: 24 MB of text.
    const hungry = fixture(sharedStringsBomb(24, 'x'.repeat(2000)));
    expect(await small(hungry).catch((error: unknown) => error)).toEqual(tooLarge(limitMessages.memory(24)));
    const next = await small(fixture('Shipment\nS-1\n'));
    expect(await readAll(next)).toEqual([{ row: 2, cells: ['S-1'] }]);
  }, 60_000);

  it('reads at most `concurrency` files at once; the next waits until one is let go', async () => {
    const single = createTableReaderPool({ memoryMb: 64, concurrency: 1 });
    const first = await single(fixture('Shipment\nS-1\n'));
    let isSecondOpen = false;
    const second = single(fixture('Shipment\nS-2\n')).then((table) => {
      isSecondOpen = true;
      return table;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(isSecondOpen).toBe(false);
    await first.close();
    expect(await readAll(await second)).toEqual([{ row: 2, cells: ['S-2'] }]);
  });
});
