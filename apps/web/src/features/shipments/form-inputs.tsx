import { Box, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { withCurrent } from './shipment-options.ts';

// The shipment screen's inputs. Read mode shows each field as text under its label ('—' when
// empty, a date as YYYY-MM-DD like the dashboard's), not a greyed-out input: still a labelled
// read-only field for assistive technology, without a box or an underline.

type InputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isReadOnly: boolean;
  helperText?: string;
  error?: string;
  isRequired?: boolean;
};

export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** The value with its label, as text: what read mode shows for every kind of field. */
function ReadOnlyText({ label, value, helperText }: { label: string; value: string; helperText?: string }) {
  return (
    <TextField
      variant="standard"
      label={label}
      value={value.trim() === '' ? '—' : value}
      helperText={helperText}
      size="small"
      slotProps={{
        htmlInput: { readOnly: true },
        input: { disableUnderline: true },
        inputLabel: { shrink: true },
      }}
      sx={{
        '& .MuiInputBase-input': {
          color: 'text.primary',
          WebkitTextFillColor: 'currentColor',
          textOverflow: 'ellipsis',
        },
      }}
    />
  );
}

export function TextInput({
  label,
  value,
  onChange,
  isReadOnly,
  helperText,
  error,
  isRequired,
  inputMode,
  isMultiline,
}: InputProps & { inputMode?: 'decimal'; isMultiline?: boolean }) {
  if (isReadOnly) return <ReadOnlyText label={label} value={value} helperText={helperText} />;
  return (
    <TextField
      label={label}
      value={value}
      multiline={isMultiline}
      maxRows={isMultiline ? 4 : undefined}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? helperText}
      size="small"
      autoComplete="off"
      slotProps={{ htmlInput: { inputMode, 'aria-required': isRequired || undefined } }}
    />
  );
}

export function DateInput({ label, value, onChange, isReadOnly, error }: InputProps) {
  if (isReadOnly) return <ReadOnlyText label={label} value={value} />;
  return (
    <TextField
      type="date"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      size="small"
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

export function SelectInput({
  label,
  value,
  onChange,
  isReadOnly,
  helperText,
  options,
}: InputProps & { options: readonly string[] }) {
  if (isReadOnly) return <ReadOnlyText label={label} value={value} helperText={helperText} />;
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={helperText}
      size="small"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Not set</option>
      {withCurrent(options, value).map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </TextField>
  );
}
