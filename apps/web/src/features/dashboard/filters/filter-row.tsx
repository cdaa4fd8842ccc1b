import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Stack, TextField, Typography } from '@mui/material';
import type { ColumnKey, FilterOperator } from '@quayside/domain/line-item-columns';
import { FILTER_OPERATORS, LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import type { Filter } from '@quayside/domain/line-item-query';
import { isDateColumn, needsValue, OPERATOR_LABELS, withColumn, withOperator } from './filters.ts';

type FilterRowProps = {
  /** 1-based, for the row's accessible name. */
  number: number;
  filter: Filter;
  columns: readonly ColumnKey[];
  onChange: (filter: Filter) => void;
  onRemove: () => void;
};

/** One filter: column, operator and (unless isEmpty/isNotEmpty) a value; dates take a date input. */
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
        {FILTER_OPERATORS.map((operator) => (
          <option key={operator} value={operator}>
            {OPERATOR_LABELS[operator]}
          </option>
        ))}
      </TextField>
      {needsValue(filter.operator) ? (
        <TextField
          size="small"
          label="Value"
          type={isDateColumn(filter.column) ? 'date' : 'text'}
          value={filter.value}
          onChange={(event) => onChange({ ...filter, value: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 200 } }}
          sx={{ flex: '4 1 150px' }}
        />
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
