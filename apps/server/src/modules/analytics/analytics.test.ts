import type { OnTimeResponse, VolumeResponse } from '@quayside/domain/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  t = await createTestApp();
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
  // Blue Anchor: AN-3 by air arrives a day early; AN-4 has not left.
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
  await save({ 'Forwarder Name': 'Blue Anchor', Shipment: 'AN-4', 'Dest. ETA': '2027-02-15', 'Order Ref': ['PO-AN5'] });
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
