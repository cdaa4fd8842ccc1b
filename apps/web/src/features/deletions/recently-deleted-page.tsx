import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import type { Deletion } from '@quayside/domain/deletions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { failureMessage } from '../../lib/api.ts';
import { matches } from './deletion-text.ts';
import { deletionsQuery, type RestoreOutcome, useRestoreDeletions } from './deletions-api.ts';
import { DeletionsTable } from './deletions-table.tsx';

/** What the last restore came to, one line a deletion: what came back, and each refusal's reason. */
function Outcomes({ outcomes }: { outcomes: readonly RestoreOutcome[] }) {
  const refused = outcomes.filter((outcome) => !outcome.isRestored);
  return (
    <Alert severity={refused.length === 0 ? 'success' : 'warning'}>
      {outcomes.map((outcome) => (
        <div key={outcome.id}>{outcome.isRestored ? outcome.message : `Not restored: ${outcome.message}`}</div>
      ))}
    </Alert>
  );
}

function DeletionsList({ deletions }: { deletions: readonly Deletion[] }) {
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const restore = useRestoreDeletions();
  const shown = deletions.filter((deletion) => matches(deletion, filter));
  // In the list's order, newest first, and only those still deleted and shown.
  const toRestore = shown.filter((deletion) => selected.has(deletion.id) && !deletion.restored).map(({ id }) => id);
  const select = (ids: readonly number[], isSelected: boolean) => {
    const next = new Set(selected);
    for (const id of ids) isSelected ? next.add(id) : next.delete(id);
    setSelected(next);
  };
  const restoreAll = (ids: readonly number[]) => restore.mutate(ids, { onSuccess: () => setSelected(new Set()) });
  if (deletions.length === 0) return <Typography color="text.secondary">Nothing has been deleted recently.</Typography>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Filter"
          placeholder="PO, shipment, who or part number"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          size="small"
          sx={{ minWidth: { sm: 320 } }}
        />
        <Button
          variant="contained"
          disabled={toRestore.length === 0 || restore.isPending}
          onClick={() => restoreAll(toRestore)}
        >
          Restore selected
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {toRestore.length > 0 ? `${toRestore.length} selected` : ''}
        </Typography>
        {restore.isPending ? <CircularProgress size={20} aria-label="Restoring" /> : null}
      </Stack>
      {restore.data ? <Outcomes outcomes={restore.data} /> : null}
      {shown.length === 0 ? (
        <Typography color="text.secondary">No deletion matches “{filter.trim()}”.</Typography>
      ) : (
        <DeletionsTable
          deletions={shown}
          selected={selected}
          onSelect={select}
          onRestore={(id) => restoreAll([id])}
          isRestoring={restore.isPending}
        />
      )}
    </Stack>
  );
}

/** `/recently-deleted` (Admin): the line items and parts deleted lately, each of which can be restored. */
export function RecentlyDeletedPage() {
  const deletions = useQuery(deletionsQuery());
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          Recently deleted
        </Typography>
        <Typography color="text.secondary">
          Line items and parts deleted lately, newest first. Restoring one brings it back as it was, with its parts.
        </Typography>
      </Stack>
      {deletions.isPending ? (
        <Box>
          <CircularProgress aria-label="Loading deletions" />
        </Box>
      ) : null}
      {deletions.isError ? (
        <RetryAlert onRetry={() => void deletions.refetch()}>
          {failureMessage(deletions.error, 'Failed to load the deletions. Please try again.')}
        </RetryAlert>
      ) : null}
      {deletions.isSuccess ? <DeletionsList deletions={deletions.data} /> : null}
    </Stack>
  );
}
