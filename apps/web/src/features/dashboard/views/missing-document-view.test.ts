import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../grid/grid-layout.ts';
import { type DashboardView, dashboardViewReducer, openingView, viewSearchParams } from './dashboard-view.ts';
import { namedViewOf, openedNamedView } from './named-view.ts';
import { DEFAULT_TABLE_VIEW, followedViewOf, lineItemListParams } from './table-view.ts';

// The document type picked on the 'Missing documents' chip: part of the view wherever its query goes.

const view: DashboardView = {
  ...DEFAULT_TABLE_VIEW,
  searchQuery: 'bolt',
  page: 3,
  report: 'default',
  importId: undefined,
  exceptions: ['late_arrival'],
};

describe('a missing document type', () => {
  it('chooses the Missing documents chip beside it, from page 1, and goes when that chip goes', () => {
    const picked = dashboardViewReducer(view, { type: 'missingDocument', missingDocument: 'Bill of Lading' });
    expect(picked).toMatchObject({
      exceptions: ['late_arrival', 'missing_documents'],
      missingDocument: 'Bill of Lading',
      page: 1,
    });
    expect(
      dashboardViewReducer(picked, { type: 'exceptions', exceptions: ['late_arrival'] }).missingDocument,
    ).toBeUndefined();
    expect(
      dashboardViewReducer(picked, { type: 'exceptions', exceptions: ['missing_documents'] }).missingDocument,
    ).toBe('Bill of Lading');
  });

  it('is kept in the address, and an address naming it (or an unknown type) opens as it says', () => {
    const picked = dashboardViewReducer(view, { type: 'missingDocument', missingDocument: 'Packing List' });
    const address = viewSearchParams(picked);
    expect(address.get('missingDocument')).toBe('Packing List');
    expect(
      openingView(address, () => ({ view: DEFAULT_TABLE_VIEW, position: { page: 1, report: 'default' } })),
    ).toMatchObject({ missingDocument: 'Packing List', exceptions: ['late_arrival', 'missing_documents'] });
    const alone = openingView(new URLSearchParams('missingDocument=Bill+of+Lading'), () => ({
      view: DEFAULT_TABLE_VIEW,
      position: { page: 1, report: 'default' },
    }));
    expect(alone).toMatchObject({ missingDocument: 'Bill of Lading', exceptions: ['missing_documents'] });
    const unknown = openingView(new URLSearchParams('missingDocument=Passport'), () => ({
      view: DEFAULT_TABLE_VIEW,
      position: { page: 1, report: 'default' },
    }));
    expect(unknown).toMatchObject({ missingDocument: undefined, exceptions: [] });
  });

  it('is saved with a named view and a followed one', () => {
    const picked = dashboardViewReducer(view, { type: 'missingDocument', missingDocument: 'Bill of Lading' });
    const named = namedViewOf(picked, DEFAULT_LAYOUT);
    expect(named.query).toMatchObject({
      exception: 'late_arrival,missing_documents',
      missingDocument: 'Bill of Lading',
    });
    expect(openedNamedView(named, DEFAULT_LAYOUT).view).toMatchObject({ missingDocument: 'Bill of Lading' });
    const params = { ...lineItemListParams(picked, 1, 'default'), missingDocument: 'Bill of Lading' as const };
    expect(followedViewOf(params)).toMatchObject({ missingDocument: 'Bill of Lading' });
  });
});
