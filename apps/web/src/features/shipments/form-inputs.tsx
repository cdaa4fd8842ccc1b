import { Box, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { withCurrent } from './shipment-options.ts';

// The shipment screen's inputs. Read mode shows the same fields read-only (a select as a read-only
// text input, since a native select has no read-only state), so reading and editing look alike.

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
      slotProps={{ htmlInput: { readOnly: isReadOnly, inputMode, 'aria-required': isRequired || undefined } }}
    />
  );
}

export function DateInput({ label, value, onChange, isReadOnly, error }: InputProps) {
  return (
    <TextField
      type="date"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      size="small"
      slotProps={{ htmlInput: { readOnly: isReadOnly }, inputLabel: { shrink: true } }}
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
  if (isReadOnly)
    return <TextInput label={label} value={value} onChange={onChange} isReadOnly helperText={helperText} />;
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
