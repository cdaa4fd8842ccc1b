import { Autocomplete, Box, TextField, Typography } from '@mui/material';

type IdPickerProps<Id extends string | number, Option extends { id: Id }> = {
  label: string;
  options: readonly Option[];
  value: readonly Id[];
  onChange: (ids: Id[]) => void;
  /** The most that may be chosen; the rest are offered disabled once there are so many. */
  max: number;
  nameOf: (option: Option) => string;
  /** A second line under the name in the list (an email, a document's type). */
  detailOf: (option: Option) => string;
  disabled?: boolean;
};

/** A multi-select of the thread's people or documents, keeping their ids. */
export function IdPicker<Id extends string | number, Option extends { id: Id }>({
  label,
  options,
  value,
  onChange,
  max,
  nameOf,
  detailOf,
  disabled = false,
}: IdPickerProps<Id, Option>) {
  const chosen = options.filter((option) => value.includes(option.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      getOptionLabel={nameOf}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionDisabled={(option) => chosen.length >= max && !value.includes(option.id)}
      filterSelectedOptions
      disabled={disabled}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{nameOf(option)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {detailOf(option)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
