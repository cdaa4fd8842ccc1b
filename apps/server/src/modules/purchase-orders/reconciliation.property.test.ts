import {
  type CarriedPart,
  type PurchaseOrderInput,
  type ReceivedPart,
  reconcilePurchaseOrder,
} from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { withWrite } from '../../write/with-write.ts';
import { savePurchaseOrders } from './purchase-order-writes.ts';
import { recordReceipt } from './receipt-writes.ts';

// The figures' contract: for random POs, shipments carrying them in part, split and together,
// receipts, and then amendments, moved departures and deleted parts, the figures the write door
// keeps (purchase-orders.sql) are those the domain's reconcilePurchaseOrder computes from the
// records, on both engines; and so are the figures kept for each forwarder company, over only its
// own line items that are not hidden.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const ACTOR = { personId: null, email: 'property-test', source: 'test' };
const NUMBERS = ['PO-1', 'PO-2', 'PO-3'] as const;
/** The first row of a query that always answers one. */
const only = <T>(rows: T[]): T => {
  const [row] = rows;
  if (row === undefined) throw new Error('no row');
  return row;
};
/** A line item's title with no PO record: its parts count for nothing. */
const NOT_A_PO = 'PO-X';
const SKUS = ['A', 'B', 'C', 'D'];
const day = fc.option(
  fc.integer({ min: 0, max: 20 }).map((offset) => new Date(Date.UTC(2027, 0, 10 + offset)).toISOString().slice(0, 10)),
  { nil: null },
);
const TODAY = '2027-01-20';

const lineArbitrary = fc.record({
  ordered_qty: fc.integer({ min: 0, max: 40 }),
  requested_date: day,
});
const poArbitrary = fc.record({
  lines: fc.dictionary(fc.constantFrom(...SKUS), lineArbitrary, { minKeys: 1, maxKeys: 4 }),
  cargo_ready_date: day,
  requested_delivery_date: day,
});
const FORWARDERS = ['Blue Anchor', 'Kestrel', ''] as const;
const shipmentArbitrary = fc.record({
  departed: fc.constantFrom('none', 'atd', 'ata', 'both'),
  forwarder: fc.constantFrom(...FORWARDERS),
  /** Per line item, in order: whether it is hidden (from its forwarder). */
  hidden: fc.array(fc.boolean(), { maxLength: 3 }),
  carries: fc.dictionary(
    fc.constantFrom(...NUMBERS, NOT_A_PO),
    fc.dictionary(fc.constantFrom(...SKUS), fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }), { maxKeys: 3 }),
    { maxKeys: 3 },
  ),
});
const scenarioArbitrary = fc.record({
  pos: fc.tuple(poArbitrary, poArbitrary, poArbitrary),
  shipments: fc.array(shipmentArbitrary, { maxLength: 4 }),
  /** Per carried (shipment, PO, SKU), in order: a received quantity, or none. */
  receipts: fc.array(fc.option(fc.integer({ min: 0, max: 35 }), { nil: null }), { maxLength: 40 }),
  // Approved proposals: a line's own cargo-ready date, or a split into deliveries.
  schedules: fc.array(
    fc.record({
      po: fc.nat(2),
      line: fc.nat(3),
      date: day,
      split: fc.option(
        fc.array(fc.record({ qty: fc.integer({ min: 1, max: 20 }), date: day.filter((d) => d !== null) }), {
          minLength: 2,
          maxLength: 3,
        }),
        { nil: null },
      ),
    }),
    { maxLength: 3 },
  ),
  amendments: fc.tuple(fc.option(poArbitrary, { nil: null }), fc.option(poArbitrary, { nil: null })),
  moveDeparture: fc.option(fc.nat(3), { nil: null }),
  deletePart: fc.option(fc.nat(20), { nil: null }),
  shortClose: fc.option(fc.constantFrom(...NUMBERS), { nil: null }),
});
type Po = typeof poArbitrary extends fc.Arbitrary<infer T> ? T : never;

const asInput = (po_number: string, po: Po): PurchaseOrderInput => ({
  po_number,
  supplier: 'Supplier',
  order_date: null,
  cargo_ready_date: po.cargo_ready_date,
  requested_delivery_date: po.requested_delivery_date,
  incoterm: '',
  currency: '',
  notes: '',
  lines: Object.entries(po.lines).map(([sku, line], index) => ({
    line_number: index + 1,
    sku,
    description: '',
    unit: '',
    unit_price: null,
    ...line,
  })),
});

const stamp = (iso: string | null) => (iso === null ? null : new Date(`${iso}T12:00:00Z`));

async function load(scenario: typeof scenarioArbitrary extends fc.Arbitrary<infer T> ? T : never) {
  const { db } = database;
  await db.execute(
    sql`truncate shipments, line_items, parts, line_item_rows, purchase_orders, receipts restart identity cascade`,
  );
  const write = (work: Parameters<typeof withWrite>[2]) => withWrite(db, ACTOR, work);
  await write((w) =>
    savePurchaseOrders(
      w,
      scenario.pos.map((po, index) => asInput(NUMBERS[index] ?? 'PO-1', po)),
      { removeAbsentLines: true, source: 'test' },
    ),
  );
  for (const schedule of scenario.schedules) {
    const po = NUMBERS[schedule.po] ?? 'PO-1';
    await write(async (w) => {
      const split = schedule.split
        ?.map((delivery) => ({ qty: delivery.qty, cargo_ready_date: delivery.date ?? '' }))
        .sort((a, b) => a.cargo_ready_date.localeCompare(b.cargo_ready_date));
      await w.tx.execute(sql`
        update purchase_order_lines l
        set cargo_ready_date = ${split ? split[0]?.cargo_ready_date : schedule.date}::date,
            deliveries = ${split ? JSON.stringify(split) : null}::jsonb,
            ordered_qty = ${split ? split.reduce((sum, delivery) => sum + delivery.qty, 0) : sql`l.ordered_qty`}
        where l.id = (select ln.id from purchase_order_lines ln join purchase_orders o on o.id = ln.purchase_order_id
                      where o.po_number = ${po} order by ln.line_number offset ${schedule.line} limit 1)`);
      await w.purchaseOrdersChanged([po]);
    });
  }
  const carried: { shipmentId: number; shipment: string; po: string; sku: string; qty: number | null }[] = [];
  for (const [index, shipment] of scenario.shipments.entries()) {
    await write(async (w) => {
      const atd = shipment.departed === 'atd' || shipment.departed === 'both' ? stamp('2027-01-12') : null;
      const ata = shipment.departed === 'ata' || shipment.departed === 'both' ? stamp('2027-01-18') : null;
      const inserted = await w.tx.execute<{ id: number }>(
        sql`insert into shipments (shipment, atd, ata, forwarder_name)
            values (${`S${index}`}, ${atd}, ${ata}, ${shipment.forwarder}) returning id::int as id`,
      );
      const shipmentId = only(inserted.rows).id;
      for (const [itemIndex, [po, skus]] of Object.entries(shipment.carries).entries()) {
        const hidden = shipment.hidden[itemIndex] ?? false;
        const item = await w.tx.execute<{ id: number }>(sql`
          insert into line_items (shipment_id, title, po_review_required, hide_lineitem)
          values (${shipmentId}, ${po}, 4, ${hidden}) returning id::int as id`);
        for (const [sku, qty] of Object.entries(skus)) {
          await w.tx.execute(
            sql`insert into parts (line_item_id, part_number, qty) values (${only(item.rows).id}, ${sku}, ${qty})`,
          );
          carried.push({ shipmentId, shipment: `S${index}`, po, sku, qty });
        }
      }
      w.shipmentsChanged([shipmentId]);
    });
  }
  // Receipts, a shipment at a time (a difference from what was carried says why).
  const receipts = carried
    .map((part, index) => ({ ...part, received: scenario.receipts[index] ?? null }))
    .filter((part) => part.received !== null);
  for (const part of receipts) {
    await write((w) =>
      recordReceipt(
        w,
        { id: part.shipmentId, shipment: part.shipment },
        [
          {
            po_number: part.po,
            sku: part.sku,
            received_qty: part.received ?? 0,
            reason: part.received === (part.qty ?? 0) ? null : 'short',
            note: '',
          },
        ],
        'test',
      ),
    );
  }
  // Then the world moves on: POs amended, a departure moved, a part deleted, a PO short-closed.
  const amended = scenario.amendments
    .map((po, index) => (po === null ? null : asInput(NUMBERS[index] ?? 'PO-1', po)))
    .filter((po) => po !== null);
  if (amended.length > 0)
    await write((w) => savePurchaseOrders(w, amended, { removeAbsentLines: true, source: 'test' }));
  const { moveDeparture, deletePart, shortClose } = scenario;
  if (moveDeparture !== null && scenario.shipments.length > 0) {
    await write(async (w) => {
      await w.tx.execute(sql`update shipments set atd = case when atd is null then ${stamp('2027-01-15')}::timestamptz end, ata = null
        where shipment = ${`S${moveDeparture % scenario.shipments.length}`}`);
    });
  }
  if (deletePart !== null && carried.length > 0) {
    const part = only(carried.slice(deletePart % carried.length));
    await write(async (w) => {
      await w.tx.execute(sql`delete from parts p using line_items li
        where li.id = p.line_item_id and li.shipment_id = ${part.shipmentId} and li.title = ${part.po} and p.part_number = ${part.sku}`);
    });
  }
  if (shortClose !== null) {
    await write(async (w) => {
      await w.tx.execute(
        sql`update purchase_orders set short_closed_at = now(), short_closed_reason = 'test' where po_number = ${shortClose}`,
      );
      await w.purchaseOrdersChanged([shortClose]);
    });
  }
}

/** The reference, from the records as they now are and the first cargo-ready date the PO had. */
async function expected(poNumber: string, firstCargoReadyDate: string | null) {
  const { db } = database;
  const header = await db.execute<{
    id: number;
    cargo_ready_date: string | null;
    requested_delivery_date: string | null;
    short_closed: boolean;
  }>(sql`
    select id::int as id, cargo_ready_date::text, requested_delivery_date::text, short_closed_at is not null as short_closed
    from purchase_orders where po_number = ${poNumber}`);
  const po = only(header.rows);
  const lines = await db.execute<{
    line_number: number;
    sku: string;
    ordered_qty: number;
    requested_date: string | null;
    cargo_ready_date: string | null;
    deliveries: { qty: number; cargo_ready_date: string }[] | null;
  }>(sql`
    select line_number, sku, ordered_qty, requested_date::text, cargo_ready_date::text, deliveries
    from purchase_order_lines where purchase_order_id = ${po.id}`);
  const carried = await db.execute<CarriedPart>(sql`
    select li.shipment_id::int as shipment_id, p.part_number as sku, p.qty,
           (s.atd is not null or s.ata is not null) as departed, s.ata is not null as arrived
    from line_items li join parts p on p.line_item_id = li.id join shipments s on s.id = li.shipment_id
    where li.title = ${poNumber}`);
  const received = await db.execute<ReceivedPart>(sql`
    select shipment_id::int as shipment_id, sku, received_qty from receipts where po_number = ${poNumber}`);
  return reconcilePurchaseOrder({
    lines: lines.rows,
    requested_delivery_date: po.requested_delivery_date,
    cargo_ready_date: po.cargo_ready_date,
    first_cargo_ready_date: firstCargoReadyDate,
    short_closed: po.short_closed,
    carried: carried.rows,
    received: received.rows,
    today: TODAY,
  });
}

async function stored(poNumber: string) {
  const { db } = database;
  const header = await db.execute(sql`
    select status, open_qty::int, over_shipped_qty::int, short_qty::int, unknown_skus, overdue_from::text, booking_due::text,
           cargo_ready_slip_days
    from purchase_orders where po_number = ${poNumber}`);
  const lines = await db.execute<{ sku: string }>(sql`
    select l.sku, l.booked_qty::int as booked, l.shipped_qty::int as shipped, l.arrived_qty::int as arrived,
           l.received_qty::int as received, l.short_qty::int as short, l.ordered_qty as ordered
    from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id
    where po.po_number = ${poNumber} order by l.sku`);
  return { header: header.rows[0], lines: lines.rows };
}

/**
 * The reference for what a forwarder company sees of a PO: only its line items of that PO that are
 * not hidden, their parts and their shipments' receipts. Null when it has none.
 */
async function expectedForForwarder(poNumber: string, forwarder: string) {
  const { db } = database;
  const po = only(
    (
      await db.execute<{ status: string; skus: string[] }>(sql`
        select po.status, array(select l.sku from purchase_order_lines l where l.purchase_order_id = po.id) as skus
        from purchase_orders po where po.po_number = ${poNumber}`)
    ).rows,
  );
  const items = await db.execute<{
    shipment_id: number;
    departed: boolean;
    parts: { sku: string; qty: number | null }[];
  }>(sql`
    select li.shipment_id::int as shipment_id, (s.atd is not null or s.ata is not null) as departed,
           coalesce((select json_agg(json_build_object('sku', p.part_number, 'qty', p.qty)) from parts p where p.line_item_id = li.id), '[]') as parts
    from line_items li join shipments s on s.id = li.shipment_id
    where li.title = ${poNumber} and s.forwarder_name = ${forwarder} and not li.hide_lineitem`);
  if (items.rows.length === 0) return null;
  const receipts = await db.execute<{ shipment_id: number; sku: string; received_qty: number }>(sql`
    select shipment_id::int as shipment_id, sku, received_qty from receipts where po_number = ${poNumber}`);
  const ordered = new Set(po.skus);
  const carried = items.rows.flatMap((item) => item.parts.map((part) => ({ ...part, item })));
  const onThePo = carried.filter((part) => ordered.has(part.sku));
  const shipped = onThePo.filter((part) => part.item.departed).reduce((sum, part) => sum + (part.qty ?? 0), 0);
  const theirReceipts = receipts.rows.filter((r) => items.rows.some((item) => item.shipment_id === r.shipment_id));
  const qtyOf = (shipmentId: number, sku: string) =>
    carried.find((part) => part.item.shipment_id === shipmentId && part.sku === sku)?.qty ?? 0;
  const isClosed = po.status === 'received' || po.status === 'short_closed';
  return {
    status: isClosed ? po.status : shipped > 0 ? 'partly_shipped' : 'open',
    line_count: new Set(onThePo.map((part) => part.sku)).size,
    shipped_qty: shipped,
    received_qty: theirReceipts.filter((r) => ordered.has(r.sku)).reduce((sum, r) => sum + r.received_qty, 0),
    short_qty: theirReceipts.reduce((sum, r) => sum + Math.max(qtyOf(r.shipment_id, r.sku) - r.received_qty, 0), 0),
    unknown_skus: new Set(carried.filter((part) => !ordered.has(part.sku)).map((part) => part.sku)).size,
  };
}

async function storedForForwarder(poNumber: string, forwarder: string) {
  const rows = await database.db.execute(sql`
    select pf.status, pf.line_count, pf.shipped_qty::int, pf.received_qty::int, pf.short_qty::int, pf.unknown_skus
    from purchase_order_forwarders pf join purchase_orders po on po.id = pf.purchase_order_id
    where po.po_number = ${poNumber} and pf.forwarder_key = lower(${forwarder})`);
  return rows.rows[0] ?? null;
}

describe('purchase-order reconciliation', () => {
  it('keeps every PO line’s figures as the domain reconciles them, through shipments, receipts and amendments', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        await load(scenario);
        for (const [index, poNumber] of NUMBERS.entries()) {
          // Its date when created, else the first an amendment gave it: a later one is a slip.
          const first = scenario.pos[index]?.cargo_ready_date ?? scenario.amendments[index]?.cargo_ready_date ?? null;
          const reference = await expected(poNumber, first);
          const lines = [...reference.lines].sort(([a], [b]) => (a < b ? -1 : 1));
          const unknownShort = [...reference.unknown.values()].reduce((sum, figures) => sum + figures.short, 0);
          expect(await stored(poNumber)).toEqual({
            header: {
              status: reference.status,
              open_qty: lines.reduce((sum, [, figures]) => sum + figures.open, 0),
              over_shipped_qty: lines.reduce((sum, [, figures]) => sum + figures.over_shipped, 0),
              short_qty: lines.reduce((sum, [, figures]) => sum + figures.short, 0) + unknownShort,
              unknown_skus: reference.unknown.size,
              overdue_from: reference.overdue_from,
              booking_due: reference.booking_due,
              cargo_ready_slip_days: reference.cargo_ready_slip_days,
            },
            lines: lines.map(([sku, figures]) => ({
              sku,
              ordered: figures.ordered,
              booked: figures.booked,
              shipped: figures.shipped,
              arrived: figures.arrived,
              received: figures.received,
              short: figures.short,
            })),
          });
          for (const forwarder of FORWARDERS.filter((name) => name !== ''))
            expect(await storedForForwarder(poNumber, forwarder), `${poNumber} as ${forwarder} sees it`).toEqual(
              await expectedForForwarder(poNumber, forwarder),
            );
        }
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});
