import { Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { MatchCount } from '../../../lib/paging.ts';
import { formatCount } from '../format-count.ts';
import { type PageTick, type RowSelection, selectedCount } from './row-selection.ts';

type SelectionBarProps = {
  selection: RowSelection;
  page: PageTick;
  rowsShown: number;
  matches: MatchCount;
  onChange: (selection: RowSelection) => void;
  /** What can be done with the chosen rows (bulk-actions.tsx). */
  actions: ReactNode;
};

/**
 * Above the table while rows are chosen: how many, the step from 'this page' to 'all N matching'
 * (Gmail's pattern), and the actions.
 */
export function SelectionBar({ selection, page, rowsShown, matches, onChange, actions }: SelectionBarProps) {
  const count = selectedCount(selection, matches.count);
  const canSelectAll = selection.kind === 'ids' && page === 'all' && matches.count > rowsShown;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Selected line items"
      sx={{ px: 2, py: 1, bgcolor: 'primary.50', borderColor: 'primary.light' }}
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }} aria-live="polite">
          {selection.kind === 'all' && selection.except.length === 0
            ? `All ${formatCount(count)} matching selected`
            : `${formatCount(count)} selected`}
        </Typography>
        {canSelectAll ? (
          <Button size="small" disabled={!matches.isExact} onClick={() => onChange({ kind: 'all', except: [] })}>
            {matches.isExact ? `Select all ${formatCount(matches.count)} matching` : 'Counting the matches…'}
          </Button>
        ) : null}
        <Button size="small" color="inherit" onClick={() => onChange({ kind: 'ids', ids: [] })}>
          Clear selection
        </Button>
        <Stack direction="row" spacing={1} useFlexGap sx={{ ml: { sm: 'auto' }, flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}
