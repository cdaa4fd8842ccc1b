import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CarrierEventList } from '../../components/carrier-event-list.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { call } from '../../lib/api.ts';
import { shipmentKeys } from '../../lib/query-keys.ts';

/** The newest few are what a reader wants; the rest of a long voyage is one click away. */
const SHOWN_AT_FIRST = 5;

export const shipmentCarrierEventsQuery = (shipmentNumber: string) =>
  queryOptions({
    queryKey: shipmentKeys.carrierEvents(shipmentNumber),
    queryFn: async ({ signal }) =>
      (await call('getShipmentCarrierEvents', { query: { shipment: shipmentNumber }, signal })).events,
  });

/** Under the milestone strip: what the carriers reported of the shipment, newest first, and the date each set. */
export function ShipmentCarrierEvents({ shipmentNumber }: { shipmentNumber: string }) {
  const events = useQuery(shipmentCarrierEventsQuery(shipmentNumber));
  const [isShowingAll, setIsShowingAll] = useState(false);
  const all = events.data ?? [];
  const shown = isShowingAll ? all : all.slice(0, SHOWN_AT_FIRST);
  return (
    <Paper component="section" variant="outlined" aria-label="Carrier events" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        Carrier events
      </Typography>
      {events.isPending ? <CircularProgress size={20} aria-label="Loading carrier events" /> : null}
      {events.isError ? (
        <RetryAlert onRetry={() => void events.refetch()}>
          Failed to load the carrier events. Please try again.
        </RetryAlert>
      ) : null}
      {events.isSuccess && all.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No carrier events yet.
        </Typography>
      ) : null}
      {all.length > 0 ? (
        <Stack spacing={0.5}>
          <CarrierEventList events={shown} label={`Carrier events of shipment ${shipmentNumber}`} />
          {all.length > SHOWN_AT_FIRST ? (
            <Box>
              <Button size="small" onClick={() => setIsShowingAll(!isShowingAll)} aria-expanded={isShowingAll}>
                {isShowingAll ? 'Show the newest only' : `Show all ${all.length}`}
              </Button>
            </Box>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}
