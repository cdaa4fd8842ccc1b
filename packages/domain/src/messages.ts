import { z } from 'zod';
import { plainText } from './fields.ts';

// Conversations: a thread on each purchase order, booking request and shipment. A message is
// internal (staff only: a forwarder or supplier never sees it, nor learns it exists) or shared with
// everyone who may see the record — its supplier and its forwarder too. A message may mention
// people who may see it, reply to another, and link to documents of the record; its author may
// edit or delete it (both kept in the audit). The text is plain: shown as written, never as HTML.

export const THREAD_RECORDS = ['purchase_order', 'booking', 'shipment'] as const;
export type ThreadRecord = (typeof THREAD_RECORDS)[number];
export const THREAD_RECORD_LABELS: Record<ThreadRecord, string> = {
  purchase_order: 'purchase order',
  booking: 'booking',
  shipment: 'shipment',
};

export const MAX_MESSAGE_LENGTH = 4000;
export const MAX_MENTIONS = 20;
export const MAX_MESSAGE_DOCUMENTS = 10;

// The server's answers that a client may show as they are.
export const THREAD_NOT_FOUND = 'Conversation not found';
export const MESSAGE_NOT_FOUND = 'Message not found';
export const ONLY_AUTHOR = 'Only its author can change or delete a message.';
export const INTERNAL_IS_STAFF = 'Only staff can write an internal message.';
export const MESSAGE_DELETED = 'Message deleted.';
export const cannotMention = (record: ThreadRecord, internal: boolean) =>
  internal
    ? `An internal message can mention only staff who can see this ${THREAD_RECORD_LABELS[record]}.`
    : `You can mention only people who can see this ${THREAD_RECORD_LABELS[record]}.`;
export const NOT_THE_RECORDS_DOCUMENT = 'A message can link only to documents of its record that you can see.';
export const REPLY_ELSEWHERE = 'A reply answers a message of the same conversation.';

const body = plainText(MAX_MESSAGE_LENGTH, `A message is at most ${MAX_MESSAGE_LENGTH} characters.`).refine(
  (text) => text !== '',
  'Write a message.',
);

export const ThreadQuery = z.strictObject({
  record: z.enum(THREAD_RECORDS, { error: `record is one of ${THREAD_RECORDS.join(', ')}.` }),
  key: plainText(200, 'key must be at most 200 characters.')
    .refine((text) => text !== '', 'key is required.')
    .describe('The PO number, the booking reference (BK-…) or the shipment number'),
});
export type ThreadQuery = z.infer<typeof ThreadQuery>;

export const MessageInput = ThreadQuery.extend({
  body,
  internal: z.boolean({ error: 'internal is true or false.' }).default(false),
  mentions: z
    .array(z.number().int().positive())
    .max(MAX_MENTIONS, `Mention at most ${MAX_MENTIONS} people.`)
    .default([])
    .describe('Ids of people (from the thread’s `mentionable`) to tell'),
  reply_to: z.number().int().positive().nullable().default(null),
  documents: z
    .array(z.uuid({ error: 'A document is its id.' }))
    .max(MAX_MESSAGE_DOCUMENTS, `Link at most ${MAX_MESSAGE_DOCUMENTS} documents.`)
    .default([]),
}).strict();
export type MessageInput = z.infer<typeof MessageInput>;

export const MessageIdQuery = z.strictObject({
  id: z.coerce.number({ error: 'id is a message id.' }).int('id is a message id.').positive('id is a message id.'),
});

export const EditMessageInput = z.strictObject({ body });

export const Message = z.object({
  id: z.number().int(),
  author: z.string().describe('Name'),
  author_email: z.string(),
  mine: z.boolean().describe('Whether the caller wrote it (and so may edit or delete it)'),
  body: z.string().describe('Plain text, to be shown as written'),
  internal: z.boolean(),
  mentions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  reply_to: z.number().int().nullable(),
  documents: z.array(z.object({ id: z.string(), file_name: z.string() })),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type Message = z.infer<typeof Message>;

export const Thread = z.object({
  record: z.enum(THREAD_RECORDS),
  key: z.string(),
  messages: z.array(Message).describe('Oldest first'),
  mentionable: z
    .array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), staff: z.boolean() }))
    .describe('People who may see the record (staff may be mentioned in internal messages too)'),
  documents: z
    .array(z.object({ id: z.string(), file_name: z.string(), document_type: z.string() }))
    .describe('The record’s documents the caller sees, to link to'),
  canWriteInternal: z.boolean(),
});
export type Thread = z.infer<typeof Thread>;
