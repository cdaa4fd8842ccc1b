import {
  PO_ALREADY_CLOSED,
  PO_NOT_FOUND,
  PO_SHORT_CLOSED,
  PURCHASE_ORDERS_FORBIDDEN,
  type PurchaseOrderDetail,
  type PurchaseOrderSummary,
  RECEIPTS_FORBIDDEN,
  type ReceiptResponse,
  receiptAboveShipped,
  skuTwice,
  unknownSupplier,
} from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { SHIPMENT_NOT_FOUND } from '../shipments/shipment-access.ts';

// Purchase orders through the API on a real database: saved and amended, reconciled against the
// shipments that carry them (across shipments and forwarders), received, short-closed, listed, and
// seen by a Forwarder only through its own shipments. Each test works on POs of its own.

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue, kestrel } = await signInCast(t));
});
afterAll(() => t.close());

type Line = {
  line_number: number;
  sku: string;
  ordered_qty: number;
  unit_price?: number | null;
  requested_date?: string;
};
type PoBody = {
  po_number: string;
  supplier?: string;
  requested_delivery_date?: string | null;
  lines: Line[];
  notes?: string;
};

const q = encodeURIComponent;
const save = (token: string, body: PoBody | object) =>
  t.app.inject({ method: 'POST', url: '/api/PurchaseOrders', headers: bearer(token), payload: body });
const detail = (token: string, po: string) =>
  t.app.inject({ url: `/api/PurchaseOrders/detail?po=${q(po)}`, headers: bearer(token) });
const list = (token: string, query: string) =>
  t.app.inject({ url: `/api/PurchaseOrders?${query}`, headers: bearer(token) });
const receive = (token: string, shipment: string, lines: object[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Receipts?shipment=${q(shipment)}`,
    headers: bearer(token),
    payload: { lines },
  });
const shortClose = (token: string, po: string, reason: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/PurchaseOrders/short-close?po=${q(po)}`,
    headers: bearer(token),
    payload: { reason },
  });

async function created(body: PoBody) {
  const response = await save(admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PurchaseOrderDetail>();
}
async function seen(token: string, po: string) {
  const response = await detail(token, po);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PurchaseOrderDetail>();
}
const lineOf = (po: PurchaseOrderDetail, sku: string) => po.purchaseOrderLines.find((line) => line.sku === sku);
const figures = (po: PurchaseOrderDetail, sku: string) => {
  const line = lineOf(po, sku);
  return (
    line && {
      ordered: line.ordered_qty,
      booked: line.booked_qty,
      shipped: line.shipped_qty,
      received: line.received_qty,
      open: line.open_qty,
    }
  );
};
type Receipt = z.infer<typeof ReceiptResponse>;
const DEPARTED = new Date('2026-01-10T08:00:00Z');

describe('saving a purchase order', () => {
  it('creates a PO with its lines, and an amendment keeps what the quantity was in its history', async () => {
    const first = await created({
      po_number: 'PO-AMEND',
      supplier: 'Harbour Tools',
      lines: [
        { line_number: 1, sku: 'AM-1', ordered_qty: 100, unit_price: 2.5 },
        { line_number: 2, sku: 'AM-2', ordered_qty: 10 },
      ],
    });
    expect(first).toMatchObject({
      po_number: 'PO-AMEND',
      supplier: 'Harbour Tools',
      status: 'open',
      lines: 2,
      ordered_qty: 110,
    });
    expect(figures(first, 'AM-1')).toEqual({ ordered: 100, booked: 0, shipped: 0, received: 0, open: 100 });
    expect(first.history.map((entry) => entry.summary)).toEqual(['Created with 2 lines']);

    const amended = await created({
      po_number: 'PO-AMEND',
      supplier: 'Harbour Tools',
      lines: [{ line_number: 1, sku: 'AM-1', ordered_qty: 80, unit_price: 2.5 }],
    });
    expect(amended.purchaseOrderLines.map((line) => [line.line_number, line.sku, line.ordered_qty])).toEqual([
      [1, 'AM-1', 80],
    ]);
    expect(amended.ordered_qty).toBe(80);
    expect(amended.history.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        'Line 1 ordered quantity 100 → 80',
        'Line 2 removed (was 10 AM-2)',
        'Created with 2 lines',
      ]),
    );
    expect(amended.history.at(-1)?.summary).toBe('Created with 2 lines');
    expect(amended.history[0]).toMatchObject({ actor: 'admin@napco.example', source: 'api' });
  });

  it('is an Admin’s: an Employee and a Forwarder are refused, and nothing is written', async () => {
    const body = { po_number: 'PO-NOT-MINE', lines: [{ line_number: 1, sku: 'N-1', ordered_qty: 1 }] };
    for (const token of [employee, blue]) {
      const response = await save(token, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: PURCHASE_ORDERS_FORBIDDEN });
    }
    expect((await detail(admin, 'PO-NOT-MINE')).statusCode).toBe(404);
  });

  it.each([
    [{ line_number: 1, sku: 'B-1', ordered_qty: -1 }, 'Ordered quantity must be at least 0. (lines.0.ordered_qty)'],
    [
      { line_number: 1, sku: 'B-1', ordered_qty: 1.5 },
      'Ordered quantity must be a whole number. (lines.0.ordered_qty)',
    ],
    [
      { line_number: 1, sku: 'B-1', ordered_qty: 1, unit_price: -2 },
      'Unit price must not be negative. (lines.0.unit_price)',
    ],
  ])('refuses %o with a message naming the field, and writes nothing', async (line, message) => {
    const response = await save(admin, { po_number: 'PO-BAD', lines: [line] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await detail(admin, 'PO-BAD')).statusCode).toBe(404);
  });

  it('refuses a SKU ordered twice on one PO, naming the line', async () => {
    const response = await save(admin, {
      po_number: 'PO-TWICE',
      lines: [
        { line_number: 1, sku: 'T-1', ordered_qty: 1 },
        { line_number: 2, sku: 'T-1', ordered_qty: 2 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `${skuTwice('T-1', 1)} (lines.1.sku)` });
    expect((await detail(admin, 'PO-TWICE')).statusCode).toBe(404);
  });
});

describe('reconciling a PO with the shipments that carry it', () => {
  beforeAll(async () => {
    await created({
      po_number: 'PO-SPLIT',
      supplier: 'Split Supplies',
      requested_delivery_date: '2099-01-01',
      lines: [
        { line_number: 1, sku: 'SP-A', ordered_qty: 100, unit_price: 4 },
        { line_number: 2, sku: 'SP-B', ordered_qty: 40, unit_price: 9 },
      ],
    });
    // Blue Anchor carries part of line 1 and has not departed yet; Kestrel carries the rest of the PO, departed.
    await insertShipment(t.db, { shipment: 'SHP-SPLIT-BLUE', forwarder_name: 'Blue Anchor' }, [
      { title: 'PO-SPLIT', parts: [{ part_number: 'SP-A', qty: 30 }] },
    ]);
    await insertShipment(t.db, { shipment: 'SHP-SPLIT-KES', forwarder_name: 'Kestrel', atd: DEPARTED }, [
      {
        title: 'PO-SPLIT',
        parts: [
          { part_number: 'SP-A', qty: 20 },
          { part_number: 'SP-B', qty: 40 },
          { part_number: 'SP-Z', qty: 3 },
        ],
      },
    ]);
  });

  it('counts a PO spread over two shipments and two forwarders per SKU, with the SKU it does not order', async () => {
    const po = await seen(admin, 'PO-SPLIT');
    expect(figures(po, 'SP-A')).toEqual({ ordered: 100, booked: 30, shipped: 20, received: 0, open: 80 });
    expect(figures(po, 'SP-B')).toEqual({ ordered: 40, booked: 0, shipped: 40, received: 0, open: 0 });
    expect(po.status).toBe('partly_shipped');
    expect(po.unknownSkus).toEqual([
      { sku: 'SP-Z', booked_qty: 0, shipped_qty: 3, arrived_qty: 0, received_qty: 0, short_qty: 0 },
    ]);
    expect(po.exceptions).toEqual(['po_unknown_sku']);
    expect(po.shipments.map((shipment) => [shipment.shipment, shipment.forwarder_name, shipment.parts.length])).toEqual(
      [
        ['SHP-SPLIT-BLUE', 'Blue Anchor', 1],
        ['SHP-SPLIT-KES', 'Kestrel', 3],
      ],
    );
    expect(po.shipments[1]?.atd).toBe(DEPARTED.toISOString());
  });

  it("moves the PO's open quantity when a forwarder's report says its shipment departed", async () => {
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/Shipments?id=SHP-SPLIT-BLUE',
      headers: bearer(blue),
      payload: [{ ATD: '2026-02-01T09:00:00.000Z' }],
    });
    expect(report.statusCode, report.body).toBe(200);
    const po = await seen(admin, 'PO-SPLIT');
    expect(figures(po, 'SP-A')).toEqual({ ordered: 100, booked: 0, shipped: 50, received: 0, open: 50 });
    expect(po.open_qty).toBe(50);
    expect(po.shipped_qty).toBe(90);
  });

  it('shows a Forwarder only the lines its shipments carry, counted over them alone, without prices or ordered quantities', async () => {
    const po = await seen(blue, 'PO-SPLIT');
    expect(po.purchaseOrderLines).toEqual([
      expect.objectContaining({
        sku: 'SP-A',
        ordered_qty: null,
        open_qty: null,
        over_shipped_qty: null,
        unit_price: null,
        shipped_qty: 30,
      }),
    ]);
    expect(po).toMatchObject({ ordered_qty: null, open_qty: null, shipped_qty: 30, lines: 1, unknownSkus: [] });
    expect(po.shipments.map((shipment) => shipment.shipment)).toEqual(['SHP-SPLIT-BLUE']);
    expect(JSON.stringify(po)).not.toContain('Kestrel');
    expect(JSON.stringify(po)).not.toContain('SP-B');
    expect(po.history).toEqual([]);

    const theirs = await seen(kestrel, 'PO-SPLIT');
    expect(theirs.purchaseOrderLines.map((line) => [line.sku, line.shipped_qty, line.ordered_qty])).toEqual([
      ['SP-A', 20, null],
      ['SP-B', 40, null],
    ]);
    expect(theirs.unknownSkus.map((unknown) => unknown.sku)).toEqual(['SP-Z']);
    expect(theirs.exceptions).toEqual(['po_unknown_sku']);
    expect(JSON.stringify(theirs)).not.toContain('Blue Anchor');
  });

  it('answers a Forwarder a PO none of its shipments carries exactly as one that does not exist', async () => {
    await created({ po_number: 'PO-KES-ONLY', lines: [{ line_number: 1, sku: 'KO-1', ordered_qty: 5 }] });
    await insertShipment(t.db, { shipment: 'SHP-KES-ONLY', forwarder_name: 'Kestrel' }, [
      { title: 'PO-KES-ONLY', parts: [{ part_number: 'KO-1', qty: 5 }] },
    ]);
    await insertShipment(t.db, { shipment: 'SHP-BLUE-HIDDEN', forwarder_name: 'Blue Anchor' }, [
      { title: 'PO-KES-ONLY', hide_lineitem: true, parts: [{ part_number: 'KO-1', qty: 1 }] },
    ]);
    const other = await detail(blue, 'PO-KES-ONLY');
    const missing = await detail(blue, 'PO-NOWHERE');
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
    expect(other.json()).toEqual({ message: PO_NOT_FOUND });
    expect((await detail(kestrel, 'PO-KES-ONLY')).statusCode).toBe(200);
    expect((await detail(employee, 'PO-KES-ONLY')).statusCode).toBe(200);
  });

  it('lets a Forwarder see the PO once its line item is unhidden, and not once it is hidden again', async () => {
    const { rows } = await t.db.execute<{ id: string }>(sql`
      select li.id from line_items li join shipments s on s.id = li.shipment_id where s.shipment = 'SHP-BLUE-HIDDEN'`);
    const bulk = (action: 'hide' | 'unhide') =>
      t.app.inject({
        method: 'POST',
        url: '/api/LineItems/bulk',
        headers: bearer(admin),
        payload: { action, selection: { ids: rows.map((row) => String(row.id)) } },
      });
    expect((await bulk('unhide')).statusCode).toBe(200);
    expect((await detail(blue, 'PO-KES-ONLY')).statusCode).toBe(200);
    expect((await list(blue, 'q=PO-KES-ONLY')).json().total).toBe(1);
    expect((await bulk('hide')).statusCode).toBe(200);
    expect((await detail(blue, 'PO-KES-ONLY')).statusCode).toBe(404);
    expect((await list(blue, 'q=PO-KES-ONLY')).json().total).toBe(0);
  });
});

describe('receiving a shipment that carries two POs', () => {
  beforeAll(async () => {
    await created({ po_number: 'PO-M1', lines: [{ line_number: 1, sku: 'MX-1', ordered_qty: 10 }] });
    await created({ po_number: 'PO-M2', lines: [{ line_number: 1, sku: 'MY-1', ordered_qty: 5 }] });
    await insertShipment(t.db, { shipment: 'SHP-MULTI', forwarder_name: 'Blue Anchor', atd: DEPARTED, ata: DEPARTED }, [
      { title: 'PO-M1', parts: [{ part_number: 'MX-1', qty: 10 }] },
      { title: 'PO-M2', parts: [{ part_number: 'MY-1', qty: 5 }] },
    ]);
  });

  it('lists what the shipment carries per PO and SKU, for staff only', async () => {
    const response = await t.app.inject({ url: '/api/Receipts?shipment=SHP-MULTI', headers: bearer(employee) });
    expect(response.statusCode).toBe(200);
    expect(response.json<Receipt>()).toEqual({
      shipment: 'SHP-MULTI',
      lines: [
        { po_number: 'PO-M1', sku: 'MX-1', shipped_qty: 10, received_qty: null, reason: null, note: '', on_po: true },
        { po_number: 'PO-M2', sku: 'MY-1', shipped_qty: 5, received_qty: null, reason: null, note: '', on_po: true },
      ],
    });
    const forwarder = await t.app.inject({ url: '/api/Receipts?shipment=SHP-MULTI', headers: bearer(blue) });
    expect(forwarder.statusCode).toBe(403);
    expect(forwarder.json()).toEqual({ message: RECEIPTS_FORBIDDEN });
    const nowhere = await t.app.inject({ url: '/api/Receipts?shipment=SHP-NOWHERE', headers: bearer(admin) });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual({ message: SHIPMENT_NOT_FOUND });
  });

  it('refuses a receipt above what was shipped without a reason, naming the line, and records nothing', async () => {
    const response = await receive(admin, 'SHP-MULTI', [
      { po_number: 'PO-M2', sku: 'MY-1', received_qty: 5 },
      { po_number: 'PO-M1', sku: 'MX-1', received_qty: 12 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `${receiptAboveShipped('MX-1', 10)} (lines.1.reason)` });
    const po = await seen(admin, 'PO-M2');
    expect(po.received_qty).toBe(0);
    expect(po.history.map((entry) => entry.kind)).toEqual(['created']);
  });

  it('records a short receipt: the PO shows it received short, and the other PO is received in full', async () => {
    const response = await receive(admin, 'SHP-MULTI', [
      { po_number: 'PO-M1', sku: 'MX-1', received_qty: 8, reason: 'short', note: 'two cartons missing' },
      { po_number: 'PO-M2', sku: 'MY-1', received_qty: 5 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Receipt>().lines.map((line) => [line.po_number, line.received_qty, line.reason])).toEqual([
      ['PO-M1', 8, 'short'],
      ['PO-M2', 5, null],
    ]);
    const short = await seen(admin, 'PO-M1');
    expect(lineOf(short, 'MX-1')).toMatchObject({ received_qty: 8, short_qty: 2, shipped_qty: 10, arrived_qty: 10 });
    expect(short.status).toBe('shipped');
    expect(short.exceptions).toEqual(['po_received_short']);
    expect(short.shipments[0]?.parts).toEqual([{ sku: 'MX-1', qty: 10, received_qty: 8, reason: 'short' }]);
    expect(short.history[0]).toMatchObject({
      kind: 'received',
      summary: 'Received 8 of 10 MX-1 on shipment SHP-MULTI (Short: two cartons missing)',
    });
    const full = await seen(admin, 'PO-M2');
    expect(full).toMatchObject({ status: 'received', received_qty: 5, exceptions: [] });

    // The forwarder whose shipment it was sees the receipt on its own shipment.
    const theirs = await seen(blue, 'PO-M1');
    expect(theirs).toMatchObject({ received_qty: 8, exceptions: ['po_received_short'] });
    expect(theirs.history.map((entry) => entry.kind)).toEqual(['received']);
    const theirShort = await list(blue, 'chip=short');
    expect(theirShort.json<{ purchaseOrders: PurchaseOrderSummary[] }>().purchaseOrders).toEqual([
      expect.objectContaining({
        po_number: 'PO-M1',
        received_qty: 8,
        ordered_qty: null,
        exceptions: ['po_received_short'],
      }),
    ]);
    expect((await list(kestrel, 'chip=short')).json<{ total: number }>().total).toBe(0);

    const chip = await list(admin, 'chip=short&q=po-m');
    expect(chip.json<{ purchaseOrders: PurchaseOrderSummary[] }>().purchaseOrders.map((po) => po.po_number)).toEqual([
      'PO-M1',
    ]);
  });

  it('is an Admin’s to record: an Employee is refused, and a shipment that does not exist answers 404', async () => {
    const line = { po_number: 'PO-M2', sku: 'MY-1', received_qty: 5 };
    const refused = await receive(employee, 'SHP-MULTI', [line]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: PURCHASE_ORDERS_FORBIDDEN });
    const nowhere = await receive(admin, 'SHP-NOWHERE', [line]);
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual({ message: SHIPMENT_NOT_FOUND });
  });
});

describe('short-closing a PO', () => {
  it('closes it with a reason, in its history; closing it again is refused', async () => {
    await created({
      po_number: 'PO-CLOSE',
      requested_delivery_date: '2020-01-01',
      lines: [{ line_number: 1, sku: 'C-1', ordered_qty: 7 }],
    });
    expect((await seen(admin, 'PO-CLOSE')).exceptions).toEqual(['po_overdue']);
    expect((await shortClose(employee, 'PO-CLOSE', 'Supplier stopped')).statusCode).toBe(403);

    const closed = await shortClose(admin, 'PO-CLOSE', 'Supplier stopped making C-1');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ message: PO_SHORT_CLOSED });
    const po = await seen(admin, 'PO-CLOSE');
    expect(po).toMatchObject({
      status: 'short_closed',
      short_closed_reason: 'Supplier stopped making C-1',
      exceptions: [],
    });
    expect(po.history[0]).toMatchObject({ kind: 'short_closed', summary: 'Short-closed: Supplier stopped making C-1' });

    const again = await shortClose(admin, 'PO-CLOSE', 'Again');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PO_ALREADY_CLOSED });
    const nowhere = await shortClose(admin, 'PO-NOWHERE', 'Why');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual({ message: PO_NOT_FOUND });
  });
});

describe('the list', () => {
  const SUPPLIER = 'Listing Lanterns';
  const numbers = Array.from({ length: 27 }, (_, index) => `LST-${String(index + 1).padStart(2, '0')}`);
  beforeAll(async () => {
    for (const [index, po_number] of numbers.entries()) {
      await created({
        po_number,
        supplier: SUPPLIER,
        // Every third one was due in 2020 and is overdue; the rest are due in 2099.
        requested_delivery_date: index % 3 === 0 ? '2020-01-01' : '2099-01-01',
        lines: [{ line_number: 1, sku: `LS_${index + 1}`, ordered_qty: 100 - index }],
      });
    }
    await insertShipment(t.db, { shipment: 'SHP-LIST', forwarder_name: 'Kestrel', atd: DEPARTED }, [
      { title: 'LST-02', parts: [{ part_number: 'LS_2', qty: 10 }] },
    ]);
  });
  const page = async (token: string, query: string) => {
    const response = await list(token, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      purchaseOrders: PurchaseOrderSummary[];
      total: number;
      totalExact: boolean;
      page: number;
      pageSize: number;
    }>();
  };
  const of = (query: string) => `supplier=${q(SUPPLIER)}&${query}`;

  it('pages in PO number order with the exact total', async () => {
    const first = await page(admin, of('pageSize=25'));
    expect(first.total).toBe(27);
    expect(first.purchaseOrders.map((po) => po.po_number)).toEqual(numbers.slice(0, 25));
    const second = await page(admin, of('pageSize=25&page=2'));
    expect(second).toMatchObject({ total: 27, page: 2, pageSize: 25 });
    expect(second.purchaseOrders.map((po) => po.po_number)).toEqual(numbers.slice(25));
  });

  it('sorts by a column either way, ties by PO number', async () => {
    const byOrdered = await page(admin, of('sort=ordered_qty&direction=asc'));
    expect(byOrdered.purchaseOrders.map((po) => po.po_number)).toEqual([...numbers].reverse().slice(0, 25));
    const byDate = await page(admin, of('sort=requested_delivery_date&direction=desc&pageSize=50'));
    const due = byDate.purchaseOrders.map((po) => po.requested_delivery_date);
    expect(due).toEqual([...due].sort().reverse());
    const later = byDate.purchaseOrders
      .filter((po) => po.requested_delivery_date === '2099-01-01')
      .map((po) => po.po_number);
    expect(later).toEqual([...later].sort().reverse());
  });

  it('filters by chips (any of them) and exceptions, decided as of today', async () => {
    const overdue = numbers.filter((_, index) => index % 3 === 0);
    expect((await page(admin, of('chip=overdue'))).purchaseOrders.map((po) => po.po_number)).toEqual(overdue);
    expect((await page(admin, of('exception=po_overdue'))).purchaseOrders.map((po) => po.po_number)).toEqual(overdue);
    expect((await page(admin, of('chip=partly_shipped'))).purchaseOrders.map((po) => po.po_number)).toEqual(['LST-02']);
    const either = await page(admin, of('chip=partly_shipped,overdue'));
    expect(either.purchaseOrders.map((po) => po.po_number)).toEqual([...overdue, 'LST-02'].sort());
    const row = (await page(admin, of('chip=overdue&pageSize=25'))).purchaseOrders[0];
    expect(row).toMatchObject({
      po_number: 'LST-01',
      status: 'open',
      lines: 1,
      ordered_qty: 100,
      open_qty: 100,
      exceptions: ['po_overdue'],
    });
  });

  it('searches PO number, supplier and SKU, with LIKE wildcards taken literally', async () => {
    expect((await page(admin, 'q=ls_27')).purchaseOrders.map((po) => po.po_number)).toEqual(['LST-27']);
    expect((await page(admin, 'q=LST-1')).total).toBe(10);
    expect((await page(admin, `q=${q('lanterns')}`)).total).toBe(27);
    expect((await page(admin, `q=${q('%')}`)).total).toBe(0);
    expect((await page(admin, `q=${q('LS%7')}`)).total).toBe(0);
  });

  it('shows a Forwarder only the POs its shipments carry, without ordered or open quantities', async () => {
    const theirs = await page(kestrel, of('pageSize=25'));
    expect(theirs.total).toBe(1);
    expect(theirs.purchaseOrders).toEqual([
      expect.objectContaining({
        po_number: 'LST-02',
        ordered_qty: null,
        open_qty: null,
        shipped_qty: 10,
        status: 'partly_shipped',
        exceptions: [],
      }),
    ]);
    // Its chips and the status sort read the same figures, counted over its own shipments.
    const partly = await page(kestrel, of('chip=partly_shipped,overdue'));
    expect(partly.purchaseOrders.map((po) => [po.po_number, po.status, po.shipped_qty, po.exceptions])).toEqual([
      ['LST-02', 'partly_shipped', 10, []],
    ]);
    expect((await page(kestrel, of('sort=status&direction=desc'))).purchaseOrders.map((po) => po.po_number)).toEqual([
      'LST-02',
    ]);
    // A SKU the PO orders but its shipments do not carry finds nothing for it; one they carry finds the PO.
    expect((await page(kestrel, 'q=ls_27')).total).toBe(0);
    expect((await page(kestrel, 'q=ls_2')).purchaseOrders.map((po) => po.po_number)).toEqual(['LST-02']);
    expect((await page(admin, 'q=ls_2')).total).toBe(9);
  });

  it('counts past 1,000 matches only on its own call: the page says it is a lower bound', async () => {
    await t.db.execute(sql`
      insert into purchase_orders (po_number, supplier, search)
      select 'BULK-' || lpad(g::text, 4, '0'), 'Bulk Buyers', 'bulk-' || lpad(g::text, 4, '0') || ' bulk buyers'
      from generate_series(1, 1003) g`);
    const bulk = `supplier=${q('Bulk Buyers')}`;
    const first = await page(admin, bulk);
    expect([first.total, first.totalExact, first.purchaseOrders.length]).toEqual([1001, false, 25]);
    const exact = await t.app.inject({ url: `/api/PurchaseOrders/count?${bulk}`, headers: bearer(admin) });
    expect(exact.json()).toEqual({ total: 1003 });
    // A page far enough down counts as far as the pager offers past it: exact again.
    const deep = await page(admin, `${bulk}&page=20&pageSize=50`);
    expect([deep.total, deep.totalExact, deep.purchaseOrders[0]?.po_number]).toEqual([1003, true, 'BULK-0951']);
    // A Forwarder sees none of them, and its count says so.
    const theirs = await t.app.inject({ url: '/api/PurchaseOrders/count?q=bulk', headers: bearer(kestrel) });
    expect(theirs.json()).toEqual({ total: 0 });
  });

  it('refuses a supplier the principal sees no PO of, naming the field', async () => {
    const response = await list(blue, `supplier=${q(SUPPLIER)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: unknownSupplier(SUPPLIER) });
    const nobody = await list(admin, 'supplier=Nobody%20Ltd');
    expect(nobody.statusCode).toBe(400);
    // A supplier the principal sees, with no PO left after the other filters, is an empty page.
    expect((await page(admin, of('chip=received'))).total).toBe(0);
  });
});
