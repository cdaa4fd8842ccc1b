import { AnalyticsQuery, dashboardFiltersOf, type OpenExceptionsResponse } from '@quayside/domain/analytics';
import {
  type ExceptionSummaryResponse,
  SHIPMENT_EXCEPTION_KINDS,
  type ShipmentExceptionKind,
} from '@quayside/domain/exceptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

// The rule: Analytics' 'Open exceptions' counts exactly what the dashboard's 'Needs attention' chips
// count. The date range never narrows it (exceptions are today's, and a shipment that has not
// departed has no ATD to fall in a range); the other filters do, as the same filters do on the
// dashboard (GET /api/LineItems/count?exception=), but for Mode, which the dashboard has no column for.

let t: TestApp;
let cast: Awaited<ReturnType<typeof signInCast>>;

const save = async (fields: Record<string, unknown>, id?: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/Shipments${id === undefined ? '' : `?id=${encodeURIComponent(id)}`}`,
    headers: bearer(cast.admin),
    payload: [fields],
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  // Exceptions are decided as of 13 March 2027; every shipment in transit was last changed long before.
  t = await createTestApp({ clock: () => new Date('2027-03-13T12:00:00Z') });
  cast = await signInCast(t);
  // Kestrel. AG-1 has not left (ETD passed), nor arrived or been delivered on time: late departure,
  // arrival and delivery, on two line items.
  await save({
    'Forwarder Name': 'Kestrel',
    Shipment: 'AG-1',
    Trans: 'SEA',
    Origin: 'CNSHA',
    'Consignee Name': 'Pipe Co',
    ETD: '2027-03-01',
    'Dest. ETA': '2027-03-10',
    'Est Delivery': '2027-03-12',
    'Order Ref': ['PO-AG1', 'PO-AG2'],
  });
  // AG-2 left in January and its Dest. ETA moved 57 days: ETA slipped, stale, missing documents.
  await save({
    'Forwarder Name': 'Kestrel',
    Shipment: 'AG-2',
    Trans: 'AIR',
    Mode: 'AIR',
    Origin: 'CNSHA',
    ATD: '2027-01-05',
    'Dest. ETA': '2027-02-01',
    'Order Ref': ['PO-AG3'],
  });
  await save({ 'Dest. ETA': '2027-03-30' }, 'AG-2');
  // AG-3 arrived and was delivered in time; its documents are still missing.
  await save({
    'Forwarder Name': 'Kestrel',
    Shipment: 'AG-3',
    ATD: '2027-01-02',
    'Dest. ETA': '2027-01-20',
    ATA: '2027-01-20',
    'Est Delivery': '2027-01-25',
    'Act Delivery': '2027-01-25',
    'Order Ref': ['PO-AG4'],
  });
  // Blue Anchor. AG-4 has only an Origin ETD, passed: late departure, on three line items.
  await save({
    'Forwarder Name': 'Blue Anchor',
    Shipment: 'AG-4',
    Trans: 'COU',
    'Origin ETD': '2027-02-20',
    'Dest. ETA': '2027-04-01',
    'Order Ref': ['PO-AG5', 'PO-AG6', 'PO-AG7'],
  });
  // AG-5 left before any range asked below, and is late arriving and delivering; one of its two
  // line items is hidden from the forwarder.
  await save({
    'Forwarder Name': 'Blue Anchor',
    Shipment: 'AG-5',
    Origin: 'VNSGN',
    ATD: '2026-12-01',
    'Dest. ETA': '2027-01-10',
    'Est Delivery': '2027-01-15',
    'Order Ref': ['PO-AG8', 'PO-AG9'],
  });
  const hide = await t.app.inject({
    method: 'POST',
    url: '/api/LineItems?shipment=AG-5&po=PO-AG9',
    headers: bearer(cast.admin),
    payload: { hide_lineitem: true },
  });
  expect(hide.statusCode, hide.body).toBe(200);
});
afterAll(() => t.close());

const get = async <T>(token: string, url: string) => {
  const response = await t.app.inject({ url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

/** Line items with `kind` over every forwarder row of the figure. */
const figureOf = (response: OpenExceptionsResponse, kind: ShipmentExceptionKind) =>
  response.byForwarder.reduce((sum, row) => sum + (row.counts[kind] ?? 0), 0);

/** What the dashboard counts for `kind` with the question's filters as the dashboard writes them. */
const dashboardCount = async (
  token: string,
  query: AnalyticsQuery,
  kind: ShipmentExceptionKind,
  forwarder?: string,
) => {
  const search = new URLSearchParams({
    exception: kind,
    filters: JSON.stringify(dashboardFiltersOf(query, forwarder)),
    logic: 'AND',
  });
  return (await get<{ total: number }>(token, `/api/LineItems/count?${search}`)).total;
};

/** Date ranges by ATD and by Dest. ETA, including ones no shipment falls in. */
const RANGES = [
  'from=2027-01-01&to=2027-03-31',
  'from=2027-03-01&to=2027-03-31',
  'from=2020-01-01&to=2020-01-31',
  'from=2027-01-01&to=2027-03-31&dateBy=dest_eta',
  'from=2027-02-01&to=2027-02-28&dateBy=dest_eta&period=week',
];
/** The other filters, each alone and two together. */
const NARROWING = [
  '&transitType=SEA',
  '&transitType=COU',
  '&originPort=cnsha',
  '&consignee=Pipe%20Co&originPort=CNSHA',
  '&forwarder=blue%20anchor',
  '&forwarder=Kestrel&transitType=AIR',
];

describe("Analytics' open exceptions", () => {
  it('has something of every kind to compare', async () => {
    const chips = await get<ExceptionSummaryResponse>(cast.employee, '/api/Exceptions/summary');
    for (const kind of SHIPMENT_EXCEPTION_KINDS) expect([kind, chips.counts[kind] > 0]).toEqual([kind, true]);
    expect(chips.counts.late_departure).toBe(5);
  });

  for (const role of ['employee', 'admin', 'blue', 'kestrel'] as const)
    it(`equals the dashboard's chips whatever the date range, and its count for the same filters (${role})`, async () => {
      const token = cast[role];
      const chips = await get<ExceptionSummaryResponse>(token, '/api/Exceptions/summary');
      for (const range of RANGES) {
        const figure = await get<OpenExceptionsResponse>(token, `/api/Analytics/open-exceptions?${range}`);
        for (const kind of SHIPMENT_EXCEPTION_KINDS)
          expect([range, kind, figureOf(figure, kind)]).toEqual([range, kind, chips.counts[kind]]);
        expect([range, figure.byForwarder.reduce((sum, row) => sum + row.total, 0)]).toEqual([range, chips.total]);
      }
      for (const question of [
        ...RANGES.map((range) => `${range}${NARROWING[0]}`),
        ...NARROWING.map((f) => `${RANGES[0]}${f}`),
      ]) {
        const query = AnalyticsQuery.parse(Object.fromEntries(new URLSearchParams(question)));
        const figure = await get<OpenExceptionsResponse>(token, `/api/Analytics/open-exceptions?${question}`);
        for (const kind of SHIPMENT_EXCEPTION_KINDS) {
          expect([question, kind, await dashboardCount(token, query, kind)]).toEqual([
            question,
            kind,
            figureOf(figure, kind),
          ]);
          // Each forwarder's count links to the dashboard listing the same line items.
          for (const row of figure.byForwarder)
            expect([question, row.forwarder, kind, await dashboardCount(token, query, kind, row.forwarder)]).toEqual([
              question,
              row.forwarder,
              kind,
              row.counts[kind],
            ]);
        }
      }
    });

  it('shows a forwarder only its own, without what is hidden from it', async () => {
    const range = RANGES[0];
    const own = await get<OpenExceptionsResponse>(cast.blue, `/api/Analytics/open-exceptions?${range}`);
    expect(own.byForwarder.map((row) => [row.forwarder, row.counts.late_departure, row.counts.late_arrival])).toEqual([
      ['Blue Anchor', 3, 1],
    ]);
    const staff = await get<OpenExceptionsResponse>(cast.employee, `/api/Analytics/open-exceptions?${range}`);
    expect(staff.byForwarder.find((row) => row.forwarder === 'Blue Anchor')?.counts.late_arrival).toBe(2);
  });
});
