import type { DateHistoryResponse } from '@quayside/domain/date-history';
import type { ExceptionSettings, ExceptionSummaryResponse } from '@quayside/domain/exceptions';
import type { LineItemsResponse } from '@quayside/domain/line-items';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../db/schema.ts';
import { multipart } from '../../testing/multipart.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { addDays, dayOf } from './exception-sql.ts';
import { exceptionWrites, movableClock } from './exceptions-fixture.ts';

// Date history and exceptions through the API, on a clock the test moves (no write needed for a day to pass).

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;
const { now, setToday } = movableClock();

beforeAll(async () => {
  t = await createTestApp({ clock: now });
  ({ admin, employee, blue, kestrel } = await signInCast(t));
});
afterAll(() => t.close());

const { save, uploadDocument } = exceptionWrites(() => t);
const history = async (token: string, shipment: string) => {
  const response = await t.app.inject({
    url: `/api/Shipments/history?shipment=${encodeURIComponent(shipment)}`,
    headers: bearer(token),
  });
  return { status: response.statusCode, body: response.json<DateHistoryResponse & { message?: string }>() };
};
const summary = async (token: string) => {
  const response = await t.app.inject({ url: '/api/Exceptions/summary', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExceptionSummaryResponse>();
};
/** The PO numbers the user sees with any of `kinds`, and each one's exceptions. */
const withExceptions = async (token: string, kinds: string, extra = '') => {
  const response = await t.app.inject({
    url: `/api/LineItems?exception=${kinds}&pageSize=500${extra}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<LineItemsResponse>();
  return Object.fromEntries(page.lineItems.map((item) => [item.title, item.exceptions]));
};
const kindsOf = async (po: string, day: string) => {
  setToday(day);
  const response = await t.app.inject({ url: `/api/LineItems?po=${po}`, headers: bearer(admin) });
  return response.json<LineItemsResponse>().lineItems[0]?.exceptions;
};
const importCsv = async (token: string, lines: string[]) => {
  const body = multipart([], [{ name: 'report.csv', field: 'shipments', bytes: Buffer.from(`${lines.join('\n')}\n`) }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Import',
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ importId: number }>().importId;
};

describe('date history', () => {
  it('keeps every date change from the API and the screen: old, new, when, who and through what', async () => {
    await save(admin, {
      Shipment: 'HIS-1',
      'Forwarder Name': 'Blue Anchor',
      'Dest. ETA': '2027-03-12',
      'Order Ref': ['PO-HIS-1'],
    });
    expect((await history(admin, 'HIS-1')).body.changes).toEqual([]);
    await save(admin, { 'Dest. ETA': '2027-03-20', ETD: '2027-02-01' }, 'HIS-1');
    await save(admin, { 'Dest. ETA': '2027-03-20', Vessel: 'MSC ANNA' }, 'HIS-1');

    // The web app's session cookie is the screen.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'admin@napco.example', password: 'a sturdy test password' },
    });
    const cookies = Object.fromEntries(signedIn.cookies.map((cookie) => [cookie.name, cookie.value]));
    const byScreen = await t.app.inject({
      method: 'POST',
      url: '/api/Shipments?id=HIS-1',
      headers: { origin: 'http://localhost:3000' },
      cookies,
      payload: [{ 'Dest. ETA': '2027-03-26' }],
    });
    expect(byScreen.statusCode, byScreen.body).toBe(200);

    const { body } = await history(admin, 'HIS-1');
    expect(
      body.changes.map(({ field, label, oldValue, newValue, by, source }) => [
        field,
        label,
        oldValue,
        newValue,
        by,
        source,
      ]),
    ).toEqual([
      ['etd', 'ETD', null, '2027-02-01T00:00:00.000Z', 'admin@napco.example', 'api'],
      ['dest_eta', 'Dest. ETA', '2027-03-12T00:00:00.000Z', '2027-03-20T00:00:00.000Z', 'admin@napco.example', 'api'],
      [
        'dest_eta',
        'Dest. ETA',
        '2027-03-20T00:00:00.000Z',
        '2027-03-26T00:00:00.000Z',
        'admin@napco.example',
        'screen',
      ],
    ]);
    expect(body.estimates).toContainEqual({
      field: 'dest_eta',
      label: 'Dest. ETA',
      firstPromise: '2027-03-12T00:00:00.000Z',
      current: '2027-03-26T00:00:00.000Z',
      daysMoved: 14,
      changes: 2,
    });
  });

  it('names the import that changed a date, and records nothing when the same file comes again', async () => {
    const file = (eta: string) => ['Shipment;Order Ref;Dest. ETA;Forwarder Name', `HIS-IMP;PO-HIS-IMP;${eta};Kestrel`];
    await importCsv(admin, file('2027-04-01'));
    const moved = await importCsv(kestrel, file('2027-04-11'));
    await importCsv(kestrel, file('2027-04-11'));
    const { body } = await history(admin, 'HIS-IMP');
    expect(body.changes.map(({ newValue, by, source }) => [newValue, by, source])).toEqual([
      ['2027-04-11T00:00:00.000Z', 'ops@kestrel.example', `import:${moved}`],
    ]);
    // A write around the door is still recorded, as the database's.
    await t.db
      .update(shipments)
      .set({ ata: new Date('2027-04-12T00:00:00Z') })
      .where(eq(shipments.shipment, 'HIS-IMP'));
    expect((await history(admin, 'HIS-IMP')).body.changes.at(-1)?.source).toBe('database');
  });

  it('is shown to whoever sees the shipment, and to another company as not found', async () => {
    expect((await history(employee, 'HIS-IMP')).status).toBe(200);
    expect((await history(kestrel, 'HIS-IMP')).status).toBe(200);
    const other = await history(blue, 'HIS-IMP');
    expect([other.status, other.body.message]).toEqual([404, 'Shipment not found']);
    expect((await history(blue, 'NO-SUCH')).body.message).toBe('Shipment not found');
  });
});

describe('exceptions as of a day', () => {
  beforeAll(async () => {
    const forwarder = { 'Forwarder Name': 'Blue Anchor', Mode: 'ROA' };
    await save(admin, { ...forwarder, Shipment: 'EXC-DEP', ETD: '2027-03-12', 'Order Ref': ['PO-DEP'] });
    await save(admin, { ...forwarder, Shipment: 'EXC-ORIG', 'Origin ETD': '2027-03-12', 'Order Ref': ['PO-ORIG'] });
    await save(admin, { ...forwarder, Shipment: 'EXC-ARR', 'Dest. ETA': '2027-03-12', 'Order Ref': ['PO-ARR'] });
    await save(admin, { ...forwarder, Shipment: 'EXC-DEL', 'Est Delivery': '2027-03-12', 'Order Ref': ['PO-DEL'] });
  });

  it('late departure, arrival and delivery begin the day after the date, and end with the actual', async () => {
    expect(await kindsOf('PO-DEP', '2027-03-12')).toEqual([]);
    expect(await kindsOf('PO-DEP', '2027-03-13')).toEqual(['late_departure']);
    expect(await kindsOf('PO-ORIG', '2027-03-13')).toEqual(['late_departure']);
    expect(await kindsOf('PO-ARR', '2027-03-12')).toEqual([]);
    expect(await kindsOf('PO-ARR', '2027-03-13')).toEqual(['late_arrival']);
    expect(await kindsOf('PO-DEL', '2027-03-12')).toEqual([]);
    expect(await kindsOf('PO-DEL', '2027-03-13')).toEqual(['late_delivery']);

    await save(admin, { ATD: '2027-03-13', 'Origin ETD': '2027-03-20' }, 'EXC-DEP');
    await save(admin, { ATA: '2027-03-14' }, 'EXC-ARR');
    await save(admin, { 'Act Delivery': '2027-03-14' }, 'EXC-DEL');
    // (Departed, it is now in transit and owes its documents: other exceptions.)
    expect(await kindsOf('PO-DEP', '2027-03-15')).not.toContain('late_departure');
    expect(await kindsOf('PO-ARR', '2027-03-15')).toEqual([]);
    expect(await kindsOf('PO-DEL', '2027-03-15')).toEqual(['missing_documents']);
  });

  it('ETA slipped: N or more days past the first promise, N set by an Admin, until arrival', async () => {
    await save(admin, {
      'Forwarder Name': 'Blue Anchor',
      Shipment: 'EXC-SLIP',
      'Dest. ETA': '2027-05-01',
      'Order Ref': ['PO-SLIP'],
    });
    await save(admin, { 'Dest. ETA': '2027-05-03' }, 'EXC-SLIP');
    expect(await kindsOf('PO-SLIP', '2027-03-12')).toEqual([]);
    await save(admin, { 'Dest. ETA': '2027-05-04' }, 'EXC-SLIP');
    expect(await kindsOf('PO-SLIP', '2027-03-12')).toEqual(['eta_slipped']);

    const rules = (
      await t.app.inject({ url: '/api/Exceptions/settings', headers: bearer(employee) })
    ).json<ExceptionSettings>();
    expect(rules.etaSlipDays).toBe(3);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/Exceptions/settings',
      headers: bearer(employee),
      payload: { ...rules, etaSlipDays: 5 },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'Only an administrator can change the exception rules.',
    ]);
    const badDays = await t.app.inject({
      method: 'POST',
      url: '/api/Exceptions/settings',
      headers: bearer(admin),
      payload: { ...rules, etaSlipDays: 0 },
    });
    expect([badDays.statusCode, badDays.json().message]).toEqual([
      400,
      'The ETA slip threshold is at least 1 day. (etaSlipDays)',
    ]);
    const raised = await t.app.inject({
      method: 'POST',
      url: '/api/Exceptions/settings',
      headers: bearer(admin),
      payload: { ...rules, etaSlipDays: 4 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await kindsOf('PO-SLIP', '2027-03-12')).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/Exceptions/settings', headers: bearer(admin), payload: rules });
    expect(await kindsOf('PO-SLIP', '2027-03-12')).toEqual(['eta_slipped']);

    await save(admin, { ATA: '2027-03-12' }, 'EXC-SLIP');
    expect(await kindsOf('PO-SLIP', '2027-03-12')).toEqual([]);
  });

  it('missing documents: the checklist for the Mode, once its milestone has passed', async () => {
    await save(admin, {
      'Forwarder Name': 'Blue Anchor',
      Shipment: 'EXC-DOC',
      Mode: 'SEA',
      ATD: '2027-03-12',
      ATA: '2027-03-12',
      'Order Ref': ['PO-DOC'],
    });
    expect(await kindsOf('PO-DOC', '2027-03-12')).toEqual([]);
    expect(await kindsOf('PO-DOC', '2027-03-13')).toEqual(['missing_documents']);
    await uploadDocument(blue, 'EXC-DOC', 'Bill of Lading');
    await uploadDocument(blue, 'EXC-DOC', 'Commercial Invoice');
    expect(await kindsOf('PO-DOC', '2027-03-13')).toEqual(['missing_documents']);
    await uploadDocument(blue, 'EXC-DOC', 'Packing List');
    expect(await kindsOf('PO-DOC', '2027-03-13')).toEqual([]);

    // Proof of Delivery is due once Act Delivery has passed.
    await save(admin, { 'Act Delivery': '2027-03-14' }, 'EXC-DOC');
    expect(await kindsOf('PO-DOC', '2027-03-14')).toEqual([]);
    expect(await kindsOf('PO-DOC', '2027-03-15')).toEqual(['missing_documents']);

    // An Admin's checklist without it re-decides at once.
    const rules = (
      await t.app.inject({ url: '/api/Exceptions/settings', headers: bearer(admin) })
    ).json<ExceptionSettings>();
    const withoutProof = rules.checklist.filter((row) => row.documentType !== 'Proof of Delivery');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/Exceptions/settings',
      headers: bearer(admin),
      payload: { ...rules, checklist: withoutProof },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await kindsOf('PO-DOC', '2027-03-15')).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/Exceptions/settings', headers: bearer(admin), payload: rules });
    expect(await kindsOf('PO-DOC', '2027-03-15')).toEqual(['missing_documents']);
  });

  it('stale: in transit and not changed for 14 days, with no write in between', async () => {
    await save(admin, {
      'Forwarder Name': 'Blue Anchor',
      Shipment: 'EXC-STALE',
      ATD: '2020-01-01',
      'Order Ref': ['PO-STALE'],
    });
    const [row] = await t.db.select().from(shipments).where(eq(shipments.shipment, 'EXC-STALE'));
    const changedOn = dayOf(row?.updated_at ?? new Date());
    expect(await kindsOf('PO-STALE', addDays(changedOn, 13))).toEqual(['missing_documents']);
    expect(await kindsOf('PO-STALE', addDays(changedOn, 14))).toEqual(['missing_documents', 'stale']);
  });

  it('counts and lists what each user sees: a forwarder its own, never hidden line items', async () => {
    setToday('2027-03-13');
    await save(admin, {
      'Forwarder Name': 'Kestrel',
      Shipment: 'EXC-K',
      'Dest. ETA': '2027-03-01',
      'Order Ref': ['PO-K1', 'PO-K2'],
    });
    const hide = await t.app.inject({
      method: 'POST',
      url: '/api/LineItems?shipment=EXC-K&po=PO-K2',
      headers: bearer(admin),
      payload: { hide_lineitem: true },
    });
    expect(hide.statusCode, hide.body).toBe(200);

    const staff = await summary(employee);
    const kestrelOwn = await summary(kestrel);
    expect(kestrelOwn.counts.late_arrival).toBe(1);
    // HIS-IMP's Dest. ETA slipped 10 days: Kestrel's other line item with an exception.
    expect(kestrelOwn.counts.eta_slipped).toBe(1);
    expect(kestrelOwn.total).toBe(2);
    expect(await withExceptions(kestrel, 'late_arrival')).toEqual({ 'PO-K1': ['late_arrival'] });
    expect(await withExceptions(blue, 'late_arrival')).toEqual({});
    const staffLate = await withExceptions(employee, 'late_arrival');
    expect(Object.keys(staffLate).sort()).toEqual(['PO-K1', 'PO-K2']);
    expect(staff.counts.late_arrival).toBe(2);
    expect(staff.asOf).toBe('2027-03-13');
    const blueOwn = await summary(blue);
    expect(blueOwn.total).toBeGreaterThan(0);
    // Staff see both companies' and the hidden line item too.
    expect(staff.total).toBe(blueOwn.total + kestrelOwn.total + 1);

    // The filter combines with search and filters, any of several kinds.
    expect(await withExceptions(employee, 'late_arrival,late_departure', '&q=PO-K')).toEqual(staffLate);
    const filtered = await withExceptions(
      employee,
      'late_arrival',
      `&filters=${encodeURIComponent(JSON.stringify([{ column: 'title', operator: 'equals', value: 'PO-K2' }]))}`,
    );
    expect(Object.keys(filtered)).toEqual(['PO-K2']);
  });

  it('refuses an unknown kind with a message naming the known ones', async () => {
    const response = await t.app.inject({ url: '/api/LineItems?exception=late,stale', headers: bearer(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(
      'Unknown exception: late. Use late_departure, late_arrival, late_delivery, eta_slipped, missing_documents, stale, po_overdue, po_not_booked, po_cargo_ready_slipped, po_received_short, po_over_shipped, po_unknown_sku.',
    );
  });

  it('adds an Exceptions column to the export only when the export asks for exceptions', async () => {
    setToday('2027-03-13');
    const plain = await t.app.inject({ url: '/api/LineItems/export?q=PO-K1', headers: bearer(admin) });
    expect(plain.body.split('\n')[0]).not.toContain('Exceptions');
    const asked = await t.app.inject({
      url: '/api/LineItems/export?q=PO-K1&exception=late_arrival',
      headers: bearer(admin),
    });
    const [header, row] = asked.body.split('\r\n');
    expect(header?.endsWith(',"Exceptions"')).toBe(true);
    expect(row?.endsWith(',"Late arrival"')).toBe(true);
  });

  it("keeps the summary's counts equal to the line items each user sees, through edits, hides and deletes", async () => {
    setToday('2027-03-13');
    await save(admin, {
      'Forwarder Name': 'Kestrel',
      Shipment: 'EXC-SUM',
      ETD: '2027-03-02',
      'Dest. ETA': '2027-03-05',
      'Order Ref': ['PO-S1', 'PO-S2', 'PO-S3'],
    });
    // The shipment moves to another company, one line item is hidden, another deleted.
    await save(admin, { 'Forwarder Name': 'Blue Anchor', 'Dest. ETA': '2027-03-08' }, 'EXC-SUM');
    const hide = await t.app.inject({
      method: 'POST',
      url: '/api/LineItems?shipment=EXC-SUM&po=PO-S2',
      headers: bearer(admin),
      payload: { hide_lineitem: true },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const removal = await t.app.inject({
      method: 'POST',
      url: '/api/LineItems/delete',
      headers: bearer(admin),
      payload: { title: 'PO-S3', related_shipment: 'EXC-SUM' },
    });
    expect(removal.statusCode, removal.body).toBe(200);

    const counted = async (token: string, kind: string) => {
      const response = await t.app.inject({ url: `/api/LineItems/count?exception=${kind}`, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ total: number }>().total;
    };
    for (const day of ['2027-03-06', '2027-03-13', '2027-04-30']) {
      setToday(day);
      for (const token of [employee, blue, kestrel]) {
        const { counts } = await summary(token);
        for (const [kind, count] of Object.entries(counts))
          expect([day, kind, count]).toEqual([day, kind, await counted(token, kind)]);
      }
    }
  });

  it('says how many line items have any of several kinds: exactly in the page (the rows in memory), "more than 1,000" in the summary', async () => {
    setToday('2027-03-13');
    const late = async (name: string) => {
      const orderRefs = Array.from({ length: 300 }, (_, index) => `${name}-${String(index).padStart(3, '0')}`);
      // Both late departure and late arrival: each line item counted once for "any of the two".
      await save(admin, {
        'Forwarder Name': 'Blue Anchor',
        Shipment: name,
        ETD: '2027-03-02',
        'Dest. ETA': '2027-03-05',
        'Order Ref': orderRefs,
      });
    };
    const listed = async () => {
      const response = await t.app.inject({
        url: '/api/LineItems?exception=late_departure,late_arrival',
        headers: bearer(admin),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LineItemsResponse>();
    };
    const exactly = async () => {
      const response = await t.app.inject({
        url: '/api/LineItems/count?exception=late_departure,late_arrival',
        headers: bearer(admin),
      });
      return response.json<{ total: number }>().total;
    };

    await late('EXC-MANY-1');
    await late('EXC-MANY-2');
    // 1,200 and more by kind, but not a thousand line items.
    const some = await listed();
    expect(some.total).toBeGreaterThanOrEqual(600);
    expect(some.total).toBeLessThanOrEqual(1000);
    expect([some.total, some.totalExact]).toEqual([await exactly(), true]);

    await late('EXC-MANY-3');
    await late('EXC-MANY-4');
    const many = await listed();
    expect(many.total).toBeGreaterThanOrEqual(1200);
    expect([many.total, many.totalExact]).toEqual([await exactly(), true]);
    expect(many.lineItems).toHaveLength(50);
    const { total, totalExact } = await summary(admin);
    expect([total, totalExact]).toEqual([1001, false]);
  });
});
