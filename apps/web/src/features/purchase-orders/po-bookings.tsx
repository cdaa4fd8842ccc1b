import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { PAGE_SIZES } from '@quayside/domain/constants';
import { isClosedStatus, type PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bookingListQuery } from '../../components/bookings/bookings-api.ts';
import { BookingsList } from '../../components/bookings/bookings-list.tsx';
import { RequestBookingDialog } from '../../components/bookings/request-booking-dialog.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { failureMessage } from '../../lib/api.ts';
import { canRequestBookings } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';

const LOAD_FAILED = 'Failed to load the bookings. Please try again.';
/** More requests than this on one PO are unlikely: the newest are shown, and how many there are. */
const SHOWN = PAGE_SIZES[2];

/** The PO page's booking requests, newest first, and for its supplier (or an Admin) a new one. */
export function PoBookings({ po }: { po: PurchaseOrderDetail }) {
  const role = useProfile().profile?.role;
  const [isRequesting, setIsRequesting] = useState(false);
  const list = useQuery(bookingListQuery({ status: null, po: po.po_number, page: 1, pageSize: SHOWN }));
  const mayRequest = canRequestBookings(role) && !isClosedStatus(po.status);
  const data = list.data;
  return (
    <Stack component="section" aria-labelledby="po-bookings" spacing={1.5}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="po-bookings" variant="h6" component="h2">
          Bookings
        </Typography>
        {mayRequest ? (
          <Button variant="outlined" size="small" onClick={() => setIsRequesting(true)}>
            Request booking
          </Button>
        ) : null}
      </Stack>
      {list.isPending ? (
        <Box role="status">
          <CircularProgress size={24} aria-label="Loading bookings" />
        </Box>
      ) : data === undefined ? (
        <RetryAlert onRetry={() => void list.refetch()}>{failureMessage(list.error, LOAD_FAILED)}</RetryAlert>
      ) : data.total === 0 ? (
        <Typography color="text.secondary">No booking requested for this purchase order yet.</Typography>
      ) : (
        <>
          <BookingsList label={`Bookings of ${po.po_number}`} showPo={false} bookings={data.bookings} empty={null} />
          {data.total > data.bookings.length ? (
            <Typography variant="body2" color="text.secondary">
              {`The newest ${data.bookings.length} of ${data.total} requests.`}
            </Typography>
          ) : null}
        </>
      )}
      {isRequesting ? <RequestBookingDialog po={po} onClose={() => setIsRequesting(false)} /> : null}
    </Stack>
  );
}
