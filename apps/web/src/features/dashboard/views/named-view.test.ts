import { DEFAULT_SHOWN_COLUMNS } from '@quayside/domain/line-item-columns';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../grid/grid-layout.ts';
import type { DashboardView } from './dashboard-view.ts';
import { namedViewOf, openedNamedView } from './named-view.ts';

const view: DashboardView = {
  searchQuery: 'bolt',
  filters: [{ column: 'transit_type', operator: 'equals', value: 'SEA' }],
  filterLogic: 'OR',
  sortConfigs: [{ key: 'ata', direction: 'asc', order: 1 }],
  pageSize: 100,
  page: 4,
  report: 'dr',
  importId: 12,
  exceptions: ['late_arrival'],
};

describe('named views', () => {
  it('stores the rows asked for in the address form, without the page or an import, with the layout', () => {
    const layout = { ...DEFAULT_LAYOUT, density: 'comfortable' as const };
    expect(namedViewOf(view, layout)).toEqual({
      query: {
        q: 'bolt',
        filters: JSON.stringify(view.filters),
        logic: 'OR',
        sort: JSON.stringify([{ key: 'ata', direction: 'asc' }]),
        pageSize: '100',
        report: 'dr',
        exception: 'late_arrival',
      },
      columns: [...DEFAULT_SHOWN_COLUMNS.dr],
      density: 'comfortable',
    });
  });

  it('opens on the first page exactly what it stored, and its columns on its report', () => {
    const stored = namedViewOf(view, DEFAULT_LAYOUT);
    const opened = openedNamedView({ ...stored, columns: ['title', 'ata', 'house'] }, DEFAULT_LAYOUT);
    expect(opened.view).toEqual({ ...view, page: 1, importId: undefined });
    expect(opened.layout.columns.dr).toEqual(['title', 'ata', 'house']);
    expect(opened.layout.columns.default).toEqual(DEFAULT_LAYOUT.columns.default);
  });

  it("keeps the user's columns when the view has none, and reads what it cannot as the default", () => {
    const opened = openedNamedView(
      { query: { pageSize: '7', filters: '{' }, columns: null, density: 'compact' },
      DEFAULT_LAYOUT,
    );
    expect(opened.view).toMatchObject({ pageSize: 50, filters: [], report: 'default', page: 1 });
    expect(opened.layout).toEqual(DEFAULT_LAYOUT);
  });
});
