import type { Message, Thread } from '@quayside/domain/messages';

// Conversations as the server answers them, for screen tests.

/** Message 1: the supplier's contact asks, shared with everyone. */
export const message = (overrides: Partial<Message> = {}): Message => ({
  id: 1,
  author: 'Sam Supplier',
  author_email: 'sam@acme.example',
  mine: false,
  body: 'Cartons are ready.\nCan you collect on Monday?',
  internal: false,
  mentions: [],
  reply_to: null,
  documents: [],
  created_at: '2026-09-20T09:00:00.000Z',
  edited_at: null,
  ...overrides,
});

export const PACKING_LIST_ID = '0d6f3c1e-2b4a-4c8e-9f10-1a2b3c4d5e6f';

/** PO-1's thread: who may be mentioned (Ann is staff, Sam the supplier's) and one document to link. */
export const thread = (overrides: Partial<Thread> = {}): Thread => ({
  record: 'purchase_order',
  key: 'PO-1',
  messages: [message()],
  mentionable: [
    { id: 1, name: 'Ann Admin', email: 'admin@napco.example', staff: true },
    { id: 2, name: 'Sam Supplier', email: 'sam@acme.example', staff: false },
  ],
  documents: [{ id: PACKING_LIST_ID, file_name: 'packing-list.pdf', document_type: 'Packing List' }],
  canWriteInternal: true,
  ...overrides,
});
