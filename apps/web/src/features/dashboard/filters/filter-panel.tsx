import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Popover, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ColumnKey, Report } from '@quayside/domain/line-item-columns';
import { REPORT_COLUMNS } from '@quayside/domain/line-item-columns';
import type { Filter } from '@quayside/domain/line-item-query';
import { useId, useRef, useState } from 'react';
import { FilterRow } from './filter-row.tsx';
import { type FilterLogic, isActiveFilter, newFilter, valueProblem } from './filters.ts';

/** SPEC.md §9: the filter panel is 600 px wide. */
export const FILTER_PANEL_WIDTH = 600;

type FilterPanelProps = {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  report: Report;
  filters: readonly Filter[];
  logic: FilterLogic;
  /** Apply Filters: the rows that constrain anything, and the logic. Clear All applies no filters at once. */
  onApply: (filters: Filter[], logic: FilterLogic) => void;
};

/** SPEC.md §2 'Filter panel' ('Filter Data'), opened under the Filter button; clicking outside closes it. */
export function FilterPanel({ anchorEl, onClose, ...rest }: FilterPanelProps) {
  const headingId = useId();
  return (
    <Popover
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width: FILTER_PANEL_WIDTH, maxWidth: 'calc(100vw - 32px)', p: 2 },
        },
      }}
    >
      {/* Mounted only while open, so each opening starts from the filters in force. */}
      <FilterPanelContent headingId={headingId} onClose={onClose} {...rest} />
    </Popover>
  );
}

function FilterPanelContent({
  headingId,
  onClose,
  report,
  filters,
  logic,
  onApply,
}: Omit<FilterPanelProps, 'anchorEl'> & { headingId: string }) {
  // With nothing set the panel opens with one new row to fill in.
  const [rows, setRows] = useState<Filter[]>(() => (filters.length > 0 ? [...filters] : [newFilter(report)]));
  const [draftLogic, setDraftLogic] = useState<FilterLogic>(logic);
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const isChanged = draftLogic !== logic || JSON.stringify(rows.filter(isActiveFilter)) !== JSON.stringify(filters);
  const apply = () => {
    // A row whose value cannot be applied says why under it, and nothing is applied until it is fixed.
    if (rows.some((row) => valueProblem(row) !== null)) return;
    // A row waiting for a value would pass every line item (SPEC.md §5): it is dropped, not counted.
    onApply(rows.filter(isActiveFilter), draftLogic);
    onClose();
  };
  // The report's columns, plus any a row already uses (a filter set on the other tab stays editable).
  const columns: ColumnKey[] = [...new Set([...REPORT_COLUMNS[report], ...rows.map((row) => row.column)])];

  const updateRow = (index: number, filter: Filter) =>
    setRows((current) => current.map((row, at) => (at === index ? filter : row)));

  return (
    <Stack
      ref={formRef}
      component="form"
      spacing={2}
      // Enter in a value applies the filters, as in any form.
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      // Esc with rows not yet applied asks first (the panel's own Esc is stopped); a second Esc discards.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !isChanged || isConfirmingDiscard) return;
        event.stopPropagation();
        setIsConfirmingDiscard(true);
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h6" component="h2">
          Filter Data
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={draftLogic}
          onChange={(_event, value: FilterLogic | null) => value && setDraftLogic(value)}
          aria-label="Filter logic"
        >
          <ToggleButton value="AND">AND</ToggleButton>
          <ToggleButton value="OR">OR</ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      <Stack spacing={1.5}>
        {rows.map((row, index) => (
          <FilterRow
            // Rows have no identity of their own; their position is what the user sees.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            number={index + 1}
            filter={row}
            columns={columns}
            onChange={(filter) => updateRow(index, filter)}
            onRemove={() => setRows((current) => current.filter((_row, at) => at !== index))}
          />
        ))}
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No filters. Add one to narrow the list.
          </Typography>
        ) : null}
      </Stack>

      {isConfirmingDiscard ? (
        <DiscardQuestion
          onDiscard={onClose}
          onKeepEditing={() => {
            setIsConfirmingDiscard(false);
            formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
          }}
        />
      ) : null}

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button
          color="inherit"
          onClick={() => {
            setRows([]);
            onApply([], draftLogic);
          }}
        >
          Clear All
        </Button>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<AddIcon />} onClick={() => setRows((current) => [...current, newFilter(report)])}>
            Add Filter
          </Button>
          <Button variant="contained" type="submit">
            Apply Filters
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

/** Asked on Esc while rows are not yet applied. */
function DiscardQuestion({ onDiscard, onKeepEditing }: { onDiscard: () => void; onKeepEditing: () => void }) {
  return (
    <Alert
      severity="warning"
      role="alertdialog"
      aria-label="Discard the filters not applied?"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={onDiscard}>
            Discard
          </Button>
          {/* The question takes the focus, as a dialog's would. */}
          <Button color="inherit" size="small" autoFocus onClick={onKeepEditing}>
            Keep editing
          </Button>
        </Stack>
      }
    >
      Discard the filters not applied?
    </Alert>
  );
}
