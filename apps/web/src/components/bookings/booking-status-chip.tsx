import { Chip } from '@mui/material';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@quayside/domain/bookings';

// Where a booking stands, in words; the colour only repeats them.
const COLOURS: Record<BookingStatus, 'default' | 'primary' | 'success' | 'error'> = {
  requested: 'default',
  routed: 'primary',
  confirmed: 'success',
  declined: 'error',
};

export function BookingStatusChip({ status }: { status: BookingStatus }) {
  return (
    <Chip
      size="small"
      label={BOOKING_STATUS_LABELS[status]}
      color={COLOURS[status]}
      variant={status === 'requested' || status === 'routed' ? 'outlined' : 'filled'}
    />
  );
}
