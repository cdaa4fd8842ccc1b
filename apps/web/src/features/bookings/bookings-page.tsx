import { Box, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import type { BookingStatus } from '@quayside/domain/bookings';
import { PAGE_SIZES, type PageSize } from '@quayside/domain/constants';
import type { Role } from '@quayside/domain/people';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bookingListQuery } from '../../components/bookings/bookings-api.ts';
import { BookingsList } from '../../components/bookings/bookings-list.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { failureMessage } from '../../lib/api.ts';
import { pageCountOf } from '../../lib/paging.ts';
import { canRouteBookings } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { BookingStatusFilter } from './booking-status-filter.tsx';
import { LaneRulesCard } from './lane-rules-card.tsx';

const LOAD_FAILED = 'Failed to load the bookings. Please try again.';

/** What the screen is for, as the role sees it. */
function introOf(role: Role | undefined) {
  if (role === 'Supplier') return 'Your requests to book purchase order lines, and the shipments they became.';
  if (role === 'Forwarder')
    return 'Booking requests routed to your company: confirm each with a shipment, or decline it.';
  return 'Suppliers’ requests to book purchase order lines: route each to a forwarder, who confirms or declines it.';
}

/** `/bookings`: booking requests by status, a page at a time, with what the role may do to each; an Admin's lane rules. */
export function BookingsPage() {
  const role = useProfile().profile?.role;
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(PAGE_SIZES[0]);
  const list = useQuery(bookingListQuery({ status, page, pageSize }));
  const data = list.data;

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          Bookings
        </Typography>
        <Typography color="text.secondary">{introOf(role)}</Typography>
      </Stack>

      <BookingStatusFilter
        value={status}
        onChange={(next) => {
          setStatus(next);
          // Another filter starts at its first page.
          setPage(1);
        }}
      />

      {list.isPending ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading bookings" />
        </Box>
      ) : data === undefined ? (
        <RetryAlert onRetry={() => void list.refetch()}>{failureMessage(list.error, LOAD_FAILED)}</RetryAlert>
      ) : (
        <Stack spacing={1.5}>
          {list.isError ? (
            <RetryAlert onRetry={() => void list.refetch()}>{failureMessage(list.error, LOAD_FAILED)}</RetryAlert>
          ) : null}
          <Box sx={{ height: 4 }}>
            {list.isPlaceholderData ? <LinearProgress aria-label="Loading bookings" /> : null}
          </Box>
          <BookingsList
            bookings={data.bookings}
            empty={
              <Typography color="text.secondary">
                {status === null ? 'No booking requests yet.' : 'No booking requests with this status.'}
              </Typography>
            }
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography variant="body2" color="text.secondary">
              {`${data.total} ${data.total === 1 ? 'booking' : 'bookings'}`}
            </Typography>
            <Pagination
              page={page}
              pageCount={pageCountOf(data.total, data.pageSize)}
              isPageCountExact
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </Stack>
        </Stack>
      )}

      {canRouteBookings(role) ? <LaneRulesCard /> : null}
    </Stack>
  );
}
