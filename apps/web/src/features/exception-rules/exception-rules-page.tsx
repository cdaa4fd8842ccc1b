import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { MODE_OPTIONS } from '@quayside/domain/constants';
import { DOCUMENT_TYPES } from '@quayside/domain/documents';
import {
  EVERY_MODE,
  type ExceptionSettings,
  MAX_ETA_SLIP_DAYS,
  MILESTONE_LABELS,
  MILESTONES,
  type RequiredDocument,
} from '@quayside/domain/exceptions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, failureMessage } from '../../lib/api.ts';
import { lineItemKeys } from '../../lib/query-keys.ts';
import { analyticsSettingsQuery, GraceSetting } from './grace-setting.tsx';

const settingsKey = [...lineItemKeys.all, 'exception-settings'] as const;

const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call('getExceptionSettings', { signal }),
  });

let lastKey = 0;
const nextKey = () => {
  lastKey += 1;
  return lastKey;
};

const MODE_CHOICES = [EVERY_MODE, ...MODE_OPTIONS] as const;
const modeLabel = (mode: RequiredDocument['mode']) => (mode === EVERY_MODE ? 'Every mode' : mode);

function SettingsForm({ saved }: { saved: ExceptionSettings }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(saved.etaSlipDays));
  // Each row keeps a key of its own while it is edited (two rows may briefly be the same).
  const [checklist, setChecklist] = useState(() => saved.checklist.map((row) => ({ ...row, key: nextKey() })));
  const save = useMutation({
    mutationFn: (settings: ExceptionSettings) => call('saveExceptionSettings', { body: settings }),
    // The rules decide which line items have exceptions: every count and page moves with them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineItemKeys.all }),
  });
  const setRow = (index: number, row: Partial<RequiredDocument>) =>
    setChecklist(checklist.map((each, at) => (at === index ? { ...each, ...row } : each)));
  const select = <T extends string>(
    label: string,
    value: T,
    choices: readonly T[],
    onChange: (next: T) => void,
    name = (choice: T): string => choice,
  ) => (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value as T)}>
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {name(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={3}>
      <TextField
        label="ETA slipped after (days later than first promised)"
        type="number"
        value={days}
        onChange={(event) => setDays(event.target.value)}
        slotProps={{ htmlInput: { min: 1, max: MAX_ETA_SLIP_DAYS } }}
        sx={{ maxWidth: 360 }}
      />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Required documents">
          <TableHead>
            <TableRow>
              <TableCell>Mode</TableCell>
              <TableCell>Document type</TableCell>
              <TableCell>Required after</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {checklist.map((row, index) => (
              <TableRow key={row.key}>
                <TableCell>
                  {select('Mode', row.mode, MODE_CHOICES, (mode) => setRow(index, { mode }), modeLabel)}
                </TableCell>
                <TableCell>
                  {select('Document type', row.documentType, DOCUMENT_TYPES, (documentType) =>
                    setRow(index, { documentType }),
                  )}
                </TableCell>
                <TableCell>
                  {select(
                    'Required after',
                    row.after,
                    MILESTONES,
                    (after) => setRow(index, { after }),
                    (milestone) => MILESTONE_LABELS[milestone],
                  )}
                </TableCell>
                <TableCell>
                  <IconButton
                    aria-label={`Remove ${row.documentType} for ${modeLabel(row.mode)}`}
                    onClick={() => setChecklist(checklist.filter((_, at) => at !== index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Button
          onClick={() =>
            setChecklist([
              ...checklist,
              { mode: EVERY_MODE, documentType: 'Commercial Invoice', after: 'atd', key: nextKey() },
            ])
          }
        >
          Add a required document
        </Button>
      </Box>
      {save.isError ? (
        <Alert severity="error">{failureMessage(save.error, 'Failed to save. Please try again.')}</Alert>
      ) : null}
      {save.isSuccess ? <Alert severity="success">Saved: exceptions now follow these rules.</Alert> : null}
      <Box>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() =>
            save.mutate({ etaSlipDays: Number(days), checklist: checklist.map(({ key: _key, ...row }) => row) })
          }
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * `/exception-rules` (Admin): the ETA slip threshold and the documents each Mode requires, and the
 * on-time grace the Analytics figures allow.
 */
export function ExceptionRulesPage() {
  const settings = useQuery(settingsQuery());
  const analyticsSettings = useQuery(analyticsSettingsQuery());
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          Exception rules
        </Typography>
        <Typography color="text.secondary">
          When a line item needs attention for a slipped ETA or missing documents. The other rules are fixed: a date
          passed without its actual, or a shipment in transit unchanged for 14 days.
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {settings.isPending ? (
          <CircularProgress size={24} aria-label="Loading the rules" />
        ) : settings.isError ? (
          <Alert severity="error">Failed to load the rules. Please try again.</Alert>
        ) : (
          <SettingsForm saved={settings.data} />
        )}
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="on-time-grace" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <Typography variant="h6" component="h2" id="on-time-grace">
              On-time grace
            </Typography>
            <Typography color="text.secondary">
              How many days after the first promise Analytics still counts an arrival or a delivery as on time.
            </Typography>
          </Stack>
          {analyticsSettings.isPending ? (
            <CircularProgress size={24} aria-label="Loading the grace" />
          ) : analyticsSettings.isError ? (
            <Alert severity="error">Failed to load the grace. Please try again.</Alert>
          ) : (
            <GraceSetting saved={analyticsSettings.data} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
