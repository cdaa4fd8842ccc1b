import {
  Box,
  Button,
  Popover,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DEFAULT_PART_UNIT } from '@quayside/domain/constants';
import type { LineItem } from '@quayside/domain/line-items';
import { type SyntheticEvent, useId } from 'react';
import { formatQuantity, partsTotals } from './part-quantities.ts';
import { NO_PARTS_TEXT } from './parts-text.ts';

type PartsDetailsPopoverProps = {
  anchorEl: HTMLElement;
  parts: LineItem['parts'];
  onClose: () => void;
  onOpenInfo: () => void;
  /** Keeps events inside the popover from reaching the table row it was opened from. */
  stopPropagation: (event: SyntheticEvent) => void;
};

/**
 * The small 'Parts Details' popover of a dashboard row (SPEC.md §2): each part's name, quantity and
 * unit (always the default, pcs: parts carry no unit), the totals, and the way into 'Parts Info'.
 * It shows the row's own parts, so it needs no call. Clicking outside closes it.
 */
export function PartsDetailsPopover({
  anchorEl,
  parts,
  onClose,
  onOpenInfo,
  stopPropagation,
}: PartsDetailsPopoverProps) {
  const headingId = useId();
  const totals = partsTotals(parts);
  return (
    <Popover
      open
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      onClick={stopPropagation}
      onKeyDown={stopPropagation}
      slotProps={{
        paper: { role: 'dialog', 'aria-labelledby': headingId, sx: { p: 2, minWidth: 280, maxWidth: 420 } },
      }}
    >
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Parts Details
      </Typography>
      <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>Part Name</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell>Unit</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {parts.map((part) => (
              <TableRow key={part.part_number}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{part.part_number}</TableCell>
                <TableCell align="right">{formatQuantity(part.qty)}</TableCell>
                <TableCell>{DEFAULT_PART_UNIT}</TableCell>
              </TableRow>
            ))}
            {parts.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} sx={{ textAlign: 'center', color: 'text.secondary' }}>
                  {NO_PARTS_TEXT}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
      <Stack direction="row" spacing={3} sx={{ mt: 1.5 }}>
        <Typography variant="body2">Total Parts: {totals.totalParts}</Typography>
        <Typography variant="body2">Total Quantity: {totals.totalQuantity}</Typography>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        <Button size="small" variant="outlined" onClick={onOpenInfo}>
          Open Parts Info
        </Button>
      </Stack>
    </Popover>
  );
}
