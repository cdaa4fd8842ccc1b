import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../lib/api.ts';
import { useToast } from './toast.tsx';

type Answer = { message: string };

export type TextAnswerDialogProps<Variables> = {
  title: string;
  /** What the answer does, above the field. */
  explanation: string;
  field: { label: string; initial?: string; maxLength: number; multiline?: boolean; helperText?: string };
  action: { label: string; busyLabel: string; danger?: boolean };
  /** Shown when the server gives no message of its own. */
  failure: string;
  mutation: Pick<UseMutationResult<Answer, Error, Variables>, 'mutate' | 'isPending' | 'isError' | 'error'>;
  /** The mutation's variables for the text typed (trimmed, never blank). */
  variablesOf: (text: string) => Variables;
  onClose: () => void;
};

/**
 * A dialog that asks for one required text and sends it: a forwarder to route to, a reason to
 * decline or reject. The server's message is toasted on success, shown in the dialog on failure.
 * Mounted only while open.
 */
export function TextAnswerDialog<Variables>(props: TextAnswerDialogProps<Variables>) {
  const { title, explanation, field, action, failure, mutation, variablesOf, onClose } = props;
  const [text, setText] = useState(field.initial ?? '');
  const { notify } = useToast();
  const isValid = text.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || mutation.isPending) return;
    mutation.mutate(variablesOf(text.trim()), {
      onSuccess: (answer) => {
        notify({ type: 'success', message: answer.message });
        onClose();
      },
    });
  };
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{explanation}</DialogContentText>
          <TextField
            label={field.label}
            required
            fullWidth
            autoFocus
            multiline={field.multiline}
            minRows={field.multiline ? 2 : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
            disabled={mutation.isPending}
            helperText={field.helperText}
            slotProps={{ htmlInput: { maxLength: field.maxLength } }}
          />
          {mutation.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failureMessage(mutation.error, failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={action.danger ? 'error' : 'primary'}
            disabled={!isValid || mutation.isPending}
          >
            {mutation.isPending ? action.busyLabel : action.label}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
