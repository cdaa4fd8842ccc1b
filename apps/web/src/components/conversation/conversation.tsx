import { Box, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import type { Message, ThreadRecord } from '@quayside/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { RetryAlert } from '../retry-alert.tsx';
import { threadQuery } from './conversation-api.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageItem } from './message-item.tsx';

const LOAD_FAILED = 'Failed to load the conversation. Please try again.';

type ConversationProps = {
  record: ThreadRecord;
  /** The PO number, the booking reference (BK-…) or the shipment number. */
  recordKey: string;
  /** Its heading's level: 3 where a dialog's title is the 2. */
  headingLevel?: 2 | 3;
};

/** A record's messages, oldest first, and a new one to write. */
export function Conversation({ record, recordKey, headingLevel = 2 }: ConversationProps) {
  const headingId = useId();
  const thread = useQuery(threadQuery(record, recordKey));
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const data = thread.data;
  const byId = new Map(data?.messages.map((message) => [message.id, message]));
  // A message deleted since Reply was pressed is no longer answered.
  const replying = replyTo && byId.has(replyTo.id) ? replyTo : null;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="h6" component={`h${headingLevel}`}>
        Conversation
      </Typography>
      {thread.isPending ? (
        <Box role="status">
          <CircularProgress size={24} aria-label="Loading conversation" />
        </Box>
      ) : data === undefined ? (
        <RetryAlert onRetry={() => void thread.refetch()}>{failureMessage(thread.error, LOAD_FAILED)}</RetryAlert>
      ) : (
        <>
          {data.messages.length === 0 ? (
            <Typography color="text.secondary">No messages yet.</Typography>
          ) : (
            <Stack component="ol" aria-label="Messages" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.messages.map((message) => (
                <MessageItem
                  key={message.id}
                  record={record}
                  recordKey={recordKey}
                  message={message}
                  repliedTo={message.reply_to === null ? undefined : byId.get(message.reply_to)}
                  onReply={setReplyTo}
                />
              ))}
            </Stack>
          )}
          <Divider />
          <MessageComposer
            record={record}
            recordKey={recordKey}
            thread={data}
            replyTo={replying}
            onCancelReply={() => setReplyTo(null)}
          />
        </>
      )}
    </Stack>
  );
}
