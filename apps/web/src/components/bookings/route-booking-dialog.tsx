import type { Booking } from '@quayside/domain/bookings';
import { TextAnswerDialog } from '../text-answer-dialog.tsx';
import { useRouteBooking } from './bookings-api.ts';

/** An Admin sends a booking request to a forwarder, or to another one while it is not answered. Mounted only while open. */
export function RouteBookingDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  return (
    <TextAnswerDialog
      title={`Route ${booking.reference}`}
      explanation={`The forwarder sees the request for ${booking.po_number} and confirms it with a shipment number, or declines it.`}
      field={{
        label: 'Forwarder name',
        initial: booking.forwarder_name ?? '',
        maxLength: 200,
        helperText: 'As its shipments name it',
      }}
      action={{ label: 'Route', busyLabel: 'Routing...' }}
      failure="Failed to route the booking. Please try again."
      mutation={useRouteBooking(booking.reference)}
      variablesOf={(forwarder) => forwarder}
      onClose={onClose}
    />
  );
}
