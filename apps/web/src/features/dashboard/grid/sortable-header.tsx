import { Box, TableCell, TableSortLabel } from '@mui/material';
import type { ColumnKey } from '@quayside/domain/line-item-columns';
import { LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import { type SortConfig, sortButtonName } from '../filters/sort-rules.ts';
import type { GridCellProps } from './grid-cell.ts';

type SortableHeaderProps = {
  column: ColumnKey;
  /** This column's sort, if the table is sorted by it. */
  sort: SortConfig | undefined;
  /** The sort shown is the default one (nothing chosen). */
  isDefault: boolean;
  onSort: (column: ColumnKey) => void;
  /** The grid's focus and position for this cell. */
  cell: GridCellProps;
  /** Pinned on the left, this far from the edge (PO #). */
  stickyLeft?: number;
};

/**
 * A column header that sorts on click anywhere in it (SPEC.md §4): its arrow shows the direction
 * and a badge its rank among the sorted columns; the button's name says both. In the grid the
 * cell takes the focus (Enter sorts), so the button itself is not a Tab stop.
 */
export function SortableHeader({ column, sort, isDefault, onSort, cell, stickyLeft }: SortableHeaderProps) {
  const label = LINE_ITEM_COLUMNS[column].label;
  return (
    <TableCell
      {...cell}
      sortDirection={sort?.direction ?? false}
      onClick={() => onSort(column)}
      sx={{
        whiteSpace: 'nowrap',
        fontWeight: 600,
        bgcolor: 'background.paper',
        cursor: 'pointer',
        userSelect: 'none',
        ...(stickyLeft !== undefined ? { left: stickyLeft, zIndex: 3 } : {}),
      }}
    >
      <TableSortLabel
        active={sort !== undefined}
        direction={sort?.direction ?? 'asc'}
        tabIndex={-1}
        aria-label={sortButtonName(label, sort, isDefault)}
      >
        {label}
      </TableSortLabel>
      {sort ? (
        <Box
          component="span"
          aria-hidden
          title={isDefault ? 'Default sort' : `Sort rank ${sort.order}`}
          sx={{
            display: 'inline-grid',
            placeItems: 'center',
            minWidth: 18,
            height: 18,
            px: 0.5,
            ml: 0.5,
            borderRadius: 9,
            fontSize: 11,
            fontWeight: 700,
            color: isDefault ? 'text.primary' : 'primary.contrastText',
            bgcolor: isDefault ? 'action.selected' : 'primary.main',
            verticalAlign: 'middle',
          }}
        >
          {sort.order}
        </Box>
      ) : null}
    </TableCell>
  );
}
