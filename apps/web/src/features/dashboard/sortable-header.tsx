import { Box, TableCell, TableSortLabel } from '@mui/material';
import type { ColumnKey } from '@quayside/domain/line-item-columns';
import { LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import { type SortConfig, sortButtonName } from './sort-rules.ts';

type SortableHeaderProps = {
  column: ColumnKey;
  /** This column's sort, if the table is sorted by it. */
  sort: SortConfig | undefined;
  /** The sort shown is the default one (nothing chosen). */
  isDefault: boolean;
  onSort: (column: ColumnKey) => void;
};

/**
 * A column header that sorts on click (SPEC.md §4): its arrow shows the direction and a badge
 * its rank among the sorted columns; the button's name says both.
 */
export function SortableHeader({ column, sort, isDefault, onSort }: SortableHeaderProps) {
  const label = LINE_ITEM_COLUMNS[column].label;
  return (
    <TableCell
      sortDirection={sort?.direction ?? false}
      sx={{ whiteSpace: 'nowrap', fontWeight: 600, bgcolor: 'background.paper' }}
    >
      <TableSortLabel
        active={sort !== undefined}
        direction={sort?.direction ?? 'asc'}
        onClick={() => onSort(column)}
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
