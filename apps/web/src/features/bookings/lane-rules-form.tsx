import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import { type LaneRule, LaneRules, MAX_LANE_RULES } from '@quayside/domain/bookings';
import { MODE_OPTIONS } from '@quayside/domain/constants';
import { type FormEvent, useState } from 'react';
import { useSaveLaneRules } from '../../components/bookings/bookings-api.ts';
import { failureMessage } from '../../lib/api.ts';

const SAVE_FAILED = 'Failed to save the lane rules. Please try again.';
const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

type Row = LaneRule & { key: number };

let lastKey = 0;
// Each row keeps a key of its own while it is edited (two rows may briefly be the same).
const rowOf = (rule: LaneRule): Row => {
  lastKey += 1;
  return { ...rule, key: lastKey };
};

/** The rows as the server takes them, trimmed, or the first problem, naming its rule. */
function rulesOf(rows: readonly Row[]) {
  const parsed = LaneRules.safeParse({
    rules: rows.map(({ origin, mode, forwarder_name }) => ({
      origin: origin.trim(),
      mode,
      forwarder_name: forwarder_name.trim(),
    })),
  });
  if (parsed.success) return { rules: parsed.data.rules, problem: null };
  const [issue] = parsed.error.issues;
  const index = issue?.path[1];
  const problem = typeof index === 'number' ? `Rule ${index + 1}: ${issue?.message}` : (issue?.message ?? null);
  return { rules: null, problem };
}

function RuleFields({
  row,
  index,
  disabled,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  disabled: boolean;
  onChange: (row: Row) => void;
  onRemove: () => void;
}) {
  const name = `Lane rule ${index + 1}`;
  return (
    <Paper component="fieldset" variant="outlined" sx={{ m: 0, p: 1.5, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {name}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label="Origin"
          required
          value={row.origin}
          onChange={(event) => onChange({ ...row, origin: event.target.value })}
          disabled={disabled}
          helperText="A UN/LOCODE or a place name"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          select
          size="small"
          label="Mode"
          value={row.mode}
          onChange={(event) => onChange({ ...row, mode: event.target.value as LaneRule['mode'] })}
          disabled={disabled}
          helperText=" "
          slotProps={NATIVE_SELECT}
          sx={{ minWidth: 120 }}
        >
          <option value="">Any</option>
          {MODE_OPTIONS.map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Forwarder"
          required
          value={row.forwarder_name}
          onChange={(event) => onChange({ ...row, forwarder_name: event.target.value })}
          disabled={disabled}
          helperText="As its shipments name it"
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flexGrow: 1 }}
        />
        <Box>
          <IconButton aria-label={`Remove lane rule ${index + 1}`} onClick={onRemove} disabled={disabled}>
            <DeleteIcon />
          </IconButton>
        </Box>
      </Stack>
    </Paper>
  );
}

/** The rules in the order they are tried, each editable; Save replaces the whole list. */
export function LaneRulesForm({ saved }: { saved: readonly LaneRule[] }) {
  const [rows, setRows] = useState(() => saved.map(rowOf));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveLaneRules();
  const edit = (next: Row[]) => {
    setRows(next);
    setProblem(null);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const outcome = rulesOf(rows);
    setProblem(outcome.problem);
    if (outcome.rules) save.mutate(outcome.rules);
  };
  const failure = problem ?? (save.isError ? failureMessage(save.error, SAVE_FAILED) : null);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">No lane rules: every request waits to be routed.</Typography>
      ) : (
        rows.map((row, index) => (
          <RuleFields
            key={row.key}
            row={row}
            index={index}
            disabled={save.isPending}
            onChange={(next) => edit(rows.map((each) => (each.key === next.key ? next : each)))}
            onRemove={() => edit(rows.filter((each) => each.key !== row.key))}
          />
        ))
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddIcon />}
          disabled={save.isPending || rows.length >= MAX_LANE_RULES}
          onClick={() => edit([...rows, rowOf({ origin: '', mode: '', forwarder_name: '' })])}
        >
          Add lane rule
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save lane rules'}
        </Button>
      </Stack>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {save.isSuccess ? <Alert severity="success">Saved: new requests are routed by these rules.</Alert> : null}
    </Stack>
  );
}
