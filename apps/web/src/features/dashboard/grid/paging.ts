import type { Report } from '@quayside/domain/line-item-columns';
import type { MatchCount } from '../../../lib/paging.ts';

/** The rows a page shows, 1-based and inclusive, for 'Showing a - b of n entries'. */
export function shownRange(page: number, pageSize: number, total: number): { first: number; last: number } {
  if (total === 0) return { first: 0, last: 0 };
  const first = Math.min((page - 1) * pageSize + 1, total);
  return { first, last: Math.min(page * pageSize, total) };
}

/**
 * SPEC.md §2 'Showing a - b of n entries'. Until the exact count arrives it reads 'of about
 * {estimate}', or without one 'of more than {count - 1}' (the lower bound), and the page's last row
 * comes from the rows it holds.
 */
export function entriesSummary(page: number, pageSize: number, rowsShown: number, matches: MatchCount): string {
  if (matches.isExact) {
    const { first, last } = shownRange(page, pageSize, matches.count);
    return `Showing ${first} - ${last} of ${matches.count} entries`;
  }
  const first = rowsShown === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = rowsShown === 0 ? 0 : first + rowsShown - 1;
  const of = matches.estimate === undefined ? `more than ${matches.count - 1}` : `about ${matches.estimate}`;
  return `Showing ${first} - ${last} of ${of} entries`;
}

/** Where the user is in the list: the page and the report tab. */
export type ListPosition = { page: number; report: Report };

export const FIRST_POSITION: ListPosition = { page: 1, report: 'default' };

/** A remembered position, checked: anything malformed means the first page of the default report. */
export function parsePosition(stored: unknown): ListPosition {
  if (typeof stored !== 'object' || stored === null) return FIRST_POSITION;
  const { page, report } = stored as Record<string, unknown>;
  return {
    page: typeof page === 'number' && Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    report: report === 'dr' ? 'dr' : 'default',
  };
}
