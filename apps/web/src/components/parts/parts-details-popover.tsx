import {
  Alert,
  Box,
  Button,
  CircularProgress,
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
import { useQuery } from '@tanstack/react-query';
import { type SyntheticEvent, useId } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { formatQuantity, partsTotals } from './part-quantities.ts';
import { partsQuery } from './parts-query.ts';
import { LOAD_PARTS_FAILED, NO_PARTS_TEXT } from './parts-text.ts';

type PartsDetailsPopoverProps = {
  anchorEl: HTMLElement;
  /** The line item whose parts it shows: its PO number and shipment. */
  po: string;
  shipment: string;
  onClose: () => void;
  /** 'Open Parts Info', with the parts shown. */
  onOpenInfo: (parts: LineItem['parts']) => void;
  /** Keeps events inside the popover from reaching the table row it was opened from. */
  stopPropagation: (event: SyntheticEvent) => void;
};

/**
 * The small 'Parts Details' popover of a dashboard row (SPEC.md §2): each part's name, quantity and
 * unit (always the default, pcs: parts carry no unit), the totals, and the way into 'Parts Info'.
 * A row carries only its count: the parts are asked for when the popover opens (mounted only while
 * open). Clicking outside closes it.
 */
export function PartsDetailsPopover({
  anchorEl,
  po,
  shipment,
  onClose,
  onOpenInfo,
  stopPropagation,
}: PartsDetailsPopoverProps) {
  const headingId = useId();
  const list = useQuery(partsQuery({ po, shipment }));
  const parts = list.data;
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
      {parts ? (
        <PartsTable parts={parts} headingId={headingId} />
      ) : list.isError ? (
        <Alert severity="error">{failureMessage(list.error, LOAD_PARTS_FAILED)}</Alert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label="Loading parts" />
        </Box>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        <Button size="small" variant="outlined" disabled={!parts} onClick={() => parts && onOpenInfo(parts)}>
          Open Parts Info
        </Button>
      </Stack>
    </Popover>
  );
}

/** The parts, one a row, and their totals. */
function PartsTable({ parts, headingId }: { parts: LineItem['parts']; headingId: string }) {
  const totals = partsTotals(parts);
  return (
    <>
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
    </>
  );
}
