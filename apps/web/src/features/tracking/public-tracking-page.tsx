import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { type PublicTracking, TRACKING_LINK_GONE } from '@quayside/domain/carrier-events';
import { milestonesOf } from '@quayside/domain/milestones';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CarrierEventList } from '../../components/carrier-event-list.tsx';
import { MilestoneStrip } from '../../components/milestone-strip.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { ApiError, call, failureMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/date-time.ts';

/** The dates the page lists, in the order a voyage meets them (Booked is the strip's). */
const DATE_LABELS = ['ETD', 'Origin ETD', 'ATD', 'Dest. ETA', 'ATA', 'Est Delivery', 'Act Delivery'] as const;

/** A token not known or withdrawn answers 404, and asking again will not change that. */
const isRefused = (error: unknown) => error instanceof ApiError && error.status < 500;

function Dates({ dates }: { dates: PublicTracking['dates'] }) {
  return (
    <Paper component="section" variant="outlined" aria-label="Dates" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Dates
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {DATE_LABELS.map((label) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {formatDate(dates[label]) || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function Tracking({ tracking }: { tracking: PublicTracking }) {
  return (
    <Stack spacing={2}>
      <Typography>
        {tracking.origin || 'Origin not set'} → {tracking.destination || 'destination not set'}
      </Typography>
      <MilestoneStrip milestones={milestonesOf(tracking.dates, new Date())} mode={tracking.mode} />
      <Dates dates={tracking.dates} />
      <Paper component="section" variant="outlined" aria-label="Carrier events" sx={{ p: 1.5 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
          Carrier events
        </Typography>
        {tracking.events.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No carrier events yet.
          </Typography>
        ) : (
          <CarrierEventList events={tracking.events} label="Carrier events" />
        )}
      </Paper>
    </Stack>
  );
}

function TrackingAnswer({ token }: { token: string }) {
  const tracking = useQuery({
    queryKey: ['tracking', token],
    queryFn: ({ signal }) => call('getPublicTracking', { params: { token }, signal }),
    retry: (failures, error) => failures < 1 && !isRefused(error),
  });
  if (tracking.isPending) return <CircularProgress aria-label="Loading" />;
  if (tracking.isError) {
    if (tracking.error instanceof ApiError && tracking.error.status === 404) {
      return <Alert severity="info">{TRACKING_LINK_GONE}</Alert>;
    }
    return (
      <RetryAlert onRetry={() => void tracking.refetch()}>
        {failureMessage(tracking.error, 'Failed to load the shipment. Please try again.')}
      </RetryAlert>
    );
  }
  return <Tracking tracking={tracking.data} />;
}

/**
 * `/track/:token`: a shipment's progress for anyone holding the link, without signing in (the app
 * mounts it outside the session). Its own query cache, kept in memory only: nothing of it joins a
 * signed-in user's stored cache. Search engines are asked not to index it (the server says so too).
 */
export function PublicTrackingPage({ token }: { token: string }) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {/* React puts these in the document's head while the page is shown, and takes them out after. */}
      <meta name="robots" content="noindex" />
      {/* The address is the link's secret: no other site learns it from a Referer header. */}
      <meta name="referrer" content="no-referrer" />
      <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'grey.50', p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <DirectionsBoatIcon color="primary" aria-hidden />
            <Typography component="span" sx={{ fontWeight: 700 }}>
              Quayside
            </Typography>
          </Stack>
          <Typography variant="h4" component="h1">
            Shipment tracking
          </Typography>
          <TrackingAnswer token={token} />
        </Stack>
      </Box>
    </QueryClientProvider>
  );
}
