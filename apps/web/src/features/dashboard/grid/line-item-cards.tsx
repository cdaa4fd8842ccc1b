import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Checkbox, Link, Paper, Stack, Typography } from '@mui/material';
import { amber, blue } from '@mui/material/colors';
import { PO_REVIEW_THRESHOLD } from '@quayside/domain/constants';
import { type ColumnKey, LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import type { LineItemRow } from '@quayside/domain/line-item-row';
import { type ReactNode, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { ExceptionBadges } from '../../../components/exceptions/exception-badges.tsx';
import { type LineItemNavigationState, lineItemRefOf, paths } from '../../../lib/navigation.ts';
import type { TableSelection } from '../bulk/row-selection.ts';
import { PINNED_COLUMN } from './grid-layout.ts';
import { PurchaseOrderLink } from './purchase-order-link.tsx';
import { PO_REVIEW_MEANING } from './review-legend.tsx';
import { TransitChip } from './transit-chip.tsx';

type LineItemCardsProps = {
  /** The page's rows: each shown column's text as the server displays it. */
  rows: readonly LineItemRow[];
  columns: readonly ColumnKey[];
  withExceptions: boolean;
  selection?: TableSelection;
  emptyState?: ReactNode;
};

const cellValue = (row: LineItemRow, column: ColumnKey): ReactNode => {
  if (column === 'transit_type') return <TransitChip transitType={row.text.transit_type ?? ''} />;
  const was = row.was?.[column];
  // A date that changed in a 'changed in the last' filter's window says what it was, as the table does.
  return was === undefined ? row.text[column] || '—' : `${row.text[column] || 'none'} (was ${was || 'none'})`;
};

/**
 * Below 768 px the table's page as a list of cards, one per line item, each its line item's link
 * with the chosen columns as labelled values: read top to bottom instead of a sideways strip.
 */
export function LineItemCards({ rows, columns, withExceptions, selection, emptyState }: LineItemCardsProps) {
  // The detail screen pages through the rows and reads each line item itself.
  const refs = useMemo(() => rows.map(lineItemRefOf), [rows]);
  if (rows.length === 0) return <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>{emptyState}</Box>;
  return (
    <Stack component="ul" aria-label="Line items" spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }}>
      {rows.map((row, index) => {
        const isSelected = selection?.isSelected(row) ?? false;
        const needsReview = row.po_review_required > PO_REVIEW_THRESHOLD;
        const state: LineItemNavigationState = { lineItem: refs[index], subsetData: refs, index };
        return (
          <Paper
            key={row._id}
            component="li"
            variant="outlined"
            sx={{ p: 1.5, bgcolor: isSelected ? blue[50] : needsReview ? amber[50] : 'background.paper' }}
            title={needsReview ? PO_REVIEW_MEANING : undefined}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {selection ? (
                <Checkbox
                  size="small"
                  checked={isSelected}
                  onClick={(event) => selection.onToggle(row, event.shiftKey)}
                  slotProps={{ input: { 'aria-label': `Select PO ${row.title} on ${row.related_shipment}` } }}
                />
              ) : null}
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={paths.lineItemOf(row)} state={state}>
                  PO {row.title}
                </Link>
              </Typography>
              {row.has_purchase_order ? <PurchaseOrderLink poNumber={row.title} /> : null}
              {row.hide_lineitem ? (
                <VisibilityOffIcon fontSize="small" color="action" titleAccess="Hidden record" />
              ) : null}
            </Stack>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
            >
              {columns
                .filter((column) => column !== PINNED_COLUMN)
                .map((column) => (
                  <Box key={column} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {LINE_ITEM_COLUMNS[column].label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {cellValue(row, column)}
                    </Typography>
                  </Box>
                ))}
            </Box>
            {withExceptions ? <ExceptionBadges exceptions={row.exceptions} facts={row.exception_facts} /> : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
