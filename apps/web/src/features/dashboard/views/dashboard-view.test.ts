import { describe, expect, it } from 'vitest';
import {
  type DashboardView,
  dashboardViewReducer,
  openingView,
  viewFromSearchParams,
  viewSearchParams,
} from './dashboard-view.ts';
import { DEFAULT_TABLE_VIEW } from './table-view.ts';

const opened: DashboardView = {
  ...DEFAULT_TABLE_VIEW,
  page: 4,
  report: 'default',
  importId: undefined,
  exceptions: [],
};
const filtered: DashboardView = {
  ...opened,
  searchQuery: 'bolt',
  filters: [{ column: 'forwarder_name', operator: 'contains', value: 'blue' }],
  filterLogic: 'OR',
  sortConfigs: [{ key: 'title', direction: 'asc', order: 1 }],
  pageSize: 100,
  page: 3,
  report: 'dr',
  importId: 12,
  exceptions: ['late_arrival', 'stale'],
};

describe('the dashboard view reducer', () => {
  it('sends a new search, filter, sort or page size to page 1, and keeps the page otherwise', () => {
    expect(dashboardViewReducer(opened, { type: 'search', searchQuery: 'x' })).toMatchObject({
      searchQuery: 'x',
      page: 1,
    });
    expect(dashboardViewReducer(opened, { type: 'filter', filters: [], filterLogic: 'OR' }).page).toBe(1);
    expect(dashboardViewReducer(opened, { type: 'sort', column: 'atd' })).toMatchObject({
      sortConfigs: [{ key: 'atd', direction: 'asc', order: 1 }],
      page: 1,
    });
    expect(dashboardViewReducer(opened, { type: 'pageSize', pageSize: 200 })).toMatchObject({ pageSize: 200, page: 1 });
    expect(dashboardViewReducer(opened, { type: 'page', page: 7 }).page).toBe(7);
  });

  it('drops on a tab switch the sorts of columns the tab does not show', () => {
    const sorted = { ...opened, sortConfigs: [{ key: 'cosignee_name' as const, direction: 'asc' as const, order: 1 }] };
    expect(dashboardViewReducer(sorted, { type: 'report', report: 'dr' })).toMatchObject({
      report: 'dr',
      sortConfigs: [],
      page: 1,
    });
  });

  it('resets search, filters, logic and sorts but keeps the page size; clearing the import keeps the rest', () => {
    expect(dashboardViewReducer(filtered, { type: 'reset' })).toEqual({
      ...DEFAULT_TABLE_VIEW,
      pageSize: 100,
      page: 1,
      report: 'dr',
      importId: 12,
      exceptions: ['late_arrival', 'stale'],
    });
    expect(dashboardViewReducer(filtered, { type: 'exceptions', exceptions: ['eta_slipped'] })).toEqual({
      ...filtered,
      exceptions: ['eta_slipped'],
      page: 1,
    });
    expect(dashboardViewReducer(filtered, { type: 'clearImport' })).toEqual({
      ...filtered,
      importId: undefined,
      page: 1,
    });
  });
});

describe('the dashboard view in the URL', () => {
  it('is plain for an untouched dashboard, and carries every changed part under the API names', () => {
    expect(viewSearchParams({ ...opened, page: 1 }).toString()).toBe('');
    const params = viewSearchParams(filtered);
    expect(Object.fromEntries(params)).toEqual({
      q: 'bolt',
      filters: JSON.stringify(filtered.filters),
      logic: 'OR',
      sort: JSON.stringify([{ key: 'title', direction: 'asc' }]),
      pageSize: '100',
      page: '3',
      report: 'dr',
      exception: 'late_arrival,stale',
      import: '12',
    });
  });

  it('reads back the view it wrote', () => {
    expect(openingView(viewSearchParams(filtered), () => ({ view: DEFAULT_TABLE_VIEW, position: opened }))).toEqual(
      filtered,
    );
  });

  it('falls back to the default for what is missing or wrong, never throwing', () => {
    const params = new URLSearchParams({
      filters: '[{"column":"nope","operator":"contains","value":"x"}]',
      sort: '{not json',
      logic: 'XOR',
      pageSize: '7',
      page: '-2',
      report: 'other',
      q: 'kept',
    });
    expect(viewFromSearchParams(params)).toEqual({
      ...DEFAULT_TABLE_VIEW,
      searchQuery: 'kept',
      page: 1,
      report: 'default',
    });
  });

  it('opens the saved view and place when the URL names no part of the view (an import narrows it)', () => {
    const saved = {
      view: { ...DEFAULT_TABLE_VIEW, searchQuery: 'saved' },
      position: { page: 2, report: 'dr' as const },
    };
    expect(openingView(new URLSearchParams('import=5'), () => saved)).toEqual({
      ...saved.view,
      ...saved.position,
      importId: 5,
      exceptions: [],
    });
    // Unknown kinds are dropped; the known ones keep their usual order.
    expect(openingView(new URLSearchParams('exception=stale,nope,late_arrival'), () => saved)).toEqual({
      ...saved.view,
      ...saved.position,
      importId: undefined,
      exceptions: ['late_arrival', 'stale'],
    });
    expect(openingView(new URLSearchParams('q=shared'), () => saved)).toMatchObject({ searchQuery: 'shared', page: 1 });
  });
});
