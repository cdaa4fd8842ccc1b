import { describe, expect, it } from 'vitest';
import { matchCount, pageCountOf, pageStatus, pageWindow } from '../../../lib/paging.ts';
import { entriesSummary, parsePosition, shownRange } from './paging.ts';

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

  it('takes the exact count when the page answer has only a lower bound, once it has arrived', () => {
    expect(matchCount({ total: 912, totalExact: true }, undefined)).toEqual({ count: 912, isExact: true });
    // An exact answer wins over a count kept from earlier.
    expect(matchCount({ total: 912, totalExact: true }, 4_000)).toEqual({ count: 912, isExact: true });
    expect(matchCount({ total: 1001, totalExact: false }, undefined)).toEqual({ count: 1001, isExact: false });
    expect(matchCount({ total: 1001, totalExact: false }, 412_345)).toEqual({ count: 412_345, isExact: true });
    // The sample's estimate stands in until the exact count arrives.
    expect(matchCount({ total: 1001, totalExact: false, totalEstimate: 410_000 }, undefined)).toEqual({
      count: 1001,
      isExact: false,
      estimate: 410_000,
    });
    expect(matchCount({ total: 1001, totalExact: false, totalEstimate: 410_000 }, 412_345)).toEqual({
      count: 412_345,
      isExact: true,
    });
  });

  it("reads 'Showing a - b of n entries', or 'of about' or 'of more than' until the exact count arrives", () => {
    expect(entriesSummary(1, 50, 50, { count: 912, isExact: true })).toBe('Showing 1 - 50 of 912 entries');
    expect(entriesSummary(19, 50, 12, { count: 912, isExact: true })).toBe('Showing 901 - 912 of 912 entries');
    expect(entriesSummary(1, 50, 0, { count: 0, isExact: true })).toBe('Showing 0 - 0 of 0 entries');
    expect(entriesSummary(1, 50, 50, { count: 1001, isExact: false })).toBe('Showing 1 - 50 of more than 1000 entries');
    expect(entriesSummary(3, 500, 500, { count: 1001, isExact: false })).toBe(
      'Showing 1001 - 1500 of more than 1000 entries',
    );
    // A page past the matches (a remembered page) holds no rows.
    expect(entriesSummary(40, 50, 0, { count: 1001, isExact: false })).toBe('Showing 0 - 0 of more than 1000 entries');
    expect(entriesSummary(2, 50, 50, { count: 412_345, isExact: true })).toBe('Showing 51 - 100 of 412345 entries');
    expect(entriesSummary(2, 50, 50, { count: 1001, isExact: false, estimate: 410_000 })).toBe(
      'Showing 51 - 100 of about 410000 entries',
    );
  });

  it("says 'Page X of …' until the number of pages is known", () => {
    expect(pageStatus(2, 18, true)).toBe('Page 2 of 18');
    expect(pageStatus(2, 21, false)).toBe('Page 2 of …');
  });

  it('reads back a remembered position, else the first page of the default report', () => {
    expect(parsePosition({ page: 3, report: 'dr' })).toEqual({ page: 3, report: 'dr' });
    expect(parsePosition(null)).toEqual({ page: 1, report: 'default' });
    expect(parsePosition({ page: 0, report: 'other' })).toEqual({ page: 1, report: 'default' });
    expect(parsePosition({ page: 1.5 })).toEqual({ page: 1, report: 'default' });
  });
});
