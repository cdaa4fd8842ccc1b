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
import { useRouteBooking } from './bookings-api.ts';

const ROUTE_FAILED = 'Failed to route the booking. Please try again.';

/** An Admin sends a booking request to a forwarder, or to another one while it is not answered. Mounted only while open. */
export function RouteBookingDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const [forwarder, setForwarder] = useState(booking.forwarder_name ?? '');
  const route = useRouteBooking(booking.reference);
  const { notify } = useToast();
  const isValid = forwarder.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || route.isPending) return;
    route.mutate(forwarder.trim(), {
      onSuccess: (answer) => {
        notify({ type: 'success', message: answer.message });
        onClose();
      },
    });
  };
  return (
    <Dialog open onClose={route.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{`Route ${booking.reference}`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {`The forwarder sees the request for ${booking.po_number} and confirms it with a shipment number, or declines it.`}
          </DialogContentText>
          <TextField
            label="Forwarder name"
            required
            fullWidth
            autoFocus
            value={forwarder}
            onChange={(event) => setForwarder(event.target.value)}
            disabled={route.isPending}
            helperText="As its shipments name it"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {route.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failureMessage(route.error, ROUTE_FAILED)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={route.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || route.isPending}>
            {route.isPending ? 'Routing...' : 'Route'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
