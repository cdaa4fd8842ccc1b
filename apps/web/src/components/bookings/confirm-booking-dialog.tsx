import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { Booking } from '@quayside/domain/bookings';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useToast } from '../toast.tsx';
import { useConfirmBooking } from './bookings-api.ts';

const CONFIRM_FAILED = 'Failed to confirm the booking. Please try again.';

const DATE_FIELD = { inputLabel: { shrink: true } } as const;

/**
 * The forwarder (or an Admin) confirms a booking with the shipment number to create, and what the
 * carrier said: its reference and dates, when known. Mounted only while open.
 */
export function ConfirmBookingDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const [values, setValues] = useState({ shipment: '', carrier: '', etd: '', destEta: '' });
  const confirm = useConfirmBooking(booking.reference);
  const { notify } = useToast();
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const isValid = values.shipment.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || confirm.isPending) return;
    const body = {
      shipment: values.shipment.trim(),
      carrier_booking_reference: values.carrier.trim(),
      etd: values.etd || null,
      dest_eta: values.destEta || null,
    };
    confirm.mutate(body, {
      onSuccess: (answer) => {
        notify({ type: 'success', message: answer.message });
        onClose();
      },
    });
  };
  return (
    <Dialog open onClose={confirm.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{`Confirm ${booking.reference}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {`The shipment is created with ${booking.po_number}'s booked lines on it.`}
            </DialogContentText>
            <TextField
              label="Shipment number"
              required
              autoFocus
              value={values.shipment}
              onChange={(event) => set('shipment')(event.target.value)}
              disabled={confirm.isPending}
              helperText="Your reference for the shipment to create"
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label="Carrier booking reference"
              value={values.carrier}
              onChange={(event) => set('carrier')(event.target.value)}
              disabled={confirm.isPending}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label="ETD"
                value={values.etd}
                onChange={(event) => set('etd')(event.target.value)}
                disabled={confirm.isPending}
                slotProps={DATE_FIELD}
                fullWidth
              />
              <TextField
                type="date"
                label="Dest. ETA"
                value={values.destEta}
                onChange={(event) => set('destEta')(event.target.value)}
                disabled={confirm.isPending}
                slotProps={DATE_FIELD}
                fullWidth
              />
            </Stack>
            {confirm.isError ? <Alert severity="error">{failureMessage(confirm.error, CONFIRM_FAILED)}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={confirm.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
