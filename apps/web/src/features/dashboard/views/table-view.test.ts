import { describe, expect, it } from 'vitest';
import {
  countParamsOf,
  DEFAULT_TABLE_VIEW,
  exportParamsOf,
  importIdParam,
  isViewCustomised,
  lineItemListParams,
  parseStoredView,
  resetTableView,
  type TableView,
  type TableViewField,
  tableViewStorageKey,
} from './table-view.ts';

const view: TableView = {
  searchQuery: ' VLV-01 ',
  filters: [
    { column: 'transit_type', operator: 'equals', value: 'AIR' },
    { column: 'house', operator: 'contains', value: '' },
  ],
  filterLogic: 'OR',
  sortConfigs: [
    { key: 'atd', direction: 'desc', order: 2 },
    { key: 'title', direction: 'asc', order: 1 },
  ],
  pageSize: 100,
};

describe('the saved table view (SPEC.md §3)', () => {
  it('defaults to no search, no filters, AND, no sorts and 50 rows', () => {
    expect(DEFAULT_TABLE_VIEW).toEqual({
      searchQuery: '',
      filters: [],
      filterLogic: 'AND',
      sortConfigs: [],
      pageSize: 50,
    });
  });

  it('resets everything but the page size', () => {
    expect(resetTableView(view)).toEqual({ ...DEFAULT_TABLE_VIEW, pageSize: 100 });
    expect(isViewCustomised(resetTableView(view))).toBe(false);
    expect(isViewCustomised(view)).toBe(true);
  });

  it('keeps each user under keys of their own e-mail, or anonymous', () => {
    expect(tableViewStorageKey('Ada@Example.com', 'filters')).toBe('quayside.dashboard.ada@example.com.filters');
    expect(tableViewStorageKey('', 'pageSize')).toBe('quayside.dashboard.anonymous.pageSize');
    expect(tableViewStorageKey(null, 'searchQuery')).not.toBe(tableViewStorageKey('b@example.com', 'searchQuery'));
  });

  it('reads back what was stored', () => {
    const stored = new Map<TableViewField, unknown>(Object.entries(view) as [TableViewField, unknown][]);
    expect(parseStoredView((field) => stored.get(field))).toEqual({
      ...view,
      sortConfigs: [
        { key: 'title', direction: 'asc', order: 1 },
        { key: 'atd', direction: 'desc', order: 2 },
      ],
    });
  });

  it('falls back to the default for anything missing or malformed', () => {
    const stored: Record<string, unknown> = {
      searchQuery: 42,
      filters: [{ column: 'nope', operator: 'contains', value: '' }],
      filterLogic: 'XOR',
      sortConfigs: [null],
      pageSize: 30,
    };
    expect(parseStoredView((field) => stored[field])).toEqual(DEFAULT_TABLE_VIEW);
    expect(parseStoredView(() => undefined)).toEqual(DEFAULT_TABLE_VIEW);
  });

  it('keeps the first rank of a column stored twice', () => {
    const sortConfigs = [
      { key: 'title', direction: 'asc', order: 1 },
      { key: 'title', direction: 'desc', order: 2 },
    ];
    expect(parseStoredView((field) => (field === 'sortConfigs' ? sortConfigs : undefined)).sortConfigs).toEqual([
      { key: 'title', direction: 'asc', order: 1 },
    ]);
  });
});

describe('the query sent to GET /api/LineItems', () => {
  it('carries the trimmed search, the active filters with their logic, the ranked sort and the page', () => {
    expect(lineItemListParams(view, 3, 'dr')).toEqual({
      q: 'VLV-01',
      filters: JSON.stringify([{ column: 'transit_type', operator: 'equals', value: 'AIR' }]),
      logic: 'OR',
      sort: JSON.stringify([
        { key: 'title', direction: 'asc' },
        { key: 'atd', direction: 'desc' },
      ]),
      page: 3,
      pageSize: 100,
      report: 'dr',
    });
  });

  it('leaves out what is not set, so the server applies its defaults', () => {
    expect(lineItemListParams(DEFAULT_TABLE_VIEW, 1, 'default')).toEqual({ page: 1, pageSize: 50, report: 'default' });
  });

  it('exports the same query without paging', () => {
    expect(exportParamsOf(lineItemListParams(view, 3, 'dr'))).not.toHaveProperty('page');
    expect(exportParamsOf(lineItemListParams(view, 3, 'dr'))).not.toHaveProperty('pageSize');
    expect(exportParamsOf(lineItemListParams(view, 3, 'dr'))).toMatchObject({ q: 'VLV-01', report: 'dr' });
  });

  it('counts without paging or sort, which do not change how many rows match', () => {
    const count = countParamsOf(lineItemListParams(view, 3, 'dr', 12));
    expect(count).toEqual({
      q: 'VLV-01',
      filters: JSON.stringify([{ column: 'transit_type', operator: 'equals', value: 'AIR' }]),
      logic: 'OR',
      report: 'dr',
      importId: 12,
    });
    expect(countParamsOf(lineItemListParams({ ...view, sortConfigs: [] }, 7, 'dr', 12))).toEqual(count);
  });

  it('narrows the list and its export to one import when the URL names it', () => {
    const params = lineItemListParams(DEFAULT_TABLE_VIEW, 1, 'default', 12);
    expect(params).toEqual({ page: 1, pageSize: 50, report: 'default', importId: 12 });
    expect(exportParamsOf(params)).toEqual({ report: 'default', importId: 12 });
  });
});

describe("the dashboard's ?import=N", () => {
  it('is a whole number from 1', () => {
    expect(importIdParam('12')).toBe(12);
    expect(importIdParam(' 7 ')).toBe(7);
    for (const text of [null, '', '0', '-3', '1.5', '1e3', 'abc', '12abc', '99999999999999999'])
      expect(importIdParam(text), String(text)).toBeUndefined();
  });
});
