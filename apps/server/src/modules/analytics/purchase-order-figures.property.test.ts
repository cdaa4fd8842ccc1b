import { AnalyticsQuery } from '@quayside/domain/analytics';
import { shiftDay } from '@quayside/domain/line-item-query';
import {
  dueDateOf,
  type PoFacts,
  type ReceiptFacts,
  receiptOtif,
  SUPPLIER_FIGURES_FORBIDDEN,
  supplierFigures,
} from '@quayside/domain/purchase-order-analytics';
import type { PurchaseOrderInput } from '@quayside/domain/purchase-orders';
import { companyKey, dayNumber } from '@quayside/domain/text';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.ts';
import { idArray, textArray } from '../../db/array-parameters.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { lineItems, parts, shipments } from '../../db/schema.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { withWrite } from '../../write/with-write.ts';
import { syncLineItemRows } from '../line-items/line-item-rows.ts';
import { savePurchaseOrders } from '../purchase-orders/purchase-order-writes.ts';
import { recordReceipt } from '../purchase-orders/receipt-writes.ts';
import { supplierScorecard } from './purchase-order-figures.ts';
import { scorecard } from './scorecard.ts';
import { syncShipmentFacts } from './shipment-facts.ts';

// The PO figures' contract: for random POs (lines with and without their own requested date, some
// short-closed), shipments carrying parts of them (partial, split, unknown SKUs) and receipts on
// random days, the supplier scorecard and the forwarder scorecard's PO OTIF in SQL equal domain's
// supplierFigures and receiptOtif, for the range and the range before it.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const ACTOR = { personId: null, email: 'po-figures-test', source: 'api' };
/** The day lines are decided on: some due days have passed with their grace, some have not. */
const TODAY = '2027-02-20';
const CLOCK = () => new Date(`${TODAY}T08:00:00Z`);
const COMPANIES = ['Blue Anchor', 'BLUE ANCHOR ', 'Kestrel'];
const SUPPLIERS = ['Acme Tools', 'Borealis', ''];
const SKUS = ['S1', 'S2', 'S3'];
/** A SKU no PO orders, shipped under a PO all the same. */
const UNKNOWN_SKU = 'X9';

/**
 * A day a few days after one of the edges that matter (the ranges' ends, today), so a receipt on
 * the due day plus the grace, a line due on the last day of a range and the like come up often.
 */
const day = fc
  .tuple(fc.constantFrom('2026-12-01', '2026-12-29', '2027-01-18', '2027-01-30', '2027-02-17'), fc.nat(4))
  .map(([edge, offset]) => shiftDay(edge, offset));
const maybeDay = fc.option(day, { nil: null });

const poArbitrary = fc.record({
  supplier: fc.constantFrom(...SUPPLIERS),
  order_date: maybeDay,
  requested_delivery_date: maybeDay,
  shortClosed: fc.boolean(),
  lines: fc.uniqueArray(
    fc.record({
      sku: fc.constantFrom(...SKUS),
      ordered_qty: fc.integer({ min: 0, max: 6 }),
      requested_date: maybeDay,
    }),
    { minLength: 1, maxLength: 3, selector: (line) => line.sku },
  ),
});
const shipmentArbitrary = fc.record({
  forwarder_name: fc.constantFrom(...COMPANIES),
  atd: maybeDay,
  ata: maybeDay,
  /** Per PO it carries (a PO twice: the last), per SKU, the quantity, and what a receipt recorded of it (and when), if any. */
  carries: fc.array(
    fc.record({
      po: fc.nat(),
      /** Its line item hidden ('Hide record'): a forwarder does not see the PO on this shipment. */
      hidden: fc.boolean(),
      parts: fc.uniqueArray(
        fc.record({
          sku: fc.constantFrom(...SKUS, UNKNOWN_SKU),
          qty: fc.integer({ min: 0, max: 4 }),
          receipt: fc.option(fc.record({ qty: fc.integer({ min: 0, max: 5 }), on: day }), { nil: null }),
        }),
        { maxLength: 3, selector: (part) => part.sku },
      ),
    }),
    { maxLength: 3 },
  ),
});
type GeneratedPo = typeof poArbitrary extends fc.Arbitrary<infer T> ? T : never;
type GeneratedShipment = typeof shipmentArbitrary extends fc.Arbitrary<infer T> ? T : never;

const poNumber = (pos: GeneratedPo[], index: number) => `PO-${index % pos.length}`;
/** Each shipment's carries with their PO numbers, one line item per PO. */
const carriesOf = (pos: GeneratedPo[], shipment: GeneratedShipment) => {
  const byPo = new Map<string, GeneratedShipment['carries'][number]>();
  for (const carry of shipment.carries) byPo.set(poNumber(pos, carry.po), carry);
  return [...byPo].map(([po, { parts, hidden }]) => [po, parts, hidden] as const);
};

async function load(pos: GeneratedPo[], generated: GeneratedShipment[]) {
  const { db } = database;
  await db.execute(sql`truncate shipments, line_items, parts, line_item_rows, purchase_orders, receipts,
    purchase_orders_dirty restart identity cascade`);
  // A statement per table, whatever was generated.
  const rows = await db
    .insert(shipments)
    .values(
      generated.map((shipment, index) => ({
        shipment: `S${index}`,
        forwarder_name: shipment.forwarder_name,
        atd: shipment.atd ? new Date(`${shipment.atd}T10:00:00Z`) : null,
        ata: shipment.ata ? new Date(`${shipment.ata}T22:00:00Z`) : null,
      })),
    )
    .returning({ id: shipments.id });
  const ids = rows.map((row) => row.id);
  const carried = generated.flatMap((shipment, index) =>
    carriesOf(pos, shipment).map(([title, carriedParts, hidden]) => ({
      item: { shipment_id: ids[index] as number, title, po_review_required: 4, hide_lineitem: hidden },
      carriedParts,
    })),
  );
  if (carried.length > 0) {
    const items = await db
      .insert(lineItems)
      .values(carried.map(({ item }) => item))
      .returning({ id: lineItems.id });
    const partRows = carried.flatMap(({ carriedParts }, position) =>
      carriedParts.map((part) => ({
        line_item_id: items[position]?.id as number,
        part_number: part.sku,
        qty: part.qty,
      })),
    );
    if (partRows.length > 0) await db.insert(parts).values(partRows);
  }
  await syncShipmentFacts(db, 'all');
  await syncLineItemRows(db, 'all');

  const orders: PurchaseOrderInput[] = pos.map((po, index) => ({
    po_number: poNumber(pos, index),
    supplier: po.supplier,
    order_date: po.order_date,
    cargo_ready_date: null,
    requested_delivery_date: po.requested_delivery_date,
    incoterm: '',
    currency: '',
    notes: '',
    lines: po.lines.map((line, position) => ({
      line_number: position + 1,
      sku: line.sku,
      description: '',
      ordered_qty: line.ordered_qty,
      unit: '',
      unit_price: 10,
      requested_date: line.requested_date,
    })),
  }));
  // One write, as an import would: the POs, every receipt (on the day it was recorded), the short-closes.
  await withWrite(db, ACTOR, async (write) => {
    await savePurchaseOrders(write, orders, { removeAbsentLines: true, source: 'api' });
    const days: { id: number; po: string; sku: string; on: string }[] = [];
    for (const [index, shipment] of generated.entries()) {
      const received = carriesOf(pos, shipment).flatMap(([po, carried]) =>
        carried.flatMap((part) => (part.receipt ? [{ po, part, receipt: part.receipt }] : [])),
      );
      if (received.length === 0) continue;
      const id = ids[index] as number;
      await recordReceipt(
        write,
        { id, shipment: `S${index}` },
        received.map(({ po, part, receipt }) => ({
          po_number: po,
          sku: part.sku,
          received_qty: receipt.qty,
          reason: receipt.qty < part.qty ? 'short' : receipt.qty > part.qty ? 'over' : null,
          note: '',
        })),
        'screen',
      );
      days.push(...received.map(({ po, part, receipt }) => ({ id, po, sku: part.sku, on: receipt.on })));
    }
    if (days.length > 0)
      await write.tx.execute(sql`update receipts r set received_at = (d.on_day || 'T23:30:00Z')::timestamptz
        from (select unnest(${idArray(days.map((d) => d.id))}) as id, unnest(${textArray(days.map((d) => d.po))}) as po,
                     unnest(${textArray(days.map((d) => d.sku))}) as sku, unnest(${textArray(days.map((d) => d.on))}) as on_day) d
        where r.shipment_id = d.id and r.po_number = d.po and r.sku = d.sku`);
    const closed = pos.flatMap((po, index) => (po.shortClosed ? [poNumber(pos, index)] : []));
    if (closed.length > 0) {
      await write.tx.execute(sql`update purchase_orders set short_closed_at = now(), short_closed_reason = 'test'
        where po_number = any(${textArray(closed)})`);
      await write.purchaseOrdersChanged(closed);
    }
  });
}

/** The reference's view of the generated records: each PO's facts and each receipt's, from the records alone. */
function factsOf(pos: GeneratedPo[], generated: GeneratedShipment[]) {
  const receipts = generated.flatMap((shipment) =>
    carriesOf(pos, shipment).flatMap(([po, carried, hidden]) =>
      carried.flatMap((part) =>
        part.receipt ? [{ shipment, po, hidden, sku: part.sku, carried: part.qty, ...part.receipt }] : [],
      ),
    ),
  );
  const latest = (days: string[]) =>
    days.reduce<string | null>((last, d) => (last === null || d > last ? d : last), null);
  const earliest = (days: string[]) =>
    days.reduce<string | null>((first, d) => (first === null || d < first ? d : first), null);
  const poFacts: PoFacts[] = pos.map((po, index) => {
    const number = poNumber(pos, index);
    const mine = receipts.filter((receipt) => receipt.po === number);
    return {
      supplier: po.supplier,
      orderDate: po.order_date,
      shortClosed: po.shortClosed,
      firstDepartedOn: earliest(
        generated.flatMap((shipment) =>
          carriesOf(pos, shipment).some(([title]) => title === number) && (shipment.atd ?? shipment.ata)
            ? [(shipment.atd ?? shipment.ata) as string]
            : [],
        ),
      ),
      lastReceivedOn: latest(mine.map((receipt) => receipt.on)),
      lines: po.lines.map((line) => {
        const ofSku = mine.filter((receipt) => receipt.sku === line.sku);
        return {
          ordered: line.ordered_qty,
          received: ofSku.reduce((sum, receipt) => sum + receipt.qty, 0),
          lastReceivedOn: latest(ofSku.map((receipt) => receipt.on)),
          due: dueDateOf(line.requested_date, po.requested_delivery_date),
        };
      }),
    };
  });
  // Receipts of a SKU its PO orders, with the forwarder and ATD of their shipment.
  const receiptFacts = receipts.flatMap((receipt) => {
    const po = pos[Number(receipt.po.slice(3))] as GeneratedPo;
    const line = po.lines.find((candidate) => candidate.sku === receipt.sku);
    if (!line) return [];
    const facts: ReceiptFacts = {
      receivedOn: receipt.on,
      receivedQty: receipt.qty,
      carriedQty: receipt.carried,
      due: dueDateOf(line.requested_date, po.requested_delivery_date),
    };
    return [
      { key: companyKey(receipt.shipment.forwarder_name), atd: receipt.shipment.atd, hidden: receipt.hidden, facts },
    ];
  });
  return { poFacts, receiptFacts };
}

const person = (role: Principal['role'], company: string): Principal => ({
  personId: 1,
  userId: 'property-test',
  email: 'someone@example.com',
  fullName: 'Someone',
  role,
  company,
});
const principalArbitrary = fc.oneof(
  fc.constant(person('Admin', 'NAPCO')),
  fc.constant(person('Employee', 'NAPCO')),
  fc.constantFrom(...COMPANIES).map((company) => person('Forwarder', company)),
);
const queryArbitrary = fc
  .record({
    from: fc.constantFrom('2027-01-01', '2027-01-20', '2027-02-01'),
    to: fc.constantFrom('2027-02-04', '2027-02-19', '2027-02-28'),
  })
  .map((range) => AnalyticsQuery.parse(range));
const graceArbitrary = fc.integer({ min: 0, max: 3 });

/** Medians and percentiles from SQL are floating point: compared to nine decimals. */
const rounded = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'number' ? Math.round(item * 1e9) / 1e9 : item)));

describe('the purchase order figures', () => {
  it('equal the TypeScript reference for random POs, shipments, receipts, users and ranges', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(poArbitrary, { minLength: 1, maxLength: 5 }),
        fc.array(shipmentArbitrary, { minLength: 1, maxLength: 6 }),
        principalArbitrary,
        queryArbitrary,
        graceArbitrary,
        async (pos, generated, principal, query, grace) => {
          await load(pos, generated);
          const { db } = database;
          await db.execute(sql`insert into analytics_settings (id, on_time_grace_days) values (1, ${grace})
            on conflict (id) do update set on_time_grace_days = excluded.on_time_grace_days`);
          const { poFacts, receiptFacts } = factsOf(pos, generated);
          const length = dayNumber(query.to) - dayNumber(query.from) + 1;
          const before = { from: shiftDay(query.from, -length), to: shiftDay(query.from, -1) };

          // The supplier scorecard: staff's alone.
          if (principal.role === 'Forwarder') {
            await expect(supplierScorecard(db, principal, query, CLOCK)).rejects.toThrow(SUPPLIER_FIGURES_FORBIDDEN);
          } else {
            const card = await supplierScorecard(db, principal, query, CLOCK);
            const now = supplierFigures(poFacts, query, grace, TODAY);
            const then = supplierFigures(poFacts, before, grace, TODAY);
            const expected = [...now]
              .map(([supplier, current]) => ({ supplier, current, previous: then.get(supplier) ?? null }))
              .sort((a, b) => (a.supplier < b.supplier ? -1 : 1));
            const actual = [...card.rows].sort((a, b) => (a.supplier < b.supplier ? -1 : 1));
            expect(rounded(actual)).toEqual(rounded(expected));
            expect(card.previous).toEqual(before);
          }

          // The forwarder scorecard's PO OTIF: the receipts of the shipments it picks (by ATD), by forwarder.
          const sees = (key: string) => principal.role !== 'Forwarder' || key === companyKey(principal.company);
          const expectedOtif = (range: { from: string; to: string }) => {
            const keys = new Set(
              generated
                .filter((shipment) => shipment.atd !== null && shipment.atd >= range.from && shipment.atd <= range.to)
                .map((shipment) => companyKey(shipment.forwarder_name))
                .filter(sees),
            );
            return [...keys].sort().map((key) => ({
              key,
              ...receiptOtif(
                receiptFacts
                  .filter((receipt) => receipt.key === key && receipt.atd !== null)
                  .filter((receipt) => principal.role !== 'Forwarder' || !receipt.hidden)
                  .filter((receipt) => (receipt.atd as string) >= range.from && (receipt.atd as string) <= range.to)
                  .map((receipt) => receipt.facts),
                grace,
              ),
            }));
          };
          const forwarders = await scorecard(db, principal, query, CLOCK);
          const poColumns = (figures: Record<string, unknown>) => ({
            receipts: figures.receipts,
            receiptOnTimePercent: figures.receiptOnTimePercent,
            receiptInFullPercent: figures.receiptInFullPercent,
            receiptOtifPercent: figures.receiptOtifPercent,
          });
          const actual = forwarders.rows
            .map((row) => ({ key: companyKey(row.forwarder), ...poColumns(row.current) }))
            .sort((a, b) => (a.key < b.key ? -1 : 1));
          expect(actual).toEqual(expectedOtif(query));
          const previousByKey = new Map(expectedOtif(before).map(({ key, ...figures }) => [key, figures]));
          for (const row of forwarders.rows)
            expect(row.previous ? poColumns(row.previous) : null).toEqual(
              previousByKey.get(companyKey(row.forwarder)) ?? null,
            );
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) },
    );
    // Each run writes POs and receipts through the write door: more than the default minute on a busy machine.
  }, 180_000);
});
