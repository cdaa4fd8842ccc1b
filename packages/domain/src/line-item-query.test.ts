import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, exportFileName } from './csv.ts';
import { operatorsFor } from './line-item-columns.ts';
import {
  changeWindows,
  LineItemQuery,
  matchesFilter,
  type QueryMoment,
  queryLineItems,
  valueBefore,
} from './line-item-query.ts';
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

describe("the date columns' relative filters (as of a UTC day, kept relative)", () => {
  const rows = [
    item(1, { title: 'yesterday', dest_eta: '2026-03-09T23:30:00.000Z', related_shipment: 'S-1' }),
    item(2, { title: 'today', dest_eta: '2026-03-10T00:00:00.000Z', related_shipment: 'S-2' }),
    item(3, { title: 'in a week', dest_eta: '2026-03-17T12:00:00.000Z', related_shipment: 'S-3' }),
    item(4, { title: 'in eight days', dest_eta: '2026-03-18T00:00:00.000Z', related_shipment: 'S-4' }),
    item(5, { title: 'none', dest_eta: null, related_shipment: 'S-5' }),
  ];
  const moment = (today: string, dateChanges: QueryMoment['dateChanges'] = []): QueryMoment => ({
    today,
    now: `${today}T12:00:00.000Z`,
    dateChanges,
  });
  const matching = (operator: string, value = '', today = '2026-03-10', changes: QueryMoment['dateChanges'] = []) =>
    titles(
      queryLineItems(
        rows,
        query({
          filters: JSON.stringify([{ column: 'dest_eta', operator, value }]),
          sort: '[{"key":"dest_eta","direction":"asc"}]',
        }),
        moment(today, changes),
      ),
    );

  it('offers them on date columns only, beside the operators every column has', () => {
    expect(operatorsFor('date')).toContain('inNextDays');
    expect(operatorsFor('text')).not.toContain('inNextDays');
    expect(operatorsFor('number')).toContain('greaterThan');
    expect(() => query({ filters: JSON.stringify([{ column: 'title', operator: 'between', value: '' }]) })).toThrow(
      'The operator between applies to date columns only, and title is not one.',
    );
  });

  it('counts both ends: in the next 7 days is today to today + 7, in the last 1 day is yesterday and today', () => {
    expect(matching('inNextDays', '7')).toEqual(['today', 'in a week']);
    expect(matching('inNextDays', '0')).toEqual(['today']);
    expect(matching('inLastDays', '1')).toEqual(['yesterday', 'today']);
    expect(matching('isToday')).toEqual(['today']);
    expect(matching('beforeToday')).toEqual(['yesterday']);
    expect(matching('between', '2026-03-10/2026-03-17')).toEqual(['today', 'in a week']);
  });

  it('means the days of the day it is asked: the same filter a day later moves with it', () => {
    expect(matching('inNextDays', '7', '2026-03-11')).toEqual(['in a week', 'in eight days']);
    expect(matching('isToday', '', '2026-03-18')).toEqual(['in eight days']);
  });

  it('lets a filter with no value pass every row, as every operator does, but is today needs none', () => {
    expect(matching('inNextDays', '')).toHaveLength(5);
    expect(matching('between', '')).toHaveLength(5);
    expect(matching('isToday', '')).toEqual(['today']);
  });

  it('refuses a number of days it cannot take, and two dates out of order, saying how to write them', () => {
    const refused = (operator: string, value: string) => () =>
      query({ filters: JSON.stringify([{ column: 'dest_eta', operator, value }]) });
    expect(refused('inNextDays', '-1')).toThrow('The operator inNextDays takes a whole number of days from 0 to 3650.');
    expect(refused('inNextDays', '7.5')).toThrow('from 0 to 3650');
    expect(refused('changedInLastHours', '0')).toThrow(
      'The operator changedInLastHours takes a whole number of hours from 1 to 87600.',
    );
    expect(refused('between', '2026-03-17/2026-03-10')).toThrow(
      'The operator between takes two dates as YYYY-MM-DD/YYYY-MM-DD, the first not after the second.',
    );
    expect(refused('between', '2026-03-10')).toThrow('YYYY-MM-DD/YYYY-MM-DD');
  });

  it("finds the dates changed in the last N hours or days by the shipment's date history", () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    const changes = [
      { shipment: 'S-1', field: 'dest_eta', oldValue: '2026-03-05T00:00:00.000Z', at: hoursAgo(30) },
      { shipment: 'S-2', field: 'dest_eta', oldValue: '2026-03-03T00:00:00.000Z', at: hoursAgo(24) },
      { shipment: 'S-2', field: 'dest_eta', oldValue: '2026-03-04T00:00:00.000Z', at: hoursAgo(2) },
      { shipment: 'S-3', field: 'ata', oldValue: null, at: hoursAgo(1) },
    ];
    expect(matching('changedInLastHours', '24', '2026-03-10', changes)).toEqual(['today']);
    expect(matching('changedInLastDays', '2', '2026-03-10', changes)).toEqual(['yesterday', 'today']);
    // What it was: its value before the first change in the window.
    const since = changeWindows([{ column: 'dest_eta', operator: 'changedInLastHours', value: '24' }], hoursAgo(0));
    expect(since).toEqual({ dest_eta: hoursAgo(24) });
    expect(valueBefore(rows[1] as LineItem, 'dest_eta', hoursAgo(24), changes)).toBe('2026-03-03T00:00:00.000Z');
    expect(valueBefore(rows[1] as LineItem, 'dest_eta', hoursAgo(3), changes)).toBe('2026-03-04T00:00:00.000Z');
    expect(valueBefore(rows[2] as LineItem, 'dest_eta', hoursAgo(24), changes)).toBeUndefined();
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
