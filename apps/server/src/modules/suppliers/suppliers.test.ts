import type { PurchaseOrderSummary } from '@quayside/domain/purchase-orders';
import {
  alreadyListed,
  CONTACT_NOT_FOUND,
  CONTACT_REMOVED,
  invitationSent,
  MANAGED_AS_SUPPLIER_CONTACT,
  SUPPLIER_CALL_REFUSED,
  type SupplierListResponse,
} from '@quayside/domain/suppliers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShipment } from '../../testing/fixtures.ts';
import { startSmtpPeer } from '../../testing/smtp-peer.ts';
import {
  bearer,
  createTestApp,
  signIn,
  signInCast,
  signUpRequest,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';

// Suppliers and their contacts through the API on a real database and a real SMTP peer: an Admin
// invites a contact, who registers like anyone else and then sees only its company's purchase
// orders and may make only the calls opened to suppliers; user management's list stays as it was.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: string;
let employee: string;
let blue: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: smtp.url });
  ({ admin, employee, blue } = await signInCast(t));
  for (const [po, supplier] of [
    ['PO-SUP-A1', 'Anchor Mills'],
    ['PO-SUP-A2', ' ANCHOR MILLS'],
    ['PO-SUP-B1', 'Birch Works'],
  ] as const) {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/PurchaseOrders',
      headers: bearer(admin),
      payload: { po_number: po, supplier, lines: [{ line_number: 1, sku: `${po}-SKU`, ordered_qty: 10 }] },
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  }
  await insertShipment(t.db, { shipment: 'S-SUP-B', forwarder_name: 'Kestrel' }, [
    { title: 'PO-SUP-B1', parts: [{ part_number: 'PO-SUP-B1-SKU', qty: 4 }] },
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invite = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/Suppliers/contacts', headers: bearer(token), payload: body });

/** The invited contact registers with its e-mail and a password, confirms its address, and signs in. */
async function register(email: string) {
  const signUp = await signUpRequest(t.app, email, TEST_PASSWORD);
  expect(signUp.statusCode, signUp.body).toBe(200);
  await t.confirmAddress(email);
  return signIn(t.app, email, TEST_PASSWORD);
}

describe('inviting a supplier contact', () => {
  it('mails the invitation; the contact registers and sees only its company’s purchase orders', async () => {
    const invited = await invite(admin, { supplier: 'Anchor Mills', full_name: 'Sam Li', email: 'Sam@Anchor.example' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      message: invitationSent('sam@anchor.example'),
      contact: { full_name: 'Sam Li', email: 'sam@anchor.example', status: 'Inactive' },
    });
    const mail = await smtp.mailTo('sam@anchor.example', /Register with this e-mail address/);
    expect(mail.text).toContain(`${t.config.publicUrl}/register`);
    expect(mail.text).toContain('a contact of Anchor Mills');

    const sam = await register('sam@anchor.example');
    const listed = await t.app.inject({ url: '/api/PurchaseOrders?pageSize=100', headers: bearer(sam) });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ purchaseOrders: PurchaseOrderSummary[] }>().purchaseOrders.map((po) => po.po_number)).toEqual([
      'PO-SUP-A1',
      'PO-SUP-A2',
    ]);
    const count = await t.app.inject({ url: '/api/PurchaseOrders/count', headers: bearer(sam) });
    expect(count.json()).toEqual({ total: 2 });
    const searched = await t.app.inject({ url: '/api/PurchaseOrders?q=PO-SUP', headers: bearer(sam) });
    expect(searched.json<{ total: number }>().total).toBe(2);
    const other = await t.app.inject({ url: '/api/PurchaseOrders/detail?po=PO-SUP-B1', headers: bearer(sam) });
    expect(other.statusCode).toBe(404);
    const profile = await t.app.inject({ url: '/api/Peoples', headers: bearer(sam) });
    expect(profile.json<{ peoples: { role: string; company_name: string }[] }>().peoples).toEqual([
      expect.objectContaining({ role: 'Supplier', company_name: 'Anchor Mills' }),
    ]);
  });

  it('refuses a contact every call not opened to suppliers, whatever the call would show', async () => {
    const token = await t.signedInAs({ email: 'ops@birch.example', role: 'Supplier', company_name: 'Birch Works' });
    for (const url of [
      '/api/LineItems/rows',
      '/api/LineItems/count',
      '/api/Shipments',
      '/api/Exceptions/summary',
      '/api/Receipts?shipment=S-SUP-B',
      '/api/Suppliers',
      '/api/Follows',
    ]) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: SUPPLIER_CALL_REFUSED });
    }
    // Its own PO shows the shipment carrying it, with its forwarder: the supplier hands it the goods.
    const po = await t.app.inject({ url: '/api/PurchaseOrders/detail?po=PO-SUP-B1', headers: bearer(token) });
    expect(po.json<{ shipments: { shipment: string }[] }>().shipments.map((s) => s.shipment)).toEqual(['S-SUP-B']);
  });

  it('refuses an e-mail already listed, as a user or a contact, and anyone but an Admin', async () => {
    const taken = await invite(admin, {
      supplier: 'Anchor Mills',
      full_name: 'Again',
      email: 'employee@napco.example',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: alreadyListed('employee@napco.example') });
    for (const token of [employee, blue]) {
      const refused = await invite(token, { supplier: 'Anchor Mills', full_name: 'X', email: 'x@anchor.example' });
      expect(refused.statusCode).toBe(403);
    }
    const blank = await invite(admin, { supplier: '   ', full_name: 'X', email: 'x@anchor.example' });
    expect(blank.statusCode).toBe(400);
  });
});

describe('the suppliers list', () => {
  it('lists each supplier once, however the POs spell it, with its POs’ standing and its contacts', async () => {
    await t.addPerson({ email: 'kim@newco.example', role: 'Supplier', company_name: 'Newco' });
    const response = await t.app.inject({ url: '/api/Suppliers?pageSize=100', headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const { suppliers, total } = response.json<SupplierListResponse>();
    const anchor = suppliers.find((supplier) => supplier.name === 'Anchor Mills');
    expect(anchor).toMatchObject({
      purchase_orders: 2,
      open_purchase_orders: 2,
      awaiting_confirmation: 2,
      pending_proposals: 0,
    });
    expect(suppliers.find((supplier) => supplier.name === 'Newco')).toMatchObject({
      purchase_orders: 0,
      contacts: [{ email: 'kim@newco.example', status: 'Inactive' }],
    });
    expect(suppliers.filter((supplier) => supplier.name.toLowerCase().includes('anchor'))).toHaveLength(1);
    expect(total).toBe(suppliers.length);
    const found = await t.app.inject({ url: '/api/Suppliers?q=kim%40newco', headers: bearer(admin) });
    expect(found.json<SupplierListResponse>().suppliers.map((supplier) => supplier.name)).toEqual(['Newco']);
    expect((await t.app.inject({ url: '/api/Suppliers', headers: bearer(employee) })).statusCode).toBe(403);
  });

  it('keeps contacts out of user management’s list, and user management’s writes off them', async () => {
    await t.addPerson({ email: 'lee@birch.example', role: 'Supplier', company_name: 'Birch Works' });
    const people = await t.app.inject({ url: '/api/Peoples', headers: bearer(admin) });
    const emails = people.json<{ peoples: { email: string }[] }>().peoples.map((person) => person.email);
    expect(emails).toContain('employee@napco.example');
    expect(emails).not.toContain('lee@birch.example');
    const promoted = await t.app.inject({
      method: 'POST',
      url: '/api/Peoples',
      headers: bearer(admin),
      payload: [{ email: 'lee@birch.example', full_name: 'Lee', role: 'Admin' }],
    });
    expect(promoted.statusCode).toBe(400);
    expect(promoted.json()).toEqual({ message: MANAGED_AS_SUPPLIER_CONTACT });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/Peoples/delete',
      headers: bearer(admin),
      payload: [{ email: 'lee@birch.example' }],
    });
    expect(deleted.statusCode).toBe(400);
  });
});

describe('removing a contact', () => {
  it('ends its sessions at once; removing it again, or someone who is not a contact, is not found', async () => {
    const token = await t.signedInAs({ email: 'gone@anchor.example', role: 'Supplier', company_name: 'Anchor Mills' });
    const remove = (email: string, as = admin) =>
      t.app.inject({ method: 'DELETE', url: '/api/Suppliers/contacts', headers: bearer(as), payload: { email } });
    expect((await remove('gone@anchor.example', employee)).statusCode).toBe(403);
    const removed = await remove('gone@anchor.example');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: CONTACT_REMOVED });
    expect((await t.app.inject({ url: '/api/PurchaseOrders', headers: bearer(token) })).statusCode).toBe(401);
    expect((await remove('gone@anchor.example')).json()).toEqual({ message: CONTACT_NOT_FOUND });
    const staff = await remove('employee@napco.example');
    expect(staff.statusCode).toBe(404);
  });
});

describe('automatic approval settings', () => {
  it('are off until an Admin sets a number of days, and refuse what is not one', async () => {
    const get = () => t.app.inject({ url: '/api/Suppliers/settings', headers: bearer(admin) });
    expect((await get()).json()).toEqual({ autoApproveCargoReadyDays: null });
    const put = (payload: object, as = admin) =>
      t.app.inject({ method: 'PUT', url: '/api/Suppliers/settings', headers: bearer(as), payload });
    expect((await put({ autoApproveCargoReadyDays: 3 })).statusCode).toBe(200);
    expect((await get()).json()).toEqual({ autoApproveCargoReadyDays: 3 });
    for (const days of [-1, 366, 2.5, '3'])
      expect((await put({ autoApproveCargoReadyDays: days })).statusCode).toBe(400);
    expect((await put({ autoApproveCargoReadyDays: 1 }, employee)).statusCode).toBe(403);
    expect((await put({ autoApproveCargoReadyDays: null })).statusCode).toBe(200);
    expect((await get()).json()).toEqual({ autoApproveCargoReadyDays: null });
  });
});
