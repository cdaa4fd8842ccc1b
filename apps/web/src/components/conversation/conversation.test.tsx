import {
  cannotMention,
  MAX_MESSAGE_LENGTH,
  MESSAGE_DELETED,
  type Message,
  type Thread,
} from '@quayside/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/date-time.ts';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { message, PACKING_LIST_ID, thread } from '../../testing/message-fixture.ts';
import { ADMIN, type RenderOptions, renderScreen, SUPPLIER } from '../../testing/render-screen.tsx';
import { Conversation } from './conversation.tsx';

const THREAD = 'GET /api/Messages';
const POST = 'POST /api/Messages';
const EDIT = 'POST /api/Messages/edit';
const DELETE = 'POST /api/Messages/delete';

/** PO-1's conversation, the server answering with `answer` (what the last write left). */
const renderConversation = (options: RenderOptions & { thread?: Thread } = {}) => {
  const answer = options.thread ?? thread();
  return renderScreen(<Conversation record="purchase_order" recordKey="PO-1" />, {
    ...options,
    api: { [THREAD]: () => answer, ...options.api },
  });
};

const messages = () => screen.findByRole('list', { name: 'Messages' });
const messageFrom = (author: string, createdAt: string) =>
  screen.getByRole('listitem', { name: `${author}, ${formatDateTime(createdAt)}` });
const messageField = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

/** Picks `option` in the multi-select named `label`. */
async function choose(label: string, option: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const ADMIN_NOTE = message({
  id: 2,
  author: 'Ann Admin',
  author_email: ADMIN.email,
  mine: true,
  body: 'Asked the forwarder. @Sam Supplier, hold on.',
  internal: true,
  mentions: [{ id: 2, name: 'Sam Supplier' }],
  reply_to: 1,
  documents: [{ id: PACKING_LIST_ID, file_name: 'packing-list.pdf' }],
  created_at: '2026-09-20T10:30:00.000Z',
  edited_at: '2026-09-20T10:45:00.000Z',
});

describe('a conversation', () => {
  it('lists the messages oldest first: author, time, Internal, (edited), the reply quoted, mentions and documents', async () => {
    const api = renderConversation({ thread: thread({ messages: [message(), ADMIN_NOTE] }) });
    const list = await messages();
    expect(screen.getByRole('region', { name: 'Conversation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Conversation' })).toBeInTheDocument();
    expect(Object.fromEntries((api.callsTo(THREAD)[0] as ApiCall).query)).toEqual({
      record: 'purchase_order',
      key: 'PO-1',
    });
    // The messages themselves, not the documents listed in one.
    expect([...list.children].map((item) => item.getAttribute('aria-label'))).toEqual([
      `Sam Supplier, ${formatDateTime('2026-09-20T09:00:00.000Z')}`,
      `Ann Admin, ${formatDateTime('2026-09-20T10:30:00.000Z')}`,
    ]);

    const first = messageFrom('Sam Supplier', '2026-09-20T09:00:00.000Z');
    expect(within(first).getByText(formatDateTime('2026-09-20T09:00:00.000Z'))).toBeInTheDocument();
    expect(within(first).queryByText('Internal')).toBeNull();
    expect(within(first).queryByText('(edited)')).toBeNull();

    const note = messageFrom('Ann Admin', '2026-09-20T10:30:00.000Z');
    expect(within(note).getByText('Internal')).toBeInTheDocument();
    expect(within(note).getByText('(edited)')).toBeInTheDocument();
    expect(within(note).getByText('In reply to Sam Supplier: Cartons are ready.')).toBeInTheDocument();
    expect(within(note).getByText('Mentions:')).toBeInTheDocument();
    expect(within(note).getAllByText('@Sam Supplier')).toHaveLength(2);
    expect(within(note).getByRole('link', { name: 'packing-list.pdf' })).toHaveAttribute(
      'href',
      `/api/Files/${PACKING_LIST_ID}/content`,
    );
  });

  it('shows markup in a message as the text it is, creating no element from it', async () => {
    const scriptsBefore = document.querySelectorAll('script').length;
    const body = 'Look: <script>alert(1)</script><img src=x onerror=alert(2)>';
    renderConversation({ thread: thread({ messages: [message({ body })] }) });
    const list = await messages();
    expect(within(list).getByText(body)).toBeInTheDocument();
    expect(document.querySelectorAll('script')).toHaveLength(scriptsBefore);
    expect(list.querySelector('img')).toBeNull();
  });

  it('sends a reply with a mention and a document, exactly as written, and reads the thread again', async () => {
    const api = renderConversation({ api: { [POST]: () => new Answer(201, message({ id: 3, mine: true })) } });
    await messages();
    await userEvent.click(
      within(messageFrom('Sam Supplier', '2026-09-20T09:00:00.000Z')).getByRole('button', { name: 'Reply' }),
    );
    expect(screen.getByText('Replying to Sam Supplier: Cartons are ready.')).toBeInTheDocument();
    expect(messageField()).toHaveFocus();

    await userEvent.type(messageField(), '  Monday works.  ');
    await choose('Mention', /Sam Supplier/);
    await choose('Link documents', /packing-list\.pdf/);
    await userEvent.click(sendButton());

    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect((api.callsTo(POST)[0] as ApiCall).body).toEqual({
      record: 'purchase_order',
      key: 'PO-1',
      body: 'Monday works.',
      internal: false,
      mentions: [2],
      reply_to: 1,
      documents: [PACKING_LIST_ID],
    });
    await waitFor(() => expect(api.callsTo(THREAD)).toHaveLength(2));
    await waitFor(() => expect(messageField()).toHaveValue(''));
    expect(screen.queryByText(/^Replying to/)).toBeNull();
  });

  it('lets the reply be dismissed, sending none', async () => {
    const api = renderConversation({ api: { [POST]: () => new Answer(201, message({ id: 3, mine: true })) } });
    await messages();
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByText(/^Replying to/)).toBeNull();
    await userEvent.type(messageField(), 'Hello');
    await userEvent.click(sendButton());
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect((api.callsTo(POST)[0] as ApiCall).body).toMatchObject({ reply_to: null, mentions: [], documents: [] });
  });

  it('writes an internal message mentioning staff alone, and shows the server’s refusal', async () => {
    let refuse = true;
    const api = renderConversation({
      api: {
        [POST]: () => {
          if (!refuse) return new Answer(201, message({ id: 3, mine: true, internal: true }));
          refuse = false;
          return new Answer(400, { message: cannotMention('purchase_order', true) });
        },
      },
    });
    await messages();
    await choose('Mention', /Sam Supplier/);
    expect(screen.getByRole('button', { name: 'Sam Supplier' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Internal (staff only)' }));
    // The supplier's contact chosen before is let go, and only staff are offered.
    expect(screen.queryByRole('button', { name: 'Sam Supplier' })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Mention' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Ann Adminadmin@napco.example',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /Ann Admin/ }));
    await userEvent.type(messageField(), 'Check the rate.');
    await userEvent.click(sendButton());
    expect(await screen.findByText(cannotMention('purchase_order', true))).toBeInTheDocument();
    expect(messageField()).toHaveValue('Check the rate.');

    await userEvent.click(sendButton());
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(2));
    expect((api.callsTo(POST)[1] as ApiCall).body).toMatchObject({ internal: true, mentions: [1] });
  });

  it('offers no Internal switch to one who may not write internal messages, nor documents when there are none', async () => {
    renderConversation({ user: SUPPLIER, thread: thread({ canWriteInternal: false, documents: [] }) });
    await messages();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Internal (staff only)' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Link documents' })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Mention' }));
    expect(await screen.findAllByRole('option')).toHaveLength(2);
  });

  it('counts the characters and will not send an empty message or one over the limit', async () => {
    renderConversation();
    await messages();
    expect(screen.getByText(`0 / ${MAX_MESSAGE_LENGTH}`)).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await userEvent.type(messageField(), 'Hello');
    expect(screen.getByText(`5 / ${MAX_MESSAGE_LENGTH}`)).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();

    await userEvent.click(messageField());
    await userEvent.paste('x'.repeat(MAX_MESSAGE_LENGTH - 5));
    expect(screen.getByText(`${MAX_MESSAGE_LENGTH} / ${MAX_MESSAGE_LENGTH}`)).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    await userEvent.paste('x');
    expect(screen.getByText(`${MAX_MESSAGE_LENGTH + 1} / ${MAX_MESSAGE_LENGTH}`)).toBeInTheDocument();
    expect(messageField()).toHaveAttribute('aria-invalid', 'true');
    expect(sendButton()).toBeDisabled();
  });
});

describe("one's own message", () => {
  const mine = (overrides: Partial<Message> = {}) => message({ ...ADMIN_NOTE, reply_to: null, ...overrides });

  it("is edited in place, sending its new text; another's has no Edit nor Delete", async () => {
    const api = renderConversation({
      thread: thread({ messages: [message(), mine()] }),
      api: { [EDIT]: (call) => mine({ body: (call.body as { body: string }).body }) },
    });
    await messages();
    const others = messageFrom('Sam Supplier', '2026-09-20T09:00:00.000Z');
    expect(within(others).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(others).queryByRole('button', { name: 'Delete' })).toBeNull();

    const own = messageFrom('Ann Admin', '2026-09-20T10:30:00.000Z');
    await userEvent.click(within(own).getByRole('button', { name: 'Edit' }));
    const editor = within(own).getByRole('textbox', { name: 'Edit message' });
    expect(editor).toHaveValue(ADMIN_NOTE.body);
    // Cancel keeps the message as it was.
    await userEvent.click(within(own).getByRole('button', { name: 'Cancel' }));
    expect(within(own).queryByRole('textbox', { name: 'Edit message' })).toBeNull();

    await userEvent.click(within(own).getByRole('button', { name: 'Edit' }));
    const field = within(own).getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Forwarder confirmed Monday.');
    await userEvent.click(within(own).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(EDIT)).toHaveLength(1));
    const [sent] = api.callsTo(EDIT) as [ApiCall];
    expect(sent.query.get('id')).toBe('2');
    expect(sent.body).toEqual({ body: 'Forwarder confirmed Monday.' });
    await waitFor(() => expect(within(own).queryByRole('textbox', { name: 'Edit message' })).toBeNull());
    await waitFor(() => expect(api.callsTo(THREAD)).toHaveLength(2));
  });

  it('is deleted once confirmed', async () => {
    const api = renderConversation({
      thread: thread({ messages: [message(), mine()] }),
      api: { [DELETE]: () => ({ message: MESSAGE_DELETED }) },
    });
    await messages();
    const own = messageFrom('Ann Admin', '2026-09-20T10:30:00.000Z');
    await userEvent.click(within(own).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(DELETE)).toHaveLength(0);

    await userEvent.click(within(own).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete message' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(MESSAGE_DELETED)).toBeInTheDocument();
    const [sent] = api.callsTo(DELETE) as [ApiCall];
    expect(sent.query.get('id')).toBe('2');
    expect(sent.body).toBeNull();
    await waitFor(() => expect(api.callsTo(THREAD)).toHaveLength(2));
  });
});
