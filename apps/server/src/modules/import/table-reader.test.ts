import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cell } from '@quayside/domain/import-values';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { zip } from '../../testing/zip.ts';
import { detectDelimiter, EMPTY_FILE, NOT_A_TABLE, type OpenedTable, openTable, XLS_REFUSED } from './table-reader.ts';

let directory: string;
let fileCount = 0;

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'table-reader-'));
});
afterAll(() => {
  fs.rmSync(directory, { recursive: true, force: true });
});

/** Writes a fixture under a neutral name: the reader must tell formats apart by their bytes. */
function fixture(content: string | Buffer): string {
  fileCount += 1;
  const filePath = path.join(directory, `upload-${fileCount}.bin`);
  fs.writeFileSync(filePath, content);
  return filePath;
}

async function xlsxFixture(build: (workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  const filePath = fixture('');
  await workbook.xlsx.writeFile(filePath);
  return filePath;
}

async function readAll(table: OpenedTable): Promise<{ row: number; cells: Cell[] }[]> {
  const rows = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe('invalid');
  return error as AppError;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const WORKSHEET_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';

/**
 * A workbook as some writers lay it out: the workbook part and shared strings first, so exceljs
 * reads worksheets straight from the zip; and the tabs reordered, so the first tab ("Summary") is
 * the second worksheet file.
 */
function handMadeWorkbook(): Buffer {
  const sheet = (rows: string) => `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;
  return zip([
    [
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
        '<sheets><sheet name="Summary" sheetId="2" r:id="rId2"/><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${WORKSHEET_REL}" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${WORKSHEET_REL}" Target="worksheets/sheet2.xml"/></Relationships>`,
    ],
    [
      'xl/sharedStrings.xml',
      `<sst xmlns="${MAIN}"><si><t>Shipment</t></si><si><t>S-DATA</t></si><si><t>S-SUMMARY</t></si></sst>`,
    ],
    [
      'xl/worksheets/sheet1.xml',
      sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>'),
    ],
    [
      'xl/worksheets/sheet2.xml',
      sheet(
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' +
          '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="C3" t="inlineStr"><is><t> inline </t></is></c></row>',
      ),
    ],
  ]);
}

describe('detectDelimiter', () => {
  it('picks the delimiter used most outside quotes on the first line with content', () => {
    expect(detectDelimiter('a,b,c\n')).toBe(',');
    expect(detectDelimiter('a;b;c\n1,5;2,5;3\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('"a;b;c",d\n')).toBe(',');
    expect(detectDelimiter('\r\n  \na;b\n')).toBe(';');
    expect(detectDelimiter('"multi\nline;;;";x;y,z')).toBe(';');
  });

  it('falls back to a comma on a tie or when there is none', () => {
    expect(detectDelimiter('Shipment\nS-1\n')).toBe(',');
    expect(detectDelimiter('a;b,c')).toBe(',');
    expect(detectDelimiter('')).toBe(',');
  });
});

describe('openTable: CSV', () => {
  it('reads a comma-separated file, trimming cells', async () => {
    const table = await openTable(fixture('Shipment, Order Ref ,ETA\nS-1,  PO-1 ,2024-01-05\nS-2,PO-2,\n'));
    expect(table).toMatchObject({ format: 'csv', sheet: null, headers: ['Shipment', 'Order Ref', 'ETA'] });
    expect(await readAll(table)).toEqual([
      { row: 2, cells: ['S-1', 'PO-1', '2024-01-05'] },
      { row: 3, cells: ['S-2', 'PO-2', ''] },
    ]);
  });

  it('reads semicolon- and tab-separated files', async () => {
    const semicolons = await openTable(fixture('Shipment;Weight\nS-1;1,5\n'));
    expect(semicolons.headers).toEqual(['Shipment', 'Weight']);
    expect(await readAll(semicolons)).toEqual([{ row: 2, cells: ['S-1', '1,5'] }]);
    const tabs = await openTable(fixture('Shipment\tJob Notes\nS-1\tsays "hi", twice\n'));
    expect(tabs.headers).toEqual(['Shipment', 'Job Notes']);
    expect(await readAll(tabs)).toEqual([{ row: 2, cells: ['S-1', 'says "hi", twice'] }]);
  });

  it('strips a UTF-8 byte order mark and reads accented text', async () => {
    const withBom = await openTable(fixture(Buffer.from('\uFEFFShipment,Consignee Name\nS-1,Société Générale\n')));
    expect(withBom.headers).toEqual(['Shipment', 'Consignee Name']);
    expect(await readAll(withBom)).toEqual([{ row: 2, cells: ['S-1', 'Société Générale'] }]);
  });

  it('reads quoted fields holding delimiters, doubled quotes and line breaks, with CRLF', async () => {
    const csv =
      'Shipment,Job Notes,Order Ref\r\n"S-1","a, b and ""c""","PO-1,PO-2"\r\nS-2,"two\r\nlines",\r\nS-3,x,y\r\n';
    const table = await openTable(fixture(csv));
    expect(await readAll(table)).toEqual([
      { row: 2, cells: ['S-1', 'a, b and "c"', 'PO-1,PO-2'] },
      { row: 3, cells: ['S-2', 'two\r\nlines', ''] },
      // A record spanning lines is one spreadsheet row.
      { row: 4, cells: ['S-3', 'x', 'y'] },
    ]);
  });

  it('skips blank rows but counts them, as a spreadsheet shows them', async () => {
    const csv = '\n\nShipment,ETA\n\nS-1,x\n,,\n   \nS-2,y\n\n';
    const table = await openTable(fixture(csv));
    expect(table.headers).toEqual(['Shipment', 'ETA']);
    expect((await readAll(table)).map((row) => [row.row, row.cells[0]])).toEqual([
      [5, 'S-1'],
      [8, 'S-2'],
    ]);
  });

  it('pads short rows to the headers and keeps the cells of long ones', async () => {
    const table = await openTable(fixture('Shipment,Origin,ETA,,\nS-1\nS-2,A,B,C,D\n'));
    expect(table.headers).toEqual(['Shipment', 'Origin', 'ETA']);
    expect(await readAll(table)).toEqual([
      { row: 2, cells: ['S-1', null, null] },
      { row: 3, cells: ['S-2', 'A', 'B', 'C', 'D'] },
    ]);
  });

  // The parser reads ahead: a malformed row may be refused while the headers are read, or later.
  const readFile = async (filePath: string) => readAll(await openTable(filePath));

  it('refuses an unclosed quote, naming the line', async () => {
    const error = await refusal(readFile(fixture('Shipment,Job Notes\nS-1,ok\nS-2,"never closed\nS-3,x\n')));
    expect(error.message).toMatch(/^A quoted field is never closed \(line \d+\)/);
  });

  it('refuses text after a closing quote, naming the line', async () => {
    const error = await refusal(readFile(fixture('Shipment,Job Notes\nS-1,"quoted"text\n')));
    expect(error.message).toBe(
      'A quoted field is followed by more text (line 2). A quote inside a quoted field must be doubled ("").',
    );
  });

  it('refuses a row so long that a quote must be missing', async () => {
    const csv = `Shipment,Job Notes\nS-1,"${'x'.repeat(1_100_000)}\n`;
    expect((await refusal(readFile(fixture(csv)))).message).toContain('a quote is probably never closed');
  });

  it('keeps a quote inside an unquoted field as text', async () => {
    const table = await openTable(fixture('Shipment,Container #\nS-1,40" HC\n'));
    expect(await readAll(table)).toEqual([{ row: 2, cells: ['S-1', '40" HC'] }]);
  });

  it('accepts a character cut by the end of the first 64 KiB', async () => {
    // Many rows, as a cell may hold no more than 32,767 characters.
    const header = `Shipment,Job Notes\n${'S-0,notes\n'.repeat(6000)}`;
    const filler = 'x'.repeat(64 * 1024 - header.length - 'S-1,'.length - 1);
    const csv = Buffer.from(`${header}S-1,${filler}é\n`);
    expect(csv[64 * 1024 - 1]).toBe(0xc3);
    const rows = await readAll(await openTable(fixture(csv)));
    expect(rows.at(-1)?.cells[1]).toBe(`${filler}é`);
  });

  it('refuses bytes that are not UTF-8 further on, while reading', async () => {
    const start = Buffer.from(`Shipment,Job Notes\n${'S-1,notes\n'.repeat(10_000)}`);
    const table = await openTable(fixture(Buffer.concat([start, Buffer.from([0x53, 0x2c, 0xe9, 0x0a])])));
    expect((await refusal(readAll(table))).message).toContain('not UTF-8 text');
  });

  it('refuses an empty file and a file of blank rows', async () => {
    expect((await refusal(openTable(fixture('')))).message).toBe(EMPTY_FILE);
    expect((await refusal(openTable(fixture('\r\n\n , ,\n,,\n"",\n')))).message).toBe(EMPTY_FILE);
  });

  it('streams a 50,000-row file', async () => {
    const lines = Array.from({ length: 50_000 }, (_, index) => `S-${index},PO-${index},2024-01-05,12.5\n`);
    const table = await openTable(fixture(`Shipment,Order Ref,ETA,Weight\n${lines.join('')}`));
    let count = 0;
    let last = 0;
    for await (const row of table.rows) {
      count += 1;
      last = row.row;
    }
    expect(count).toBe(50_000);
    expect(last).toBe(50_001);
  });

  it('can be closed without reading the rows', async () => {
    const table = await openTable(fixture('Shipment\nS-1\nS-2\n'));
    await table.close();
    expect(await readAll(table)).toEqual([]);
  });
});

describe('openTable: refused files', () => {
  it('refuses binary garbage', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 97 + 13) % 256));
    expect((await refusal(openTable(fixture(garbage)))).message).toBe(NOT_A_TABLE);
    // Not UTF-8, though without a NUL byte (a Latin-1 file, say).
    expect((await refusal(openTable(fixture(Buffer.from([0x53, 0xe9, 0x2c, 0x41, 0x0a]))))).message).toBe(NOT_A_TABLE);
  });

  it('refuses an Excel 97–2003 workbook', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect((await refusal(openTable(fixture(xls)))).message).toBe(XLS_REFUSED);
  });

  it('refuses UTF-16 text, saying how to save it', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Shipment\tETA\r\n', 'utf16le')]);
    expect((await refusal(openTable(fixture(utf16)))).message).toContain('Save it as CSV UTF-8');
  });

  it('refuses a zip that is not a workbook', async () => {
    const document = zip([['word/document.xml', '<document/>']]);
    expect((await refusal(openTable(fixture(document)))).message).toBe(NOT_A_TABLE);
  });

  it('refuses a workbook cut short', async () => {
    const whole = fs.readFileSync(await xlsxFixture((workbook) => workbook.addWorksheet('A').addRow(['Shipment'])));
    const message = (await refusal(openTable(fixture(whole.subarray(0, whole.length / 2))))).message;
    expect(message).toContain('could not be read');
  });

  it('refuses a workbook whose parts are damaged', async () => {
    const damaged = fs.readFileSync(await xlsxFixture((workbook) => workbook.addWorksheet('A').addRow(['Shipment'])));
    // Garble the compressed workbook relationships, which come before the worksheets (exceljs
    // would leave its temporary copy of a worksheet behind when failing after it).
    const at = damaged.indexOf('xl/_rels/workbook.xml.rels') + 'xl/_rels/workbook.xml.rels'.length;
    damaged.fill(0xff, at, at + 40);
    expect((await refusal(openTable(fixture(damaged)))).message).toContain('could not be read');
  });
});

describe('openTable: XLSX', () => {
  const twoSheets = () =>
    xlsxFixture((workbook) => {
      const first = workbook.addWorksheet('Shipments');
      first.addRow(['Shipment', 'Origin']);
      first.addRow(['S-1', 'Shanghai']);
      const second = workbook.addWorksheet('Parts List');
      second.addRow(['PO', 'Part Number']);
      second.addRow(['PO-1', 'P-9']);
    });

  it('reads the first worksheet', async () => {
    const table = await openTable(await twoSheets());
    expect(table).toMatchObject({ format: 'xlsx', sheet: 'Shipments', headers: ['Shipment', 'Origin'] });
    expect(await readAll(table)).toEqual([{ row: 2, cells: ['S-1', 'Shanghai'] }]);
  });

  it('reads a sheet by name, whatever its case and surrounding spaces', async () => {
    const file = await twoSheets();
    const table = await openTable(file, { sheet: 'Parts List' });
    expect(table).toMatchObject({ sheet: 'Parts List', headers: ['PO', 'Part Number'] });
    expect(await readAll(table)).toEqual([{ row: 2, cells: ['PO-1', 'P-9'] }]);
    const folded = await openTable(file, { sheet: '  parts list ' });
    expect(folded.sheet).toBe('Parts List');
    await folded.close();
  });

  it('refuses a sheet name the workbook does not have, listing its sheets', async () => {
    const error = await refusal(openTable(await twoSheets(), { sheet: 'Summary' }));
    expect(error.message).toBe('The workbook has no sheet named "Summary". Its sheets: Shipments, Parts List.');
  });

  it('gives each kind of cell as a Cell', async () => {
    const file = await xlsxFixture((workbook) => {
      const sheet = workbook.addWorksheet('Kinds');
      sheet.addRow(['Shipment', 'ETA', 'Weight', 'Notes', 'Computed', 'Flag', 'Link', 'Broken', 'Later', 'Text']);
      const row = sheet.getRow(2);
      row.getCell(1).value = '  S-1  ';
      row.getCell(2).value = new Date(Date.UTC(2024, 2, 5));
      row.getCell(3).value = 1234.5;
      row.getCell(4).value = { richText: [{ text: 'Rich ' }, { text: 'text', font: { bold: true } }] };
      row.getCell(5).value = { formula: 'C2*2', result: 2469 };
      row.getCell(6).value = true;
      row.getCell(7).value = { text: 'Tracking', hyperlink: 'https://example.com/track' };
      row.getCell(8).value = { error: '#N/A' };
      row.getCell(9).value = { formula: 'B2+1', result: 45357 };
      row.getCell(9).numFmt = 'dd-mmm-yy';
      row.getCell(10).value = { formula: 'A2&"!"', result: 'S-1!' };
      row.commit();
    });
    const table = await openTable(file);
    const [row] = await readAll(table);
    expect(row?.cells).toEqual([
      'S-1',
      new Date('2024-03-05T00:00:00.000Z'),
      1234.5,
      'Rich text',
      2469,
      'TRUE',
      'Tracking',
      null,
      new Date('2024-03-06T00:00:00.000Z'),
      'S-1!',
    ]);
  });

  it('numbers rows as the sheet does, skipping empty ones and gaps, header anywhere', async () => {
    const file = await xlsxFixture((workbook) => {
      const sheet = workbook.addWorksheet('Gaps');
      sheet.getCell('B3').value = 'Shipment';
      sheet.getCell('C3').value = 'ETA';
      sheet.getCell('B4').value = 'S-1';
      sheet.getCell('D5').value = '   ';
      sheet.getCell('C7').value = 'only ETA';
    });
    const table = await openTable(file);
    expect(table.headers).toEqual(['', 'Shipment', 'ETA']);
    expect(await readAll(table)).toEqual([
      { row: 4, cells: [null, 'S-1', null] },
      { row: 7, cells: [null, null, 'only ETA'] },
    ]);
  });

  it('refuses an empty sheet', async () => {
    const file = await xlsxFixture((workbook) => {
      workbook.addWorksheet('Blank');
      workbook.addWorksheet('Other').addRow(['Shipment']);
    });
    expect((await refusal(openTable(file))).message).toContain('The sheet "Blank" is empty');
  });

  it('reads the first tab when it is not the first worksheet file, streaming straight from the zip', async () => {
    const file = fixture(handMadeWorkbook());
    const table = await openTable(file);
    expect(table).toMatchObject({ sheet: 'Summary', headers: ['Shipment'] });
    expect(await readAll(table)).toEqual([{ row: 3, cells: ['S-SUMMARY', null, 'inline'] }]);
    const data = await openTable(file, { sheet: 'DATA' });
    expect(data.sheet).toBe('Data');
    expect(await readAll(data)).toEqual([{ row: 2, cells: ['S-DATA'] }]);
    const error = await refusal(openTable(file, { sheet: 'Parts' }));
    expect(error.message).toBe('The workbook has no sheet named "Parts". Its sheets: Summary, Data.');
  });

  it('can be closed without reading the rows', async () => {
    const table = await openTable(await twoSheets());
    await table.close();
    expect(await readAll(table)).toEqual([]);
  });
});
