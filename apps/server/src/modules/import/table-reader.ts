import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { type Cell, cellText } from '@quayside/domain/import-values';
import { parse as parseCsv } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { AppError } from '../../errors.ts';
import { IMPORT_LIMITS, limitMessages, type TableLimits } from './import-limits.ts';
import { checkWorkbookBounds } from './workbook-bounds.ts';

// Reads an uploaded table (CSV or XLSX) one row at a time: an import may hold many thousands of
// rows, so neither format is ever read whole into memory.

/** A row of the sheet; `row` is its number as a spreadsheet shows it (the header being row 1). */
export type TableRow = { row: number; cells: Cell[] };

export type OpenedTable = {
  format: 'csv' | 'xlsx';
  /** The worksheet read (XLSX only). */
  sheet: string | null;
  /** The first non-empty row, as text. */
  headers: string[];
  /** The rows after the headers, empty ones left out; each has at least `headers.length` cells. */
  rows: AsyncIterable<TableRow>;
  /** Releases the file when `rows` is not read to its end (iterating it to the end, or breaking out, does it too). */
  close: () => Promise<void>;
};

export const NOT_A_TABLE = 'This file is neither a CSV file nor an Excel workbook (.xlsx).';
export const XLS_REFUSED =
  'Excel 97–2003 (.xls) workbooks cannot be read. Save the file as .xlsx or CSV and try again.';
const UTF16_REFUSED = 'This text file is UTF-16 (“Unicode Text”). Save it as CSV UTF-8 and try again.';
const NOT_UTF8_LATER = 'Part of this file is not UTF-8 text. Save it as CSV UTF-8 and try again.';
const WORKBOOK_UNREADABLE =
  'This Excel workbook could not be read: it may be damaged. Open it in Excel, save it as .xlsx and try again.';
const EMPTY_HEADERS = 'the first row must hold the column headers (Shipment, Order Ref, ...).';
export const EMPTY_FILE = `The file is empty: ${EMPTY_HEADERS}`;
const emptySheet = (sheet: string) => `The sheet "${sheet}" is empty: ${EMPTY_HEADERS}`;
const noSuchSheet = (sheet: string, sheets: string[]) =>
  `The workbook has no sheet named "${sheet}". Its sheets: ${sheets.join(', ')}.`;

/** Enough to recognise the format and the CSV delimiter without reading the whole file. */
const PREFIX_BYTES = 64 * 1024;
/** A longer CSV record is almost surely a quote never closed; refusing it bounds memory. */
const MAX_CSV_RECORD_CHARS = 1_000_000;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

export type OpenTableOptions = {
  sheet?: string | undefined;
  /** Tighter bounds than IMPORT_LIMITS (tests). */
  limits?: Partial<TableLimits> | undefined;
};

/**
 * Opens a CSV or XLSX file (told apart by its bytes, not its name) and reads up to its header row.
 * A file past one of the import's bounds (import-limits.ts) is refused with 413 as soon as it is seen.
 */
export async function openTable(filePath: string, options: OpenTableOptions = {}): Promise<OpenedTable> {
  const limits = { ...IMPORT_LIMITS, ...options.limits };
  const prefix = await readPrefix(filePath);
  if (startsWith(prefix, ZIP_MAGIC)) {
    const read = { sheet: null as string | null };
    const xlsxRows = readXlsx(filePath, options.sheet, read, limits);
    const table = await openRows(xlsxRows, limits, () => emptySheet(read.sheet ?? ''));
    return { format: 'xlsx', sheet: read.sheet, ...table };
  }
  if (startsWith(prefix, CFB_MAGIC)) throw new AppError('invalid', XLS_REFUSED);
  const delimiter = detectDelimiter(csvPrefixText(prefix));
  const table = await openRows(readCsv(filePath, delimiter), limits, () => EMPTY_FILE);
  return { format: 'csv', sheet: null, ...table };
}

async function readPrefix(filePath: string): Promise<Buffer> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(PREFIX_BYTES);
    const { bytesRead } = await file.read(buffer, 0, PREFIX_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const startsWith = (bytes: Buffer, magic: Buffer) => bytes.subarray(0, magic.length).equals(magic);

/** The prefix as text, when it is UTF-8 text without NUL bytes; refuses the file otherwise. */
function csvPrefixText(prefix: Buffer): string {
  if (prefix[0] === 0xff && prefix[1] === 0xfe) throw new AppError('invalid', UTF16_REFUSED);
  if (prefix[0] === 0xfe && prefix[1] === 0xff) throw new AppError('invalid', UTF16_REFUSED);
  if (prefix.includes(0)) throw new AppError('invalid', NOT_A_TABLE);
  try {
    // stream: a character cut at the end of the prefix is held back, not taken for bad bytes.
    return new TextDecoder('utf-8', { fatal: true }).decode(prefix, { stream: true });
  } catch {
    throw new AppError('invalid', NOT_A_TABLE);
  }
}

const DELIMITERS = [',', ';', '\t'] as const;
type Delimiter = (typeof DELIMITERS)[number];

/** The delimiter used most, outside quotes, on the first line holding anything; ',' on a tie or when none is used. */
export function detectDelimiter(text: string): Delimiter {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let isQuoted = false;
  let hasContent = false;
  for (const char of text) {
    if (char === '"') isQuoted = !isQuoted;
    else if (isQuoted) continue;
    else if (char === '\n' || char === '\r') {
      if (hasContent) break;
      continue;
    } else if (counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
    else if (char.trim() === '') continue;
    hasContent = true;
  }
  let best: Delimiter = ',';
  for (const delimiter of DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** Reads up to the header row, and hands back the rest of the rows. */
async function openRows(source: AsyncGenerator<TableRow>, limits: TableLimits, emptyMessage: () => string) {
  let rowsRead = 0;
  const next = async () => {
    const read = await source.next();
    if (read.done) return read;
    // Counted too: a worksheet's rows need not be numbered.
    rowsRead += 1;
    if (rowsRead > limits.rows) throw new AppError('too_large', limitMessages.rows(limits.rows));
    checkRow(read.value, limits);
    return read;
  };
  let first = await next();
  while (!first.done && isEmptyRow(first.value.cells)) first = await next();
  if (first.done) throw new AppError('invalid', emptyMessage());
  const headers = first.value.cells.map(cellText);
  // Formatting can leave empty cells after the last header: they name no column.
  while (headers.length > 0 && headers.at(-1) === '') headers.pop();

  async function* rows(): AsyncGenerator<TableRow> {
    try {
      for (let read = await next(); !read.done; read = await next()) {
        const tableRow = read.value;
        if (isEmptyRow(tableRow.cells)) continue;
        while (tableRow.cells.length < headers.length) tableRow.cells.push(null);
        yield tableRow;
      }
    } finally {
      await source.return(undefined);
    }
  }
  const close = async () => {
    await source.return(undefined);
  };
  return { headers, rows: rows(), close };
}

const isEmptyRow = (cells: Cell[]) => cells.every((cell) => cellText(cell) === '');

/** Refuses a row past the import's bounds (the XLSX reader checks the columns before it lays the cells out). */
function checkRow({ row, cells }: TableRow, limits: TableLimits) {
  if (row > limits.rows) throw new AppError('too_large', limitMessages.rows(limits.rows));
  if (cells.length > limits.columns) throw new AppError('too_large', limitMessages.columns(limits.columns, row));
  cells.forEach((cell, column) => {
    if (typeof cell === 'string' && cell.length > limits.cellCharacters) {
      throw new AppError('too_large', limitMessages.cellCharacters(limits.cellCharacters, row, column + 1));
    }
  });
}

// CSV

/**
 * CSV rows, numbered as a spreadsheet shows them: one row per record, blank lines included, so a
 * record whose quoted field spans several lines is still one row (a text editor's line numbers
 * differ from that record on; parse errors name the line, for the text editor).
 */
async function* readCsv(filePath: string, delimiter: Delimiter): AsyncGenerator<TableRow> {
  const parser = parseCsv({
    delimiter,
    // Any line ending, even mixed: files are often edited on more than one system.
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    trim: true,
    relax_column_count: true,
    // A quote inside an unquoted field is kept as text, as Excel does.
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_CSV_RECORD_CHARS,
    info: true,
  });
  const input = fs.createReadStream(filePath);
  // Failures surface through the parser's iteration below; this promise only must not go unhandled.
  pipeline(input, utf8Check(), parser).catch(() => {});
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
      yield { row: info.records, cells: record.map((field) => field.trim()) };
    }
  } catch (error) {
    throw csvError(error);
  } finally {
    input.destroy();
    parser.destroy();
  }
}

/** Passes the bytes on unchanged, refusing any that are not UTF-8 text (the prefix was checked, not the rest). */
function utf8Check(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return done(new AppError('invalid', NOT_UTF8_LATER));
      }
      done(chunk.includes(0) ? new AppError('invalid', NOT_UTF8_LATER) : null, chunk);
    },
    flush(done) {
      try {
        decoder.decode();
        done();
      } catch {
        done(new AppError('invalid', NOT_UTF8_LATER));
      }
    },
  });
}

function csvError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return error;
  const line = 'lines' in error && typeof error.lines === 'number' ? error.lines : null;
  const where = line === null ? '' : ` (line ${line})`;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new AppError('invalid', `A quoted field is never closed${where}. Check the quotes in that row.`);
    case 'CSV_MAX_RECORD_SIZE':
      return new AppError(
        'invalid',
        `A row is longer than ${MAX_CSV_RECORD_CHARS.toLocaleString('en-US')} characters${where}: a quote is probably never closed.`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new AppError(
        'invalid',
        `A quoted field is followed by more text${where}. A quote inside a quoted field must be doubled ("").`,
      );
    default:
      return error.code.startsWith('CSV_')
        ? new AppError('invalid', `The CSV file cannot be read${where}: ${error.message}`)
        : error;
  }
}

// XLSX

const WORKBOOK_READER_OPTIONS = {
  sharedStrings: 'cache',
  worksheets: 'emit',
  styles: 'cache',
  hyperlinks: 'ignore',
  entries: 'emit',
} as const;

/**
 * What exceljs's streaming reader knows but does not type: the workbook's sheet list (tab order)
 * and relationships, once xl/workbook.xml and its rels are read, and the 1904 date system flag.
 */
type WorkbookReaderState = {
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  properties?: { model?: { date1904?: boolean } };
};
type WorksheetState = { name?: string; iterator?: unknown };

const sameSheetName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const sheetFileOf = (target: string | undefined) => /worksheets\/sheet(\d+)\.xml$/.exec(target ?? '')?.[1] ?? null;

/** The worksheets in tab order, each with the number of its file (xl/worksheets/sheetN.xml); null until known. */
function worksheetsInTabOrder(state: WorkbookReaderState): { name: string; file: string }[] | null {
  const { model, workbookRels } = state;
  if (!model?.sheets || !workbookRels) return null;
  return model.sheets.flatMap((sheet) => {
    // Chart sheets are listed too, but hold no rows.
    const file = sheetFileOf(workbookRels.find((rel) => rel.Id === sheet.rId)?.Target);
    return file === null ? [] : [{ name: sheet.name, file }];
  });
}

/**
 * Rows of the first worksheet (in tab order), or the one named `wanted`. exceljs emits worksheets
 * in the zip's order, which need not be the tab order, and names them only once the workbook part
 * is read: each worksheet is matched by its file number, taken from the 'entry' event that
 * announces it. Three faults of exceljs's streaming reader are worked around below: it may lose
 * the zip's last entries (GUARD_ENTRY), wait for ever on a damaged entry (zipFailure), and keep a
 * temporary file open for each worksheet it is not asked past (drain, discard).
 */
async function* readXlsx(
  filePath: string,
  wanted: string | undefined,
  read: { sheet: string | null },
  limits: TableLimits,
): AsyncGenerator<TableRow> {
  const entriesEnd = await centralDirectoryOffset(filePath);
  if (entriesEnd === null) throw new AppError('invalid', WORKBOOK_UNREADABLE);
  await checkWorkbookBounds(guardedZipStream(filePath, entriesEnd), limits, (entry) => entry !== GUARD_ENTRY_NAME);
  // Loaded when first needed (0.4 s): a reader of CSV files never does.
  const { default: excel } = await import('exceljs');
  const input = guardedZipStream(filePath, entriesEnd);
  const failed = zipFailure(input);
  const reader = new excel.stream.xlsx.WorkbookReader(input, WORKBOOK_READER_OPTIONS);
  const state = reader as unknown as WorkbookReaderState;
  let announcedFile: string | null = null;
  (reader as unknown as EventEmitter).on('entry', (entry: { type: string; id?: string }) => {
    if (entry.type === 'worksheet') announcedFile = entry.id ?? null;
  });
  const seen: string[] = [];
  let isRead = false;
  const worksheets = guarded(reader, failed);
  let isFinished = false;
  try {
    for (let next = await worksheets.next(); !next.done; next = await worksheets.next()) {
      const worksheet = next.value;
      const file = announcedFile;
      const sheets = worksheetsInTabOrder(state);
      const name = sheets?.find((sheet) => sheet.file === file)?.name ?? (worksheet as WorksheetState).name ?? '';
      seen.push(name);
      const target = wanted === undefined ? sheets?.[0] : sheets?.find((sheet) => sameSheetName(sheet.name, wanted));
      const isWanted = sheets
        ? target?.file === file
        : wanted === undefined
          ? seen.length === 1
          : sameSheetName(name, wanted);
      if (isRead || !isWanted) {
        discard(worksheet);
        continue;
      }
      isRead = true;
      read.sheet = name;
      const date1904 = state.properties?.model?.date1904 === true;
      for await (const row of guarded(worksheet, failed)) {
        if (row.cellCount > limits.columns) {
          throw new AppError('too_large', limitMessages.columns(limits.columns, row.number));
        }
        yield { row: row.number, cells: rowCells(row, date1904) };
      }
    }
    isFinished = true;
  } catch (error) {
    // The reader failed and cannot go on: its temporary files stay until the process ends.
    isFinished = true;
    throw workbookError(error);
  } finally {
    // Stopped early (closed, or the caller broke off): visit the worksheets left, since exceljs
    // deletes the temporary copy of a worksheet, and closes it, only once the next one is asked for.
    if (!isFinished) await drain(worksheets);
    input.destroy();
  }
  if (isRead) return;
  // No worksheet at all, nor the workbook part: a zip, but not a workbook.
  if (!state.model) throw new AppError('invalid', NOT_A_TABLE);
  const names = worksheetsInTabOrder(state)?.map((sheet) => sheet.name) ?? seen;
  if (wanted !== undefined) throw new AppError('invalid', noSuchSheet(wanted, names));
  throw new AppError('invalid', 'The workbook has no worksheet to read.');
}

const GUARD_ENTRY_NAME = 'quayside/end-of-entries';

/**
 * exceljs's streaming reader can lose the zip's last entries (a known exceljs bug): unzipper
 * announces the end of the zip once it has read it, though exceljs has not yet taken the entries
 * read ahead, and those are often the workbook part, shared strings or styles. A dummy entry
 * after the real ones, too large to be read ahead (1 MiB of zeros, 1 KiB compressed), holds
 * unzipper back until exceljs has taken every real entry and drained the dummy.
 */
const GUARD_ENTRY = (() => {
  const content = Buffer.alloc(1024 * 1024);
  const compressed = zlib.deflateRawSync(content);
  const name = Buffer.from(GUARD_ENTRY_NAME);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt32LE(zlib.crc32(content), 14);
  header.writeUInt32LE(compressed.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, compressed]);
})();

/** The file with the guard entry between its entries and its central directory. */
function guardedZipStream(filePath: string, entriesEnd: number): Readable {
  async function* bytes() {
    yield* fs.createReadStream(filePath, { end: entriesEnd - 1 });
    yield GUARD_ENTRY;
    yield* fs.createReadStream(filePath, { start: entriesEnd });
  }
  return Readable.from(bytes(), { objectMode: false });
}

const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** The end record (22 bytes) and the longest comment it may carry. */
const END_RECORD_SEARCH_BYTES = 22 + 0xffff;

/** Where the zip's entries end and its central directory starts; null for a cut or damaged zip (or a zip64 one). */
async function centralDirectoryOffset(filePath: string): Promise<number | null> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const length = Math.min(size, END_RECORD_SEARCH_BYTES);
    const tail = Buffer.alloc(length);
    await file.read(tail, 0, length, size - length);
    const at = tail.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
    if (at < 0 || at + 22 > length) return null;
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    const isConsistent = directoryOffset >= 30 && directoryOffset + directorySize <= size - length + at;
    return isConsistent ? directoryOffset : null;
  } finally {
    await file.close();
  }
}

/** Races a read against the zip's failure. */
type ZipFailure = { race: <T>(read: Promise<T>) => Promise<T> };

/**
 * Fails the reads when unzipper fails on a damaged entry. exceljs hears of it only between
 * entries, and waits for ever on the entry being read: each read is raced against this instead.
 * exceljs pipes the input into unzipper's parser; that is where the failure is told. (Not
 * Promise.race with one pending promise: each race would leave a reaction on it, a row's worth
 * of memory kept per row read.)
 */
function zipFailure(input: Readable): ZipFailure {
  let failure: { error: unknown } | null = null;
  const reading = new Set<(error: unknown) => void>();
  const pipe = input.pipe.bind(input);
  input.pipe = ((destination: NodeJS.WritableStream, options?: { end?: boolean }) => {
    destination.on('error', (error: unknown) => {
      // Unheard of when nothing is being read at the time: the next read hears of it.
      failure ??= { error };
      for (const reject of reading) reject(error);
    });
    return pipe(destination, options);
  }) as Readable['pipe'];
  return {
    race: (read) =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure.error);
        reading.add(reject);
        read.then(resolve, reject).finally(() => reading.delete(reject));
      }),
  };
}

/** `items`, failing as soon as the zip does; left early, it closes `items`. */
async function* guarded<T>(items: AsyncIterable<T>, failed: ZipFailure): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  let isOver = false;
  try {
    for (;;) {
      const next = await failed.race(iterator.next());
      if (next.done) break;
      yield next.value;
    }
    isOver = true;
  } catch (error) {
    // A failed reader is over; closing it would wait on the read still pending.
    isOver = true;
    throw error;
  } finally {
    if (!isOver) await iterator.return?.();
  }
}

async function drain(worksheets: AsyncIterator<unknown>) {
  try {
    for (let next = await worksheets.next(); !next.done; next = await worksheets.next()) discard(next.value);
  } catch {
    // The file is being let go: a failure now changes nothing for the caller.
  }
}

/**
 * A worksheet left unread. exceljs streams a worksheet that came before the shared strings from a
 * temporary file: close that file now, or its descriptor stays open. exceljs deletes the file
 * straight after, maybe before the stream opened it: that error is expected, and must not go
 * unhandled.
 */
function discard(worksheet: unknown) {
  const source = (worksheet as WorksheetState).iterator;
  if (source instanceof Readable) source.on('error', () => {}).destroy();
}

function workbookError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  // The disk failing is our problem, not the file's.
  if (error instanceof Error && 'syscall' in error) return error;
  return new AppError('invalid', WORKBOOK_UNREADABLE);
}

/** A row's cells from column A on, gaps as null. */
function rowCells(row: ExcelJS.Row, date1904: boolean): Cell[] {
  const cells: Cell[] = Array.from({ length: row.cellCount }, () => null);
  row.eachCell((cell, column) => {
    cells[column - 1] = cellValue(cell.value, cell.numFmt, date1904);
  });
  return cells;
}

function cellValue(value: ExcelJS.CellValue, numberFormat: string | undefined, date1904: boolean): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if ('richText' in value) return richText(value.richText);
  if ('error' in value) return null;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    // exceljs turns a date-formatted number into a Date, but leaves a formula's result a number.
    if (typeof result === 'number' && isDateFormat(numberFormat)) return excelDate(result, date1904);
    return cellValue(result, undefined, date1904);
  }
  // A hyperlink: its text.
  if ('text' in value) return cellValue(value.text, undefined, date1904);
  return null;
}

/** Rich text's runs joined (exceljs may leave a run's text null). */
const richText = (runs: ExcelJS.RichText[]) =>
  runs
    .map((run) => run.text ?? '')
    .join('')
    .trim();

/** exceljs's own test: a format with a date or time part, once literal text and [colour] tags are removed. */
const isDateFormat = (format: string | undefined) =>
  format !== undefined && /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** A serial as exceljs converts it for date-formatted cells (UTC; 1904 system when the workbook uses it). */
function excelDate(serial: number, date1904: boolean): Date | null {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? null : date;
}
