import type { ScorecardResponse } from '@quayside/domain/analytics';
import { SUPPLIER_FIGURES_FORBIDDEN, type SupplierScorecardResponse } from '@quayside/domain/purchase-order-analytics';
import type { PurchaseOrderInput } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { withWrite } from '../../write/with-write.ts';
import { savePurchaseOrders } from '../purchase-orders/purchase-order-writes.ts';
import { recordReceipt } from '../purchase-orders/receipt-writes.ts';

// The purchase order figures of /analytics on a few POs, each answer computed by hand (grace: 1 day).

let t: TestApp;
let admin: string;
let employee: string;
let kestrel: string;
const ACTOR = { personId: null, email: 'po-figures-test', source: 'screen' };

const po = (
  po_number: string,
  supplier: string,
  order_date: string,
  requested_delivery_date: string,
  lines: { sku: string; ordered_qty: number; requested_date?: string }[],
): PurchaseOrderInput => ({
  po_number,
  supplier,
  order_date,
  cargo_ready_date: null,
  requested_delivery_date,
  incoterm: 'FOB',
  currency: 'USD',
  notes: '',
  lines: lines.map((line, index) => ({
    line_number: index + 1,
    sku: line.sku,
    description: '',
    ordered_qty: line.ordered_qty,
    unit: 'pcs',
    unit_price: 12.5,
    requested_date: line.requested_date ?? null,
  })),
});

/** Receives one SKU of a shipment as recorded on `day` (a quantity short of what it carried says so). */
async function receive(
  shipment: { id: number; shipment: string },
  day: string,
  line: [string, string, number, boolean?],
) {
  const [po_number, sku, received_qty, short] = line;
  await withWrite(t.db, ACTOR, async (write) => {
    await recordReceipt(
      write,
      shipment,
      [{ po_number, sku, received_qty, reason: short ? 'short' : null, note: '' }],
      'screen',
    );
    await write.tx.execute(sql`update receipts set received_at = ${`${day}T15:00:00Z`}::timestamptz
      where shipment_id = ${shipment.id} and po_number = ${po_number} and sku = ${sku}`);
  });
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2027-03-13T12:00:00Z') });
  ({ admin, employee, kestrel } = await signInCast(t));
  await withWrite(t.db, ACTOR, (write) =>
    savePurchaseOrders(
      write,
      [
        // Acme: line 1 is due on the PO's day, line 2 on its own.
        po('PO-A1', 'Acme Tools', '2027-01-01', '2027-02-10', [
          { sku: 'S1', ordered_qty: 10 },
          { sku: 'S2', ordered_qty: 5, requested_date: '2027-02-20' },
        ]),
        po('PO-B1', 'Borealis', '2026-12-01', '2027-01-20', [{ sku: 'S3', ordered_qty: 4 }]),
        // Due on 25 February and nothing came: decided (late, short) once 26 February has passed.
        po('PO-B2', 'Borealis', '2027-01-10', '2027-02-25', [{ sku: 'S3', ordered_qty: 2 }]),
      ],
      { removeAbsentLines: true, source: 'api' },
    ),
  );
  const k1 = await insertShipment(
    t.db,
    {
      shipment: 'K-1',
      forwarder_name: 'Kestrel',
      atd: new Date('2027-01-15T08:00:00Z'),
      ata: new Date('2027-02-08T08:00:00Z'),
    },
    [
      {
        title: 'PO-A1',
        parts: [
          { part_number: 'S1', qty: 10 },
          { part_number: 'S2', qty: 5 },
        ],
      },
    ],
  );
  const b1 = await insertShipment(
    t.db,
    { shipment: 'B-1', forwarder_name: 'Blue Anchor', atd: new Date('2027-01-05T08:00:00Z') },
    [{ title: 'PO-B1', parts: [{ part_number: 'S3', qty: 4 }] }],
  );
  // Acme's S1 on the day after it was due (within the grace), S2 one short; Borealis's in full, 4 days late.
  await receive(k1, '2027-02-11', ['PO-A1', 'S1', 10]);
  await receive(k1, '2027-02-11', ['PO-A1', 'S2', 4, true]);
  await receive(b1, '2027-01-25', ['PO-B1', 'S3', 4]);
});
afterAll(() => t.close());

const RANGE = 'from=2027-01-01&to=2027-02-28';
const get = (token: string, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/Analytics/${path}?${RANGE}`, headers: bearer(token) });

describe('the supplier scorecard', () => {
  it('gives each supplier its OTIF per line and per PO, fill rate and lead times, with the range before', async () => {
    const response = await get(employee, 'suppliers');
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json<SupplierScorecardResponse>();
    expect(card.previous).toEqual({ from: '2026-11-03', to: '2026-12-31' });
    expect(card.asOf).toBe('2027-03-13');
    expect(card.rows).toEqual([
      {
        supplier: 'Borealis',
        current: {
          lines: 2,
          onTimePercent: 0,
          inFullPercent: 50,
          otifPercent: 0,
          purchaseOrders: 2,
          poOtifPercent: 0,
          fillRatePercent: 66.7,
          departed: 1,
          orderToDepartureMedianDays: 35,
          orderToDepartureP90Days: 35,
          received: 1,
          orderToReceiptMedianDays: 55,
          orderToReceiptP90Days: 55,
        },
        previous: null,
      },
      {
        supplier: 'Acme Tools',
        current: {
          lines: 2,
          onTimePercent: 100,
          inFullPercent: 50,
          otifPercent: 50,
          purchaseOrders: 1,
          poOtifPercent: 0,
          fillRatePercent: 93.3,
          departed: 1,
          orderToDepartureMedianDays: 14,
          orderToDepartureP90Days: 14,
          received: 0,
          orderToReceiptMedianDays: null,
          orderToReceiptP90Days: null,
        },
        previous: null,
      },
    ]);
    expect(response.body).not.toContain('12.5');
  });

  it('is refused to a forwarder, saying why', async () => {
    const response = await get(kestrel, 'suppliers');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(SUPPLIER_FIGURES_FORBIDDEN);
  });

  it('uses the grace an Admin sets', async () => {
    const grace = (days: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Analytics/settings',
        headers: bearer(admin),
        payload: { onTimeGraceDays: days },
      });
    expect((await grace(5)).statusCode).toBe(200);
    const borealis = (await get(admin, 'suppliers')).json<SupplierScorecardResponse>().rows[0];
    // Received 5 days after 20 January: on time with 5 days' grace.
    expect(borealis?.current.onTimePercent).toBe(50);
    expect((await grace(1)).statusCode).toBe(200);
  });
});

describe("the forwarder scorecard's PO OTIF", () => {
  const poColumns = (card: ScorecardResponse) =>
    card.rows.map(({ forwarder, current }) => ({
      forwarder,
      receipts: current.receipts,
      onTime: current.receiptOnTimePercent,
      inFull: current.receiptInFullPercent,
      otif: current.receiptOtifPercent,
    }));

  it('judges each receipt on its shipments against the line’s requested date and what the shipment carried', async () => {
    const response = await get(employee, 'scorecard');
    expect(response.statusCode, response.body).toBe(200);
    expect(poColumns(response.json())).toEqual([
      { forwarder: 'Blue Anchor', receipts: 1, onTime: 0, inFull: 100, otif: 0 },
      { forwarder: 'Kestrel', receipts: 2, onTime: 100, inFull: 50, otif: 50 },
    ]);
  });

  it('shows a forwarder its own row only', async () => {
    const response = await get(kestrel, 'scorecard');
    expect(poColumns(response.json())).toEqual([
      { forwarder: 'Kestrel', receipts: 2, onTime: 100, inFull: 50, otif: 50 },
    ]);
  });
});
