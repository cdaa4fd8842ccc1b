import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { MAX_MESSAGE_LENGTH, type Message, type ThreadRecord } from '@quayside/domain/messages';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useEditMessage } from './conversation-api.ts';
import { isSendable, lengthText, messageLength } from './message-text.ts';

const EDIT_FAILED = 'Failed to save the message. Please try again.';

type EditMessageFormProps = { record: ThreadRecord; recordKey: string; message: Message; onClose: () => void };

/** One's own message rewritten in place: Save sends the new text, Cancel keeps the old. */
export function EditMessageForm({ record, recordKey, message, onClose }: EditMessageFormProps) {
  const [draft, setDraft] = useState(message.body);
  const edit = useEditMessage(record, recordKey);
  const isTooLong = messageLength(draft) > MAX_MESSAGE_LENGTH;
  const isChanged = draft.trim() !== message.body;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSendable(draft) || !isChanged || edit.isPending) return;
    edit.mutate({ id: message.id, body: draft.trim() }, { onSuccess: onClose });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label="Edit message"
        multiline
        minRows={2}
        fullWidth
        autoFocus
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        disabled={edit.isPending}
        error={isTooLong}
        helperText={lengthText(draft)}
      />
      {edit.isError ? <Alert severity="error">{failureMessage(edit.error, EDIT_FAILED)}</Alert> : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={onClose} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button
          size="small"
          type="submit"
          variant="contained"
          disabled={!isSendable(draft) || !isChanged || edit.isPending}
        >
          {edit.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Stack>
    </Box>
  );
}
