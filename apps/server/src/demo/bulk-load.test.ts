import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineItemRows, lineItems, parts, shipments } from '../db/schema.ts';
import { bearer, createTestApp, type TestApp } from '../testing/test-app.ts';
import { BulkLoadError, bulkLoad } from './bulk-load.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date('2026-11-23T12:00:00Z');
const readModelIndexes = async () =>
  (
    await t.db.execute<{ definition: string }>(
      sql`select indexdef as definition from pg_indexes where tablename = 'line_item_rows' order by indexname`,
    )
  ).rows.map((row) => row.definition);

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
});
