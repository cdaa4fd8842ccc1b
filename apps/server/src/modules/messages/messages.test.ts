import {
  cannotMention,
  INTERNAL_IS_STAFF,
  MESSAGE_DELETED,
  MESSAGE_NOT_FOUND,
  type Message,
  NOT_THE_RECORDS_DOCUMENT,
  ONLY_AUTHOR,
  REPLY_ELSEWHERE,
  THREAD_NOT_FOUND,
  type Thread,
} from '@quayside/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

// Conversations through the API on a real database: internal messages never reach a forwarder or a
// supplier, shared ones reach everyone who sees the record, and what a message names (people, the
// message it answers, documents) must belong to the record — with every boundary between companies.

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;
let anchor: string;
let birch: string;
const PO = 'PO-MSG-1';
const SHIPMENT = 'S-MSG-BLUE';
let documentId = '';
let otherDocumentId = '';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue, kestrel } = await signInCast(t));
  anchor = await t.signedInAs({ email: 'sales@anchor.example', role: 'Supplier', company_name: 'Anchor Mills' });
  birch = await t.signedInAs({ email: 'sales@birch.example', role: 'Supplier', company_name: 'Birch Works' });
  await t.addPerson({ email: 'desk@kestrel.example', role: 'Forwarder', company_name: 'Kestrel' });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/PurchaseOrders',
    headers: bearer(admin),
    payload: { po_number: PO, supplier: 'Anchor Mills', lines: [{ line_number: 1, sku: 'M-1', ordered_qty: 10 }] },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const shipment = await insertShipment(t.db, { shipment: SHIPMENT, forwarder_name: 'Blue Anchor' }, [
    { title: PO, parts: [{ part_number: 'M-1', qty: 4 }] },
  ]);
  const other = await insertShipment(t.db, { shipment: 'S-MSG-KESTREL', forwarder_name: 'Kestrel' }, [
    { title: 'PO-ELSEWHERE', parts: [] },
  ]);
  const document = (shipmentId: number, key: string) =>
    t.db
      .insert(documents)
      .values({
        shipment_id: shipmentId,
        file_name: `${key}.pdf`,
        document_type: 'Commercial Invoice',
        content_type: 'application/pdf',
        size_bytes: 10,
        storage_key: key,
      })
      .returning();
  documentId = (await document(shipment.id, 'msg-invoice'))[0]?.id ?? '';
  otherDocumentId = (await document(other.id, 'msg-other'))[0]?.id ?? '';
});
afterAll(() => t.close());

const q = encodeURIComponent;
const thread = async (token: string, record: string, key: string) =>
  t.app.inject({ url: `/api/Messages?record=${record}&key=${q(key)}`, headers: bearer(token) });
const threadOf = async (token: string, record = 'purchase_order', key = PO) => {
  const response = await thread(token, record, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Thread>();
};
const post = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Messages',
    headers: bearer(token),
    payload: { record: 'purchase_order', key: PO, ...payload },
  });
const idOf = async (token: string, email: string) =>
  (await threadOf(token)).mentionable.find((person) => person.email === email)?.id;

describe('who reads which message', () => {
  it('an internal message reaches staff alone; a shared one everyone who sees the PO', async () => {
    const internal = await post(admin, { body: 'Margin is thin on this one', internal: true });
    expect(internal.statusCode, internal.body).toBe(201);
    const shared = await post(anchor, { body: 'Ready on Friday' });
    expect(shared.statusCode, shared.body).toBe(201);

    const staffView = await threadOf(employee);
    expect(staffView.messages.map((message) => [message.body, message.internal])).toEqual(
      expect.arrayContaining([
        ['Margin is thin on this one', true],
        ['Ready on Friday', false],
      ]),
    );
    for (const token of [anchor, blue]) {
      const view = await thread(token, 'purchase_order', PO);
      expect(view.statusCode).toBe(200);
      expect(view.body).not.toContain('Margin is thin');
      expect(view.json<Thread>().messages.every((message) => !message.internal)).toBe(true);
      expect(view.json<Thread>().canWriteInternal).toBe(false);
    }
    // Not carrying the PO, another forwarder or supplier hears the conversation does not exist.
    for (const token of [kestrel, birch]) {
      const refused = await thread(token, 'purchase_order', PO);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: THREAD_NOT_FOUND });
    }
  });

  it('a forwarder or a supplier may not write an internal message', async () => {
    for (const token of [blue, anchor]) {
      const refused = await post(token, { body: 'psst', internal: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: INTERNAL_IS_STAFF });
    }
  });

  it('keeps HTML as the text it is', async () => {
    const body = '<script>alert(1)</script> <b>bold</b>';
    const posted = await post(blue, { body });
    expect(posted.json<Message>().body).toBe(body);
    expect((await threadOf(admin)).messages.map((message) => message.body)).toContain(body);
  });
});

describe('what a message names', () => {
  it('mentions only people who see the record; internal ones only staff', async () => {
    const adminId = await idOf(anchor, 'admin@napco.example');
    const supplierId = await idOf(admin, 'sales@anchor.example');
    expect(adminId).toBeDefined();
    expect(supplierId).toBeDefined();
    const mentioned = await post(anchor, { body: 'See the packing list', mentions: [adminId] });
    expect(mentioned.statusCode, mentioned.body).toBe(201);
    expect(mentioned.json<Message>().mentions).toEqual([{ id: adminId, name: 'admin@napco.example' }]);
    const internal = await post(admin, { body: 'Chase them', internal: true, mentions: [supplierId] });
    expect(internal.statusCode).toBe(400);
    expect(internal.json()).toEqual({ message: cannotMention('purchase_order', true) });
    // Kestrel carries nothing of this PO: its people cannot be mentioned on it.
    const kestrelPerson = await t.db.execute<{ id: number }>(
      sql`select id::int as id from people where email = 'desk@kestrel.example'`,
    );
    const outsider = await post(admin, { body: 'FYI', mentions: [kestrelPerson.rows[0]?.id] });
    expect(outsider.json()).toEqual({ message: cannotMention('purchase_order', false) });
  });

  it('shows a forwarder no other forwarder company’s people to mention', async () => {
    await insertShipment(t.db, { shipment: 'S-MSG-KESTREL-2', forwarder_name: 'Kestrel' }, [
      { title: PO, parts: [{ part_number: 'M-1', qty: 1 }] },
    ]);
    const blueView = await threadOf(blue);
    expect(blueView.mentionable.map((person) => person.email)).not.toContain('desk@kestrel.example');
    expect(blueView.mentionable.map((person) => person.email)).toContain('ops@blue.example');
    expect((await threadOf(admin)).mentionable.map((person) => person.email)).toContain('desk@kestrel.example');
  });

  it('links only documents of the record the writer sees', async () => {
    const linked = await post(blue, { body: 'Invoice attached', documents: [documentId] });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json<Message>().documents).toEqual([{ id: documentId, file_name: 'msg-invoice.pdf' }]);
    const foreign = await post(admin, { body: 'Wrong one', documents: [otherDocumentId] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: NOT_THE_RECORDS_DOCUMENT });
    // The supplier reads the message, but not a link to a document it may not download.
    const supplierView = await threadOf(anchor);
    expect(supplierView.messages.find((message) => message.body === 'Invoice attached')?.documents).toEqual([]);
  });

  it('answers only a message of the same conversation the writer can read', async () => {
    const internal = (await post(admin, { body: 'Staff only', internal: true })).json<Message>();
    const reply = await post(blue, { body: 'Re', reply_to: internal.id });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: REPLY_ELSEWHERE });
    const staffReply = await post(employee, { body: 'Agreed', internal: true, reply_to: internal.id });
    expect(staffReply.json<Message>().reply_to).toBe(internal.id);
  });

  it('refuses an empty message and one over the limit', async () => {
    expect((await post(admin, { body: '   ' })).statusCode).toBe(400);
    expect((await post(admin, { body: 'x'.repeat(4001) })).statusCode).toBe(400);
  });
});

describe('changing a message', () => {
  it('its author edits and deletes it, kept in the audit; anyone else is refused, or learns nothing', async () => {
    const mine = (await post(anchor, { body: 'Ready Friday' })).json<Message>();
    const edit = (token: string, id: number, body: string) =>
      t.app.inject({ method: 'POST', url: `/api/Messages/edit?id=${id}`, headers: bearer(token), payload: { body } });
    const edited = await edit(anchor, mine.id, 'Ready Monday');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Message>()).toMatchObject({ body: 'Ready Monday', edited_at: expect.any(String), mine: true });
    expect((await edit(admin, mine.id, 'Hijacked')).json()).toEqual({ message: ONLY_AUTHOR });
    const internal = (await post(admin, { body: 'Secret', internal: true })).json<Message>();
    const probe = await edit(blue, internal.id, 'x');
    expect(probe.statusCode).toBe(404);
    expect(probe.json()).toEqual({ message: MESSAGE_NOT_FOUND });

    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/Messages/delete?id=${mine.id}`,
      headers: bearer(anchor),
    });
    expect(removed.json()).toEqual({ message: MESSAGE_DELETED });
    expect((await threadOf(admin)).messages.map((message) => message.id)).not.toContain(mine.id);
    const audit = await t.db.execute<{ action: string }>(sql`
      select action from audit_log where entity = 'message' and entity_id = ${String(mine.id)} order by id`);
    expect(audit.rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('bookings and shipments', () => {
  it('a booking’s conversation is its supplier’s, staff’s and the forwarder’s it is routed to', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/Bookings',
      headers: bearer(anchor),
      payload: { po_number: PO, cargo_ready_date: '2027-06-01', lines: [{ line_number: 1, qty: 2 }], mode: 'SEA' },
    });
    const reference = requested.json<{ booking: { reference: string } }>().booking.reference;
    await t.app.inject({
      method: 'POST',
      url: `/api/Bookings/route?reference=${reference}`,
      headers: bearer(admin),
      payload: { forwarder_name: 'Blue Anchor' },
    });
    const posted = await post(anchor, { record: 'booking', key: reference, body: 'Dock 4, please' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await threadOf(blue, 'booking', reference)).messages.map((message) => message.body)).toEqual([
      'Dock 4, please',
    ]);
    expect((await thread(kestrel, 'booking', reference)).statusCode).toBe(404);
  });

  it('a shipment’s conversation is staff’s and its forwarder’s: a supplier hears it does not exist', async () => {
    expect((await post(blue, { record: 'shipment', key: SHIPMENT, body: 'Gate in today' })).statusCode).toBe(201);
    expect((await threadOf(admin, 'shipment', SHIPMENT)).messages.map((message) => message.body)).toEqual([
      'Gate in today',
    ]);
    expect((await thread(anchor, 'shipment', SHIPMENT)).statusCode).toBe(404);
    expect((await thread(kestrel, 'shipment', SHIPMENT)).statusCode).toBe(404);
  });
});
