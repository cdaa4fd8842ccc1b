import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Checkbox, Link, Paper, Stack, Typography } from '@mui/material';
import { amber, blue } from '@mui/material/colors';
import { PO_REVIEW_THRESHOLD } from '@quayside/domain/constants';
import { type ColumnKey, displayText, LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import type { LineItem } from '@quayside/domain/line-items';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/navigation.ts';
import { ExceptionBadges } from '../filters/needs-attention.tsx';
import { PINNED_COLUMN } from './grid-layout.ts';
import type { TableSelection } from './line-item-table.tsx';
import { TransitChip } from './transit-chip.tsx';

type LineItemCardsProps = {
  lineItems: readonly LineItem[];
  columns: readonly ColumnKey[];
  withExceptions: boolean;
  selection?: TableSelection;
  emptyState?: ReactNode;
};

const cellValue = (lineItem: LineItem, column: ColumnKey): ReactNode =>
  column === 'transit_type' ? (
    <TransitChip transitType={lineItem.transit_type} />
  ) : (
    displayText(lineItem, column) || '—'
  );

/**
 * Below 768 px the table's page as a list of cards, one per line item, each its line item's link
 * with the chosen columns as labelled values: read top to bottom instead of a sideways strip.
 */
export function LineItemCards({ lineItems, columns, withExceptions, selection, emptyState }: LineItemCardsProps) {
  if (lineItems.length === 0) return <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>{emptyState}</Box>;
  return (
    <Stack component="ul" aria-label="Line items" spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }}>
      {lineItems.map((lineItem, index) => {
        const isSelected = selection?.isSelected(lineItem) ?? false;
        const needsReview = lineItem.po_review_required > PO_REVIEW_THRESHOLD;
        return (
          <Paper
            key={lineItem._id}
            component="li"
            variant="outlined"
            sx={{ p: 1.5, bgcolor: isSelected ? blue[50] : needsReview ? amber[50] : 'background.paper' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {selection ? (
                <Checkbox
                  size="small"
                  checked={isSelected}
                  onClick={(event) => selection.onToggle(lineItem, event.shiftKey)}
                  slotProps={{ input: { 'aria-label': `Select PO ${lineItem.title} on ${lineItem.related_shipment}` } }}
                />
              ) : null}
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Link
                  component={RouterLink}
                  to={paths.lineItemOf(lineItem)}
                  state={{ lineItem, subsetData: lineItems, index }}
                >
                  PO {lineItem.title}
                </Link>
              </Typography>
              {lineItem.hide_lineitem ? (
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
                      {cellValue(lineItem, column)}
                    </Typography>
                  </Box>
                ))}
            </Box>
            {withExceptions ? <ExceptionBadges exceptions={lineItem.exceptions} /> : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
