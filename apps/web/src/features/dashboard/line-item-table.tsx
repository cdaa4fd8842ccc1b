import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { amber } from '@mui/material/colors';
import { PO_REVIEW_THRESHOLD } from '@quayside/domain/constants';
import type { ColumnKey } from '@quayside/domain/line-item-columns';
import { displayText } from '@quayside/domain/line-item-columns';
import type { LineItem } from '@quayside/domain/line-items';
import type { ReactNode, SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { PartsCell } from '../../components/parts/parts-cell.tsx';
import { type LineItemNavigationState, paths } from '../../lib/navigation.ts';
import { ExceptionBadges } from './needs-attention.tsx';
import { type SortConfig, shownSorts } from './sort-rules.ts';
import { SortableHeader } from './sortable-header.tsx';
import { TransitChip } from './transit-chip.tsx';

/** What the line-item detail receives when a row is opened (SPEC.md §2 route table). */

type LineItemTableProps = {
  lineItems: readonly LineItem[];
  columns: readonly ColumnKey[];
  sortConfigs: readonly SortConfig[];
  onSort: (column: ColumnKey) => void;
  canEditParts: boolean;
  /** Replaces the default, which opens /line-item/{index} with the row and the shown rows in navigation state. */
  onRowClick?: (lineItem: LineItem, index: number) => void;
  /** The next page is on its way; the rows shown are the previous ones. */
  isUpdating?: boolean;
  /** Shown in place of the rows when there are none. */
  emptyState?: ReactNode;
  /** Adds an 'Exceptions' column (the user chose exceptions to look at). */
  withExceptions?: boolean;
};

const TABLE_STYLE = { '& .MuiTableBody-root .MuiTableCell-root': { whiteSpace: 'nowrap' } } as const;

/** SPEC.md §2 'Dashboard' table: one page of line items, sortable by header. */
export function LineItemTable({
  lineItems,
  columns,
  sortConfigs,
  onSort,
  canEditParts,
  onRowClick,
  isUpdating = false,
  emptyState,
  withExceptions = false,
}: LineItemTableProps) {
  const navigate = useNavigate();
  const shown = shownSorts(sortConfigs);
  const openRow =
    onRowClick ??
    ((lineItem: LineItem, index: number) => {
      const state: LineItemNavigationState = { lineItem, subsetData: [...lineItems], index };
      navigate(paths.lineItem(index), { state });
    });

  return (
    <TableContainer>
      {/* One rule for every cell rather than an sx per cell: 800 cells' styles cost the first rows' paint. */}
      <Table size="small" aria-label="Line items" aria-busy={isUpdating} sx={TABLE_STYLE}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <SortableHeader
                key={column}
                column={column}
                sort={shown.sorts.find((sort) => sort.key === column)}
                isDefault={shown.isDefault}
                onSort={onSort}
              />
            ))}
            {withExceptions ? <TableCell>Exceptions</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {lineItems.map((lineItem, index) => (
            <LineItemRow
              key={lineItem._id}
              lineItem={lineItem}
              columns={columns}
              canEditParts={canEditParts}
              withExceptions={withExceptions}
              onOpen={() => openRow(lineItem, index)}
            />
          ))}
        </TableBody>
      </Table>
      {/* Outside the table, so it sits in view however wide the columns make the table. */}
      {lineItems.length === 0 && emptyState ? (
        <Box sx={{ position: 'sticky', left: 0, py: 6, textAlign: 'center' }}>{emptyState}</Box>
      ) : null}
    </TableContainer>
  );
}

type LineItemRowProps = {
  lineItem: LineItem;
  columns: readonly ColumnKey[];
  canEditParts: boolean;
  withExceptions: boolean;
  onOpen: () => void;
};

function LineItemRow({ lineItem, columns, canEditParts, withExceptions, onOpen }: LineItemRowProps) {
  // SPEC.md §9: a PO number flagged for review gets an amber row.
  const needsReview = lineItem.po_review_required > PO_REVIEW_THRESHOLD;
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onOpen();
      }}
      sx={{
        cursor: 'pointer',
        ...(needsReview ? { bgcolor: amber[50], '&.MuiTableRow-hover:hover': { bgcolor: amber[100] } } : {}),
      }}
    >
      {columns.map((column) => (
        <LineItemCell key={column} column={column} lineItem={lineItem} canEditParts={canEditParts} />
      ))}
      {withExceptions ? (
        <TableCell>
          <ExceptionBadges exceptions={lineItem.exceptions} />
        </TableCell>
      ) : null}
    </TableRow>
  );
}

// The parts popover and dialog sit inside the row, and React bubbles their events (even from a
// portal) up to it: they must not also open the line item.
const keepInside = (event: SyntheticEvent) => event.stopPropagation();

function LineItemCell({
  column,
  lineItem,
  canEditParts,
}: {
  column: ColumnKey;
  lineItem: LineItem;
  canEditParts: boolean;
}) {
  switch (column) {
    case 'title':
      return (
        <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <span>{lineItem.title}</span>
            {/* Only staff ever receive hidden records; they see which ones forwarders do not. */}
            {lineItem.hide_lineitem ? (
              <VisibilityOffIcon fontSize="small" color="action" titleAccess="Hidden record" />
            ) : null}
          </Stack>
        </TableCell>
      );
    case 'transit_type':
      return (
        <TableCell>
          <TransitChip transitType={lineItem.transit_type} />
        </TableCell>
      );
    case 'numberOfParts':
      return (
        <TableCell onClick={keepInside} onKeyDown={keepInside}>
          <PartsCell lineItem={lineItem} canEdit={canEditParts} />
        </TableCell>
      );
    case 'part_numbers': {
      // One line per row: a long list is cut short here and shown whole on hover (and in the parts popover).
      const partNumbers = displayText(lineItem, column);
      return (
        <TableCell title={partNumbers}>
          <Box sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {partNumbers}
          </Box>
        </TableCell>
      );
    }
    default:
      return <TableCell>{displayText(lineItem, column)}</TableCell>;
  }
}
