import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Box,
  Checkbox,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { amber, blue, grey } from '@mui/material/colors';
import { PO_REVIEW_THRESHOLD } from '@quayside/domain/constants';
import type { ColumnKey, Density } from '@quayside/domain/line-item-columns';
import type { LineItemRow } from '@quayside/domain/line-item-row';
import { type MouseEvent, type ReactNode, type SyntheticEvent, useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PartsCell } from '../../../components/parts/parts-cell.tsx';
import { type LineItemNavigationState, lineItemRefOf, paths } from '../../../lib/navigation.ts';
import type { PageTick } from '../bulk/row-selection.ts';
import { ExceptionBadges } from '../filters/needs-attention.tsx';
import { type SortConfig, shownSorts } from '../filters/sort-rules.ts';
import { type GridCellProps, useGridFocus } from './grid-cell.ts';
import { SortableHeader } from './sortable-header.tsx';
import { TransitChip } from './transit-chip.tsx';

/** The checkboxes of the rows and of the page, when the user can act on rows together. */
export type TableSelection = {
  isSelected: (row: { _id: string }) => boolean;
  /** `extend`: Shift was held, so the range from the last clicked row follows. */
  onToggle: (row: { _id: string }, extend: boolean) => void;
  page: PageTick;
  onTogglePage: () => void;
};

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

const CHECKBOX_WIDTH = 48;

// One rule for every cell rather than an sx per cell: 800 cells' styles cost the first rows' paint.
// Cells take their row's colour, opaque, so the pinned PO # column hides what scrolls under it.
const tableStyle = (density: Density) =>
  ({
    '& .MuiTableBody-root .MuiTableCell-root': { whiteSpace: 'nowrap', bgcolor: 'inherit' },
    // 8 px either side (MUI's 16): at 1440 px the default columns, the dates included, fit.
    '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': {
      px: 1,
      ...(density === 'comfortable' ? { py: 1.25 } : {}),
    },
    '& [data-row]:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
    '& .MuiTableBody-root .MuiTableRow-root': { bgcolor: 'background.paper', '&:hover': { bgcolor: grey[100] } },
    '& .MuiTableBody-root .review-row': { bgcolor: amber[50], '&:hover': { bgcolor: amber[100] } },
    '& .MuiTableBody-root .selected-row': { bgcolor: blue[50], '&:hover': { bgcolor: blue[100] } },
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
    // Bounded by the window, so the header stays in view and the sideways scrollbar is never 50 rows down.
    <TableContainer sx={{ maxHeight: 'max(360px, calc(100dvh - 120px))' }}>
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

type LineItemTableRowProps = {
  row: LineItemRow;
  columns: readonly ColumnKey[];
  canEditParts: boolean;
  withExceptions: boolean;
  selection: TableSelection | undefined;
  navigationState: LineItemNavigationState;
  onOpen: (event: MouseEvent) => void;
  cellProps: (col: number) => GridCellProps;
};

// Controls inside a row (links, the checkbox, the parts popover and dialog, portals included: React
// bubbles their events up to the row) act for themselves and do not also open the line item.
const keepInside = (event: SyntheticEvent) => event.stopPropagation();

function LineItemTableRow({
  row,
  columns,
  canEditParts,
  withExceptions,
  selection,
  navigationState,
  onOpen,
  cellProps,
}: LineItemTableRowProps) {
  // SPEC.md §9: a PO number flagged for review gets an amber row.
  const needsReview = row.po_review_required > PO_REVIEW_THRESHOLD;
  const isSelected = selection?.isSelected(row) ?? false;
  const firstColumn = selection ? 1 : 0;
  return (
    <TableRow
      onClick={onOpen}
      onAuxClick={(event) => {
        if (event.button === 1) onOpen(event);
      }}
      aria-selected={selection ? isSelected : undefined}
      className={isSelected ? 'selected-row' : needsReview ? 'review-row' : undefined}
      sx={{ cursor: 'pointer' }}
    >
      {selection ? (
        <TableCell {...cellProps(0)} padding="checkbox" className="pinned" sx={{ left: 0 }} onClick={keepInside}>
          <Checkbox
            size="small"
            tabIndex={-1}
            checked={isSelected}
            onClick={(event) => selection.onToggle(row, event.shiftKey)}
            slotProps={{ input: { 'aria-label': `Select PO ${row.title} on ${row.related_shipment}` } }}
          />
        </TableCell>
      ) : null}
      {columns.map((column, at) => (
        <LineItemCell
          key={column}
          column={column}
          row={row}
          canEditParts={canEditParts}
          navigationState={navigationState}
          cell={cellProps(firstColumn + at)}
          stickyLeft={at === 0 ? firstColumn * CHECKBOX_WIDTH : undefined}
        />
      ))}
      {withExceptions ? (
        <TableCell {...cellProps(firstColumn + columns.length)}>
          <ExceptionBadges exceptions={row.exceptions} />
        </TableCell>
      ) : null}
    </TableRow>
  );
}

function LineItemCell({
  column,
  row,
  canEditParts,
  navigationState,
  cell,
  stickyLeft,
}: {
  column: ColumnKey;
  row: LineItemRow;
  canEditParts: boolean;
  navigationState: LineItemNavigationState;
  cell: GridCellProps;
  stickyLeft: number | undefined;
}) {
  const pinned = stickyLeft !== undefined ? { className: 'pinned', style: { left: stickyLeft } } : {};
  // What the table displays, as the server wrote it (empty for a column just shown, until its rows arrive).
  const text = row.text[column] ?? '';
  switch (column) {
    case 'title':
      return (
        <TableCell {...cell} {...pinned} component="th" scope="row" sx={{ fontWeight: 500 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            {/* A real link: a new tab, a copied address; a plain click takes the list along for previous/next. */}
            <Link
              component={RouterLink}
              to={paths.lineItemOf(row)}
              state={navigationState}
              tabIndex={-1}
              color="inherit"
              underline="hover"
              onClick={keepInside}
            >
              {row.title}
            </Link>
            {/* Only staff ever receive hidden records; they see which ones forwarders do not. */}
            {row.hide_lineitem ? (
              <VisibilityOffIcon fontSize="small" color="action" titleAccess="Hidden record" />
            ) : null}
          </Stack>
        </TableCell>
      );
    case 'related_shipment':
      return (
        <TableCell {...cell} {...pinned}>
          <Link
            component={RouterLink}
            to={paths.shipment(row.related_shipment)}
            tabIndex={-1}
            data-cell-action
            underline="hover"
            onClick={keepInside}
          >
            {row.related_shipment}
          </Link>
        </TableCell>
      );
    case 'transit_type':
      return (
        <TableCell {...cell} {...pinned}>
          <TransitChip transitType={text} />
        </TableCell>
      );
    case 'numberOfParts':
      return (
        <TableCell {...cell} {...pinned} onClick={keepInside}>
          <PartsCell lineItem={row} count={Number(text)} canEdit={canEditParts} />
        </TableCell>
      );
    case 'part_numbers': {
      // One line per row: a long list is cut short here and shown whole on hover (and in the parts popover).
      return (
        <TableCell {...cell} {...pinned} title={text}>
          <Box sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{text}</Box>
        </TableCell>
      );
    }
    default:
      return (
        <TableCell {...cell} {...pinned}>
          {text}
        </TableCell>
      );
  }
}
