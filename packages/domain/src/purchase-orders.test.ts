import { describe, expect, it } from 'vitest';
import { PurchaseOrderInput, ReceiptRequest, reconcilePurchaseOrder } from './purchase-orders.ts';

const TODAY = '2027-03-10';
const po = (overrides: Partial<Parameters<typeof reconcilePurchaseOrder>[0]> = {}) =>
  reconcilePurchaseOrder({
    lines: [
      { line_number: 1, sku: 'BOLT', ordered_qty: 100, requested_date: null },
      { line_number: 2, sku: 'NUT', ordered_qty: 50, requested_date: '2027-03-20' },
    ],
    requested_delivery_date: '2027-03-01',
    cargo_ready_date: '2027-02-01',
    short_closed: false,
    carried: [],
    received: [],
    today: TODAY,
    ...overrides,
  });
const part = (shipment_id: number, sku: string, qty: number | null, where: 'booked' | 'departed' | 'arrived') => ({
  shipment_id,
  sku,
  qty,
  departed: where !== 'booked',
  arrived: where === 'arrived',
});

describe('reconciling a purchase order per SKU', () => {
  it('counts nothing shipped as open, overdue past its requested date and not booked past cargo-ready', () => {
    const figures = po();
    expect(figures.status).toBe('open');
    expect(figures.lines.get('BOLT')).toMatchObject({ ordered: 100, open: 100, shipped: 0 });
    expect(figures.overdue_from).toBe('2027-03-01');
    expect(figures.exceptions).toEqual(['po_overdue', 'po_not_booked']);
  });

  it('splits a PO over shipments: booked until it departs, shipped after, arrived at ATA', () => {
    const figures = po({
      carried: [part(1, 'BOLT', 60, 'arrived'), part(2, 'BOLT', 30, 'booked'), part(2, 'NUT', 50, 'departed')],
    });
    expect(figures.lines.get('BOLT')).toMatchObject({ booked: 30, shipped: 60, arrived: 60, open: 40 });
    expect(figures.lines.get('NUT')).toMatchObject({ shipped: 50, open: 0 });
    expect(figures.status).toBe('partly_shipped');
    // Only 90 of BOLT's 100 are booked or shipped: the PO is not yet fully booked.
    expect(figures.booking_due).toBe('2027-02-01');
    expect(figures.overdue_from).toBe('2027-03-01');
  });

  it('flags over-shipping and a SKU the PO does not order, and a null quantity counts as none', () => {
    const figures = po({
      carried: [
        part(1, 'BOLT', 120, 'departed'),
        part(1, 'NUT', 50, 'departed'),
        part(1, 'WASHER', 5, 'departed'),
        part(1, 'NUT', null, 'booked'),
      ],
    });
    expect(figures.lines.get('BOLT')).toMatchObject({ shipped: 120, open: 0, over_shipped: 20 });
    expect(figures.unknown.get('WASHER')).toMatchObject({ shipped: 5 });
    expect(figures.status).toBe('shipped');
    expect(figures.overdue_from).toBeNull();
    expect(figures.exceptions).toEqual(['po_over_shipped', 'po_unknown_sku']);
  });

  it('measures a short receipt against what that shipment carried, and closes when all is received', () => {
    const carried = [part(1, 'BOLT', 100, 'arrived'), part(1, 'NUT', 50, 'arrived')];
    const short = po({
      carried,
      received: [
        { shipment_id: 1, sku: 'BOLT', received_qty: 90 },
        { shipment_id: 1, sku: 'NUT', received_qty: 50 },
      ],
    });
    expect(short.lines.get('BOLT')).toMatchObject({ received: 90, short: 10 });
    expect(short.status).toBe('shipped');
    expect(short.exceptions).toEqual(['po_received_short']);
    const full = po({
      carried,
      received: [
        { shipment_id: 1, sku: 'BOLT', received_qty: 100 },
        { shipment_id: 1, sku: 'NUT', received_qty: 50 },
      ],
    });
    expect(full.status).toBe('received');
    expect(full.exceptions).toEqual([]);
    expect(po({ short_closed: true }).status).toBe('short_closed');
    expect(po({ short_closed: true }).exceptions).toEqual([]);
  });
});

describe('the PO contract', () => {
  const line = { line_number: 1, sku: 'BOLT', ordered_qty: 10 };
  const messages = (body: unknown) =>
    PurchaseOrderInput.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];
  it('refuses fractional or negative quantities and a SKU ordered twice, naming the field', () => {
    expect(messages({ po_number: 'PO1', lines: [{ ...line, ordered_qty: 1.5 }] })).toEqual([
      'Ordered quantity must be a whole number.',
    ]);
    expect(messages({ po_number: 'PO1', lines: [{ ...line, ordered_qty: -1 }] })).toEqual([
      'Ordered quantity must be at least 0.',
    ]);
    expect(messages({ po_number: 'PO1', lines: [line, { ...line, line_number: 2 }] })).toEqual([
      'SKU BOLT is already ordered on line 1.',
    ]);
    expect(messages({ po_number: 'PO1', lines: [line], order_date: '2027-02-30' })).toEqual([
      'Order date must be a date, YYYY-MM-DD.',
    ]);
    expect(messages({ po_number: ' ', lines: [line] })).toEqual(['PO number is required.']);
  });
  it('refuses a received quantity that is not a whole number', () => {
    const parsed = ReceiptRequest.safeParse({ lines: [{ po_number: 'PO1', sku: 'BOLT', received_qty: 2.5 }] });
    expect(parsed.error?.issues[0]?.message).toBe('Received quantity must be a whole number.');
  });
});
