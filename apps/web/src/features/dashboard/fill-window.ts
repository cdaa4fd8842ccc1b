/**
 * Where the rows are a table (768 px and wider), the dashboard fills the window and only the
 * table's rows scroll: the header above and the pager below stay in view. The dashboard, the
 * report's panel and the results each take what is left (flex), down to the table's scroll area
 * (grid/line-item-table.tsx); `minHeight` keeps room for a few rows on a short window, which then
 * scrolls as a whole. On a phone the cards scroll with the page.
 */
export const fillWindow = (minHeight = 0) => ({ '@media (min-width: 768px)': { flex: '1 1 0', minHeight } }) as const;
