// The pager's arithmetic (components/pagination.tsx), for every paged list.

import { MAX_PAGE_BUTTONS } from '@quayside/domain/constants';

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The numbered pages to offer: up to 5, around the current page, never past either end. */
export function pageWindow(page: number, pageCount: number, size = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(size, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/**
 * 'Page X of Y'. While only a lower bound of the count is known, Y is '…' rather than the pages
 * known so far, which would read as the last page and change a moment later; the numbered buttons
 * and Next still go as far as the pages known to exist, and Last waits for the count.
 */
export const pageStatus = (page: number, pageCount: number, isPageCountExact: boolean) =>
  `Page ${page} of ${isPageCountExact ? pageCount : '…'}`;

/**
 * How many rows match (line items, POs). Past the server's COUNT_LIMIT a page answer only knows a
 * lower bound (`total` is then COUNT_LIMIT + 1) and, when its sample can say, about how many
 * (`estimate`); the exact figure is a separate, slower request.
 */
export type MatchCount = { count: number; isExact: boolean; estimate?: number };

/** The page answer's total, or once it has arrived the separately counted one when the answer's is a lower bound. */
export function matchCount(
  answer: { total: number; totalExact: boolean; totalEstimate?: number },
  exactCount: number | undefined,
): MatchCount {
  if (answer.totalExact) return { count: answer.total, isExact: true };
  if (exactCount !== undefined) return { count: exactCount, isExact: true };
  return { count: answer.total, isExact: false, estimate: answer.totalEstimate };
}
