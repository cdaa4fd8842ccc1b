import { Box, Button, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Deletion } from '@quayside/domain/deletions';
import { formatDateTime } from '../../lib/date-time.ts';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden.ts';
import { partNumbers, whatDeleted, withParts } from './deletion-text.ts';

type Props = {
  deletions: readonly Deletion[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], isSelected: boolean) => void;
  onRestore: (id: number) => void;
  isRestoring: boolean;
};

/** The deletions, newest first: a box to select each one not yet restored, and its Restore. */
export function DeletionsTable({ deletions, selected, onSelect, onRestore, isRestoring }: Props) {
  const restorable = deletions.filter((deletion) => !deletion.restored).map((deletion) => deletion.id);
  const selectedCount = restorable.filter((id) => selected.has(id)).length;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Deletions">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                slotProps={{ input: { 'aria-label': 'Select every deletion shown' } }}
                checked={restorable.length > 0 && selectedCount === restorable.length}
                indeterminate={selectedCount > 0 && selectedCount < restorable.length}
                disabled={restorable.length === 0}
                onChange={(event) => onSelect(restorable, event.target.checked)}
              />
            </TableCell>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What</TableCell>
            {/* Positioned, so the hidden label stays inside the scrolling box. */}
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Restore
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deletions.map((deletion) => {
            const what = whatDeleted(deletion);
            const when = formatDateTime(deletion.at);
            return (
              <TableRow key={deletion.id}>
                <TableCell padding="checkbox">
                  <Checkbox
                    slotProps={{ input: { 'aria-label': `Select ${what}, deleted ${when}` } }}
                    checked={selected.has(deletion.id)}
                    disabled={deletion.restored}
                    onChange={(event) => onSelect([deletion.id], event.target.checked)}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{when}</TableCell>
                <TableCell sx={wrapAnywhere}>{deletion.actor}</TableCell>
                <TableCell sx={wrapAnywhere}>
                  <Typography variant="body2">{[what, withParts(deletion)].filter(Boolean).join(' ')}</Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    title={deletion.parts.map((part) => part.part_number).join(', ')}
                  >
                    {partNumbers(deletion)}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={deletion.restored ? `Restored ${what}` : `Restore ${what}`}
                    disabled={deletion.restored || isRestoring}
                    onClick={() => onRestore(deletion.id)}
                  >
                    {deletion.restored ? 'Restored' : 'Restore'}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A PO number, part number or e-mail may be one long word: it wraps rather than widen the page. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;
