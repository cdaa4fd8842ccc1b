import {
  type CarriedPart,
  type OrderedLine,
  type ReceivedPart,
  reconcilePurchaseOrder,
} from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineItemRows, lineItems, parts, purchaseOrderLines, purchaseOrders, shipments } from '../db/schema.ts';
import { bearer, createTestApp, type TestApp } from '../testing/test-app.ts';
import { BulkLoadError, bulkLoad } from './bulk-load.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date('2026-11-23T12:00:00Z');
const indexesOf = async (tables: string[]) =>
  (
    await t.db.execute<{ definition: string }>(
      sql`select indexdef as definition from pg_indexes where tablename = any(${`{${tables.join(',')}}`}::text[]) order by indexname`,
    )
  ).rows.map((row) => row.definition);
const readModelIndexes = () => indexesOf(['line_item_rows']);

/** Rows of a query, by their `po_number`. */
const grouped = async <T>(query: ReturnType<typeof sql>) => {
  const byNumber = new Map<string, T[]>();
  for (const { po_number, ...row } of (await t.db.execute<T & { po_number: string }>(query)).rows)
    byNumber.set(po_number, [...(byNumber.get(po_number) ?? []), row as unknown as T]);
  return byNumber;
};

describe('bulkLoad', () => {
  it('loads exactly N line items with shipments, parts and the read model, rebuilding its indexes', async () => {
    const indexesBefore = await readModelIndexes();
    const loaded = await bulkLoad(t.db, { lineItems: 2000, seed: 7, now: NOW, rebuildIndexes: true });
    expect(loaded).toMatchObject({ lineItems: 2000 });
    expect(await t.db.$count(lineItems)).toBe(2000);
    expect(await t.db.$count(shipments)).toBe(loaded.shipments);
    expect(await t.db.$count(parts)).toBe(loaded.parts);
    expect(loaded.shipments).toBeGreaterThan(550);
    expect(loaded.shipments).toBeLessThan(800);
    expect(loaded.parts).toBeGreaterThan(5000);
    // One read-model row per line item, and every index of the migrations back in place.
    const rows = await t.db.execute<{ missing: number }>(sql`
      select count(*)::int as missing from line_items li
      where not exists (select 1 from line_item_rows r where r.line_item_id = li.id)`);
    expect(rows.rows[0]?.missing).toBe(0);
    expect(await t.db.$count(lineItemRows)).toBe(2000);
    expect(await readModelIndexes()).toEqual(indexesBefore);
  });

  it('varies what the dashboard filters on: forwarders, empty dates, hidden rows, PO lengths, numbers', async () => {
    const [spread] = (
      await t.db.execute<Record<string, number>>(sql`
        select count(distinct forwarder_name)::int as forwarders,
               count(distinct transit_type)::int as transit_types,
               count(*) filter (where is_hidden)::int as hidden,
               count(*) filter (where atd is null)::int as no_atd,
               count(*) filter (where dest_eta is null)::int as no_dest_eta,
               count(*) filter (where length(title) > 10)::int as long_pos,
               count(distinct length(title))::int as po_lengths,
               count(*) filter (where title ~ '^[0-9]+$')::int as numeric_pos,
               count(*) filter (where house ~ '^[0-9]+$' or master ~ '^[0-9]+$')::int as numeric_refs,
               count(*) filter (where number_of_parts = 0)::int as without_parts
        from line_item_rows`)
    ).rows;
    expect(spread?.forwarders).toBeGreaterThanOrEqual(3);
    expect(spread?.transit_types).toBe(5);
    expect(spread?.po_lengths).toBeGreaterThanOrEqual(4);
    for (const key of ['hidden', 'no_atd', 'no_dest_eta', 'long_pos', 'numeric_pos', 'numeric_refs', 'without_parts'])
      expect(spread?.[key], key).toBeGreaterThan(0);
  });

  it('refuses a seed already loaded, adding nothing', async () => {
    await expect(bulkLoad(t.db, { lineItems: 10, seed: 7 })).rejects.toThrow(BulkLoadError);
    expect(await t.db.$count(lineItems)).toBe(2000);
  });

  it('adds another seed beside the first, and the dashboard counts every row', async () => {
    const loaded = await bulkLoad(t.db, { lineItems: 301, seed: 8, now: NOW });
    expect(loaded.lineItems).toBe(301);
    expect(await t.db.$count(shipments, sql`${shipments.shipment} like 'BLK8-%'`)).toBe(loaded.shipments);
    const admin = await t.signedInAs({ email: 'admin@napco.example', role: 'Admin', company_name: 'NAPCO' });
    const page = await t.app.inject({ url: '/api/LineItems', headers: bearer(admin) });
    expect(page.json()).toMatchObject({ totalAll: 2301, total: 2301 });
  });

  it('gives purchase orders beside the line items, about ten lines each, reconciled as the domain reconciles them', async () => {
    const indexesBefore = await indexesOf(['purchase_orders', 'purchase_order_lines']);
    const loaded = await bulkLoad(t.db, { lineItems: 3000, seed: 9, now: NOW, purchaseOrders: 300 });
    expect(loaded.purchaseOrders?.purchaseOrders).toBe(300);
    expect(await t.db.$count(purchaseOrders)).toBe(300);
    expect(await t.db.$count(purchaseOrderLines)).toBe(loaded.purchaseOrders?.lines);
    expect(loaded.purchaseOrders?.lines).toBeGreaterThan(2700);
    expect(loaded.purchaseOrders?.lines).toBeLessThan(3300);
    expect(loaded.purchaseOrders?.receipts).toBeGreaterThan(0);
    expect(await indexesOf(['purchase_orders', 'purchase_order_lines'])).toEqual(indexesBefore);

    const today = NOW.toISOString().slice(0, 10);
    const stored = await t.db.execute<{
      po_number: string;
      status: string;
      open_qty: number;
      over_shipped_qty: number;
      short_qty: number;
      unknown_skus: number;
      cargo_ready_date: string | null;
      requested_delivery_date: string | null;
    }>(sql`
      select po_number, status, open_qty::int, over_shipped_qty::int, short_qty::int, unknown_skus,
             cargo_ready_date::text, requested_delivery_date::text
      from purchase_orders`);
    const lines = await grouped<OrderedLine>(sql`
      select po.po_number, l.line_number, l.sku, l.ordered_qty, l.requested_date::text
      from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id`);
    const carried = await grouped<CarriedPart>(sql`
      select li.title as po_number, li.shipment_id::int as shipment_id, p.part_number as sku, p.qty,
             (s.atd is not null or s.ata is not null) as departed, s.ata is not null as arrived
      from line_items li join parts p on p.line_item_id = li.id join shipments s on s.id = li.shipment_id
      where li.title in (select po_number from purchase_orders)`);
    const received = await grouped<ReceivedPart>(
      sql`select po_number, shipment_id::int as shipment_id, sku, received_qty from receipts`,
    );
    const seen = { statuses: new Set<string>(), over: 0, unknown: 0, short: 0 };
    for (const po of stored.rows) {
      const reference = reconcilePurchaseOrder({
        lines: lines.get(po.po_number) ?? [],
        requested_delivery_date: po.requested_delivery_date,
        cargo_ready_date: po.cargo_ready_date,
        short_closed: false,
        carried: carried.get(po.po_number) ?? [],
        received: received.get(po.po_number) ?? [],
        today,
      });
      const figures = [...reference.lines.values()];
      const sum = (pick: (line: (typeof figures)[number]) => number) =>
        figures.reduce((total, line) => total + pick(line), 0);
      const unknownShort = [...reference.unknown.values()].reduce((total, line) => total + line.short, 0);
      expect(po).toMatchObject({
        po_number: po.po_number,
        status: reference.status,
        open_qty: sum((line) => line.open),
        over_shipped_qty: sum((line) => line.over_shipped),
        short_qty: sum((line) => line.short) + unknownShort,
        unknown_skus: reference.unknown.size,
      });
      seen.statuses.add(po.status);
      if (po.over_shipped_qty > 0) seen.over += 1;
      if (po.unknown_skus > 0) seen.unknown += 1;
      if (po.short_qty > 0) seen.short += 1;
    }
    expect([...seen.statuses].sort()).toEqual(['open', 'partly_shipped', 'received', 'shipped']);
    for (const key of ['over', 'unknown', 'short'] as const) expect(seen[key], key).toBeGreaterThan(0);
  });
});
