import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Stack, TextField, Typography } from '@mui/material';
import type { ColumnKey, FilterOperator } from '@quayside/domain/line-item-columns';
import { LINE_ITEM_COLUMNS, MAX_FILTER_DAYS, MAX_FILTER_HOURS } from '@quayside/domain/line-item-columns';
import type { Filter } from '@quayside/domain/line-item-query';
import {
  needsValue,
  OPERATOR_LABELS,
  operatorsOf,
  valueProblem,
  valueShape,
  withColumn,
  withOperator,
} from './filters.ts';

type FilterRowProps = {
  /** 1-based, for the row's accessible name. */
  number: number;
  filter: Filter;
  columns: readonly ColumnKey[];
  onChange: (filter: Filter) => void;
  onRemove: () => void;
};

/**
 * One filter: column, operator and (unless the operator needs none) a value; dates take a date
 * input, 'between' two, and the relative operators a number of days or hours.
 */
export function FilterRow({ number, filter, columns, onChange, onRemove }: FilterRowProps) {
  return (
    // Each part keeps a readable width: on a narrow screen the row wraps rather than squeezing them.
    <Stack
      role="group"
      aria-label={`Filter ${number}`}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <TextField
        select
        size="small"
        label="Column"
        value={filter.column}
        onChange={(event) => onChange(withColumn(filter, event.target.value as ColumnKey))}
        slotProps={{ select: { native: true } }}
        sx={{ flex: '4 1 150px' }}
      >
        {columns.map((column) => (
          <option key={column} value={column}>
            {LINE_ITEM_COLUMNS[column].label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Operator"
        value={filter.operator}
        onChange={(event) => onChange(withOperator(filter, event.target.value as FilterOperator))}
        slotProps={{ select: { native: true } }}
        sx={{ flex: '3 1 130px' }}
      >
        {operatorsOf(filter.column).map((operator) => (
          <option key={operator} value={operator}>
            {OPERATOR_LABELS[operator]}
          </option>
        ))}
      </TextField>
      {needsValue(filter.operator) ? (
        <FilterValue filter={filter} onChange={onChange} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ flex: '4 1 150px', px: 1 }}>
          No value needed
        </Typography>
      )}
      <IconButton size="small" aria-label={`Remove filter ${number}`} onClick={onRemove}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

const VALUE_WIDTH = { flex: '4 1 150px' } as const;

/** The value input for the operator's shape, with what is wrong with it said under it. */
function FilterValue({ filter, onChange }: { filter: Filter; onChange: (filter: Filter) => void }) {
  const shape = valueShape(filter);
  const problem = valueProblem(filter);
  const error = problem === null ? {} : { error: true, helperText: problem };
  if (shape === 'days' || shape === 'hours') {
    return (
      <TextField
        size="small"
        label={shape === 'days' ? 'Days' : 'Hours'}
        type="number"
        value={filter.value}
        onChange={(event) => onChange({ ...filter, value: event.target.value })}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            min: 0,
            max: shape === 'days' ? MAX_FILTER_DAYS : MAX_FILTER_HOURS,
            step: 1,
            inputMode: 'numeric',
          },
        }}
        sx={VALUE_WIDTH}
        {...error}
      />
    );
  }
  if (shape === 'dates') {
    const [from = '', to = ''] = filter.value.split('/');
    const setDates = (first: string, second: string) =>
      onChange({ ...filter, value: first === '' && second === '' ? '' : `${first}/${second}` });
    return (
      <Stack direction="row" spacing={1} sx={VALUE_WIDTH}>
        <TextField
          size="small"
          label="From"
          type="date"
          value={from}
          onChange={(event) => setDates(event.target.value, to)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label="To"
          type="date"
          value={to}
          onChange={(event) => setDates(from, event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
          {...error}
        />
      </Stack>
    );
  }
  return (
    <TextField
      size="small"
      label="Value"
      type={shape === 'date' ? 'date' : 'text'}
      value={filter.value}
      onChange={(event) => onChange({ ...filter, value: event.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 200 } }}
      sx={VALUE_WIDTH}
    />
  );
}
