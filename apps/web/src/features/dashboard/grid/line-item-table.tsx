import { Box, Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ColumnKey, Density } from '@quayside/domain/line-item-columns';
import type { LineItemRow } from '@quayside/domain/line-item-row';
import { type MouseEvent, type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type LineItemNavigationState, lineItemRefOf, paths } from '../../../lib/navigation.ts';
import type { TableSelection } from '../bulk/row-selection.ts';
import { type SortConfig, shownSorts } from '../filters/sort-rules.ts';
import { type GridCellProps, useGridFocus } from './grid-cell.ts';
import { CHECKBOX_WIDTH, LineItemTableRow, rowStyle } from './line-item-row.tsx';
import { SortableHeader } from './sortable-header.tsx';

type LineItemTableProps = {
  /** The page's rows: each shown column's text as the server displays it. */
  rows: readonly LineItemRow[];
  columns: readonly ColumnKey[];
  sortConfigs: readonly SortConfig[];
  onSort: (column: ColumnKey) => void;
  canEditParts: boolean;
  /** The next page is on its way; the rows shown are the previous ones. */
  isUpdating?: boolean;
  /** Shown in place of the rows when there are none. */
  emptyState?: ReactNode;
  /** Adds an 'Exceptions' column (the user chose exceptions to look at). */
  withExceptions?: boolean;
  selection?: TableSelection;
  density?: Density;
};

// One rule for every cell rather than an sx per cell: 800 cells' styles cost the first rows' paint.
const tableStyle = (density: Density) =>
  ({
    // 8 px either side (MUI's 16): at 1440 px the default columns, the dates included, fit.
    '& thead .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': {
      px: 1,
      ...(density === 'comfortable' ? { py: 1.25 } : {}),
    },
    ...rowStyle(density),
    '& .pinned': { position: 'sticky', zIndex: 1 },
  }) as const;

/** A click that asks for a new tab or window: it opens the row's address there. */
const isNewTabClick = (event: MouseEvent) => event.ctrlKey || event.metaKey || event.button === 1;

/**
 * SPEC.md §2 'Dashboard' table: one page of line items, sortable by header. Each row is its line
 * item's link (PO # and the row itself: a new tab, a bookmark, a message), the header stays in
 * view and PO # stays on the left while the rest scrolls; the table is one Tab stop with the
 * arrows inside it.
 */
export function LineItemTable({
  rows,
  columns,
  sortConfigs,
  onSort,
  canEditParts,
  isUpdating = false,
  emptyState,
  withExceptions = false,
  selection,
  density = 'compact',
}: LineItemTableProps) {
  const navigate = useNavigate();
  const firstColumn = selection ? 1 : 0;
  const colCount = firstColumn + columns.length + (withExceptions ? 1 : 0);
  // The detail screen pages through the rows and reads each line item itself: the history entry
  // (a structured clone) keeps only what addresses them.
  const refs = useMemo(() => rows.map(lineItemRefOf), [rows]);
  const stateFor = (index: number): LineItemNavigationState => ({ lineItem: refs[index], subsetData: refs, index });
  const openRow = (index: number) => {
    const row = rows[index];
    if (row) navigate(paths.lineItemOf(row), { state: stateFor(index) });
  };

  const grid = useGridFocus(
    { rows: rows.length + 1, cols: colCount },
    { row: rows.length > 0 ? 1 : 0, col: firstColumn },
    {
      onActivate: ({ row, col }, element) => {
        if (row === 0) {
          const column = columns[col - firstColumn];
          if (column) onSort(column);
          else if (selection && col === 0) selection.onTogglePage();
          return;
        }
        // A cell with a control of its own (the parts count, the shipment's link) presses it.
        const action = element.querySelector<HTMLElement>('[data-cell-action]');
        if (action) action.click();
        else openRow(row - 1);
      },
      onToggle: ({ row: at }) => {
        const row = rows[at - 1];
        if (!selection) return;
        if (at === 0) selection.onTogglePage();
        else if (row) selection.onToggle(row, false);
      },
    },
  );

  return (
    // The rows' one scroll area: it takes what the dashboard leaves it (dashboard-results.tsx), so
    // the header, the sideways scrollbar and the pager under it stay in view.
    <TableContainer sx={{ flex: '1 1 auto', minHeight: 0 }}>
      <Table
        ref={grid.tableRef}
        stickyHeader
        size="small"
        role="grid"
        aria-label="Line items"
        aria-busy={isUpdating}
        aria-multiselectable={selection ? true : undefined}
        onKeyDown={grid.onKeyDown}
        sx={tableStyle(density)}
      >
        <LineItemTableHead
          columns={columns}
          sortConfigs={sortConfigs}
          onSort={onSort}
          withExceptions={withExceptions}
          selection={selection}
          cellProps={(col) => grid.cellProps(0, col)}
        />
        <TableBody>
          {rows.map((row, index) => (
            <LineItemTableRow
              key={row._id}
              row={row}
              columns={columns}
              canEditParts={canEditParts}
              withExceptions={withExceptions}
              selection={selection}
              navigationState={stateFor(index)}
              onOpen={(event) => {
                if (isNewTabClick(event)) window.open(paths.lineItemOf(row), '_blank', 'noopener');
                else openRow(index);
              }}
              cellProps={(col) => grid.cellProps(index + 1, col)}
              pinnedLeft={firstColumn * CHECKBOX_WIDTH}
            />
          ))}
        </TableBody>
      </Table>
      {/* Outside the table, so it sits in view however wide the columns make the table. */}
      {rows.length === 0 && emptyState ? (
        <Box sx={{ position: 'sticky', left: 0, py: 6, textAlign: 'center' }}>{emptyState}</Box>
      ) : null}
    </TableContainer>
  );
}

type LineItemTableHeadProps = Pick<LineItemTableProps, 'columns' | 'sortConfigs' | 'onSort' | 'selection'> & {
  withExceptions: boolean;
  cellProps: (col: number) => GridCellProps;
};

/** The header row: the page's checkbox, a sort button per column, and 'Exceptions'. */
function LineItemTableHead({
  columns,
  sortConfigs,
  onSort,
  withExceptions,
  selection,
  cellProps,
}: LineItemTableHeadProps) {
  const shown = shownSorts(sortConfigs);
  const firstColumn = selection ? 1 : 0;
  return (
    <TableHead>
      <TableRow>
        {selection ? (
          <TableCell {...cellProps(0)} padding="checkbox" sx={{ left: 0, zIndex: 3, bgcolor: 'background.paper' }}>
            <Checkbox
              size="small"
              tabIndex={-1}
              checked={selection.page === 'all'}
              indeterminate={selection.page === 'some'}
              onChange={selection.onTogglePage}
              slotProps={{ input: { 'aria-label': 'Select the rows of this page' } }}
            />
          </TableCell>
        ) : null}
        {columns.map((column, at) => (
          <SortableHeader
            key={column}
            column={column}
            sort={shown.sorts.find((sort) => sort.key === column)}
            isDefault={shown.isDefault}
            onSort={onSort}
            cell={cellProps(firstColumn + at)}
            stickyLeft={at === 0 ? firstColumn * CHECKBOX_WIDTH : undefined}
          />
        ))}
        {withExceptions ? <TableCell {...cellProps(firstColumn + columns.length)}>Exceptions</TableCell> : null}
      </TableRow>
    </TableHead>
  );
}
