import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, FormControlLabel, IconButton, Stack, Switch, TextField, Typography } from '@mui/material';
import {
  MAX_MENTIONS,
  MAX_MESSAGE_DOCUMENTS,
  MAX_MESSAGE_LENGTH,
  type Message,
  type Thread,
  type ThreadRecord,
} from '@quayside/domain/messages';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { usePostMessage } from './conversation-api.ts';
import { IdPicker } from './id-picker.tsx';
import { firstLine, isSendable, lengthText, mentionableFor, messageLength } from './message-text.ts';

const SEND_FAILED = 'Failed to send the message. Please try again.';

type MessageComposerProps = {
  record: ThreadRecord;
  recordKey: string;
  thread: Thread;
  /** The message being answered, chosen with its Reply. */
  replyTo: Message | null;
  onCancelReply: () => void;
};

function ReplyingTo({ message, onCancel }: { message: Message; onCancel: () => void }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', pl: 1.5, borderLeft: 3, borderColor: 'primary.main', overflowWrap: 'anywhere' }}
    >
      <Typography variant="body2" sx={{ flex: 1 }}>
        {`Replying to ${message.author}: ${firstLine(message.body)}`}
      </Typography>
      <IconButton size="small" aria-label="Cancel reply" onClick={onCancel}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** A new message: its text, for staff alone or everyone, the people told, the documents linked. */
export function MessageComposer({ record, recordKey, thread, replyTo, onCancelReply }: MessageComposerProps) {
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [mentions, setMentions] = useState<number[]>([]);
  const [documents, setDocuments] = useState<string[]>([]);
  const post = usePostMessage(record, recordKey);
  const bodyField = useRef<HTMLTextAreaElement>(null);
  const people = mentionableFor(thread.mentionable, internal);

  // Reply moves to the text, where the answer is written.
  useEffect(() => {
    if (replyTo) bodyField.current?.focus();
  }, [replyTo]);

  const setIsInternal = (next: boolean) => {
    setInternal(next);
    // An internal message may tell only staff: others chosen before are let go.
    if (next) setMentions((ids) => ids.filter((id) => thread.mentionable.some((p) => p.id === id && p.staff)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSendable(body) || post.isPending) return;
    post.mutate(
      { body: body.trim(), internal, mentions, reply_to: replyTo?.id ?? null, documents },
      {
        onSuccess: () => {
          setBody('');
          setMentions([]);
          setDocuments([]);
          onCancelReply();
        },
      },
    );
  };

  return (
    <Box component="form" noValidate aria-label="New message" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
      {replyTo ? <ReplyingTo message={replyTo} onCancel={onCancelReply} /> : null}
      <TextField
        label="Message"
        multiline
        minRows={3}
        fullWidth
        value={body}
        onChange={(event) => setBody(event.target.value)}
        disabled={post.isPending}
        error={messageLength(body) > MAX_MESSAGE_LENGTH}
        helperText={lengthText(body)}
        inputRef={bodyField}
      />
      {thread.canWriteInternal ? (
        <FormControlLabel
          label="Internal (staff only)"
          control={
            <Switch
              checked={internal}
              onChange={(event) => setIsInternal(event.target.checked)}
              disabled={post.isPending}
            />
          }
        />
      ) : null}
      <IdPicker
        label="Mention"
        options={people}
        value={mentions}
        onChange={setMentions}
        max={MAX_MENTIONS}
        nameOf={(person) => person.name}
        detailOf={(person) => person.email}
        disabled={post.isPending}
      />
      {thread.documents.length > 0 ? (
        <IdPicker
          label="Link documents"
          options={thread.documents}
          value={documents}
          onChange={setDocuments}
          max={MAX_MESSAGE_DOCUMENTS}
          nameOf={(document) => document.file_name}
          detailOf={(document) => document.document_type}
          disabled={post.isPending}
        />
      ) : null}
      {post.isError ? <Alert severity="error">{failureMessage(post.error, SEND_FAILED)}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={!isSendable(body) || post.isPending}>
          {post.isPending ? 'Sending...' : 'Send'}
        </Button>
      </Box>
    </Box>
  );
}
