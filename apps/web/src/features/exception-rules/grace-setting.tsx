import { Alert, Button, Stack, TextField } from '@mui/material';
import { AnalyticsSettings, MAX_ON_TIME_GRACE_DAYS } from '@quayside/domain/analytics';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call, failureMessage } from '../../lib/api.ts';
import { analyticsKeys } from '../../lib/query-keys.ts';

export const analyticsSettingsQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.settings(),
    queryFn: ({ signal }) => call('getAnalyticsSettings', { signal }),
  });

export const GRACE_SAVED = 'Saved: on-time figures now allow this grace.';

/**
 * An Admin's on-time grace for Analytics: how many days after the first promise still count as on
 * time. With the other rules an Admin sets, not in the analytics filters (it is not a question's filter).
 */
export function GraceSetting({ saved }: { saved: AnalyticsSettings }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(saved.onTimeGraceDays));
  const save = useMutation({
    mutationFn: (settings: AnalyticsSettings) => call('saveAnalyticsSettings', { body: settings }),
    // Every on-time figure and the scorecard move with the grace.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
  const parsed = AnalyticsSettings.safeParse({ onTimeGraceDays: days.trim() === '' ? Number.NaN : Number(days) });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a whole number of days.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <Stack component="form" onSubmit={submit} direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        size="small"
        type="number"
        label="On-time grace (days)"
        value={days}
        onChange={(event) => setDays(event.target.value)}
        error={problem !== null}
        helperText={problem ?? `0 to ${MAX_ON_TIME_GRACE_DAYS} days after the first promise`}
        slotProps={{ htmlInput: { min: 0, max: MAX_ON_TIME_GRACE_DAYS, step: 1 } }}
        sx={{ width: 220 }}
      />
      <Button type="submit" variant="outlined" disabled={problem !== null || save.isPending}>
        Save grace
      </Button>
      {save.isSuccess ? <Alert severity="success">{GRACE_SAVED}</Alert> : null}
      {save.isError ? (
        <Alert severity="error">{failureMessage(save.error, 'The grace could not be saved. Try again.')}</Alert>
      ) : null}
    </Stack>
  );
}
