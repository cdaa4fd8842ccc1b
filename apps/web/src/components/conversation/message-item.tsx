import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { Message, ThreadRecord } from '@quayside/domain/messages';
import { useState } from 'react';
import { formatDateTime } from '../../lib/date-time.ts';
import { DeleteMessageDialog } from './delete-message-dialog.tsx';
import { EditMessageForm } from './edit-message-form.tsx';
import { MessageContent } from './message-content.tsx';

type MessageItemProps = {
  record: ThreadRecord;
  recordKey: string;
  message: Message;
  /** The message it answers, when still in the conversation. */
  repliedTo: Message | undefined;
  onReply: (message: Message) => void;
};

/** Who wrote it and when, whether staff alone see it and whether it was changed since. */
function Header({ message }: { message: Message }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        {message.author}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="time" dateTime={message.created_at}>
        {formatDateTime(message.created_at)}
      </Typography>
      {message.internal ? <Chip label="Internal" size="small" color="primary" /> : null}
      {message.edited_at ? (
        <Typography variant="body2" color="text.secondary" title={`Edited ${formatDateTime(message.edited_at)}`}>
          (edited)
        </Typography>
      ) : null}
    </Stack>
  );
}

/** One message of the conversation, with Reply, and Edit and Delete on one's own. */
export function MessageItem({ record, recordKey, message, repliedTo, onReply }: MessageItemProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`${message.author}, ${formatDateTime(message.created_at)}`}
      sx={{ p: 1.5, display: 'grid', gap: 1 }}
    >
      <Header message={message} />
      {isEditing ? (
        <EditMessageForm record={record} recordKey={recordKey} message={message} onClose={() => setIsEditing(false)} />
      ) : (
        <>
          <MessageContent message={message} repliedTo={repliedTo} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => onReply(message)}>
              Reply
            </Button>
            {message.mine ? (
              <>
                <Button size="small" onClick={() => setIsEditing(true)}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => setIsDeleting(true)}>
                  Delete
                </Button>
              </>
            ) : null}
          </Box>
        </>
      )}
      {isDeleting ? (
        <DeleteMessageDialog
          record={record}
          recordKey={recordKey}
          id={message.id}
          onClose={() => setIsDeleting(false)}
        />
      ) : null}
    </Paper>
  );
}
