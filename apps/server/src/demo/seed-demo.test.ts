import path from 'node:path';
import { text } from 'node:stream/consumers';
import { DESTINATION_PORTS, TRANS_OPTIONS } from '@quayside/domain/constants';
import {
  type CarriedPart,
  type OrderedLine,
  PO_EXCEPTION_KINDS,
  PO_STATUSES,
  type ReceivedPart,
  reconcilePurchaseOrder,
} from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthFromConfig } from '../auth/auth.ts';
import {
  auditLog,
  authUser,
  documents,
  lineItemRows,
  lineItems,
  parts,
  people,
  purchaseOrderHistory,
  purchaseOrderLines,
  purchaseOrders,
  receipts,
  shipments,
} from '../db/schema.ts';
import { createLocalDocumentStore } from '../storage/local-document-store.ts';
import { bearer, createTestApp, signIn, signInRequest, type TestApp } from '../testing/test-app.ts';
import { DEMO_FORWARDERS } from './demo-data.ts';
import { DEMO_PEOPLE, seedDemo } from './seed-demo.ts';

let t: TestApp;
let firstRun: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  t = await createTestApp();
  firstRun = await seed();
});
afterAll(() => t.close());

const NOW = new Date('2026-11-23T12:00:00Z');
const store = () => createLocalDocumentStore(path.join(t.config.dataDir, 'files'));
const seed = () =>
  seedDemo(t.db, createAuthFromConfig(t.config, t.db, pino({ level: 'silent' })), store(), { now: NOW });

const counts = async () => ({
  shipments: await t.db.$count(shipments),
  lineItems: await t.db.$count(lineItems),
  lineItemRows: await t.db.$count(lineItemRows),
  parts: await t.db.$count(parts),
  documents: await t.db.$count(documents),
  purchaseOrders: await t.db.$count(purchaseOrders),
  purchaseOrderLines: await t.db.$count(purchaseOrderLines),
  purchaseOrderHistory: await t.db.$count(purchaseOrderHistory),
  receipts: await t.db.$count(receipts),
  people: await t.db.$count(people),
  accounts: await t.db.$count(authUser),
  audit: await t.db.$count(auditLog),
  lastAudit: await t.db.execute(sql`select max(id) as id from audit_log`).then((result) => result.rows),
});

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => {
  const [row] = (await t.db.execute<T>(query)).rows;
  if (!row) throw new Error('no row');
  return row;
};

/** Rows of a query, by their `po_number`. */
const grouped = async <T>(query: ReturnType<typeof sql>) => {
  const byNumber = new Map<string, T[]>();
  for (const { po_number, ...row } of (await t.db.execute<T & { po_number: string }>(query)).rows)
    byNumber.set(po_number, [...(byNumber.get(po_number) ?? []), row as unknown as T]);
  return byNumber;
};

describe('seed-demo', () => {
  it('loads 300 shipments with their line items, parts and documents, all audited', async () => {
    expect(firstRun.createdData).toBe(true);
    const loaded = await counts();
    // The demo's 300, and the one its confirmed booking created.
    expect(loaded.shipments).toBe(301);
    expect(loaded.lineItems).toBeGreaterThan(750);
    expect(loaded.lineItems).toBeLessThan(1050);
    expect(loaded.lineItemRows).toBe(loaded.lineItems);
    expect(loaded.parts).toBeGreaterThan(2 * loaded.lineItems);
    expect(loaded.documents).toBeGreaterThanOrEqual(8);

    const audited = await one<Record<string, number>>(sql`
      select count(*) filter (where entity = 'shipment')::int as shipments,
             count(*) filter (where entity = 'document')::int as documents,
             count(*) filter (where entity = 'purchase_order')::int as purchase_orders,
             count(*) filter (where entity = 'receipt')::int as receipts,
             count(*) filter (where entity = 'purchase_order_proposal')::int as proposals,
             count(*) filter (where entity not in ('shipment', 'document', 'person', 'purchase_order', 'receipt', 'purchase_order_proposal'))::int as others
      from audit_log where actor_email = 'seed-demo' and actor_person_id is null and action = 'create'`);
    expect(audited).toEqual({
      shipments: 300,
      documents: loaded.documents,
      purchase_orders: loaded.purchaseOrders,
      receipts: loaded.receipts,
      // Two demo suppliers, each a proposal waiting and one approved.
      proposals: 4,
      others: 0,
    });
    const [shipmentAudit] = (
      await t.db.execute<{ after: { shipment: string; line_items: { parts: unknown[] }[] } }>(
        sql`select after from audit_log where entity = 'shipment' and entity_id = 'QS-0000001'`,
      )
    ).rows;
    expect(shipmentAudit?.after.shipment).toBe('QS-0000001');
    expect(shipmentAudit?.after.line_items.length).toBeGreaterThan(0);

    const [document] = await t.db.select().from(documents).limit(1);
    expect(document?.content_type).toBe('application/pdf');
    expect(await text(await store().get(document?.storage_key ?? ''))).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
  });

  it('spreads shipments over every Trans value, the ports, the forwarders and realistic dates', async () => {
    // The generated shipments (QS-…), not the one a demo booking created.
    const trans = await t.db.execute<{ trans: string }>(
      sql`select distinct trans from shipments where shipment like 'QS-%' order by trans`,
    );
    expect(trans.rows.map((row) => row.trans)).toEqual([...TRANS_OPTIONS].sort());
    const spread = await one<Record<string, number>>(sql`
      select count(distinct forwarder_name)::int as forwarders,
             count(*) filter (where forwarder_name <> btrim(forwarder_name))::int as untrimmed,
             count(distinct dest)::int as destinations, count(distinct origin)::int as origins,
             count(distinct mode)::int as modes, count(distinct consignee_name)::int as consignees,
             count(*) filter (where etd is null)::int as undated,
             count(*) filter (where etd is not null and atd is null)::int as not_departed,
             count(*) filter (where atd is not null and ata is null)::int as at_sea,
             count(*) filter (where act_delivery is not null)::int as delivered,
             count(*) filter (where not (etd < atd and atd < eta and eta <= dest_eta and dest_eta < ata
               and ata < est_delivery and est_delivery <= act_delivery))::int as out_of_order,
             count(*) filter (where etd < ${NOW.toISOString()}::timestamptz - interval '181 days'
               or etd > ${NOW.toISOString()}::timestamptz + interval '91 days')::int as out_of_range,
             count(*) filter (where weight is null or wtuq = '' or volume is null or voluq = ''
               or "outer" is null or uq_outer = '')::int as unmeasured
      from shipments where shipment like 'QS-%'`);
    expect(spread).toMatchObject({
      forwarders: DEMO_FORWARDERS.length,
      untrimmed: 0,
      destinations: DESTINATION_PORTS.length,
      consignees: 3,
      out_of_order: 0,
      out_of_range: 0,
      unmeasured: 0,
    });
    expect(spread.origins).toBeGreaterThan(30);
    expect(spread.modes).toBeGreaterThan(5);
    for (const key of ['undated', 'not_departed', 'at_sea', 'delivered']) expect(spread[key]).toBeGreaterThan(0);
  });

  it('gives shipments 1 to 4 POs, some split over two shipments, some long, some hidden', async () => {
    const lines = await one<Record<string, number>>(sql`
      select min(n)::int as fewest, max(n)::int as most from (
        select count(*) as n from line_items group by shipment_id) per_shipment`);
    expect(lines).toEqual({ fewest: 1, most: 4 });
    const flags = await one<Record<string, number>>(sql`
      select count(*) filter (where hide_lineitem)::int as hidden,
             count(*) filter (where po_review_required > 10)::int as flagged,
             count(*) filter (where po_review_required <> length(title))::int as miscounted,
             count(*) filter (where title ~ '^[0-9]+$')::int as numeric,
             (select count(*)::int from (select title from line_items group by title
               having count(distinct shipment_id) > 1) split) as split
      from line_items`);
    expect(flags.miscounted).toBe(0);
    for (const key of ['hidden', 'flagged', 'numeric', 'split']) expect(flags[key]).toBeGreaterThan(0);
    const partsPerLine = await one<Record<string, number>>(sql`
      select min(n)::int as fewest, max(n)::int as most from (
        select count(p.id) as n from line_items li left join parts p on p.line_item_id = li.id group by li.id) x`);
    expect(partsPerLine).toEqual({ fewest: 0, most: 6 });
  });

  it('gives every PO number a purchase order, in every state at once, with a few receipts', async () => {
    const today = NOW.toISOString().slice(0, 10);
    const figures = await one<Record<string, number>>(sql`
      select (select count(distinct title)::int from line_items) as titles, count(*)::int as orders,
             count(*) filter (where status = 'partly_shipped' and open_qty > 0)::int as partial,
             count(*) filter (where over_shipped_qty > 0)::int as over_shipped,
             count(*) filter (where unknown_skus > 0)::int as unknown_sku,
             count(*) filter (where short_qty > 0)::int as short,
             count(*) filter (where status not in ('received', 'short_closed') and overdue_from < ${today}::date)::int as overdue,
             count(*) filter (where status not in ('received', 'short_closed') and booking_due < ${today}::date
               and not coalesce(overdue_from < ${today}::date, false))::int as not_booked_only,
             (select count(*)::int from receipts) as receipts,
             (select count(distinct reason)::int from receipts where reason in ('short', 'damaged')) as reasons,
             (select count(*)::int from (
               select li.title from line_items li join shipments s on s.id = li.shipment_id
               join purchase_orders po on po.po_number = li.title
               where s.atd is not null group by li.title
               having count(distinct s.id) > 1 and count(distinct s.forwarder_name) > 1) split) as split
      from purchase_orders`);
    expect(figures.orders).toBe(figures.titles);
    expect(figures.receipts).toBeGreaterThan(5);
    expect(figures.receipts).toBeLessThan(100);
    expect(figures.reasons).toBe(2);
    for (const key of ['partial', 'over_shipped', 'unknown_sku', 'short', 'overdue', 'not_booked_only', 'split'])
      expect({ [key]: (figures[key] ?? 0) > 0 }).toEqual({ [key]: true });

    // Every PO's status as the domain's reference reconciles it, and every state and exception kind present.
    const stored = await t.db.execute<{
      po_number: string;
      status: string;
      cargo_ready_date: string | null;
      requested_delivery_date: string | null;
      short_closed: boolean;
    }>(sql`
      select po_number, status, cargo_ready_date::text, requested_delivery_date::text, short_closed_at is not null as short_closed
      from purchase_orders`);
    const lines = await grouped<OrderedLine>(sql`
      select po.po_number, l.line_number, l.sku, l.ordered_qty, l.requested_date::text, l.cargo_ready_date::text,
             l.deliveries
      from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id`);
    const carried = await grouped<CarriedPart>(sql`
      select li.title as po_number, li.shipment_id::int as shipment_id, p.part_number as sku, p.qty,
             (s.atd is not null or s.ata is not null) as departed, s.ata is not null as arrived
      from line_items li join parts p on p.line_item_id = li.id join shipments s on s.id = li.shipment_id`);
    const received = await grouped<ReceivedPart>(
      sql`select po_number, shipment_id::int as shipment_id, sku, received_qty from receipts`,
    );
    const statuses = new Set<string>();
    const kinds = new Set<string>();
    for (const po of stored.rows) {
      const reference = reconcilePurchaseOrder({
        lines: lines.get(po.po_number) ?? [],
        requested_delivery_date: po.requested_delivery_date,
        cargo_ready_date: po.cargo_ready_date,
        short_closed: po.short_closed,
        carried: carried.get(po.po_number) ?? [],
        received: received.get(po.po_number) ?? [],
        today,
      });
      expect({ po: po.po_number, status: po.status }).toEqual({ po: po.po_number, status: reference.status });
      statuses.add(reference.status);
      for (const kind of reference.exceptions) kinds.add(kind);
    }
    expect([...statuses].sort()).toEqual([...PO_STATUSES].sort());
    expect([...kinds].sort()).toEqual([...PO_EXCEPTION_KINDS].sort());
  });

  it('creates one user per role, a forwarder per forwarder company and supplier contacts, whose printed passwords sign in', async () => {
    const { users } = firstRun;
    expect(users.map((user) => [user.email, user.role, user.company])).toEqual([
      ['admin@demo.quayside.test', 'Admin', 'NAPCO'],
      ['employee@demo.quayside.test', 'Employee', 'NAPCO'],
      ...DEMO_FORWARDERS.map((company) => [expect.stringMatching(/@demo\.quayside\.test$/), 'Forwarder', company]),
      ['ningbo@demo.quayside.test', 'Supplier', 'Ningbo Hengda Plastics'],
      ['taizhou@demo.quayside.test', 'Supplier', 'Taizhou Valve Works'],
    ]);
    for (const user of users) {
      expect(user.password).toMatch(/^[\w-]{16}$/);
      expect((await signInRequest(t.app, user.email, user.password ?? '')).statusCode).toBe(200);
    }
  });

  it('gives each demo supplier a confirmed PO, a proposal waiting and an approved one, seen by its contact', async () => {
    const contact = firstRun.users.find((user) => user.email === 'ningbo@demo.quayside.test');
    const token = await signIn(t.app, contact?.email ?? '', contact?.password ?? '');
    const page = await t.app.inject({ url: '/api/PurchaseOrders?pageSize=500', headers: bearer(token) });
    const pos = page.json<{ purchaseOrders: { supplier: string; confirmation: string }[] }>().purchaseOrders;
    expect(new Set(pos.map((po) => po.supplier))).toEqual(new Set(['Ningbo Hengda Plastics']));
    expect(new Set(pos.map((po) => po.confirmation))).toEqual(new Set(['awaiting', 'proposed', 'confirmed']));
    const proposals = await t.db.execute<{ kind: string; status: string }>(sql`
      select kind, status from purchase_order_proposals order by id`);
    expect(proposals.rows).toEqual(
      Array.from({ length: 2 }, () => [
        { kind: 'accept', status: 'approved' },
        { kind: 'change', status: 'pending' },
        { kind: 'change', status: 'approved' },
      ]).flat(),
    );
  });

  it('gives a demo supplier a booking waiting to be routed and one confirmed, whose shipment carries its PO', async () => {
    const bookings = await t.db.execute<{ status: string; shipment: string | null; po_number: string }>(sql`
      select b.status, s.shipment, po.po_number from booking_requests b
      join purchase_orders po on po.id = b.purchase_order_id left join shipments s on s.id = b.shipment_id
      order by b.id`);
    expect(bookings.rows.map((row) => row.status)).toEqual(['requested', 'confirmed']);
    const confirmed = bookings.rows[1];
    expect(confirmed?.shipment).toMatch(/^DEMO-BK-\d{6}$/);
    const carried = await t.db.execute(sql`
      select 1 from line_items li join shipments s on s.id = li.shipment_id
      where s.shipment = ${confirmed?.shipment ?? ''} and li.title = ${confirmed?.po_number ?? ''}`);
    expect(carried.rows).toHaveLength(1);
  });

  it('gives the PO waiting for a decision and the confirmed booking their conversations, internal notes for staff alone', async () => {
    const messages = await t.db.execute<{ record_kind: string; internal: boolean }>(sql`
      select record_kind, internal from messages order by id`);
    expect(messages.rows).toEqual([
      { record_kind: 'purchase_order', internal: false },
      { record_kind: 'purchase_order', internal: true },
      { record_kind: 'purchase_order', internal: true },
      { record_kind: 'purchase_order', internal: false },
      { record_kind: 'booking', internal: false },
      { record_kind: 'booking', internal: false },
    ]);
  });

  it('gives three shipments at sea their carrier events and leaves one event waiting for review', async () => {
    const events = await t.db.execute<{ outcome: string; applied_field: string | null; shipment: string | null }>(sql`
      select e.outcome, e.applied_field, s.shipment from carrier_events e left join shipments s on s.id = e.shipment_id
      order by e.id`);
    expect(events.rows).toHaveLength(10);
    expect(new Set(events.rows.filter((row) => row.shipment).map((row) => row.shipment)).size).toBe(3);
    expect(events.rows.filter((row) => row.applied_field === 'dest_eta')).toHaveLength(3);
    expect(events.rows.filter((row) => row.outcome === 'unmatched')).toEqual([
      { outcome: 'unmatched', applied_field: null, shipment: null },
    ]);
    const moved = await t.db.execute(sql`
      select 1 from shipment_date_changes where field = 'dest_eta' and source = 'carrier event:Demo carrier (DCSA)'`);
    expect(moved.rows).toHaveLength(3);
  });

  it("shows a forwarder only its own company's line items", async () => {
    const forwarder = firstRun.users.find((user) => user.company === 'Kestrel Freight');
    const token = await signIn(t.app, forwarder?.email ?? '', forwarder?.password ?? '');
    const page = await t.app.inject({ url: '/api/LineItems?pageSize=500', headers: bearer(token) });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ lineItems: { forwarder_name: string }[]; totalAll: number }>();
    expect(body.totalAll).toBeGreaterThan(100);
    expect(new Set(body.lineItems.map((lineItem) => lineItem.forwarder_name))).toEqual(new Set(['Kestrel Freight']));
  });

  it('changes nothing when run again, and lists the users without passwords', async () => {
    const before = await counts();
    const { createdData, users } = await seed();
    expect(createdData).toBe(false);
    expect(users.map((user) => user.password)).toEqual(DEMO_PEOPLE.map(() => null));
    expect(await counts()).toEqual(before);
  });
});
