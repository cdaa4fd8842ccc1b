import { describe, expect, it } from 'vitest';
import { TRANS_OPTIONS, UQ_OUTER_OPTIONS } from './constants.ts';
import {
  type Cell,
  cellText,
  notAChoice,
  notADate,
  notAnAmount,
  notAQuantity,
  parseImportAmount,
  parseImportChoice,
  parseImportDate,
  parseImportQuantity,
} from './import-values.ts';
import { MAX_QUANTITY } from './parts.ts';
import { AMOUNT_MAX } from './shipments.ts';

const iso = (cell: Cell) => {
  const date = parseImportDate(cell);
  return date instanceof Date ? date.toISOString() : date;
};

describe('cellText', () => {
  it('shows each kind of cell as a person reads it', () => {
    expect(cellText('  PO 1 \t')).toBe('PO 1');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(0)).toBe('0');
    expect(cellText(null)).toBe('');
    expect(cellText(new Date('2024-03-05T00:00:00Z'))).toBe('2024-03-05');
    expect(cellText(new Date('2024-03-05T10:30:00Z'))).toBe('2024-03-05T10:30:00.000Z');
    expect(cellText(new Date('1899-12-30T00:00:00Z'))).toBe('1899-12-30');
    expect(cellText(new Date(Number.NaN))).toBe('');
  });
});

describe('parseImportDate', () => {
  it('reads empty cells as null', () => {
    expect(parseImportDate(null)).toBeNull();
    expect(parseImportDate('')).toBeNull();
    expect(parseImportDate('   ')).toBeNull();
  });

  it.each([
    ['2024-03-05', '2024-03-05T00:00:00.000Z'],
    [' 2024-03-05 ', '2024-03-05T00:00:00.000Z'],
    ['2024-03-05T08:15:00Z', '2024-03-05T08:15:00.000Z'],
    ['2024-03-05 08:15', '2024-03-05T08:15:00.000Z'],
    ['2024-03-05T08:15:00+02:00', '2024-03-05T06:15:00.000Z'],
  ])('reads ISO %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    ['05-Mar-24', '2024-03-05T00:00:00.000Z'],
    ['5-Mar-24', '2024-03-05T00:00:00.000Z'],
    ['05-MAR-24', '2024-03-05T00:00:00.000Z'],
    ['05-mar-2024', '2024-03-05T00:00:00.000Z'],
    ['5 Mar 2024', '2024-03-05T00:00:00.000Z'],
    ['31-Dec-99', '2099-12-31T00:00:00.000Z'],
    ['01-Jan-00', '2000-01-01T00:00:00.000Z'],
    ['29-Feb-24', '2024-02-29T00:00:00.000Z'],
    ['15-Sep-1901', '1901-09-15T00:00:00.000Z'],
  ])('reads DD-Mon-YY %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    ['03/05/2024', '2024-03-05T00:00:00.000Z'],
    ['3/5/2024', '2024-03-05T00:00:00.000Z'],
    ['12/31/2024', '2024-12-31T00:00:00.000Z'],
    ['02/29/2024', '2024-02-29T00:00:00.000Z'],
  ])('reads MM/DD/YYYY %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    [45292, '2024-01-01T00:00:00.000Z'],
    ['45292', '2024-01-01T00:00:00.000Z'],
    [45292.5, '2024-01-01T12:00:00.000Z'],
    ['45292.75', '2024-01-01T18:00:00.000Z'],
    [45292.1, '2024-01-01T02:24:00.000Z'],
    [61, '1900-03-01T00:00:00.000Z'],
    [59, '1900-02-28T00:00:00.000Z'],
    [1, '1900-01-01T00:00:00.000Z'],
    [1.25, '1900-01-01T06:00:00.000Z'],
  ])('reads the Excel serial %s', (serial, expected) => {
    expect(iso(serial)).toBe(expected);
  });

  it('passes an XLSX Date through', () => {
    const date = new Date('2024-03-05T10:30:00Z');
    expect(parseImportDate(date)).toBe(date);
  });

  it.each<[string, Cell]>([
    ['29 February of a common year', '29-Feb-23'],
    ['a day past the month end', '31-Apr-24'],
    ['day 0', '00-Jan-24'],
    ['an unknown month', '05-Mrz-24'],
    ['a full month name', '05-March-24'],
    ['a three-digit year', '05-Mar-024'],
    ['day first in MM/DD/YYYY', '13/01/2024'],
    ['an impossible MM/DD', '31/31/2024'],
    ['February 30th', '02/30/2024'],
    ['a two-digit year with slashes', '3/5/24'],
    ['dots', '05.03.2024'],
    ['text', 'next week'],
    ['an invalid ISO date', '2024-02-30'],
    ['a negative number', -1],
    ['serial 0', 0],
    ['a time without a day', 0.5],
    ['the fake 29 February 1900 (serial 60)', 60],
    ['serial 60 with a time', 60.5],
    ['serial 60 as text', '60'],
    ['a year past the range (serial)', 2_958_466],
    ['a year past the range (ISO)', '2200-01-01'],
    ['a year before the range', '12/31/1899'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an exponent', '4.5e4'],
    ['an invalid Date', new Date(Number.NaN)],
    ['a Date out of range', new Date('1899-12-30T00:00:00Z')],
  ])('refuses %s', (_, cell) => {
    expect(parseImportDate(cell)).toBeUndefined();
  });

  it('keeps the last day of the range and refuses the day after', () => {
    expect(iso('12/31/2199')).toBe('2199-12-31T00:00:00.000Z');
    expect(iso(109_574)).toBe('2199-12-31T00:00:00.000Z');
    expect(iso(109_575)).toBeUndefined();
  });
});

describe('parseImportAmount', () => {
  it.each<[Cell, number | null]>([
    [null, null],
    ['', null],
    ['  ', null],
    ['12', 12],
    [' 12.5 ', 12.5],
    ['.5', 0.5],
    ['0', 0],
    ['1,234.50', 1234.5],
    ['12,000', 12000],
    ['1,000,000', 1_000_000],
    [12.5, 12.5],
    [0, 0],
    [-0, 0],
    [AMOUNT_MAX, AMOUNT_MAX],
  ])('reads %s as %s', (cell, expected) => {
    expect(parseImportAmount(cell)).toBe(expected);
  });

  it.each<Cell>([
    '-1',
    -1,
    'abc',
    '12 kg',
    '1,23',
    '1,2345',
    ',123',
    '1.234,5',
    '1e3',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    AMOUNT_MAX * 10,
    String(AMOUNT_MAX * 10),
    new Date('2024-01-01T00:00:00Z'),
  ])('refuses %s', (cell) => {
    expect(parseImportAmount(cell)).toBeUndefined();
  });
});

describe('parseImportQuantity', () => {
  it.each<[Cell, number | null]>([
    [null, null],
    ['', null],
    ['12', 12],
    [12, 12],
    ['12.0', 12],
    [12.0, 12],
    ['0', 0],
    ['1,000', 1000],
    [MAX_QUANTITY, MAX_QUANTITY],
  ])('reads %s as %s', (cell, expected) => {
    expect(parseImportQuantity(cell)).toBe(expected);
  });

  it.each<Cell>(['12.5', 12.5, '-1', -1, 'abc', MAX_QUANTITY + 1, '1e3', new Date('2024-01-01T00:00:00Z')])(
    'refuses %s',
    (cell) => {
      expect(parseImportQuantity(cell)).toBeUndefined();
    },
  );
});

describe('parseImportChoice', () => {
  it('answers the canonical option for any case and spacing around it', () => {
    expect(parseImportChoice('sea', TRANS_OPTIONS)).toBe('SEA');
    expect(parseImportChoice('  Air ', TRANS_OPTIONS)).toBe('AIR');
    expect(parseImportChoice('SEA', TRANS_OPTIONS)).toBe('SEA');
  });

  it('answers empty for an empty cell and undefined for anything else', () => {
    expect(parseImportChoice(null, TRANS_OPTIONS)).toBe('');
    expect(parseImportChoice('  ', TRANS_OPTIONS)).toBe('');
    expect(parseImportChoice('BOAT', TRANS_OPTIONS)).toBeUndefined();
    expect(parseImportChoice('S E A', TRANS_OPTIONS)).toBeUndefined();
    expect(parseImportChoice(12, TRANS_OPTIONS)).toBeUndefined();
  });
});

describe('rejection messages', () => {
  it('name the field, quote the value and say what to do', () => {
    expect(notADate('ETA', '31/31/2024')).toBe(
      'ETA: "31/31/2024" is not a date. Use YYYY-MM-DD, DD-Mon-YY (05-Mar-24), MM/DD/YYYY or an Excel date.',
    );
    expect(notAnAmount('Weight', '12 kg')).toBe(
      'Weight: "12 kg" is not an amount. Use a number from 0 to 1,000,000,000,000, such as 1234.5 or 1,234.5.',
    );
    expect(notAQuantity('12.5')).toBe('Quantity: "12.5" is not a whole number.');
    expect(notAQuantity('abc')).toBe('Quantity: "abc" is not a whole number.');
    expect(notAQuantity('-1')).toBe('Quantity: "-1" is not between 0 and 1,000,000,000.');
    expect(notAQuantity('2,000,000,000')).toBe('Quantity: "2,000,000,000" is not between 0 and 1,000,000,000.');
    expect(notAChoice('Trans', 'BOAT', TRANS_OPTIONS)).toBe(
      'Trans: "BOAT" is not a known transit type. Use one of SEA, AIR, COU, ROA, BCN, LCL, LSE, RAI, FSA, UPS.',
    );
    expect(notAChoice('UQ - Outer', 'BAG', UQ_OUTER_OPTIONS)).toBe(
      'UQ - Outer: "BAG" is not one of CTN, PLT, PKG, PC, PCE, UNT, SKD, CAS, BOX, CRT.',
    );
  });

  it('cut a very long value', () => {
    const message = notADate('ETA', 'x'.repeat(500));
    expect(message).toContain(`"${'x'.repeat(57)}..."`);
    expect(message.length).toBeLessThan(200);
  });
});
