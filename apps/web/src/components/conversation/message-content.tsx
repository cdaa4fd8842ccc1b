import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { Message } from '@quayside/domain/messages';
import { callUrl } from '../../lib/api.ts';
import { bodyParts, firstLine } from './message-text.ts';

/** The message answered, quoted by its author and first line; it may have been deleted since. */
function ReplyQuote({ repliedTo }: { repliedTo: Message | undefined }) {
  return (
    <Box
      component="blockquote"
      sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary', overflowWrap: 'anywhere' }}
    >
      <Typography variant="body2">
        {repliedTo
          ? `In reply to ${repliedTo.author}: ${firstLine(repliedTo.body)}`
          : 'In reply to a message since deleted'}
      </Typography>
    </Box>
  );
}

/**
 * The text as written — React puts it in the page as text, so markup in it is shown, never run —
 * with each '@Name' of a mentioned person in bold.
 */
function Body({ message }: { message: Message }) {
  const parts = bodyParts(
    message.body,
    message.mentions.map((person) => person.name),
  );
  return (
    <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        part.isMention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, never reordered
          <Box key={index} component="strong" sx={{ color: 'primary.main' }}>
            {part.text}
          </Box>
        ) : (
          part.text
        ),
      )}
    </Typography>
  );
}

/** What a message says: the one it answers, its text, who it mentions and the documents it links. */
export function MessageContent({ message, repliedTo }: { message: Message; repliedTo: Message | undefined }) {
  return (
    <Stack spacing={1}>
      {message.reply_to !== null ? <ReplyQuote repliedTo={repliedTo} /> : null}
      <Body message={message} />
      {message.mentions.length > 0 ? (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            Mentions:
          </Typography>
          {message.mentions.map((person) => (
            <Chip key={person.id} label={`@${person.name}`} size="small" color="primary" variant="outlined" />
          ))}
        </Stack>
      ) : null}
      {message.documents.length > 0 ? (
        <Stack component="ul" aria-label="Linked documents" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {message.documents.map((document) => (
            <Box component="li" key={document.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <AttachFileIcon fontSize="small" color="action" aria-hidden />
              {/* A new tab keeps the conversation open; noopener stops the file's tab reaching back. */}
              <Link
                href={callUrl('downloadDocument', { params: { id: document.id } })}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {document.file_name}
              </Link>
            </Box>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
