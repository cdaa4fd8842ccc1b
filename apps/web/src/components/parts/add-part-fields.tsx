import { Stack, TextField } from '@mui/material';
import type { AddPartCheck, AddPartForm } from './add-part-form.ts';

type AddPartFieldsProps = {
  form: AddPartForm;
  check: AddPartCheck;
  onChange: (form: AddPartForm) => void;
  disabled?: boolean;
};

/** The add form's two fields, shared by the 'Parts Info' dialog and the line-item Parts tab. */
export function AddPartFields({ form, check, onChange, disabled = false }: AddPartFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Part Number"
        size="small"
        autoFocus
        value={form.partNumber}
        disabled={disabled}
        onChange={(event) => onChange({ ...form, partNumber: event.target.value })}
        error={check.partNumberError !== null}
        helperText={check.partNumberError ?? undefined}
        slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
        sx={{ flex: 2 }}
      />
      <TextField
        label="Quantity"
        type="number"
        size="small"
        value={form.quantity}
        disabled={disabled}
        onChange={(event) => onChange({ ...form, quantity: event.target.value })}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        sx={{ flex: 1 }}
      />
    </Stack>
  );
}
