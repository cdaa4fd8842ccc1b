import { Alert, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { laneRulesQuery } from '../../components/bookings/bookings-api.ts';
import { LaneRulesForm } from './lane-rules-form.tsx';

/** An Admin's lane rules: a new request from a lane one names goes to its forwarder at once. */
export function LaneRulesCard() {
  const rules = useQuery(laneRulesQuery());
  return (
    <Paper variant="outlined" component="section" aria-labelledby="lane-rules" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography variant="h6" component="h2" id="lane-rules">
            Lane rules
          </Typography>
          <Typography color="text.secondary">
            A new booking request is routed at once to the forwarder of the first rule matching its origin and mode.
            Requests no rule matches wait for you to route them.
          </Typography>
        </Stack>
        {rules.isPending ? (
          <CircularProgress size={24} aria-label="Loading the lane rules" />
        ) : rules.isError ? (
          <Alert severity="error">Failed to load the lane rules. Please try again.</Alert>
        ) : (
          <LaneRulesForm saved={rules.data.rules} />
        )}
      </Stack>
    </Paper>
  );
}
