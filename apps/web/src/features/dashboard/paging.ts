import type { Report } from '@quayside/domain/line-item-query';

/** SPEC.md §9: at most 5 page buttons. */
export const MAX_PAGE_BUTTONS = 5;

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The numbered pages to offer: up to 5, around the current page, never past either end. */
export function pageWindow(page: number, pageCount: number, size = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(size, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** The rows a page shows, 1-based and inclusive, for 'Showing a - b of n entries'. */
export function shownRange(page: number, pageSize: number, total: number): { first: number; last: number } {
  if (total === 0) return { first: 0, last: 0 };
  const first = Math.min((page - 1) * pageSize + 1, total);
  return { first, last: Math.min(page * pageSize, total) };
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
