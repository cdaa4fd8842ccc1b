import { describe, expect, it } from 'vitest';
import { pageCountOf, pageWindow, parsePosition, shownRange } from './paging.ts';

describe('paging (SPEC.md §2, §9)', () => {
  it('counts at least one page', () => {
    expect(pageCountOf(0, 50)).toBe(1);
    expect(pageCountOf(50, 50)).toBe(1);
    expect(pageCountOf(51, 50)).toBe(2);
  });

  it('offers at most 5 numbered pages around the current one', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 18)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 18)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 18)).toEqual([7, 8, 9, 10, 11]);
    expect(pageWindow(17, 18)).toEqual([14, 15, 16, 17, 18]);
    expect(pageWindow(18, 18)).toEqual([14, 15, 16, 17, 18]);
  });

  it('says which rows a page shows', () => {
    expect(shownRange(1, 50, 0)).toEqual({ first: 0, last: 0 });
    expect(shownRange(1, 50, 912)).toEqual({ first: 1, last: 50 });
    expect(shownRange(19, 50, 912)).toEqual({ first: 901, last: 912 });
  });

  it('reads back a remembered position, else the first page of the default report', () => {
    expect(parsePosition({ page: 3, report: 'dr' })).toEqual({ page: 3, report: 'dr' });
    expect(parsePosition(null)).toEqual({ page: 1, report: 'default' });
    expect(parsePosition({ page: 0, report: 'other' })).toEqual({ page: 1, report: 'default' });
    expect(parsePosition({ page: 1.5 })).toEqual({ page: 1, report: 'default' });
  });
});
