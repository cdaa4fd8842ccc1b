import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, exportFileName } from './csv.ts';
import { LineItemQuery, matchesFilter, queryLineItems } from './line-item-query.ts';
import type { LineItem } from './line-items.ts';
import { compareCodePoints, compareNumberTexts, foldCase, parseCalendarDate } from './text.ts';

const base: LineItem = {
  _id: '1',
  title: 'PO-1',
  related_shipment: 'S-1',
  forwarder_name: 'Blue Anchor',
  cosignee_name: '',
  consignor_name: '',
  origin_port: '',
  destination_port: '',
  transit_type: 'SEA',
  master: '',
  house: '',
  obl_received_date: null,
  atd: null,
  dest_eta: null,
  ata: null,
  est_delivery: null,
  act_delivery: null,
  shipment_origin_etd: null,
  created: '2026-01-01T00:00:00.000Z',
  weight: null,
  outer: null,
  volume: null,
  part_numbers: [],
  parts: [],
  total_qty: 0,
  numberOfParts: 0,
  po_review_required: 4,
  ignore_po_character_count: false,
  hide_lineitem: false,
  filter_record_out: false,
};
const item = (id: number, fields: Partial<LineItem>): LineItem => ({ ...base, _id: String(id), ...fields });
const query = (wire: Record<string, string>) => LineItemQuery.parse(wire);
const titles = (rows: LineItem[]) => rows.map((row) => row.title);

describe('text semantics', () => {
  it('folds ASCII letters only', () => {
    expect(foldCase('AbC-É-ß')).toBe('abc-É-ß');
  });
  it('compares numbers exactly, whatever their digits', () => {
    expect(compareNumberTexts('10', '9')).toBe(1);
    expect(compareNumberTexts('-0', '0')).toBe(0);
    expect(compareNumberTexts('2.50', '2.5')).toBe(0);
    expect(compareNumberTexts('-3.5', '-3.25')).toBe(-1);
    expect(compareNumberTexts('12345678901234567891', '12345678901234567890')).toBe(1);
  });
  it('orders by code point, as the database does', () => {
    expect(compareCodePoints('😀', '\uffff')).toBe(1);
  });
  it('accepts only real calendar dates', () => {
    expect(parseCalendarDate('2024-02-29')).toBe('2024-02-29');
    expect(parseCalendarDate('2023-02-29')).toBeNull();
    expect(parseCalendarDate('2024-1-5')).toBeNull();
  });
});

describe('the reference query', () => {
  const rows = [
    item(1, { title: 'PO-9', dest_eta: '2026-03-01T10:00:00.000Z', transit_type: 'BCN' }),
    item(2, { title: 'po-10', dest_eta: null, part_numbers: ['X-1'] }),
    item(3, { title: '100', dest_eta: '2026-03-01T23:00:00.000Z' }),
    item(4, { title: '', dest_eta: '2026-04-01T00:00:00.000Z' }),
  ];

  it('sorts by Dest. ETA descending by default, empty last, ties oldest first', () => {
    expect(titles(queryLineItems(rows, query({})))).toEqual(['', 'PO-9', '100', 'po-10']);
  });

  it('breaks ties by line item id in the direction of the last column chosen', () => {
    const sorted = (direction: string) =>
      titles(queryLineItems(rows, query({ sort: JSON.stringify([{ key: 'forwarder_name', direction }]) })));
    // All four rows have the same forwarder.
    expect(sorted('asc')).toEqual(['PO-9', 'po-10', '100', '']);
    expect(sorted('desc')).toEqual(['', '100', 'po-10', 'PO-9']);
    const dateThenForwarder = query({
      sort: JSON.stringify([
        { key: 'dest_eta', direction: 'desc' },
        { key: 'forwarder_name', direction: 'asc' },
      ]),
    });
    expect(titles(queryLineItems(rows, dateThenForwarder))).toEqual(['', 'PO-9', '100', 'po-10']);
  });

  it('sorts text with empty first, then numbers, then case-folded text', () => {
    const ascending = queryLineItems(rows, query({ sort: JSON.stringify([{ key: 'title', direction: 'asc' }]) }));
    expect(titles(ascending)).toEqual(['', '100', 'po-10', 'PO-9']);
  });

  it('searches the displayed text of the report’s columns, case-insensitively', () => {
    expect(titles(queryLineItems(rows, query({ q: 'x-1' })))).toEqual(['po-10']);
    expect(titles(queryLineItems(rows, query({ q: 'n/a' })))).toEqual(['PO-9']);
    expect(titles(queryLineItems(rows, query({ q: '2026-03-01' })))).toEqual(['PO-9', '100']);
  });

  it('lets an empty filter value pass every row, except for isEmpty and isNotEmpty', () => {
    expect(matchesFilter(rows[0] as LineItem, { column: 'title', operator: 'equals', value: '' })).toBe(true);
    const empty = queryLineItems(rows, query({ filters: JSON.stringify([{ column: 'title', operator: 'isEmpty' }]) }));
    expect(titles(empty)).toEqual(['']);
  });

  it('compares dates by calendar day and fails invalid dates', () => {
    const on = (value: string, operator = 'equals') =>
      titles(queryLineItems(rows, query({ filters: JSON.stringify([{ column: 'dest_eta', operator, value }]) })));
    expect(on('2026-03-01')).toEqual(['PO-9', '100']);
    expect(on('2026-03-01', 'greaterThan')).toEqual(['']);
    expect(on('2026-02-30')).toEqual([]);
  });

  it('compares greaterThan numerically only when both sides are numbers', () => {
    const over = queryLineItems(
      rows,
      query({ filters: JSON.stringify([{ column: 'title', operator: 'greaterThan', value: '99' }]) }),
    );
    expect(titles(over)).toEqual(['100']);
  });

  it('combines filters with OR', () => {
    const filters = JSON.stringify([
      { column: 'title', operator: 'startsWith', value: 'po' },
      { column: 'title', operator: 'equals', value: '100' },
    ]);
    expect(titles(queryLineItems(rows, query({ filters, logic: 'OR' })))).toHaveLength(3);
    expect(titles(queryLineItems(rows, query({ filters, logic: 'AND' })))).toEqual([]);
  });
});

describe('CSV', () => {
  it('quotes every value, doubles inner quotes and neutralises formulas', () => {
    expect(csvLine(['a', 'say "hi"', '=1+1', '-2', '@x', '\tt'])).toBe(
      `"a","say ""hi""","'=1+1","'-2","'@x","'\tt"\r\n`,
    );
    expect(csvCell('')).toBe('""');
  });
  it('names the file after the day', () => {
    expect(exportFileName(new Date('2026-11-23T22:00:00Z'))).toBe('shipment-data-2026-11-23.csv');
  });
});
