import type { Call } from '../call.ts';
import { MessageResponse } from '../line-items.ts';
import { EditMessageInput, Message, MessageIdQuery, MessageInput, Thread, ThreadQuery } from '../messages.ts';

const tag = 'conversations';

/** The conversation on a purchase order, a booking request or a shipment. */
export const MESSAGE_CALLS = {
  getThread: {
    method: 'GET',
    path: '/api/Messages',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: "A record's conversation",
    description:
      'Its messages oldest first (internal ones for staff only), the people who may be mentioned and the ' +
      'documents that may be linked. A record the caller may not see answers 404.',
    query: ThreadQuery,
    response: Thread,
    errors: [404],
  },
  postMessage: {
    method: 'POST',
    path: '/api/Messages',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'Write a message on a record',
    description: 'Internal (staff only) or shared; mentions, a reply and document links checked against the record.',
    body: MessageInput,
    response: Message,
    status: 201,
    errors: [404],
  },
  editMessage: {
    method: 'POST',
    path: '/api/Messages/edit',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'Change one of your messages',
    query: MessageIdQuery,
    body: EditMessageInput,
    response: Message,
    errors: [404],
  },
  deleteMessage: {
    method: 'POST',
    path: '/api/Messages/delete',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'Delete one of your messages',
    description: 'It leaves the conversation; the audit keeps it.',
    query: MessageIdQuery,
    response: MessageResponse,
    errors: [404],
  },
} as const satisfies Record<string, Call>;
