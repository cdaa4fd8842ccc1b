// How Quayside compares text, written once so the database and the reference agree byte for byte.

const UPPER_ASCII = /[A-Z]/;
const BEYOND_ASCII = /[\u0080-\uffff]/;

/**
 * Case-insensitive means ASCII letters A–Z match a–z; every other character must match exactly.
 * PostgreSQL's `lower()` under the "C" collation does exactly this on every engine and locale,
 * which keeps search, filters and sorting identical on PGlite, PostgreSQL and in the browser.
 */
export function foldCase(text: string): string {
  if (!UPPER_ASCII.test(text)) return text;
  // Without other characters, the engine's own lower-casing folds exactly these letters, faster.
  return BEYOND_ASCII.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text.toLowerCase();
}

/** Company names are compared trimmed of spaces and case-insensitively, as PostgreSQL's lower(btrim()) does. */
export const companyKey = (name: string) => foldCase(name.replace(/^ +| +$/g, ''));

/** A plain decimal: optional minus, digits, optional fraction. No spaces, exponents or thousands separators. */
export const NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;
/** The same pattern, spelled for a PostgreSQL regular expression. */
export const NUMBER_TEXT_SQL = '^-?[0-9]+(\\.[0-9]+)?$';

export const isNumberText = (text: string) => NUMBER_TEXT.test(text);

/** Exact comparison of two texts matching NUMBER_TEXT, as PostgreSQL's numeric type compares them. */
export function compareNumberTexts(a: string, b: string): number {
  const x = splitDecimal(a);
  const y = splitDecimal(b);
  if (x.sign !== y.sign) return x.sign < y.sign ? -1 : 1;
  const magnitude = compareMagnitudes(x, y);
  return x.sign < 0 ? -magnitude : magnitude;
}

function splitDecimal(text: string) {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const integer = whole.replace(/^0+/, '');
  const decimals = fraction.replace(/0+$/, '');
  const isZero = integer === '' && decimals === '';
  return { sign: isZero ? 0 : negative ? -1 : 1, integer, decimals };
}

function compareMagnitudes(x: { integer: string; decimals: string }, y: { integer: string; decimals: string }) {
  if (x.integer.length !== y.integer.length) return x.integer.length < y.integer.length ? -1 : 1;
  if (x.integer !== y.integer) return x.integer < y.integer ? -1 : 1;
  return x.decimals === y.decimals ? 0 : x.decimals < y.decimals ? -1 : 1;
}

/** Code-point order, as PostgreSQL's "C" collation orders UTF-8 text (JS `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const difference = (x.value.codePointAt(0) ?? 0) - (y.value.codePointAt(0) ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
}

/** 'YYYY-MM-DD' that names a real calendar date, or null. */
export function parseCalendarDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal && year >= 1 ? text : null;
}

/** A timestamp's UTC calendar day, as days since 1970-01-01: differences are whole days. */
export const dayNumber = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);

/** A timestamp shown as its UTC calendar date, 'YYYY-MM-DD'; empty when there is none. */
export function displayDate(iso: string | null): string {
  return iso ? new Date(iso).toISOString().slice(0, 10) : '';
}
