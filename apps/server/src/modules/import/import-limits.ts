// The bounds every import is read within, in one place (README, "Importing a forwarder's report").
// A forwarder's report is a few thousand rows; the largest legitimate import is about a million
// rows (Excel's own sheet limit is 1,048,576). Past these, a file is refused with 413 and a message
// naming the limit, before it can cost the server more than a bounded amount of memory and time.

export type TableLimits = {
  /** Spreadsheet rows, the header row included (Excel's own limit). */
  rows: number;
  /** Columns of a row (Excel's own limit: XFD). */
  columns: number;
  /** Characters of a cell (Excel's own limit). */
  cellCharacters: number;
  /** Files inside an .xlsx (a zip): a workbook holds a few dozen. */
  zipEntries: number;
  /** Bytes one file inside an .xlsx unpacks to, counted while inflating (declared sizes may lie). */
  entryUnzippedBytes: number;
  /** Bytes all files inside an .xlsx unpack to together. */
  totalUnzippedBytes: number;
  /** Distinct texts of a workbook (<si> entries of xl/sharedStrings.xml), all held in memory while reading. */
  sharedStrings: number;
  /** Bytes of xl/sharedStrings.xml, unpacked. */
  sharedStringsBytes: number;
};

const MiB = 1024 * 1024;

export const IMPORT_LIMITS: TableLimits = {
  rows: 1_048_576,
  columns: 16_384,
  cellCharacters: 32_767,
  zipEntries: 1_000,
  entryUnzippedBytes: 1024 * MiB,
  totalUnzippedBytes: 2048 * MiB,
  sharedStrings: 5_000_000,
  sharedStringsBytes: 256 * MiB,
};

/** Defaults of IMPORT_READER_MEMORY_MB and IMPORT_READERS (config.ts). */
export const IMPORT_READER_DEFAULTS = {
  /** Heap of the worker thread reading one import file: 5,000,000 shared strings fit in it. */
  memoryMb: 768,
  /** Import files read at once; more wait their turn, so reading never takes more than this × memoryMb. */
  concurrency: 2,
};

const number = (value: number) => value.toLocaleString('en-US');
const size = (bytes: number) =>
  bytes >= 1024 * MiB && bytes % (1024 * MiB) === 0
    ? `${number(bytes / (1024 * MiB))} GiB`
    : bytes >= MiB
      ? `${number(Math.round(bytes / MiB))} MiB`
      : `${number(bytes)} bytes`;
const SPLIT = 'Split it into smaller files and try again.';

export const limitMessages = {
  rows: (limit: number) =>
    `The sheet has more than ${number(limit)} rows, the most an import may hold (Excel's own limit is 1,048,576). ${SPLIT}`,
  columns: (limit: number, row: number) =>
    `Row ${number(row)} has more than ${number(limit)} columns, the most an import may hold (Excel's own limit is 16,384). ` +
    'Delete the columns past the last one used and try again.',
  cellCharacters: (limit: number, row: number, column: number) =>
    `Row ${number(row)}, column ${number(column)} holds more than ${number(limit)} characters, the most a cell may hold ` +
    "(Excel's own limit is 32,767). Shorten that cell and try again.",
  zipEntries: (limit: number) =>
    `This workbook holds more than ${number(limit)} files inside it, the most an import may hold. ` +
    'Copy the sheet into a new workbook, save it as .xlsx or CSV and try again.',
  entryUnzippedBytes: (limit: number, entry: string) =>
    `This workbook's part ${entry} unpacks to more than ${size(limit)}, the most an import may unpack. ${SPLIT}`,
  totalUnzippedBytes: (limit: number) =>
    `This workbook unpacks to more than ${size(limit)}, the most an import may unpack. ${SPLIT}`,
  sharedStrings: (limit: number) =>
    `This workbook holds more than ${number(limit)} distinct texts (shared strings), the most an import may hold. ${SPLIT}`,
  sharedStringsBytes: (limit: number) =>
    `This workbook's texts (shared strings) unpack to more than ${size(limit)}, the most an import may hold. ${SPLIT}`,
  memory: (memoryMb: number) =>
    `This file needs more memory to read than an import may use (${number(memoryMb)} MB). ${SPLIT}`,
};
