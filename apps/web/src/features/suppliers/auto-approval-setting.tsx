import { Alert, Button, Stack, TextField } from '@mui/material';
import { MAX_AUTO_APPROVE_DAYS, SupplierSettings } from '@quayside/domain/suppliers';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useSaveSupplierSettings } from './suppliers-api.ts';

const SAVE_FAILED = 'Failed to save the automatic approval. Please try again.';

/** The field's text as the setting: empty is off. */
const settingsOf = (days: string) =>
  SupplierSettings.safeParse({ autoApproveCargoReadyDays: days.trim() === '' ? null : Number(days) });

/**
 * How many days a supplier may move a cargo-ready date without a person approving it; empty: every
 * proposal waits for an Admin. A quantity or a split always waits.
 */
export function AutoApprovalSetting({ saved }: { saved: SupplierSettings }) {
  const [days, setDays] = useState(
    saved.autoApproveCargoReadyDays === null ? '' : String(saved.autoApproveCargoReadyDays),
  );
  const save = useSaveSupplierSettings();
  const parsed = settingsOf(days);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a whole number of days.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success && !save.isPending) save.mutate(parsed.data);
  };
  return (
    <Stack component="form" onSubmit={submit} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        type="number"
        size="small"
        label="Approve cargo-ready date moves of at most N days automatically"
        value={days}
        onChange={(event) => {
          setDays(event.target.value);
          save.reset();
        }}
        error={problem !== null}
        helperText={problem ?? `0 to ${MAX_AUTO_APPROVE_DAYS} days; empty: an Admin approves every change`}
        slotProps={{ htmlInput: { min: 0, max: MAX_AUTO_APPROVE_DAYS, step: 1 } }}
        sx={{ width: { xs: '100%', sm: 480 } }}
      />
      <Button type="submit" variant="contained" disabled={problem !== null || save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
      {save.isSuccess ? (
        <Alert severity="success">
          {save.data.autoApproveCargoReadyDays
            ? `Saved: cargo-ready date moves of at most ${save.data.autoApproveCargoReadyDays} days are approved automatically.`
            : 'Saved: an Admin approves every proposal.'}
        </Alert>
      ) : null}
      {save.isError ? <Alert severity="error">{failureMessage(save.error, SAVE_FAILED)}</Alert> : null}
    </Stack>
  );
}
