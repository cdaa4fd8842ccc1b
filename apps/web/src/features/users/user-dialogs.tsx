import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { DEFAULT_ROLE, type Person } from '@quayside/domain/people';
import type { FormEvent } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { failureMessage } from '../../lib/api.ts';
import { UserFields, useUserForm } from './user-form.tsx';
import type { UserFormValues } from './user-validation.ts';
import { useDeleteUser, useSaveUser } from './users-api.ts';

// Each dialog is mounted only while open, so its form and its call state start fresh every time.

type UserFormDialogProps = {
  title: string;
  submitLabel: string;
  nameLabel: string;
  isEmailReadOnly: boolean;
  initial: UserFormValues;
  /** Set when editing: the server updates this person instead of adding one. */
  personId?: number;
  takenEmails?: ReadonlySet<string>;
  companies: readonly string[];
  failureFallback: string;
  onClose: () => void;
  onSaved: () => void;
};

function UserFormDialog(props: UserFormDialogProps) {
  const { title, submitLabel, nameLabel, isEmailReadOnly, initial, companies, onClose, onSaved } = props;
  const form = useUserForm(initial, { id: props.personId, takenEmails: props.takenEmails });
  const save = useSaveUser();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!form.input) {
      // Say what is wrong at each field, and put the cursor in the first one to fix.
      form.touchAll();
      const fields = event.currentTarget;
      setTimeout(() => fields.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    save.mutate(form.input, { onSuccess: onSaved });
  };

  return (
    // Not closable mid-save, so the outcome is always shown (here, or as the success toast).
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.isError ? <Alert severity="error">{failureMessage(save.error, props.failureFallback)}</Alert> : null}
            <UserFields
              form={form}
              nameLabel={nameLabel}
              isEmailReadOnly={isEmailReadOnly}
              companies={companies}
              disabled={save.isPending}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type DialogProps = { companies: readonly string[]; onClose: () => void; onSaved: () => void };

/** `takenEmails`: adding one of these would silently update that person, so it is refused here. */
export function AddUserDialog({
  companies,
  takenEmails,
  onClose,
  onSaved,
}: DialogProps & { takenEmails: ReadonlySet<string> }) {
  return (
    <UserFormDialog
      title="Add New User"
      submitLabel="Create User"
      nameLabel="Full Name"
      isEmailReadOnly={false}
      initial={{ full_name: '', email: '', role: DEFAULT_ROLE, company_name: '' }}
      takenEmails={takenEmails}
      companies={companies}
      failureFallback="Failed to add user. Please try again."
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

export function EditUserDialog({ person, companies, onClose, onSaved }: DialogProps & { person: Person }) {
  return (
    <UserFormDialog
      title="Edit User"
      submitLabel="Save Changes"
      nameLabel="Name"
      isEmailReadOnly
      initial={{
        full_name: person.full_name,
        email: person.email,
        role: person.role,
        company_name: person.company_name,
      }}
      personId={person.id}
      companies={companies}
      failureFallback="Failed to update user. Please try again."
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

type DeleteUserDialogProps = { person: Person; onClose: () => void; onDeleted: () => void };

/** SPEC.md §2 'Delete User confirmation', naming the person by name and e-mail. */
export function DeleteUserDialog({ person, onClose, onDeleted }: DeleteUserDialogProps) {
  const remove = useDeleteUser();
  // The original read a name field the records lack (SPEC.md §8); ours uses full_name, or the e-mail alone.
  const who = person.full_name.trim() ? `${person.full_name} (${person.email})` : person.email;

  return (
    <ConfirmDeleteDialog
      title="Delete User"
      question={`Are you sure you want to delete user ${who}? This action cannot be undone.`}
      failure={remove.isError ? failureMessage(remove.error, 'Failed to delete user. Please try again.') : null}
      isDeleting={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate(person.email, { onSuccess: onDeleted })}
    />
  );
}
