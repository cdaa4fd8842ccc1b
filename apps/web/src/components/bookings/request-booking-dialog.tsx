import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MODE_OPTIONS } from '@quayside/domain/constants';
import type { PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useToast } from '../toast.tsx';
import { useRequestBooking } from './bookings-api.ts';
import { type BookingDraft, bookingDraftOf, bookingRequestOf } from './request-booking-form.ts';

const REQUEST_FAILED = 'Failed to request the booking. Please try again.';
const DATE_FIELD = { inputLabel: { shrink: true } } as const;
const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

type PoLine = PurchaseOrderDetail['purchaseOrderLines'][number];

/** What a line holds already, beside the quantity to book. */
const lineFigures = (line: PoLine) =>
  [
    line.ordered_qty === null ? null : `Ordered ${line.ordered_qty}`,
    `booked ${line.booked_qty}`,
    `shipped ${line.shipped_qty}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The supplier (or an Admin) asks for a PO's lines to be booked: how many of each, when they are
 * ready, and the cargo as it will be handed over. Lines left at 0 are not sent. Mounted only while open.
 */
export function RequestBookingDialog({ po, onClose }: { po: PurchaseOrderDetail; onClose: () => void }) {
  const [draft, setDraft] = useState(() => bookingDraftOf(po));
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestBooking();
  const { notify } = useToast();
  const disabled = request.isPending;
  const set =
    <Field extends keyof BookingDraft>(field: Field) =>
    (value: BookingDraft[Field]) =>
      setDraft((current) => ({ ...current, [field]: value }));
  const setQty = (lineNumber: number, qty: string) =>
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.line_number === lineNumber ? { ...line, qty } : line)),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const outcome = bookingRequestOf(po.po_number, draft);
    if ('problem' in outcome) {
      setProblem(outcome.problem);
      return;
    }
    setProblem(null);
    request.mutate(outcome.value, {
      onSuccess: (answer) => {
        notify({ type: 'success', message: answer.message });
        onClose();
      },
    });
  };

  const failure = problem ?? (request.isError ? failureMessage(request.error, REQUEST_FAILED) : null);
  return (
    <Dialog open onClose={disabled ? undefined : onClose} fullWidth maxWidth="md">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{`Request booking for ${po.po_number}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Say how many of each line are ready to ship. Staff route the request to a forwarder, who confirms it with
              a shipment.
            </DialogContentText>
            <TextField
              size="small"
              type="date"
              label="Cargo-ready date"
              required
              value={draft.cargoReadyDate}
              onChange={(event) => set('cargoReadyDate')(event.target.value)}
              disabled={disabled}
              slotProps={DATE_FIELD}
              sx={{ maxWidth: 240 }}
            />
            {po.purchaseOrderLines.map((line) => (
              <Paper key={line.line_number} component="fieldset" variant="outlined" sx={{ m: 0, p: 1.5, minWidth: 0 }}>
                <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, overflowWrap: 'anywhere' }}>
                  {`Line ${line.line_number}: ${line.sku}`}
                </Typography>
                <TextField
                  size="small"
                  type="number"
                  label="Quantity to book"
                  value={draft.lines.find((each) => each.line_number === line.line_number)?.qty ?? ''}
                  onChange={(event) => setQty(line.line_number, event.target.value)}
                  disabled={disabled}
                  helperText={lineFigures(line)}
                  slotProps={{ htmlInput: { min: 0, step: 1 } }}
                  sx={{ width: 220 }}
                />
              </Paper>
            ))}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                size="small"
                type="number"
                label="Packages"
                value={draft.packages}
                onChange={(event) => set('packages')(event.target.value)}
                disabled={disabled}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
              />
              <TextField
                size="small"
                type="number"
                label="Weight (kg)"
                value={draft.weight}
                onChange={(event) => set('weight')(event.target.value)}
                disabled={disabled}
                slotProps={{ htmlInput: { min: 0, step: 'any' } }}
              />
              <TextField
                size="small"
                type="number"
                label="Volume (m³)"
                value={draft.volume}
                onChange={(event) => set('volume')(event.target.value)}
                disabled={disabled}
                slotProps={{ htmlInput: { min: 0, step: 'any' } }}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                size="small"
                label="Origin"
                value={draft.origin}
                onChange={(event) => set('origin')(event.target.value)}
                disabled={disabled}
                helperText="Where the cargo is handed over: a UN/LOCODE or a place name"
                slotProps={{ htmlInput: { maxLength: 100 } }}
                sx={{ flexGrow: 1 }}
              />
              <TextField
                select
                size="small"
                label="Mode"
                required
                value={draft.mode}
                onChange={(event) => set('mode')(event.target.value as BookingDraft['mode'])}
                disabled={disabled}
                slotProps={NATIVE_SELECT}
                sx={{ minWidth: 160 }}
              >
                <option value="">Choose a mode</option>
                {MODE_OPTIONS.map((mode) => (
                  <option key={mode} value={mode}>
                    {mode}
                  </option>
                ))}
              </TextField>
            </Stack>
            <TextField
              label="Note"
              multiline
              minRows={2}
              value={draft.note}
              onChange={(event) => set('note')(event.target.value)}
              disabled={disabled}
              helperText="For staff and the forwarder (optional)"
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            {failure ? <Alert severity="error">{failure}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={disabled}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={disabled}>
            {disabled ? 'Sending...' : 'Send request'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
