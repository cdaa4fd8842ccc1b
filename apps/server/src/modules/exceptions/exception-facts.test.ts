import { DOCUMENT_TYPES } from '@quayside/domain/documents';
import { EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import { decodeRows, type LineItemRow } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import type { LineItemsResponse } from '@quayside/domain/line-items';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../db/schema.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { addDays, dayOf } from './exception-sql.ts';
import { exceptionWrites, movableClock } from './exceptions-fixture.ts';

// What a badge says about each exception (how late, how far the ETA moved, which documents are
// missing), and `missingDocument=` narrowing the dashboard's query, on a clock the test moves.

let t: TestApp;
let admin: string;
let blue: string;
let kestrel: string;
const { now, setToday } = movableClock();

beforeAll(async () => {
  t = await createTestApp({ clock: now });
  ({ admin, blue, kestrel } = await signInCast(t));
});
afterAll(() => t.close());

const { save, uploadDocument } = exceptionWrites(() => t);
const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const rowsOf = async (token: string, query: string): Promise<LineItemRow[]> => {
  const response = await get(token, `/api/LineItems/rows?pageSize=500&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return decodeRows(response.json<LineItemRowsResponse>());
};
/**
 * The facts the line item's own answer gives (its page reads ?po=), and its dashboard row when
 * exceptions are asked for (the row is there only with one), which must agree.
 */
const factsOf = async (po: string) => {
  const own = await get(admin, `/api/LineItems?po=${po}`);
  const [lineItem] = own.json<LineItemsResponse>().lineItems;
  const [row] = await rowsOf(admin, `po=${po}&exception=${EXCEPTION_KINDS.join(',')}`);
  expect(row?.exception_facts ?? {}).toEqual(lineItem?.exception_facts);
  expect(row?.exceptions ?? []).toEqual(lineItem?.exceptions);
  return lineItem?.exception_facts;
};
const missingBol = (extra = '') => `missingDocument=${encodeURIComponent('Bill of Lading')}${extra}`;
const titles = (rows: readonly { title: string }[]) => rows.map((row) => row.title).sort();

describe('the size of each exception', () => {
  it('days late, days the ETA slipped, days without news, and which documents are missing', async () => {
    setToday('2027-03-12');
    await save(admin, {
      'Forwarder Name': 'Blue Anchor',
      Shipment: 'FACT-SEA',
      Mode: 'SEA',
      ATD: '2027-03-01',
      'Dest. ETA': '2027-02-27',
      'Order Ref': ['PO-FACT-SEA'],
    });
    await save(admin, { 'Dest. ETA': '2027-03-06' }, 'FACT-SEA');
    await uploadDocument(blue, 'FACT-SEA', 'Commercial Invoice');
    // (In transit, it is stale too: its last change was made on the real clock, long before this one.)
    expect(await factsOf('PO-FACT-SEA')).toEqual({
      late_arrival: 6,
      eta_slipped: 7,
      missing_documents: ['Bill of Lading', 'Packing List'],
      stale: expect.any(Number),
    });
    // The next day, a day later; an upload takes its document off the list.
    setToday('2027-03-13');
    await uploadDocument(blue, 'FACT-SEA', 'Packing List');
    expect(await factsOf('PO-FACT-SEA')).toEqual({
      late_arrival: 7,
      eta_slipped: 7,
      missing_documents: ['Bill of Lading'],
      stale: expect.any(Number),
    });

    setToday('2027-03-12');
    await save(admin, {
      'Forwarder Name': 'Blue Anchor',
      Shipment: 'FACT-ROAD',
      Mode: 'ROA',
      ETD: '2027-03-09',
      'Est Delivery': '2027-03-10',
      'Order Ref': ['PO-FACT-ROAD'],
    });
    expect(await factsOf('PO-FACT-ROAD')).toEqual({ late_departure: 3, late_delivery: 2 });

    await save(admin, {
      'Forwarder Name': 'Blue Anchor',
      Shipment: 'FACT-STALE',
      Mode: 'ROA',
      ATD: '2027-03-01',
      'Order Ref': ['PO-FACT-STALE'],
    });
    const [row] = await t.db.select().from(shipments).where(eq(shipments.shipment, 'FACT-STALE'));
    setToday(addDays(dayOf(row?.updated_at ?? new Date()), 20));
    expect((await factsOf('PO-FACT-STALE'))?.stale).toBe(20);

    // No exception, no facts.
    await save(admin, { 'Forwarder Name': 'Blue Anchor', Shipment: 'FACT-FINE', 'Order Ref': ['PO-FACT-FINE'] });
    expect(await factsOf('PO-FACT-FINE')).toEqual({});
  });

  it('travels in the rows answer only when the query asks for exceptions: the everyday page stays as it was', async () => {
    setToday('2027-03-13');
    const plain = await get(admin, '/api/LineItems/rows?po=PO-FACT-SEA');
    expect(plain.json<LineItemRowsResponse>().names).not.toContain('exception_facts');
    const [asked] = await rowsOf(admin, 'po=PO-FACT-SEA&missingDocument=Bill%20of%20Lading');
    expect(asked?.exception_facts?.missing_documents).toEqual(['Bill of Lading']);
  });
});

describe('missingDocument=', () => {
  beforeAll(async () => {
    setToday('2027-04-10');
    const sea = { Mode: 'SEA', ATD: '2027-04-01' };
    await save(admin, {
      ...sea,
      'Forwarder Name': 'Blue Anchor',
      Shipment: 'MD-A',
      'Order Ref': ['PO-MD-A1', 'PO-MD-A2'],
    });
    await save(admin, { ...sea, 'Forwarder Name': 'Blue Anchor', Shipment: 'MD-B', 'Order Ref': ['PO-MD-B'] });
    await uploadDocument(blue, 'MD-B', 'Bill of Lading');
    await save(admin, {
      ...sea,
      'Forwarder Name': 'Kestrel',
      Shipment: 'MD-K',
      'Dest. ETA': '2027-04-05',
      'Order Ref': ['PO-MD-K'],
    });
    // Not yet departed: its bill of lading is not due.
    await save(admin, {
      Mode: 'SEA',
      ATD: '2027-04-11',
      'Forwarder Name': 'Blue Anchor',
      Shipment: 'MD-C',
      'Order Ref': ['PO-MD-C'],
    });
  });

  it('lists the line items whose shipment lacks that document, each company only its own', async () => {
    expect(titles(await rowsOf(admin, missingBol('&q=PO-MD')))).toEqual(['PO-MD-A1', 'PO-MD-A2', 'PO-MD-K']);
    expect(titles(await rowsOf(blue, missingBol('&q=PO-MD')))).toEqual(['PO-MD-A1', 'PO-MD-A2']);
    expect(titles(await rowsOf(kestrel, missingBol('&q=PO-MD')))).toEqual(['PO-MD-K']);
    // MD-B lacks its packing list, not its bill of lading.
    expect(titles(await rowsOf(admin, 'q=PO-MD&missingDocument=Packing%20List'))).toEqual([
      'PO-MD-A1',
      'PO-MD-A2',
      'PO-MD-B',
      'PO-MD-K',
    ]);
    const [row] = await rowsOf(blue, missingBol('&po=PO-MD-A1'));
    expect(row?.exception_facts?.missing_documents).toEqual(['Bill of Lading', 'Commercial Invoice', 'Packing List']);
  });

  it('combines with search, filters, the exception chips, and answers count and export alike', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ column: 'title', operator: 'endsWith', value: '2' }]));
    expect(titles(await rowsOf(admin, missingBol(`&q=PO-MD&filters=${filters}`)))).toEqual(['PO-MD-A2']);
    expect(titles(await rowsOf(admin, missingBol('&q=PO-MD&exception=late_arrival')))).toEqual(['PO-MD-K']);
    const page = await get(admin, `/api/LineItems?${missingBol('&q=PO-MD')}`);
    expect(titles(page.json<LineItemsResponse>().lineItems)).toEqual(['PO-MD-A1', 'PO-MD-A2', 'PO-MD-K']);

    expect((await get(admin, `/api/LineItems/count?${missingBol('&q=PO-MD')}`)).json()).toEqual({ total: 3 });
    expect((await get(kestrel, `/api/LineItems/count?${missingBol('&q=PO-MD')}`)).json()).toEqual({ total: 1 });

    const csv = await get(blue, `/api/LineItems/export?${missingBol('&q=PO-MD')}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header?.endsWith(',"Exceptions"')).toBe(true);
    expect(lines.map((line) => line.split(',')[0]).sort()).toEqual(['"PO-MD-A1"', '"PO-MD-A2"']);
  });

  it('is kept in a saved view and a followed filter, and a bulk change by query acts on its rows only', async () => {
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/Views',
      headers: bearer(blue),
      payload: { name: 'No bill of lading', query: { q: 'PO-MD', missingDocument: 'Bill of Lading' } },
    });
    expect(view.statusCode, view.body).toBe(201);
    expect(view.json().query).toEqual({ q: 'PO-MD', missingDocument: 'Bill of Lading' });
    const follow = await t.app.inject({
      method: 'POST',
      url: '/api/Follows',
      headers: bearer(blue),
      payload: { name: 'No bill of lading', query: { missingDocument: 'Bill of Lading' } },
    });
    expect(follow.statusCode, follow.body).toBeLessThan(300);

    const hide = await t.app.inject({
      method: 'POST',
      url: '/api/LineItems/bulk',
      headers: bearer(admin),
      payload: { action: 'hide', selection: { query: { q: 'PO-MD', missingDocument: 'Bill of Lading' }, expected: 3 } },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ changed: 3 });
    expect(titles(await rowsOf(blue, 'q=PO-MD'))).toEqual(['PO-MD-B', 'PO-MD-C']);
  });

  it('refuses a document type that does not exist, naming those that do', async () => {
    const message = `Unknown document type: Passport. Use one of ${DOCUMENT_TYPES.join(', ')}.`;
    for (const path of ['/api/LineItems', '/api/LineItems/rows', '/api/LineItems/count', '/api/LineItems/export']) {
      const response = await get(admin, `${path}?missingDocument=Passport`);
      expect([path, response.statusCode, response.json().message]).toEqual([
        path,
        400,
        expect.stringContaining(message),
      ]);
    }
    const lowerCase = await get(admin, '/api/LineItems/rows?missingDocument=bill%20of%20lading');
    expect(lowerCase.statusCode).toBe(400);
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/Views',
      headers: bearer(blue),
      payload: { name: 'Passports', query: { missingDocument: 'Passport' } },
    });
    expect([view.statusCode, view.json().message]).toEqual([400, expect.stringContaining(message)]);
  });
});
