import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { describeEstimate, historyTimeline } from '@quayside/domain/date-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { shipmentKeys } from '../../lib/query-keys.ts';

export const shipmentHistoryQuery = (shipmentNumber: string) =>
  queryOptions({
    queryKey: shipmentKeys.history(shipmentNumber),
    queryFn: ({ signal }) => call('getShipmentHistory', { query: { shipment: shipmentNumber }, signal }),
  });

// The reader's own time zone: when a change was made, not a calendar date of the shipment.
/**
 * The 'History' tab of a shipment and of its line items: how far each estimate has moved from its
 * first promise, then every date change, milestone and document, newest first.
 */
export function ShipmentHistory({ shipmentNumber }: { shipmentNumber: string }) {
  const history = useQuery(shipmentHistoryQuery(shipmentNumber));
  if (history.isPending) return <CircularProgress size={24} aria-label="Loading history" />;
  if (history.isError) return <Alert severity="error">Failed to load the history. Please try again.</Alert>;
  const { estimates } = history.data;
  const timeline = historyTimeline(history.data);
  return (
    <Stack spacing={2}>
      {estimates.length > 0 ? (
        <Box component="section" aria-label="Estimates">
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Estimates since the first promise
          </Typography>
          <List dense disablePadding>
            {estimates.map((estimate) => (
              <ListItem key={estimate.field} disableGutters>
                <ListItemText
                  primary={describeEstimate(estimate)}
                  slotProps={{
                    primary: estimate.daysMoved ? { sx: { color: '#7a4500', fontWeight: 600 } } : {},
                  }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
      <Box component="section" aria-label="Timeline">
        <Typography variant="subtitle2" component="h2" gutterBottom>
          Timeline
        </Typography>
        <List dense disablePadding>
          {timeline.map((entry, index) => (
            <ListItem
              // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is rebuilt whole, never reordered in place
              key={index}
              disableGutters
              sx={{ borderLeft: 3, borderColor: entry.isMilestone ? 'primary.main' : 'divider', pl: 1.5 }}
            >
              <ListItemText
                primary={entry.title}
                secondary={[formatDateTime(entry.at), entry.detail].filter(Boolean).join(' · ')}
                slotProps={{ primary: entry.isMilestone ? { sx: { fontWeight: 600 } } : {} }}
              />
            </ListItem>
          ))}
        </List>
      </Box>
    </Stack>
  );
}
