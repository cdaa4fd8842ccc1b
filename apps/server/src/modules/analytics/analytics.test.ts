import {
  AnalyticsQuery,
  type DocumentTimelinessResponse,
  dashboardFiltersOf,
  type EtaAccuracyResponse,
  type OnTimeResponse,
  type OpenExceptionsResponse,
  type ScorecardResponse,
  type TransitTimeResponse,
  type VolumeResponse,
} from '@quayside/domain/analytics';
import { SHIPMENT_EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../testing/multipart.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

// The figures of /analytics on a small fixed set of shipments, each answer computed by hand.

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;

const save = async (fields: Record<string, unknown>, id?: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/Shipments${id === undefined ? '' : `?id=${encodeURIComponent(id)}`}`,
    headers: bearer(admin),
    payload: [fields],
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  // Exceptions are decided as of 13 March 2027; everything else uses the database's own clock.
  t = await createTestApp({ clock: () => new Date('2027-03-13T12:00:00Z') });
  ({ admin, employee, blue, kestrel } = await signInCast(t));
  // Kestrel: AN-1 arrives 1 day after its promise (on time) and is delivered 2 days late.
  await save({
    'Forwarder Name': 'Kestrel',
    Shipment: 'AN-1',
    'Consignee Name': 'Pipe Co',
    Origin: 'CNSHA',
    ATD: '2027-01-10',
    'Dest. ETA': '2027-02-01',
    ATA: '2027-02-02',
    'Est Delivery': '2027-02-05',
    'Act Delivery': '2027-02-07',
    'Order Ref': ['PO-AN1', 'PO-AN2'],
  });
  // AN-2 arrives on its current Dest. ETA, but that was moved 10 days from the first promise: late.
  await save({
    'Forwarder Name': 'Kestrel',
    Shipment: 'AN-2',
    ATD: '2027-01-20',
    'Dest. ETA': '2027-02-10',
    'Order Ref': ['PO-AN3'],
  });
  await save({ 'Dest. ETA': '2027-02-20', ATA: '2027-02-20' }, 'AN-2');
  const hide = await t.app.inject({
    method: 'POST',
    url: '/api/LineItems?shipment=AN-2&po=PO-AN3',
    headers: bearer(admin),
    payload: { hide_lineitem: true },
  });
  expect(hide.statusCode, hide.body).toBe(200);
  // Blue Anchor: AN-3 by air arrives a day early; AN-4 has not left, though its ETD has passed.
  await save({
    'Forwarder Name': 'Blue Anchor',
    Shipment: 'AN-3',
    Mode: 'AIR',
    Trans: 'AIR',
    ATD: '2027-02-03',
    'Dest. ETA': '2027-02-06',
    ATA: '2027-02-05',
    'Order Ref': ['PO-AN4'],
  });
  await save({
    'Forwarder Name': 'Blue Anchor',
    Shipment: 'AN-4',
    ETD: '2027-02-01',
    'Dest. ETA': '2027-02-15',
    'Order Ref': ['PO-AN5'],
  });
});
afterAll(() => t.close());

const RANGE = 'from=2027-01-01&to=2027-03-31';
const ask = async <T>(token: string, figure: string, filters = '') => {
  const response = await t.app.inject({ url: `/api/Analytics/${figure}?${RANGE}${filters}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const volumeRows = async (token: string, filters = '') =>
  (await ask<VolumeResponse>(token, 'volume', filters)).rows.map((row) => [row.period, row.shipments, row.lineItems]);

describe('volume', () => {
  it('counts shipments and the line items each user sees, per month or week of ATD or Dest. ETA', async () => {
    expect(await volumeRows(employee)).toEqual([
      ['2027-01-01', 2, 3],
      ['2027-02-01', 1, 1],
    ]);
    // A forwarder: its own shipments, never a hidden line item.
    expect(await volumeRows(kestrel)).toEqual([['2027-01-01', 2, 2]]);
    expect(await volumeRows(blue)).toEqual([['2027-02-01', 1, 1]]);
    // Weeks begin on Monday: 10 January 2027 is a Sunday.
    expect(await volumeRows(admin, '&period=week')).toEqual([
      ['2027-01-04', 1, 2],
      ['2027-01-18', 1, 1],
      ['2027-02-01', 1, 1],
    ]);
    expect(await volumeRows(admin, '&dateBy=dest_eta')).toEqual([['2027-02-01', 4, 5]]);
  });

  it('follows every filter', async () => {
    expect(await volumeRows(admin, '&mode=AIR')).toEqual([['2027-02-01', 1, 1]]);
    expect(await volumeRows(admin, '&transitType=N/A')).toEqual([['2027-01-01', 2, 3]]);
    expect(await volumeRows(admin, '&forwarder=kestrel')).toEqual([['2027-01-01', 2, 3]]);
    expect(await volumeRows(admin, '&consignee=pipe%20co&originPort=CNSHA')).toEqual([['2027-01-01', 1, 2]]);
    expect(await volumeRows(admin, '&destinationPort=NOWHERE')).toEqual([]);
    // A forwarder naming another company learns nothing.
    expect(await volumeRows(blue, '&forwarder=Kestrel')).toEqual([]);
  });
});

describe('on time', () => {
  it('measures arrivals and deliveries against the first promise plus a day, per month', async () => {
    const { graceDays, rows } = await ask<OnTimeResponse>(employee, 'on-time');
    expect(graceDays).toBe(1);
    expect(rows).toEqual([
      {
        period: '2027-01-01',
        arrival: { onTime: 1, measured: 2, percent: 50 },
        delivery: { onTime: 0, measured: 1, percent: 0 },
      },
      {
        period: '2027-02-01',
        arrival: { onTime: 1, measured: 1, percent: 100 },
        delivery: { onTime: 0, measured: 0, percent: null },
      },
    ]);
    expect((await ask<OnTimeResponse>(blue, 'on-time')).rows.map((row) => row.period)).toEqual(['2027-02-01']);
  });

  it('uses the grace an Admin sets, and only an Admin', async () => {
    const setGrace = (token: string, onTimeGraceDays: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Analytics/settings',
        headers: bearer(token),
        payload: { onTimeGraceDays },
      });
    const refused = await setGrace(employee, 0);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an administrator can change the analytics settings.');
    expect((await setGrace(admin, 31)).json().message).toContain('The grace may be at most 30 days.');

    // No grace: AN-1, a day after its promise, is late.
    expect((await setGrace(admin, 0)).statusCode).toBe(200);
    const strict = await ask<OnTimeResponse>(employee, 'on-time');
    expect(strict.graceDays).toBe(0);
    expect(strict.rows[0]?.arrival).toEqual({ onTime: 0, measured: 2, percent: 0 });
    const settings = await t.app.inject({ url: '/api/Analytics/settings', headers: bearer(kestrel) });
    expect(settings.json()).toEqual({ onTimeGraceDays: 0 });
    expect((await setGrace(admin, 1)).statusCode).toBe(200);
  });
});

describe('transit time', () => {
  it('gives the median and 90th percentile of ATD to ATA and ATA to Act Delivery, by lane and by Mode', async () => {
    const { byLane, byMode } = await ask<TransitTimeResponse>(employee, 'transit-time');
    // ATD to ATA: AN-1 23 days (delivered 5 days later), AN-2 31, AN-3 2.
    const none = { measured: 0, median: null, p90: null };
    expect(byMode).toEqual([
      {
        mode: '',
        toArrival: { measured: 2, median: 27, p90: expect.closeTo(30.2) },
        toDelivery: { measured: 1, median: 5, p90: 5 },
      },
      { mode: 'AIR', toArrival: { measured: 1, median: 2, p90: 2 }, toDelivery: none },
    ]);
    expect(byLane).toEqual([
      {
        origin: '',
        destination: '',
        toArrival: { measured: 2, median: 16.5, p90: expect.closeTo(28.1) },
        toDelivery: none,
      },
      {
        origin: 'CNSHA',
        destination: '',
        toArrival: { measured: 1, median: 23, p90: 23 },
        toDelivery: { measured: 1, median: 5, p90: 5 },
      },
    ]);
    expect((await ask<TransitTimeResponse>(kestrel, 'transit-time')).byMode.map((row) => row.mode)).toEqual(['']);
  });
});

describe('ETA accuracy', () => {
  it('counts ATA against the first promised Dest. ETA, and how long before ATA the Dest. ETA was last set', async () => {
    const { distribution, finalEtaKnown } = await ask<EtaAccuracyResponse>(employee, 'eta-accuracy');
    // AN-3 a day early, AN-1 a day late, AN-2 ten days after its first promise.
    expect(distribution).toEqual([
      { daysLate: -1, shipments: 1 },
      { daysLate: 1, shipments: 1 },
      { daysLate: 10, shipments: 1 },
    ]);
    // Each Dest. ETA was last set today (the test's real day): AN-3's ATA, 5 February, is the middle one.
    const today = await t.db.execute<{ days: number }>(
      sql`select (date '2027-02-05' - (now() at time zone 'UTC')::date)::int as days`,
    );
    expect(finalEtaKnown.measured).toBe(3);
    expect(finalEtaKnown.median).toBe(today.rows[0]?.days);
  });
});

describe('open exceptions', () => {
  const counts = (missing: number, late = 0) => ({
    late_departure: late,
    late_arrival: late,
    late_delivery: 0,
    eta_slipped: 0,
    missing_documents: missing,
    stale: 0,
  });

  it('counts the line items each forwarder has with each exception today, whatever the date range', async () => {
    // Departed and without their invoices and packing lists: AN-1's two line items, AN-2's hidden
    // one, AN-3's; AN-4 has not departed (no ATD, so in no range by ATD) and is late leaving and arriving.
    const staff = await ask<OpenExceptionsResponse>(employee, 'open-exceptions');
    expect(staff.asOf).toBe('2027-03-13');
    const everyone = [
      { forwarder: 'Kestrel', counts: counts(3), total: 3 },
      { forwarder: 'Blue Anchor', counts: counts(1, 1), total: 2 },
    ];
    expect(staff.byForwarder).toEqual(everyone);
    expect((await ask<OpenExceptionsResponse>(admin, 'open-exceptions', '&dateBy=dest_eta')).byForwarder).toEqual(
      everyone,
    );
    // A range no shipment is in changes nothing: the exceptions are today's.
    const elsewhere = await t.app.inject({
      url: '/api/Analytics/open-exceptions?from=2020-01-01&to=2020-01-31',
      headers: bearer(employee),
    });
    expect(elsewhere.json<OpenExceptionsResponse>().byForwarder).toEqual(everyone);
    // The other filters narrow them.
    expect((await ask<OpenExceptionsResponse>(admin, 'open-exceptions', '&mode=AIR')).byForwarder).toEqual([
      { forwarder: 'Blue Anchor', counts: counts(1), total: 1 },
    ]);
    expect((await ask<OpenExceptionsResponse>(kestrel, 'open-exceptions')).byForwarder).toEqual([
      { forwarder: 'Kestrel', counts: counts(2), total: 2 },
    ]);
  });

  it('counts what its link into the dashboard lists: the same filters as the dashboard writes them', async () => {
    const questions = ['', '&dateBy=dest_eta', '&transitType=AIR', '&originPort=cnsha&consignee=Pipe%20Co'];
    for (const token of [employee, blue, kestrel])
      for (const filters of questions) {
        const query = AnalyticsQuery.parse(Object.fromEntries(new URLSearchParams(`${RANGE}${filters}`)));
        for (const row of (await ask<OpenExceptionsResponse>(token, 'open-exceptions', filters)).byForwarder)
          for (const kind of SHIPMENT_EXCEPTION_KINDS) {
            const search = new URLSearchParams({
              exception: kind,
              filters: JSON.stringify(dashboardFiltersOf(query, row.forwarder)),
              logic: 'AND',
            });
            const listed = await t.app.inject({ url: `/api/LineItems/count?${search}`, headers: bearer(token) });
            expect(listed.statusCode, listed.body).toBe(200);
            expect([filters, row.forwarder, kind, listed.json<{ total: number }>().total]).toEqual([
              filters,
              row.forwarder,
              kind,
              row.counts[kind],
            ]);
          }
      }
  });
});

describe('the forwarder scorecard', () => {
  it('gives each forwarder its figures for the range and the one of the same length before it', async () => {
    const response = await t.app.inject({
      url: '/api/Analytics/scorecard?from=2027-01-15&to=2027-03-31',
      headers: bearer(employee),
    });
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json<ScorecardResponse>();
    expect(card.previous).toEqual({ from: '2026-10-31', to: '2027-01-14' });
    const figures = (
      onTimeArrivalPercent: number,
      medianTransitDays: number,
      medianEtaErrorDays: number,
      etaSlipsPerShipment: number,
      openExceptions: number | null,
    ) => ({
      shipments: 1,
      onTimeArrivalPercent,
      medianTransitDays,
      medianEtaErrorDays,
      etaSlipsPerShipment,
      openExceptions,
      documentTimelinessPercent: 0,
      // No POs here: purchase-order-figures.test.ts computes the PO columns.
      receipts: 0,
      receiptOnTimePercent: null,
      receiptInFullPercent: null,
      receiptOtifPercent: null,
    });
    // Now: AN-3 (Blue Anchor, a day early) and AN-2 (Kestrel, its Dest. ETA moved once, 10 days
    // late, one hidden line item); before: AN-1 (a day late, within the grace; two line items).
    // Open exceptions are today's whatever the range, as 'Open exceptions' counts them (AN-4's too),
    // and have no value for the range before.
    expect(card.rows).toEqual([
      { forwarder: 'Blue Anchor', current: figures(100, 2, -1, 0, 2), previous: null },
      { forwarder: 'Kestrel', current: figures(0, 31, 10, 1, 3), previous: figures(100, 23, 1, 0, null) },
    ]);

    // A forwarder: its own row, without the line item hidden from it.
    const own = await t.app.inject({
      url: '/api/Analytics/scorecard?from=2027-01-15&to=2027-03-31',
      headers: bearer(kestrel),
    });
    expect(own.json<ScorecardResponse>().rows).toEqual([
      { forwarder: 'Kestrel', current: figures(0, 31, 10, 1, 2), previous: figures(100, 23, 1, 0, null) },
    ]);
  });
});

describe('document timeliness', () => {
  it('counts arrived shipments whose documents due at departure were all uploaded by the day of ATA', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // Uploaded today: in time for an arrival today, late for one yesterday; AN-DOC-3 lacks one.
    for (const [name, ata] of [
      ['AN-DOC-1', day(0)],
      ['AN-DOC-2', day(-1)],
      ['AN-DOC-3', day(0)],
    ] as const) {
      await save({ 'Forwarder Name': 'Kestrel', Shipment: name, ATD: day(-10), ATA: ata, 'Order Ref': [`PO-${name}`] });
      const types = name === 'AN-DOC-3' ? ['Commercial Invoice'] : ['Commercial Invoice', 'Packing List'];
      for (const documentType of types) {
        const body = multipart(
          [
            ['documentType', documentType],
            ['shipment', name],
          ],
          [{ name: 'document.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') }],
        );
        const upload = await t.app.inject({
          method: 'POST',
          url: '/api/Files',
          headers: { ...bearer(admin), 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(upload.statusCode, upload.body).toBe(200);
      }
    }
    const response = await t.app.inject({
      url: `/api/Analytics/document-timeliness?from=${day(-12)}&to=${day(0)}&forwarder=Kestrel`,
      headers: bearer(employee),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = response.json<DocumentTimelinessResponse>();
    // All three departed the same day, so they share a month.
    expect(rows.map(({ onTime, measured }) => [onTime, measured])).toEqual([[1, 3]]);
  });
});

describe('the filters', () => {
  it('refuse a range that cannot be answered, saying what to change', async () => {
    const response = await t.app.inject({
      url: '/api/Analytics/volume?from=2027-03-01&to=2027-01-01',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('From must not be after To.');
  });
});

describe('the facts the figures read', () => {
  it('stay in step with every write: equal to facts recomputed from the normalised tables', async () => {
    // A line item deleted: the write path never names its shipment, the read model's triggers count it.
    const removal = await t.app.inject({
      method: 'POST',
      url: '/api/LineItems/delete',
      headers: bearer(admin),
      payload: { title: 'PO-AN2', related_shipment: 'AN-1' },
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await volumeRows(employee)).find(([period]) => period === '2027-01-01')).toEqual(['2027-01-01', 2, 2]);

    const facts = async () => (await t.db.execute(sql`select * from shipment_facts order by shipment_id`)).rows;
    const kept = await facts();
    expect(kept.length).toBeGreaterThan(0);
    // From scratch: no facts, the shipments' own, then the read model's rows counted in again.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table kept_rows on commit drop as select * from line_item_rows`);
      await tx.execute(sql`truncate shipment_facts`);
      await tx.execute(sql`delete from line_item_rows`);
      await tx.execute(sql`select shipment_facts_sync(array(select id from shipments))`);
      await tx.execute(sql`insert into line_item_rows select * from kept_rows`);
    });
    expect(await facts()).toEqual(kept);
  });
});
