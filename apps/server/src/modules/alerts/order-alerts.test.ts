import type { Booking } from '@quayside/domain/bookings';
import type { Thread } from '@quayside/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../../jobs/jobs.ts';
import { startSmtpPeer } from '../../testing/smtp-peer.ts';
import { createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { alertsRequests } from './alerts-fixture.ts';

// The events of purchase orders, bookings and conversations, through the API on a real database:
// each reaches the party whose turn it is — never the person who acted, never someone who does not
// see the record — by the channel that person chose.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;
let anchor: string;
let anchorToo: string;
let birch: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: smtp.url, clock: () => new Date('2027-06-01T12:00:00Z') });
  ({ admin, employee, blue, kestrel } = await signInCast(t));
  const contact = (email: string, company_name: string) =>
    t.signedInAs({ email, full_name: `Contact ${email}`, role: 'Supplier', company_name });
  anchor = await contact('sales@anchor.example', 'Anchor Mills');
  anchorToo = await contact('export@anchor.example', 'anchor mills ');
  birch = await contact('sales@birch.example', 'Birch Works');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const { ok, call, runJob, bell } = alertsRequests(() => ({ t, admin }));
const q = encodeURIComponent;
let counter = 0;
async function anchorPo() {
  counter += 1;
  const po = `PO-EV-${counter}`;
  await ok(admin, 'POST', '/api/PurchaseOrders', {
    po_number: po,
    supplier: 'Anchor Mills',
    cargo_ready_date: '2027-06-01',
    lines: [{ line_number: 1, sku: `${po}-A`, ordered_qty: 100 }],
  });
  return po;
}
/** What each person's bell says of one record, as `kind: text`. */
/** A booking request by the supplier's contact, answered 201. */
async function requestBooking(payload: object) {
  const made = await call(anchor, 'POST', '/api/Bookings', payload);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body as { booking: Booking }).booking.reference;
}
async function heard(token: string, reference: string) {
  await runJob(JOB_NAMES.notify);
  const { notifications } = await bell(token);
  return notifications
    .filter(({ event }) => event.record.reference === reference)
    .map(({ event }) => `${event.kind}: ${event.text}`);
}

describe("a purchase order's answers", () => {
  it('a confirmation and a proposal reach the Admins; the decision reaches the supplier’s contacts', async () => {
    const po = await anchorPo();
    await ok(anchor, 'POST', `/api/PurchaseOrders/confirm?po=${q(po)}`, {});
    expect(await heard(admin, po)).toEqual(['po_confirmed: Confirmed by Contact sales@anchor.example']);
    // Not an Admin, not the one who acted, not another supplier.
    for (const token of [employee, anchor, birch, blue]) expect(await heard(token, po)).toEqual([]);

    const other = await anchorPo();
    await ok(anchorToo, 'POST', `/api/PurchaseOrders/proposals?po=${q(other)}`, {
      cargo_ready_date: '2027-06-20',
      note: 'Tooling repair',
    });
    expect(await heard(admin, other)).toEqual([
      'po_change_proposed: Changes proposed by Contact export@anchor.example',
    ]);
    const proposed = (await bell(admin)).notifications.find(({ event }) => event.kind === 'po_change_proposed');
    expect(proposed?.event).toMatchObject({
      record: { type: 'purchase_order', reference: other },
      shipment: null,
      detail: { poNumber: other, note: 'Tooling repair' },
    });

    const detail = await ok<{ proposals: { id: number; status: string }[] }>(
      admin,
      'GET',
      `/api/PurchaseOrders/detail?po=${q(other)}`,
    );
    const waiting = detail.proposals.find((proposal) => proposal.status === 'pending');
    await ok(admin, 'POST', `/api/PurchaseOrders/proposals/decision?po=${q(other)}`, {
      proposal: waiting?.id,
      decision: 'reject',
      note: 'The vessel is fixed',
    });
    const rejected = /^po_change_rejected: Proposed changes rejected by .+: The vessel is fixed$/;
    // Both contacts of the supplier (its name compared as a forwarder's is) hear; the other supplier does not.
    expect(await heard(anchor, other)).toEqual([expect.stringMatching(rejected)]);
    expect(await heard(anchorToo, other)).toEqual([expect.stringMatching(rejected)]);
    expect(await heard(birch, other)).toEqual([]);
  });
});

describe("a booking's way", () => {
  it('requested: the Admins; routed: that forwarder’s people; confirmed: the supplier and the Admins', async () => {
    const po = await anchorPo();
    const reference = await requestBooking({
      po_number: po,
      cargo_ready_date: '2027-06-05',
      lines: [{ line_number: 1, qty: 40 }],
      mode: 'SEA',
      origin: 'CNNGB',
    });
    expect(await heard(admin, reference)).toEqual([
      `booking_requested: Booking requested for ${po} by Contact sales@anchor.example`,
    ]);
    expect(await heard(blue, reference)).toEqual([]);

    await ok(admin, 'POST', `/api/Bookings/route?reference=${q(reference)}`, { forwarder_name: 'Blue Anchor' });
    expect(await heard(blue, reference)).toEqual(['booking_routed: Booking routed to Blue Anchor']);
    expect(await heard(kestrel, reference)).toEqual([]);

    await ok(blue, 'POST', `/api/Bookings/confirm?reference=${q(reference)}`, {
      shipment: 'EV-SHIP-1',
      etd: '2027-06-10',
      dest_eta: '2027-07-10',
    });
    const confirmed = 'booking_confirmed: Booking confirmed by Blue Anchor: shipment EV-SHIP-1';
    expect(await heard(anchor, reference)).toEqual([confirmed]);
    expect((await heard(admin, reference)).at(0)).toBe(confirmed);
    // The forwarder who confirmed it is not told what it did.
    expect(await heard(blue, reference)).toEqual(['booking_routed: Booking routed to Blue Anchor']);
    const { notifications } = await bell(anchor);
    expect(notifications.find(({ event }) => event.record.reference === reference)?.event.record).toEqual({
      type: 'booking',
      reference,
    });
  });
});

describe("a conversation's news", () => {
  it('a mention and a reply reach the person named; one who no longer sees the record hears nothing', async () => {
    const po = await anchorPo();
    const thread = await ok<Thread>(admin, 'GET', `/api/Messages?record=purchase_order&key=${q(po)}`);
    const idOf = (email: string) => thread.mentionable.find((person) => person.email === email)?.id;
    const posted = await call(admin, 'POST', '/api/Messages', {
      record: 'purchase_order',
      key: po,
      body: 'Can you ship on the 5th?',
      mentions: [idOf('sales@anchor.example')],
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(await heard(anchor, po)).toEqual([
      expect.stringMatching(/^mentioned: .+ mentioned you: “Can you ship on the 5th\?”$/),
    ]);
    expect(await heard(anchorToo, po)).toEqual([]);

    const reply = await call(anchor, 'POST', '/api/Messages', {
      record: 'purchase_order',
      key: po,
      body: 'Yes, the 5th works.',
      reply_to: (posted.body as { id: number }).id,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(await heard(admin, po)).toEqual([
      'replied: Contact sales@anchor.example replied to your message: “Yes, the 5th works.”',
    ]);

    // A booking's thread: the forwarder it was routed to is mentioned, then it goes to another forwarder before anyone is told.
    const reference = await requestBooking({
      po_number: po,
      cargo_ready_date: '2027-06-05',
      lines: [{ line_number: 1, qty: 10 }],
      mode: 'AIR',
    });
    await ok(admin, 'POST', `/api/Bookings/route?reference=${q(reference)}`, { forwarder_name: 'Blue Anchor' });
    const onBooking = await ok<Thread>(admin, 'GET', `/api/Messages?record=booking&key=${q(reference)}`);
    const blueId = onBooking.mentionable.find((person) => person.email === 'ops@blue.example')?.id;
    expect(blueId).toBeDefined();
    const mention = await call(admin, 'POST', '/api/Messages', {
      record: 'booking',
      key: reference,
      body: 'Please confirm by Friday',
      mentions: [blueId],
    });
    expect(mention.status, JSON.stringify(mention.body)).toBe(201);
    await ok(admin, 'POST', `/api/Bookings/route?reference=${q(reference)}`, { forwarder_name: 'Kestrel' });
    expect(await heard(blue, reference)).toEqual([]);
    expect(await heard(kestrel, reference)).toEqual(['booking_routed: Booking routed to Kestrel']);
  });

  it('an e-mail at once, when the person chose it, with a link to the record', async () => {
    const keptTheirs = await ok<{ preferences: Record<string, string> }>(admin, 'POST', '/api/Alerts/preferences', {
      preferences: {
        new_exception: 'app',
        eta_slipped: 'app',
        departed: 'app',
        arrived: 'app',
        document_uploaded: 'app',
        po_change_proposed: 'email',
      },
    });
    // The kinds a client left out keep what they were.
    expect(keptTheirs.preferences).toMatchObject({ po_change_proposed: 'email', po_confirmed: 'digest' });
    const po = await anchorPo();
    await ok(anchor, 'POST', `/api/PurchaseOrders/proposals?po=${q(po)}`, { cargo_ready_date: '2027-06-25' });
    await runJob(JOB_NAMES.notify);
    const mail = await smtp.mailTo('admin@napco.example', new RegExp(`Purchase order ${po}`));
    // Headers fold long lines: unfolded, the subject names the change and the PO.
    expect(mail.raw.replace(/\r?\n\s+/g, ' ')).toMatch(
      new RegExp(`Subject: Quayside: Changes proposed by Contact sales@anchor.example \\(${po}\\)`),
    );
    expect(mail.text).toContain(`/purchase-orders/${po}`);
  });
});
