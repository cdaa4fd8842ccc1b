import {
  BOOKING_CONFIRMED,
  BOOKING_DECLINED,
  BOOKING_NOT_FOUND,
  BOOKING_REQUESTED,
  type Booking,
  bookingNotInState,
  moreThanOpen,
  noBookingLine,
  shipmentNumberTaken,
} from '@quayside/domain/bookings';
import { PO_ALREADY_CLOSED, type PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { SUPPLIER_CALL_REFUSED } from '@quayside/domain/suppliers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

// Booking requests through the API on a real database: the supplier asks for open quantities, an
// Admin routes the request (or a lane rule does), the forwarder confirms — and the shipment exists,
// carrying the PO's parts, which the PO counts as booked — or declines; each party sees its own.

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;
let anchor: string;
let birch: string;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'error' });
  ({ admin, employee, blue, kestrel } = await signInCast(t));
  anchor = await t.signedInAs({ email: 'sales@anchor.example', role: 'Supplier', company_name: 'Anchor Mills' });
  birch = await t.signedInAs({ email: 'sales@birch.example', role: 'Supplier', company_name: 'Birch Works' });
});
afterAll(() => t.close());

const q = encodeURIComponent;
let counter = 0;
async function anchorPo() {
  counter += 1;
  const po = `PO-BK-${counter}`;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/PurchaseOrders',
    headers: bearer(admin),
    payload: {
      po_number: po,
      supplier: 'Anchor Mills',
      cargo_ready_date: '2027-06-01',
      lines: [
        { line_number: 1, sku: `${po}-A`, ordered_qty: 100, description: 'Widget' },
        { line_number: 2, sku: `${po}-B`, ordered_qty: 50 },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return po;
}

const request = (token: string, po: string, lines: object[], extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Bookings',
    headers: bearer(token),
    payload: { po_number: po, cargo_ready_date: '2027-06-05', lines, mode: 'SEA', origin: 'CNSHA', ...extra },
  });
const act = (token: string, action: string, reference: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Bookings/${action}?reference=${q(reference)}`,
    headers: bearer(token),
    payload,
  });
const detail = (token: string, reference: string) =>
  t.app.inject({ url: `/api/Bookings/detail?reference=${q(reference)}`, headers: bearer(token) });
const booking = (response: { json: <T>() => T }) => response.json<{ message: string; booking: Booking }>().booking;
const po = async (token: string, number: string) =>
  (
    await t.app.inject({ url: `/api/PurchaseOrders/detail?po=${q(number)}`, headers: bearer(token) })
  ).json<PurchaseOrderDetail>();
const bookingCount = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_requests`)).rows[0]?.n;

describe('a booking from request to shipment', () => {
  it('requested by the supplier, routed by an Admin, confirmed by the forwarder: the shipment carries the PO, booked', async () => {
    const number = await anchorPo();
    const requested = await request(anchor, number, [{ line_number: 1, qty: 60 }], {
      packages: 12,
      weight_kg: 480.5,
      volume_cbm: 2.4,
      note: 'Two pallets',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json<{ message: string }>().message).toBe(BOOKING_REQUESTED);
    const made = booking(requested);
    expect(made).toMatchObject({
      reference: expect.stringMatching(/^BK-\d{6}$/),
      status: 'requested',
      po_number: number,
      supplier: 'Anchor Mills',
      requested_by: 'sales@anchor.example',
      cargo_ready_date: '2027-06-05',
      lines: [{ line_number: 1, sku: `${number}-A`, description: 'Widget', qty: 60 }],
      packages: 12,
      weight_kg: 480.5,
      volume_cbm: 2.4,
      forwarder_name: null,
      shipment: null,
    });
    // Not routed yet: no forwarder sees it.
    expect((await detail(blue, made.reference)).statusCode).toBe(404);

    const routed = await act(admin, 'route', made.reference, { forwarder_name: ' Blue Anchor ' });
    expect(routed.statusCode, routed.body).toBe(200);
    expect(booking(routed)).toMatchObject({
      status: 'routed',
      forwarder_name: 'Blue Anchor',
      routed_by: 'admin@napco.example',
    });
    expect((await detail(blue, made.reference)).statusCode).toBe(200);
    expect((await detail(kestrel, made.reference)).statusCode).toBe(404);
    const listed = await t.app.inject({ url: '/api/Bookings?status=routed', headers: bearer(blue) });
    expect(listed.json<{ bookings: Booking[] }>().bookings.map((entry) => entry.reference)).toContain(made.reference);

    const confirmed = await act(blue, 'confirm', made.reference, {
      shipment: `S-${number}`,
      carrier_booking_reference: 'MAEU123',
      etd: '2027-06-10',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ message: string }>().message).toBe(BOOKING_CONFIRMED);
    expect(booking(confirmed)).toMatchObject({
      status: 'confirmed',
      shipment: `S-${number}`,
      carrier_booking_reference: 'MAEU123',
    });

    const shipment = await t.app.inject({ url: `/api/Shipments?shipment=S-${number}`, headers: bearer(blue) });
    expect(shipment.statusCode, shipment.body).toBe(200);
    expect(shipment.body).toContain('"Forwarder Name":"Blue Anchor"');
    expect(shipment.body).toContain('"Consignor Name":"Anchor Mills"');
    const order = await po(admin, number);
    expect(order.purchaseOrderLines[0]).toMatchObject({ booked_qty: 60, open_qty: 100 });
    expect(order.shipments.map((entry) => entry.shipment)).toEqual([`S-${number}`]);
    expect(order.history[0]).toMatchObject({
      kind: 'booked',
      summary: `Booking ${made.reference} confirmed: shipment S-${number}`,
    });
    // The supplier sees its booking confirmed, with the shipment.
    expect(await (await detail(anchor, made.reference)).json()).toMatchObject({
      status: 'confirmed',
      shipment: `S-${number}`,
    });
    expect((await act(blue, 'confirm', made.reference, { shipment: 'S-AGAIN' })).json()).toEqual({
      message: bookingNotInState('confirmed'),
    });
  });

  it('books at most what is open: ordered, less what is booked, shipped or requested already', async () => {
    const number = await anchorPo();
    const before = await bookingCount();
    const tooMany = await request(anchor, number, [{ line_number: 1, qty: 101 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: moreThanOpen(1, 100) });
    expect((await request(anchor, number, [{ line_number: 1, qty: 70 }])).statusCode).toBe(201);
    const second = await request(anchor, number, [{ line_number: 1, qty: 31 }]);
    expect(second.json()).toEqual({ message: moreThanOpen(1, 30) });
    const missing = await request(anchor, number, [{ line_number: 7, qty: 1 }]);
    expect(missing.json()).toEqual({ message: noBookingLine(7) });
    const twice = await request(anchor, number, [
      { line_number: 2, qty: 1 },
      { line_number: 2, qty: 1 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(await bookingCount()).toBe((before ?? 0) + 1);
  });

  it('a declined booking says why, and frees its quantities', async () => {
    const number = await anchorPo();
    const made = booking(await request(anchor, number, [{ line_number: 2, qty: 50 }]));
    await act(admin, 'route', made.reference, { forwarder_name: 'Kestrel' });
    expect((await act(blue, 'decline', made.reference, { reason: 'Not ours' })).statusCode).toBe(404);
    expect((await act(kestrel, 'decline', made.reference, { reason: '' })).statusCode).toBe(400);
    const declined = await act(kestrel, 'decline', made.reference, { reason: 'No space that week' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<{ message: string }>().message).toBe(BOOKING_DECLINED);
    expect(await (await detail(anchor, made.reference)).json()).toMatchObject({
      status: 'declined',
      decline_reason: 'No space that week',
    });
    expect((await request(anchor, number, [{ line_number: 2, qty: 50 }])).statusCode).toBe(201);
  });

  it('refuses a shipment number already in use, writing nothing', async () => {
    const number = await anchorPo();
    const made = booking(await request(anchor, number, [{ line_number: 1, qty: 5 }]));
    await act(admin, 'route', made.reference, { forwarder_name: 'Blue Anchor' });
    const first = await anchorPo();
    const other = booking(await request(anchor, first, [{ line_number: 1, qty: 5 }]));
    await act(admin, 'route', other.reference, { forwarder_name: 'Blue Anchor' });
    await act(blue, 'confirm', other.reference, { shipment: `S-TAKEN-${number}` });
    const taken = await act(blue, 'confirm', made.reference, { shipment: `S-TAKEN-${number}` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: shipmentNumberTaken(`S-TAKEN-${number}`) });
    expect(await (await detail(admin, made.reference)).json()).toMatchObject({ status: 'routed', shipment: null });
  });

  it('a lane rule routes a matching request at once', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/Bookings/lane-rules',
      headers: bearer(admin),
      payload: {
        rules: [
          { origin: 'CNNGB', mode: 'AIR', forwarder_name: 'Blue Anchor' },
          { origin: 'CNNGB', mode: '', forwarder_name: 'Kestrel' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const number = await anchorPo();
      const made = booking(await request(anchor, number, [{ line_number: 1, qty: 1 }], { origin: 'cnngb' }));
      expect(made).toMatchObject({ status: 'routed', forwarder_name: 'Kestrel', routed_by: 'lane rule' });
      expect((await detail(kestrel, made.reference)).statusCode).toBe(200);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/Bookings/lane-rules',
        headers: bearer(admin),
        payload: { rules: [] },
      });
    }
  });
});

describe('who may do what', () => {
  it('keeps each party to its own bookings and its own steps', async () => {
    const number = await anchorPo();
    for (const token of [employee, blue])
      expect((await request(token, number, [{ line_number: 1, qty: 1 }])).statusCode).toBe(403);
    expect((await request(birch, number, [{ line_number: 1, qty: 1 }])).statusCode).toBe(404);
    const made = booking(await request(admin, number, [{ line_number: 1, qty: 1 }]));
    expect(made.requested_by).toBe('admin@napco.example');
    expect((await detail(birch, made.reference)).json()).toEqual({ message: BOOKING_NOT_FOUND });
    const refused = await act(anchor, 'route', made.reference, { forwarder_name: 'Anchor Mills' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SUPPLIER_CALL_REFUSED });
    expect((await act(employee, 'route', made.reference, { forwarder_name: 'Kestrel' })).statusCode).toBe(403);
    // Not routed to it: a forwarder cannot confirm what it cannot see.
    expect((await act(blue, 'confirm', made.reference, { shipment: 'S-NOPE' })).statusCode).toBe(404);
    const birchList = await t.app.inject({ url: '/api/Bookings', headers: bearer(birch) });
    expect(birchList.json<{ bookings: Booking[] }>().bookings.map((entry) => entry.po_number)).not.toContain(number);
  });

  it('refuses a booking of a closed PO', async () => {
    const number = await anchorPo();
    await t.app.inject({
      method: 'POST',
      url: `/api/PurchaseOrders/short-close?po=${q(number)}`,
      headers: bearer(admin),
      payload: { reason: 'Cancelled' },
    });
    const closed = await request(anchor, number, [{ line_number: 1, qty: 1 }]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ message: PO_ALREADY_CLOSED });
  });
});
