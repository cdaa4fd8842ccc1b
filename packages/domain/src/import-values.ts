import { MAX_QUANTITY } from './parts.ts';
import { AMOUNT_MAX, DATE_YEAR_MAX, DATE_YEAR_MIN, parseAmount, parseShipmentDate } from './shipments.ts';

// The values of an imported sheet, read leniently: people type dates and numbers the way their
// spreadsheet shows them. Shared by the server (which decides) and the web page (which previews).

/**
 * A cell as the table readers give it: CSV cells are always strings; XLSX cells are strings,
 * numbers, Dates (date-formatted cells, UTC) or null. Booleans, rich text and formulas arrive
 * as their text or result.
 */
export type Cell = string | number | Date | null;

const MS_PER_DAY = 86_400_000;

/** A cell as a person reads it: trimmed text; a Date as 'YYYY-MM-DD' at midnight UTC, else its ISO timestamp. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return String(cell);
  if (!isValidDate(cell)) return '';
  const iso = cell.toISOString();
  return cell.getTime() % MS_PER_DAY === 0 ? iso.slice(0, 10) : iso;
}

const isValidDate = (date: Date) => !Number.isNaN(date.getTime());

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** '05-Mar-24', '5 Mar 2024': how Excel and many forwarders' systems print dates. */
const DAY_MONTH_YEAR = /^(\d{1,2})[- ]([a-z]{3})[- ](\d{2}|\d{4})$/i;
/** US order, as Excel writes dates to CSV in an en-US locale. */
const MONTH_DAY_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const SERIAL_TEXT = /^\d+(\.\d+)?$/;

const pad = (value: number | string, length = 2) => String(value).padStart(length, '0');

/**
 * An imported date, or null when the cell is empty; undefined when it is not a date.
 * Accepts ISO dates and timestamps, DD-Mon-YY(YY), MM/DD/YYYY, Excel serial numbers and XLSX
 * Dates. Dates without a time are midnight UTC; every result lies in the years
 * DATE_YEAR_MIN–DATE_YEAR_MAX.
 */
export function parseImportDate(cell: Cell): Date | null | undefined {
  if (cell === null) return null;
  if (cell instanceof Date) return isValidDate(cell) && inYearRange(cell) ? cell : undefined;
  if (typeof cell === 'number') return fromExcelSerial(cell);
  const text = cell.trim();
  if (text === '') return null;
  if (SERIAL_TEXT.test(text)) return fromExcelSerial(Number(text));
  const dayMonthYear = DAY_MONTH_YEAR.exec(text);
  if (dayMonthYear) {
    const [, day = '', monthName = '', year = ''] = dayMonthYear;
    const month = MONTHS.indexOf(monthName.toLowerCase()) + 1;
    if (month === 0) return undefined;
    // A two-digit year is 2000–2099: shipment dates are recent or near, never the 1900s.
    const fullYear = year.length === 2 ? `20${year}` : year;
    return parseShipmentDate(`${fullYear}-${pad(month)}-${pad(day)}`) ?? undefined;
  }
  const monthDayYear = MONTH_DAY_YEAR.exec(text);
  if (monthDayYear) {
    const [, month = '', day = '', year = ''] = monthDayYear;
    return parseShipmentDate(`${year}-${pad(month)}-${pad(day)}`) ?? undefined;
  }
  return parseShipmentDate(text) ?? undefined;
}

const inYearRange = (date: Date) => date.getUTCFullYear() >= DATE_YEAR_MIN && date.getUTCFullYear() <= DATE_YEAR_MAX;

/**
 * Excel's 1900 date system: serial 1 is 1900-01-01 and the fraction is the time of day. Excel
 * counts a 29 February 1900 that never was (serial 60): that serial is refused, and from serial
 * 61 on, day 0 is 1899-12-30.
 */
function fromExcelSerial(serial: number): Date | undefined {
  if (!Number.isFinite(serial) || serial < 1) return undefined;
  const day = Math.floor(serial);
  if (day === 60) return undefined;
  const epoch = day > 60 ? Date.UTC(1899, 11, 30) : Date.UTC(1899, 11, 31);
  const date = new Date(epoch + day * MS_PER_DAY + Math.round((serial - day) * MS_PER_DAY));
  return inYearRange(date) ? date : undefined;
}

/** '1,234.50', '12,000': commas only in groups of three before the decimal point. */
const GROUPED_NUMBER = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/** An amount: as parseAmount, plus thousands separators and number cells. Null when empty; undefined when invalid. */
export function parseImportAmount(cell: Cell): number | null | undefined {
  if (cell === null) return null;
  if (cell instanceof Date) return undefined;
  if (typeof cell === 'number') {
    // -0 would otherwise pass the range check and print as '0' yet compare oddly.
    return Number.isFinite(cell) && cell >= 0 && cell <= AMOUNT_MAX ? cell + 0 : undefined;
  }
  const text = cell.trim();
  return parseAmount(GROUPED_NUMBER.test(text) ? text.replaceAll(',', '') : text);
}

/** A part quantity: a whole number 0..MAX_QUANTITY ('12.0' is 12). Null when empty; undefined when invalid. */
export function parseImportQuantity(cell: Cell): number | null | undefined {
  const amount = parseImportAmount(cell);
  if (amount === null || amount === undefined) return amount;
  return Number.isInteger(amount) && amount <= MAX_QUANTITY ? amount : undefined;
}

/** One of `options`, matched case-insensitively after trimming: the option's own spelling; '' when empty; undefined otherwise. */
export function parseImportChoice(cell: Cell, options: readonly string[]): string | undefined {
  const text = cellText(cell);
  if (text === '') return '';
  const wanted = text.toLowerCase();
  return options.find((option) => option.toLowerCase() === wanted);
}

// Why a value is refused: one sentence a person can act on.

/** Quotes a cell in a message; a very long cell is cut so the message stays readable. */
const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);

export const notADate = (label: string, text: string) =>
  `${label}: ${quoted(text)} is not a date. Use YYYY-MM-DD, DD-Mon-YY (05-Mar-24), MM/DD/YYYY or an Excel date.`;

export const notAnAmount = (label: string, text: string) =>
  `${label}: ${quoted(text)} is not an amount. Use a number from 0 to ${AMOUNT_MAX.toLocaleString('en-US')}, such as 1234.5 or 1,234.5.`;

/** A whole number, perhaps with separators or '.0': refused only for its size. */
const WHOLE_NUMBER_TEXT = /^-?(\d+|\d{1,3}(,\d{3})+)(\.0*)?$/;

export function notAQuantity(text: string, label = 'Quantity'): string {
  if (WHOLE_NUMBER_TEXT.test(text.trim())) {
    return `${label}: ${quoted(text)} is not between 0 and ${MAX_QUANTITY.toLocaleString('en-US')}.`;
  }
  return `${label}: ${quoted(text)} is not a whole number.`;
}

export function notAChoice(label: string, text: string, options: readonly string[]): string {
  const what = label === 'Trans' ? 'a known transit type. Use one of' : 'one of';
  return `${label}: ${quoted(text)} is not ${what} ${options.join(', ')}.`;
}
