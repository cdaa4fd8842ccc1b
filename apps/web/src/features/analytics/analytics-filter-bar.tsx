import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { MODE_OPTIONS, TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from '@quayside/domain/constants';
import { type FormEvent, useState } from 'react';
import { type AnalyticsFilterForm, questionOf } from './analytics-filters.ts';

const ANY = '';
const DATE_BASES = { atd: 'ATD', dest_eta: 'Dest. ETA' } as const;
const PERIODS = { month: 'Month', week: 'Week' } as const;

type FilterBarProps = {
  applied: AnalyticsFilterForm;
  defaults: AnalyticsFilterForm;
  /** Staff narrow by forwarder; a forwarder's figures are always its own. */
  canChooseForwarder: boolean;
  onApply: (form: AnalyticsFilterForm) => void;
};

/** The question every figure answers: a date range by ATD or Dest. ETA and the optional narrowing. */
export function AnalyticsFilterBar({ applied, defaults, canChooseForwarder, onApply }: FilterBarProps) {
  const [draft, setDraft] = useState(applied);
  const [appliedBefore, setAppliedBefore] = useState(applied);
  // A new question (Apply, the back button, a link) replaces what was typed; the page drawing again
  // with the same one (a figure arriving) must not, so the two are compared by value.
  if (JSON.stringify(appliedBefore) !== JSON.stringify(applied)) {
    setAppliedBefore(applied);
    setDraft(applied);
  }
  const question = questionOf(draft);
  const set = (name: keyof AnalyticsFilterForm) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [name]: event.target.value });
  const text = (name: keyof AnalyticsFilterForm, label: string) => (
    <TextField
      size="small"
      label={label}
      value={draft[name]}
      onChange={set(name)}
      sx={{ width: { xs: '100%', sm: 180 } }}
    />
  );
  const date = (name: 'from' | 'to', label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={draft[name]}
      onChange={set(name)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 160 } }}
    />
  );
  const select = (name: keyof AnalyticsFilterForm, label: string, options: Record<string, string>) => (
    <TextField
      select
      size="small"
      label={label}
      value={draft[name]}
      onChange={set(name)}
      sx={{ width: { xs: '100%', sm: 150 } }}
    >
      {Object.entries(options).map(([value, name]) => (
        <MenuItem key={value} value={value}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ('query' in question) onApply(draft);
  };

  return (
    <Box component="form" onSubmit={submit} aria-label="Analytics filters">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {date('from', 'From')}
        {date('to', 'To')}
        {select('dateBy', 'Dates by', DATE_BASES)}
        {select('period', 'Volume per', PERIODS)}
        {select('mode', 'Mode', { [ANY]: 'Any', ...Object.fromEntries(MODE_OPTIONS.map((mode) => [mode, mode])) })}
        {select('transitType', 'Transit type', {
          [ANY]: 'Any',
          ...Object.fromEntries([...TRANSIT_TYPES, TRANSIT_TYPE_OTHER].map((type) => [type, type])),
        })}
        {canChooseForwarder ? text('forwarder', 'Forwarder') : null}
        {text('originPort', 'Origin port')}
        {text('destinationPort', 'Destination port')}
        {text('consignee', 'Consignee')}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={'message' in question}>
            Apply
          </Button>
          <Button
            onClick={() => {
              setDraft(defaults);
              onApply(defaults);
            }}
          >
            Reset
          </Button>
        </Stack>
      </Stack>
      {'message' in question ? (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {question.message}
        </Alert>
      ) : null}
    </Box>
  );
}
