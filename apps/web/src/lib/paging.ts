// The pager's arithmetic (components/pagination.tsx), for every paged list.

/** SPEC.md §9: at most 5 page buttons. */
export const MAX_PAGE_BUTTONS = 5;

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
