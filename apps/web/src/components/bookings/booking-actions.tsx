import { Button, Stack } from '@mui/material';
import type { Booking } from '@quayside/domain/bookings';
import type { Role } from '@quayside/domain/people';
import { useState } from 'react';
import { canAnswerBookings, canRouteBookings } from '../../lib/permissions.ts';
import { BookingConversationButton } from './booking-conversation.tsx';
import { ConfirmBookingDialog } from './confirm-booking-dialog.tsx';
import { DeclineBookingDialog } from './decline-booking-dialog.tsx';
import { RouteBookingDialog } from './route-booking-dialog.tsx';

type Action = 'route' | 'confirm' | 'decline';

/**
 * What a role may do to a booking now: an Admin routes it while no forwarder has answered, and may
 * decline it then too; its forwarder (or an Admin) confirms or declines it once routed. A
 * confirmation creates the forwarder's shipment, so one not routed yet is not confirmed.
 */
export function bookingActionsOf(booking: Pick<Booking, 'status'>, role: Role | undefined): Action[] {
  const isRequested = booking.status === 'requested';
  const isRouted = booking.status === 'routed';
  const actions: Action[] = [];
  if (canRouteBookings(role) && (isRequested || isRouted)) actions.push('route');
  if (canAnswerBookings(role) && isRouted) actions.push('confirm');
  if ((canAnswerBookings(role) && isRouted) || (canRouteBookings(role) && isRequested)) actions.push('decline');
  return actions;
}

const LABELS: Record<Action, string> = { route: 'Route', confirm: 'Confirm', decline: 'Decline' };

/**
 * A booking's buttons, each named with its reference, and the dialog the one pressed opens: the
 * role's actions, then its conversation, which everyone who sees the booking may join.
 */
export function BookingActions({ booking, actions }: { booking: Booking; actions: readonly Action[] }) {
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions.map((action) => (
          <Button
            key={action}
            size="small"
            variant={action === 'decline' ? 'text' : 'outlined'}
            color={action === 'decline' ? 'error' : 'primary'}
            aria-label={`${LABELS[action]} ${booking.reference}`}
            onClick={() => setOpen(action)}
          >
            {LABELS[action]}
          </Button>
        ))}
        <BookingConversationButton reference={booking.reference} />
      </Stack>
      {open === 'route' ? <RouteBookingDialog booking={booking} onClose={close} /> : null}
      {open === 'confirm' ? <ConfirmBookingDialog booking={booking} onClose={close} /> : null}
      {open === 'decline' ? <DeclineBookingDialog booking={booking} onClose={close} /> : null}
    </>
  );
}
