import {
  Box,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Booking } from '@quayside/domain/bookings';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/date-time.ts';
import { paths } from '../../lib/navigation.ts';
import { canOpenShipments } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { type CardField, CardList, InfoCard } from '../card-list.tsx';
import { BookingActions, bookingActionsOf } from './booking-actions.tsx';
import { BookingStatusChip } from './booking-status-chip.tsx';
import { linesText } from './booking-text.ts';

type BookingsListProps = {
  bookings: readonly Booking[];
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** Its PO and supplier, left out where the page is the PO's own. */
  showPo?: boolean;
  label?: string;
};

type Column = { label: string; value: (booking: Booking) => ReactNode };

const orDash = (text: string | null) => text || '—';

function Status({ booking }: { booking: Booking }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <BookingStatusChip status={booking.status} />
      {booking.decline_reason ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {booking.decline_reason}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The shipment a confirmation created: its page for those who may open it, its number for a supplier's contact. */
function Shipment({ shipment, mayOpen }: { shipment: string | null; mayOpen: boolean }) {
  if (!shipment) return '—';
  return mayOpen ? (
    <Link component={RouterLink} to={paths.shipment(shipment)}>
      {shipment}
    </Link>
  ) : (
    shipment
  );
}

function columnsOf(showPo: boolean, mayOpenShipments: boolean): Column[] {
  return [
    ...(showPo
      ? [
          {
            label: 'PO #',
            value: (booking: Booking) => (
              <Link component={RouterLink} to={paths.purchaseOrder(booking.po_number)}>
                {booking.po_number}
              </Link>
            ),
          },
          { label: 'Supplier', value: (booking: Booking) => orDash(booking.supplier) },
        ]
      : []),
    { label: 'Lines', value: linesText },
    { label: 'Cargo-ready', value: (booking) => orDash(formatDate(booking.cargo_ready_date)) },
    { label: 'Mode', value: (booking) => orDash(booking.mode) },
    { label: 'Origin', value: (booking) => orDash(booking.origin) },
    { label: 'Status', value: (booking) => <Status booking={booking} /> },
    { label: 'Forwarder', value: (booking) => orDash(booking.forwarder_name) },
    {
      label: 'Shipment',
      value: (booking) => <Shipment shipment={booking.shipment} mayOpen={mayOpenShipments} />,
    },
  ];
}

/** Booking requests as a table, with what the user may do to each, or on a phone as a card per request. */
export function BookingsList({ bookings, empty, showPo = true, label = 'Bookings' }: BookingsListProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const role = useProfile().profile?.role;
  const columns = columnsOf(showPo, canOpenShipments(role));
  if (isPhone) {
    return (
      <CardList label={label} isEmpty={bookings.length === 0} emptyText={empty}>
        {bookings.map((booking) => (
          <InfoCard
            key={booking.reference}
            title={booking.reference}
            fields={columns.map((column): CardField => ({ label: column.label, value: column.value(booking) }))}
            actions={<BookingActions booking={booking} actions={bookingActionsOf(booking, role)} />}
          />
        ))}
      </CardList>
    );
  }
  // The reference, the columns and the actions.
  const width = columns.length + 2;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Reference</TableCell>
              {columns.map((column) => (
                <TableCell key={column.label}>{column.label}</TableCell>
              ))}
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {bookings.length === 0 ? (
              <TableRow>
                <TableCell colSpan={width} sx={{ py: 4, textAlign: 'center' }}>
                  {empty}
                </TableCell>
              </TableRow>
            ) : (
              bookings.map((booking) => (
                <TableRow key={booking.reference} hover sx={{ verticalAlign: 'top' }}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {booking.reference}
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.label} sx={{ overflowWrap: 'anywhere' }}>
                      {column.value(booking)}
                    </TableCell>
                  ))}
                  <TableCell>
                    <BookingActions booking={booking} actions={bookingActionsOf(booking, role)} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
