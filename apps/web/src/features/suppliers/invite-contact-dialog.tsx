import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { InviteContactBody } from '@quayside/domain/suppliers';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useInviteContact } from './suppliers-api.ts';

const INVITE_FAILED = 'Failed to invite the contact. Please try again.';

type Field = keyof InviteContactBody;

type InviteContactDialogProps = {
  /** The supplier the dialog was opened for (a row's), else ''. */
  supplier: string;
  /** Suppliers to choose from; another name may be typed. */
  suppliers: readonly string[];
  onClose: () => void;
  /** The server's words: whether the invitation went out. */
  onInvited: (message: string) => void;
};

/** Each field's first problem, as the server would say it. */
function problemsOf(values: Record<Field, string>) {
  const parsed = InviteContactBody.safeParse(values);
  const problems: Partial<Record<Field, string>> = {};
  if (parsed.success) return { body: parsed.data, problems };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    problems[field] ??= issue.message;
  }
  return { body: null, problems };
}

/** An Admin invites a supplier's contact: the server adds them and mails them where to register. Mounted only while open. */
export function InviteContactDialog({ supplier, suppliers, onClose, onInvited }: InviteContactDialogProps) {
  const [values, setValues] = useState<Record<Field, string>>({ supplier, full_name: '', email: '' });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const invite = useInviteContact();
  const { body, problems } = problemsOf(values);
  // A problem shows once the user has asked to send, not while they are still typing.
  const shown = isSubmitted ? problems : {};
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    setIsSubmitted(true);
    if (!body) {
      const form = event.currentTarget;
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    invite.mutate(body, { onSuccess: (answer) => onInvited(answer.message) });
  };

  return (
    <Dialog open onClose={invite.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>Invite supplier contact</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              They receive an e-mail asking them to register with this address. Once registered, they see only this
              supplier's purchase orders, and can confirm them or propose changes.
            </DialogContentText>
            {invite.isError ? <Alert severity="error">{failureMessage(invite.error, INVITE_FAILED)}</Alert> : null}
            <Autocomplete
              freeSolo
              options={suppliers}
              inputValue={values.supplier}
              onInputChange={(_event, name) => set('supplier')(name)}
              disabled={invite.isPending}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Supplier"
                  required
                  autoFocus={supplier === ''}
                  error={shown.supplier !== undefined}
                  helperText={shown.supplier ?? 'As the purchase orders name it'}
                />
              )}
            />
            <TextField
              label="Full name"
              required
              value={values.full_name}
              onChange={(event) => set('full_name')(event.target.value)}
              error={shown.full_name !== undefined}
              helperText={shown.full_name}
              disabled={invite.isPending}
              autoFocus={supplier !== ''}
              autoComplete="off"
            />
            <TextField
              label="E-mail"
              type="email"
              required
              value={values.email}
              onChange={(event) => set('email')(event.target.value)}
              error={shown.email !== undefined}
              helperText={shown.email}
              disabled={invite.isPending}
              autoComplete="off"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
