import { describe, expect, it } from 'vitest';
import {
  cycleSort,
  renumber,
  type SortConfig,
  shownSorts,
  sortButtonName,
  sortSummary,
  sortsWithin,
  toSortRules,
} from './sort-rules.ts';

describe('the header click cycle (SPEC.md §4)', () => {
  it('goes unsorted -> ascending -> descending -> removed', () => {
    const ascending = cycleSort([], 'title');
    expect(ascending).toEqual([{ key: 'title', direction: 'asc', order: 1 }]);
    const descending = cycleSort(ascending, 'title');
    expect(descending).toEqual([{ key: 'title', direction: 'desc', order: 1 }]);
    expect(cycleSort(descending, 'title')).toEqual([]);
  });

  it('ranks a second column after the first and renumbers when one is removed', () => {
    const two = cycleSort(cycleSort([], 'title'), 'related_shipment');
    expect(two).toEqual([
      { key: 'title', direction: 'asc', order: 1 },
      { key: 'related_shipment', direction: 'asc', order: 2 },
    ]);
    const removed = cycleSort(cycleSort(two, 'title'), 'title');
    expect(removed).toEqual([{ key: 'related_shipment', direction: 'asc', order: 1 }]);
  });

  it('keeps the rank of a column whose direction changes', () => {
    const sorts = cycleSort(cycleSort(cycleSort([], 'title'), 'atd'), 'title');
    expect(sorts).toEqual([
      { key: 'title', direction: 'desc', order: 1 },
      { key: 'atd', direction: 'asc', order: 2 },
    ]);
  });
});

describe('sorts sent and shown', () => {
  const sorts: SortConfig[] = [
    { key: 'atd', direction: 'desc', order: 7 },
    { key: 'title', direction: 'asc', order: 3 },
  ];

  it('sends the rules in rank order, without the rank', () => {
    expect(toSortRules(sorts)).toEqual([
      { key: 'title', direction: 'asc' },
      { key: 'atd', direction: 'desc' },
    ]);
    expect(renumber(sorts).map((sort) => sort.order)).toEqual([1, 2]);
  });

  it('shows dest_eta descending as the default when nothing is chosen', () => {
    expect(shownSorts([])).toEqual({ sorts: [{ key: 'dest_eta', direction: 'desc', order: 1 }], isDefault: true });
    expect(shownSorts(sorts).isDefault).toBe(false);
    expect(sortSummary([])).toBe('Sorted by Dest. ETA (descending, default)');
    expect(sortSummary(sorts)).toBe('Sorted by PO # (ascending), then ATD (descending)');
  });

  it('names the header button with its direction and rank', () => {
    expect(sortButtonName('PO #', undefined, false)).toBe('PO #');
    expect(sortButtonName('PO #', { key: 'title', direction: 'asc', order: 2 }, false)).toBe(
      'PO #, sorted ascending, rank 2',
    );
    expect(sortButtonName('Dest. ETA', { key: 'dest_eta', direction: 'desc', order: 1 }, true)).toBe(
      'Dest. ETA, sorted descending, rank 1 (default)',
    );
  });

  it('drops sorts on columns a report does not show', () => {
    expect(sortsWithin(sorts, ['atd'])).toEqual([{ key: 'atd', direction: 'desc', order: 1 }]);
  });
});
