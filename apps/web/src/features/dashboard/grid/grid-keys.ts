// The table as one Tab stop (the ARIA grid pattern): one cell is focusable at a time,
// and the keys move it. Row 0 is the header; the rows of line items follow.

export type GridCell = { row: number; col: number };
/** Rows counting the header, and columns. */
export type GridSize = { rows: number; cols: number };

/** PageUp and PageDown move this many rows. */
const PAGE_STEP = 10;

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));

/** Where a key moves the focus from `cell`, or null when the key is not a move. */
export function movedCell(cell: GridCell, key: string, withCtrl: boolean, size: GridSize): GridCell | null {
  const lastRow = size.rows - 1;
  const lastCol = size.cols - 1;
  const at = (row: number, col: number) => ({ row: clamp(row, lastRow), col: clamp(col, lastCol) });
  switch (key) {
    case 'ArrowUp':
      return at(cell.row - 1, cell.col);
    case 'ArrowDown':
      return at(cell.row + 1, cell.col);
    case 'ArrowLeft':
      return at(cell.row, cell.col - 1);
    case 'ArrowRight':
      return at(cell.row, cell.col + 1);
    case 'Home':
      return withCtrl ? at(0, 0) : at(cell.row, 0);
    case 'End':
      return withCtrl ? at(lastRow, lastCol) : at(cell.row, lastCol);
    case 'PageUp':
      // Not above the first line item: the header is a row away.
      return at(Math.max(cell.row - PAGE_STEP, Math.min(cell.row, 1)), cell.col);
    case 'PageDown':
      return at(cell.row + PAGE_STEP, cell.col);
    default:
      return null;
  }
}

/** The focusable cell once the table changes size (a new page, fewer columns). */
export const cellWithin = (cell: GridCell, size: GridSize): GridCell => ({
  row: clamp(cell.row, size.rows - 1),
  col: clamp(cell.col, size.cols - 1),
});
