import { Autocomplete, createFilterOptions, Stack, TextField } from '@mui/material';
import { ASSIGNABLE_ROLES, EMAIL_IMMUTABLE_MESSAGE, type Role } from '@quayside/domain/people';
import { useState } from 'react';
import {
  isAssignableRole,
  type UserField,
  type UserFieldErrors,
  type UserFormContext,
  type UserFormValues,
  validateUser,
} from './user-validation.ts';

/** The form's values, the valid request (or null) and the errors of the fields the user has left. */
export function useUserForm(initial: UserFormValues, context: UserFormContext = {}) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<UserField, boolean>>>({});
  const { input, errors } = validateUser(values, context);
  // An error shows only once the user has left the field, not while they are still typing it.
  const shownErrors: UserFieldErrors = {};
  for (const field of Object.keys(errors) as UserField[]) if (touched[field]) shownErrors[field] = errors[field];
  return {
    values,
    input,
    errors: shownErrors,
    setField: <F extends UserField>(field: F, value: UserFormValues[F]) =>
      setValues((current) => ({ ...current, [field]: value })),
    touch: (field: UserField) => setTouched((current) => (current[field] ? current : { ...current, [field]: true })),
    /** On a refused submit: every field's error shows, not only those of the fields already left. */
    touchAll: () =>
      setTouched(Object.fromEntries(Object.keys(values).map((field) => [field, true])) as Record<UserField, boolean>),
  };
}

export type UserForm = ReturnType<typeof useUserForm>;

type UserFieldsProps = {
  form: UserForm;
  /** 'Full Name' when adding, 'Name' when editing, as the spec labels them. */
  nameLabel: string;
  isEmailReadOnly: boolean;
  companies: readonly string[];
  disabled: boolean;
};

const filterCompanies = createFilterOptions<string>();

// `aria-required` rather than `required`: MUI's asterisk would change the labels the spec gives.
const REQUIRED = { htmlInput: { 'aria-required': true } } as const;

export function UserFields({ form, nameLabel, isEmailReadOnly, companies, disabled }: UserFieldsProps) {
  const { values, errors, setField, touch } = form;
  return (
    <Stack spacing={2}>
      <TextField
        label={nameLabel}
        value={values.full_name}
        onChange={(event) => setField('full_name', event.target.value)}
        onBlur={() => touch('full_name')}
        error={errors.full_name !== undefined}
        helperText={errors.full_name}
        disabled={disabled}
        autoFocus
        autoComplete="off"
        slotProps={REQUIRED}
      />
      <TextField
        label="Email"
        type="email"
        value={values.email}
        onChange={(event) => setField('email', event.target.value)}
        onBlur={() => touch('email')}
        error={errors.email !== undefined}
        helperText={errors.email ?? (isEmailReadOnly ? EMAIL_IMMUTABLE_MESSAGE : undefined)}
        disabled={disabled}
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-required': true, readOnly: isEmailReadOnly } }}
      />
      <TextField
        select
        label="Role"
        value={values.role}
        onChange={(event) => setField('role', event.target.value as Role)}
        disabled={disabled}
        slotProps={{ select: { native: true }, ...REQUIRED }}
      >
        {ASSIGNABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
        {/* A Manager keeps showing their role, but it cannot be chosen for anyone. */}
        {isAssignableRole(values.role) ? null : (
          <option value={values.role} disabled>
            {values.role}
          </option>
        )}
      </TextField>
      <Autocomplete
        freeSolo
        options={companies}
        // A company already chosen (or pre-filled when editing) lists every option, not just itself.
        filterOptions={(options, state) =>
          options.includes(state.inputValue) ? options : filterCompanies(options, state)
        }
        inputValue={values.company_name}
        onInputChange={(_event, company) => setField('company_name', company)}
        disabled={disabled}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Company"
            onBlur={() => touch('company_name')}
            error={errors.company_name !== undefined}
            helperText={errors.company_name}
          />
        )}
      />
    </Stack>
  );
}
