import type { Booking } from '@quayside/domain/bookings';
import { TextAnswerDialog } from '../text-answer-dialog.tsx';
import { useDeclineBooking } from './bookings-api.ts';

/** The forwarder (or an Admin) turns a booking down, saying why: the supplier and staff read the reason. Mounted only while open. */
export function DeclineBookingDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  return (
    <TextAnswerDialog
      title={`Decline ${booking.reference}`}
      explanation={`No shipment is created for ${booking.po_number}. Its lines can be requested again.`}
      field={{ label: 'Reason', maxLength: 1000, multiline: true }}
      action={{ label: 'Decline', busyLabel: 'Declining...', danger: true }}
      failure="Failed to decline the booking. Please try again."
      mutation={useDeclineBooking(booking.reference)}
      variablesOf={(reason) => reason}
      onClose={onClose}
    />
  );
}
