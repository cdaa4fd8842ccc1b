import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import type { Booking } from '@quayside/domain/bookings';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useToast } from '../toast.tsx';
import { useDeclineBooking } from './bookings-api.ts';

const DECLINE_FAILED = 'Failed to decline the booking. Please try again.';

/** The forwarder (or an Admin) turns a booking down, saying why: the supplier and staff read the reason. Mounted only while open. */
export function DeclineBookingDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const decline = useDeclineBooking(booking.reference);
  const { notify } = useToast();
  const isValid = reason.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || decline.isPending) return;
    decline.mutate(reason.trim(), {
      onSuccess: (answer) => {
        notify({ type: 'success', message: answer.message });
        onClose();
      },
    });
  };
  return (
    <Dialog open onClose={decline.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{`Decline ${booking.reference}`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {`No shipment is created for ${booking.po_number}. Its lines can be requested again.`}
          </DialogContentText>
          <TextField
            label="Reason"
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={decline.isPending}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {decline.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failureMessage(decline.error, DECLINE_FAILED)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={decline.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!isValid || decline.isPending}>
            {decline.isPending ? 'Declining...' : 'Decline'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
