import type { Shipment } from '@quayside/domain/shipments';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lineItemRows, lineItems, shipments } from '../../db/schema.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue, kestrel } = await signInCast(t));
});
afterAll(() => t.close());

const get = (token: string, query = '') => t.app.inject({ url: `/api/Shipments${query}`, headers: bearer(token) });
const post = (token: string, payload: unknown, id?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Shipments${id === undefined ? '' : `?id=${encodeURIComponent(id)}`}`,
    headers: bearer(token),
    payload: payload as object,
  });
const shipmentsIn = (response: { json: <T>() => T }) => response.json<{ shipments: Shipment[] }>().shipments;
const numbersIn = (response: { json: <T>() => T }) => shipmentsIn(response).map((shipment) => shipment.Shipment);
/** Everything a shipment write may touch, to prove a refused write changed nothing. */
const stored = async () => ({
  shipments: await t.db.select().from(shipments).orderBy(asc(shipments.id)),
  lineItems: await t.db.select().from(lineItems).orderBy(asc(lineItems.id)),
  rows: await t.db.select().from(lineItemRows).orderBy(asc(lineItemRows.line_item_id)),
  audit: await t.db.select().from(auditLog).orderBy(asc(auditLog.id)),
});
const auditOf = (shipmentNumber: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'shipment'), eq(auditLog.entity_id, shipmentNumber)))
    .orderBy(asc(auditLog.id));
const lineItemsOf = async (shipmentNumber: string) => {
  const [shipment] = await t.db.select().from(shipments).where(eq(shipments.shipment, shipmentNumber));
  if (!shipment) return [];
  return t.db
    .select({ title: lineItems.title, po_review_required: lineItems.po_review_required })
    .from(lineItems)
    .where(eq(lineItems.shipment_id, shipment.id))
    .orderBy(asc(lineItems.id));
};

/** A shipment with every field empty, as the API answers it. */
const EMPTY = {
  'Forwarder Name': '',
  'Consignee Name': '',
  'Consignor Name': '',
  Origin: '',
  'Dest.': '',
  House: '',
  Master: '',
  'Job Notes': '',
  'Container #': '',
  Vessel: '',
  'Arrival Vessel': '',
  PACKTYPE: '',
  Cntr: '',
  Mode: '',
  Trans: '',
  WTUQ: '',
  VOLUQ: '',
  'UQ - Outer': '',
  'UQ-Charge': '',
  Weight: null,
  Volume: null,
  Outer: null,
  Charge: null,
  'OBL Received Date': null,
  ETD: null,
  'Origin ETD': null,
  ATD: null,
  ETA: null,
  'Dest. ETA': null,
  ATA: null,
  'Est Delivery': null,
  'Act Delivery': null,
  'Order Ref': [],
} satisfies Omit<Shipment, 'Shipment'>;

const FULL_INPUT = {
  Shipment: ' SHP-9001 ',
  'Forwarder Name': 'Blue Anchor',
  'Order Ref': 'PO-1, PO 2 ,,PO-3,PO-1,',
  'Consignee Name': 'NAPCO Dominicana',
  'Consignor Name': 'Ningbo Works',
  Origin: 'CNNBO',
  'Dest.': 'DOHAI',
  House: 'HBL-1',
  Master: 'MSKU1',
  'Job Notes': '  Fragile  ',
  Mode: 'FCL',
  'Container #': 'MSKU1234565',
  Vessel: 'Maersk Ohio',
  'Arrival Vessel': 'Feeder 3',
  Weight: '1200.50',
  WTUQ: 'KG',
  Volume: 12.25,
  VOLUQ: 'M3',
  Outer: 40,
  PACKTYPE: 'Carton',
  'UQ-Outer': 'CTN',
  'OBL Received Date': '2026-01-20',
  ETD: '2026-01-25T08:00:00Z',
  'Origin ETD': '2026-01-25T10:00:00+02:00',
  ATD: '2026-01-26T10:30:00.000Z',
  ETA: '2026-03-01',
  'Dest. ETA': '2026-03-02',
  ATA: null,
  'Est Delivery': '',
  'Act Delivery': null,
  Charge: 0,
  'UQ-Charge': 'M3',
  Trans: 'SEA',
  Cntr: '1',
  'Not a field': 'ignored',
};

const FULL: Shipment = {
  Shipment: 'SHP-9001',
  'Forwarder Name': 'Blue Anchor',
  'Consignee Name': 'NAPCO Dominicana',
  'Consignor Name': 'Ningbo Works',
  Origin: 'CNNBO',
  'Dest.': 'DOHAI',
  House: 'HBL-1',
  Master: 'MSKU1',
  'Job Notes': 'Fragile',
  Mode: 'FCL',
  'Container #': 'MSKU1234565',
  Vessel: 'Maersk Ohio',
  'Arrival Vessel': 'Feeder 3',
  Weight: 1200.5,
  WTUQ: 'KG',
  Volume: 12.25,
  VOLUQ: 'M3',
  Outer: 40,
  PACKTYPE: 'Carton',
  'UQ - Outer': 'CTN',
  'OBL Received Date': '2026-01-20T00:00:00.000Z',
  ETD: '2026-01-25T08:00:00.000Z',
  'Origin ETD': '2026-01-25T08:00:00.000Z',
  ATD: '2026-01-26T10:30:00.000Z',
  ETA: '2026-03-01T00:00:00.000Z',
  'Dest. ETA': '2026-03-02T00:00:00.000Z',
  ATA: null,
  'Est Delivery': null,
  'Act Delivery': null,
  Charge: 0,
  'UQ-Charge': 'M3',
  Trans: 'SEA',
  Cntr: '1',
  'Order Ref': ['PO-1', 'PO2', 'PO-3'],
};

describe('creating and reading shipments', () => {
  it('creates a shipment keyed by the spec’s labels and reads it back the same way', async () => {
    const response = await post(admin, [FULL_INPUT]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ shipments: [FULL] });
    expect((await get(employee, '?shipment=SHP-9001')).json()).toEqual({ shipments: [FULL] });
    expect((await get(blue, '?shipment=SHP-9001')).json()).toEqual({ shipments: [FULL] });
    expect(shipmentsIn(await get(admin, '?pageSize=500')).find((s) => s.Shipment === 'SHP-9001')).toEqual(FULL);
  });

  it('turns each cleaned Order Ref PO number into a line item, with its character count for review', async () => {
    expect(await lineItemsOf('SHP-9001')).toEqual([
      { title: 'PO-1', po_review_required: 4 },
      { title: 'PO2', po_review_required: 3 },
      { title: 'PO-3', po_review_required: 4 },
    ]);
  });

  it('accepts Order Ref as a list, cleaned the same way', async () => {
    const response = await post(admin, [
      { Shipment: 'SHP-LIST', 'Order Ref': [' A 1 ', '', 'B-2,', 'A1', 'LONG-PO-NUMBER-1'] },
    ]);
    expect(response.json()).toEqual({
      shipments: [{ Shipment: 'SHP-LIST', ...EMPTY, 'Order Ref': ['A1', 'B-2', 'LONG-PO-NUMBER-1'] }],
    });
    expect(await lineItemsOf('SHP-LIST')).toEqual([
      { title: 'A1', po_review_required: 2 },
      { title: 'B-2', po_review_required: 3 },
      { title: 'LONG-PO-NUMBER-1', po_review_required: 16 },
    ]);
  });

  it('writes an audit entry holding the created shipment', async () => {
    const audit = await auditOf('SHP-9001');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor_email: 'admin@napco.example', before: null, after: FULL });
  });

  it('answers an empty list for a shipment that does not exist', async () => {
    expect((await get(admin, '?shipment=NOPE')).json()).toEqual({ shipments: [] });
    expect((await get(admin, '?shipment=shp-9001')).json()).toEqual({ shipments: [] });
  });

  it('refuses a second shipment with the same number, storing nothing', async () => {
    const before = await stored();
    const response = await post(admin, [{ Shipment: 'SHP-9001', 'Order Ref': 'NEW-PO' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A shipment with this number already exists.' });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['no number', {}, 'Shipment is required.'],
    ['a blank number', { Shipment: '   ' }, 'Shipment is required. (0.Shipment)'],
    [
      'an impossible date',
      { Shipment: 'X-1', ETA: '2026-02-30' },
      'ETA must be a date (YYYY-MM-DD or an ISO timestamp) between the years 1900 and 2199. (0.ETA)',
    ],
    [
      'a date in words',
      { Shipment: 'X-1', ATD: 'next week' },
      'ATD must be a date (YYYY-MM-DD or an ISO timestamp) between the years 1900 and 2199. (0.ATD)',
    ],
    [
      'a date before 1900',
      { Shipment: 'X-1', ETD: '1850-01-01' },
      'ETD must be a date (YYYY-MM-DD or an ISO timestamp) between the years 1900 and 2199. (0.ETD)',
    ],
    [
      'a negative weight',
      { Shipment: 'X-1', Weight: '-1' },
      'Weight must be a number from 0 to 1000000000000. (0.Weight)',
    ],
    [
      'a volume in words',
      { Shipment: 'X-1', Volume: 'heavy' },
      'Volume must be a number from 0 to 1000000000000. (0.Volume)',
    ],
    [
      'a charge over the limit',
      { Shipment: 'X-1', Charge: 1e13 },
      'Charge must be a number from 0 to 1000000000000. (0.Charge)',
    ],
    [
      'an unknown Trans',
      { Shipment: 'X-1', Trans: 'BOAT' },
      'Trans must be one of SEA, AIR, COU, ROA, BCN, LCL, LSE, RAI, FSA, UPS, or empty. (0.Trans)',
    ],
    [
      'an unknown UQ-Charge',
      { Shipment: 'X-1', 'UQ-Charge': 'LB' },
      'UQ-Charge must be one of M3, KG, or empty. (0.UQ-Charge)',
    ],
    ['a NUL character', { Shipment: 'X-1', House: 'a\u0000b' }, 'Text must not contain NUL characters. (0.House)'],
    [
      'a text over 500 characters',
      { Shipment: 'X-1', 'Job Notes': 'x'.repeat(501) },
      'Job Notes must be at most 500 characters. (0.Job Notes)',
    ],
    [
      'a PO number over 200 characters',
      { Shipment: 'X-1', 'Order Ref': ['P'.repeat(201)] },
      'Each Order Ref PO number must be at most 200 characters. (0.Order Ref.0)',
    ],
  ])('refuses %s with a message, storing nothing', async (_case, shipment, message) => {
    const before = await stored();
    const response = await post(admin, [shipment]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await stored()).toEqual(before);
  });

  it('needs exactly one shipment, in an array', async () => {
    expect((await post(admin, [])).json()).toEqual({ message: 'Send exactly one shipment, as an array of one.' });
    expect((await post(admin, [{ Shipment: 'A-1' }, { Shipment: 'A-2' }])).statusCode).toBe(400);
    expect((await post(admin, { Shipment: 'A-1' })).statusCode).toBe(400);
    expect(await t.db.select().from(shipments).where(eq(shipments.shipment, 'A-1'))).toEqual([]);
  });
});

describe("a shipment's identifiers", () => {
  it('keeps container numbers checked (ISO 6346) and plain, and refuses a wrong one naming its check digit', async () => {
    const saved = await post(admin, [{ Shipment: 'SHP-BOX', 'Container #': 'csqu 305438 3; TCNU7200794' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().shipments[0]['Container #']).toBe('CSQU3054383, TCNU7200794');
    const wrong = await post(admin, [{ 'Container #': 'CSQU3054384' }], 'SHP-BOX');
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      400,
      'Container #: CSQU3054384: the check digit does not match; it would be 3 (CSQU3054383).',
    ]);
    for (const malformed of ['CSQU305438', 'CSQU3054Z83', 'CSQU3054383X'])
      expect((await post(admin, [{ Shipment: `SHP-BAD-${malformed}`, 'Container #': malformed }])).statusCode).toBe(
        400,
      );
    expect((await get(admin, '?shipment=SHP-BOX')).json().shipments[0]['Container #']).toBe('CSQU3054383, TCNU7200794');
    expect((await get(admin, '?shipment=SHP-BAD-CSQU305438')).json().shipments).toEqual([]);
  });

  it("checks an air shipment's Master as an air waybill (IATA mod 7), also when only the Mode changes", async () => {
    const air = await post(admin, [{ Shipment: 'SHP-AWB', Mode: 'AIR', Master: '020 81140743' }]);
    expect(air.statusCode, air.body).toBe(200);
    expect(air.json().shipments[0].Master).toBe('020-81140743');
    const wrong = await post(admin, [{ Master: '020-81140744' }], 'SHP-AWB');
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      400,
      'Master: 020-81140744: the check digit does not match; it would be 3 (020-81140743).',
    ]);
    // A sea shipment's Master is a bill of lading: taken as written, until the shipment becomes an air one.
    expect((await post(admin, [{ Shipment: 'SHP-MBL', Mode: 'SEA', Master: 'MEDU1234567' }])).statusCode).toBe(200);
    const toAir = await post(admin, [{ Mode: 'AIR' }], 'SHP-MBL');
    expect([toAir.statusCode, toAir.json().message]).toEqual([
      400,
      'Master: MEDU1234567 is not an air waybill: 3 digits and 8 digits, as 020-81140743.',
    ]);
  });
});

describe('listing shipments', () => {
  it('answers a page of the visible shipments, ordered by number, ignoring unknown parameters', async () => {
    const token = await t.signedInAs({ email: 'ops@harbor.example', role: 'Forwarder', company_name: 'Harbor Lines' });
    for (const number of ['HL-3', 'HL-1', 'HL-2']) {
      await insertShipment(t.db, { shipment: number, forwarder_name: ' harbor lines ' });
    }
    expect(numbersIn(await get(token, '?sort=whatever'))).toEqual(['HL-1', 'HL-2', 'HL-3']);
    expect(numbersIn(await get(token, '?page=2&pageSize=25'))).toEqual([]);
    const adminPage = numbersIn(await get(admin, '?pageSize=25'));
    expect(adminPage.length).toBeGreaterThan(3);
    expect(adminPage.length).toBeLessThanOrEqual(25);
  });

  it('never answers an unbounded list', async () => {
    for (const query of ['?pageSize=10000', '?pageSize=7', '?page=0', '?page=x']) {
      const response = await get(admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/page/);
    }
  });

  it('refuses NUL in a query with a message, not a failure', async () => {
    for (const query of ['?shipment=a%00b', '?shipmentMatch=abcd%00', '?id=a%00']) {
      const response = query.startsWith('?id') ? await post(admin, [{}], 'a\u0000') : await get(admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('Text must not contain NUL characters.');
    }
  });
});

describe('updating shipments', () => {
  it('replaces the fields sent, keeps the others, keeps line items and appends new PO numbers', async () => {
    const created = await post(admin, [
      { Shipment: 'SHP-UPD', 'Order Ref': ['A-1', 'A-2'], 'Dest. ETA': '2026-05-01', House: 'H-1', Weight: 5 },
    ]);
    expect(created.statusCode).toBe(200);
    const response = await post(
      admin,
      [
        {
          Shipment: 'SHP-UPD',
          'Order Ref': 'A-2, A 3,',
          'Dest. ETA': '2026-06-15T12:00:00Z',
          Master: 'M-9',
          Weight: '',
        },
      ],
      'SHP-UPD',
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = {
      Shipment: 'SHP-UPD',
      ...EMPTY,
      House: 'H-1',
      Master: 'M-9',
      'Dest. ETA': '2026-06-15T12:00:00.000Z',
      'Order Ref': ['A-1', 'A-2', 'A3'],
    };
    expect(response.json()).toEqual({ shipments: [updated] });
    expect((await get(admin, '?shipment=SHP-UPD')).json()).toEqual({ shipments: [updated] });
    expect((await lineItemsOf('SHP-UPD')).map((item) => item.title)).toEqual(['A-1', 'A-2', 'A3']);

    const [, audit] = await auditOf('SHP-UPD');
    expect(audit).toMatchObject({
      action: 'update',
      actor_email: 'admin@napco.example',
      before: {
        ...EMPTY,
        Shipment: 'SHP-UPD',
        House: 'H-1',
        Weight: 5,
        'Dest. ETA': '2026-05-01T00:00:00.000Z',
        'Order Ref': ['A-1', 'A-2'],
      },
      after: updated,
    });
  });

  it('shows a changed Dest. ETA on every line item of the shipment in the dashboard’s read model', async () => {
    const rows = await t.db
      .select({ title: lineItemRows.title, dest_eta: lineItemRows.dest_eta, house: lineItemRows.house })
      .from(lineItemRows)
      .where(eq(lineItemRows.related_shipment, 'SHP-UPD'))
      .orderBy(asc(lineItemRows.line_item_id));
    expect(rows).toEqual([
      { title: 'A-1', dest_eta: '2026-06-15', house: 'H-1' },
      { title: 'A-2', dest_eta: '2026-06-15', house: 'H-1' },
      { title: 'A3', dest_eta: '2026-06-15', house: 'H-1' },
    ]);
    await post(admin, [{ 'Dest. ETA': null }], 'SHP-UPD');
    const cleared = await t.db
      .select({ dest_eta: lineItemRows.dest_eta })
      .from(lineItemRows)
      .where(eq(lineItemRows.related_shipment, 'SHP-UPD'));
    expect(cleared).toEqual([{ dest_eta: null }, { dest_eta: null }, { dest_eta: null }]);
  });

  it('never changes the shipment number', async () => {
    const before = await stored();
    const response = await post(admin, [{ Shipment: 'SHP-OTHER', House: 'changed' }], 'SHP-UPD');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The shipment ID cannot be modified after creation' });
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for a shipment that does not exist', async () => {
    const response = await post(admin, [{ House: 'x' }], 'NOPE');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Shipment not found' });
  });
});

describe('who may do what', () => {
  it('lets an Employee read but never write', async () => {
    const before = await stored();
    const create = await post(employee, [{ Shipment: 'SHP-EMP', 'Order Ref': 'E-1' }]);
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ message: 'Your role has read-only access.' });
    const update = await post(employee, [{ Shipment: 'SHP-OTHER', House: 'x' }], 'SHP-9001');
    expect(update.statusCode).toBe(403);
    expect(update.json()).toEqual({ message: 'Your role has read-only access.' });
    expect(await stored()).toEqual(before);
    expect(numbersIn(await get(employee, '?pageSize=500'))).toContain('SHP-9001');
  });

  it('fixes a forwarder’s Forwarder Name to its company on create and update', async () => {
    const created = await post(blue, [{ Shipment: 'SHP-BLUE', 'Forwarder Name': 'Kestrel', 'Order Ref': 'B-1' }]);
    expect(created.json()).toEqual({
      shipments: [{ Shipment: 'SHP-BLUE', ...EMPTY, 'Forwarder Name': 'Blue Anchor', 'Order Ref': ['B-1'] }],
    });
    const updated = await post(blue, [{ 'Forwarder Name': 'Someone Else', Vessel: 'Ever Given' }], 'SHP-BLUE');
    expect(updated.json()).toEqual({
      shipments: [
        { Shipment: 'SHP-BLUE', ...EMPTY, 'Forwarder Name': 'Blue Anchor', Vessel: 'Ever Given', 'Order Ref': ['B-1'] },
      ],
    });
    const [audit] = await auditOf('SHP-BLUE');
    expect(audit).toMatchObject({ action: 'create', actor_email: 'ops@blue.example' });
  });

  it('hides other companies’ shipments from a forwarder: absent from lists and suggestions, 404 on update', async () => {
    await insertShipment(t.db, { shipment: 'SHP-KESTREL-1', forwarder_name: 'Kestrel', house: 'K' }, [
      { title: 'K-1' },
    ]);
    expect((await get(blue, '?shipment=SHP-KESTREL-1')).json()).toEqual({ shipments: [] });
    const bluePage = numbersIn(await get(blue, '?pageSize=500'));
    expect(bluePage).toEqual(['SHP-9001', 'SHP-BLUE']);
    expect((await get(blue, '?shipmentMatch=kestrel')).json()).toEqual({ shipments: [] });
    expect((await get(kestrel, '?shipmentMatch=kestrel')).json()).toEqual({ shipments: ['SHP-KESTREL-1'] });

    const before = await stored();
    const update = await post(blue, [{ House: 'stolen', 'Order Ref': 'STOLEN' }], 'SHP-KESTREL-1');
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ message: 'Shipment not found' });
    expect(await stored()).toEqual(before);
  });

  it('answers the same 409 to a forwarder whose number another company already uses, revealing nothing else', async () => {
    const before = await stored();
    const response = await post(blue, [{ Shipment: 'SHP-KESTREL-1' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A shipment with this number already exists.' });
    expect(await stored()).toEqual(before);
  });

  it('refuses to create for a forwarder without a company', async () => {
    const token = await t.signedInAs({ email: 'ops@nowhere.example', role: 'Forwarder', company_name: '  ' });
    const before = await stored();
    const response = await post(token, [{ Shipment: 'SHP-NOWHERE' }]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Your account has no company. Ask an administrator to set it before creating shipments.',
    });
    expect(await stored()).toEqual(before);
    expect((await get(token, '?pageSize=500')).json()).toEqual({ shipments: [] });
  });

  it('leaves hidden line items out of Order Ref for a forwarder, and keeps them on update', async () => {
    await insertShipment(t.db, { shipment: 'SHP-HID', forwarder_name: 'Kestrel' }, [
      { title: 'SEEN' },
      { title: 'UNSEEN', hide_lineitem: true },
    ]);
    expect(shipmentsIn(await get(kestrel, '?shipment=SHP-HID'))[0]?.['Order Ref']).toEqual(['SEEN']);
    expect(shipmentsIn(await get(admin, '?shipment=SHP-HID'))[0]?.['Order Ref']).toEqual(['SEEN', 'UNSEEN']);
    const updated = await post(kestrel, [{ 'Order Ref': 'UNSEEN,NEW' }], 'SHP-HID');
    expect(shipmentsIn(updated)[0]?.['Order Ref']).toEqual(['SEEN', 'NEW']);
    expect((await lineItemsOf('SHP-HID')).map((item) => item.title)).toEqual(['SEEN', 'UNSEEN', 'NEW']);
    const [audit] = await auditOf('SHP-HID');
    expect(audit?.after).toMatchObject({ 'Order Ref': ['SEEN', 'UNSEEN', 'NEW'] });
  });
});

describe('shipment suggestions', () => {
  beforeAll(async () => {
    for (let index = 0; index < 25; index += 1) {
      await insertShipment(t.db, { shipment: `ZZMATCH-${String(index).padStart(2, '0')}`, forwarder_name: 'NAPCO' });
    }
    await insertShipment(t.db, { shipment: 'QQ%_LIT-1', forwarder_name: 'Blue Anchor' });
    await insertShipment(t.db, { shipment: 'QQAB-2', forwarder_name: 'Blue Anchor' });
    await insertShipment(t.db, { shipment: 'QQ\\X-3', forwarder_name: 'Kestrel' });
  });

  it('match case-insensitively, in number order, at most 20', async () => {
    const expected = Array.from({ length: 20 }, (_, index) => `ZZMATCH-${String(index).padStart(2, '0')}`);
    expect((await get(admin, '?shipmentMatch=zZmAtCh')).json()).toEqual({ shipments: expected });
    expect((await get(admin, '?shipmentMatch=match-2')).json()).toEqual({
      shipments: ['ZZMATCH-20', 'ZZMATCH-21', 'ZZMATCH-22', 'ZZMATCH-23', 'ZZMATCH-24'],
    });
  });

  it('treat %, _ and backslash literally', async () => {
    expect((await get(admin, `?shipmentMatch=${encodeURIComponent('QQ%_')}`)).json()).toEqual({
      shipments: ['QQ%_LIT-1'],
    });
    expect((await get(admin, `?shipmentMatch=${encodeURIComponent('Q%_L')}`)).json()).toEqual({
      shipments: ['QQ%_LIT-1'],
    });
    expect((await get(admin, `?shipmentMatch=${encodeURIComponent('QQ\\X')}`)).json()).toEqual({
      shipments: ['QQ\\X-3'],
    });
    expect((await get(admin, `?shipmentMatch=${encodeURIComponent('ZZ%_')}`)).json()).toEqual({ shipments: [] });
  });

  it('leave out other companies’ shipments for a forwarder', async () => {
    expect((await get(blue, '?shipmentMatch=qq%5Cx')).json()).toEqual({ shipments: [] });
    expect((await get(kestrel, '?shipmentMatch=qq%5Cx')).json()).toEqual({ shipments: ['QQ\\X-3'] });
    expect((await get(blue, '?shipmentMatch=zzmatch')).json()).toEqual({ shipments: [] });
    expect((await get(blue, '?shipmentMatch=%20qqab%20')).json()).toEqual({ shipments: ['QQAB-2'] });
  });

  it('need at least 4 characters', async () => {
    for (const text of ['zzm', '%20zz%20%20']) {
      const response = await get(admin, `?shipmentMatch=${text}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Type at least 4 characters to search shipments. (shipmentMatch)' });
    }
  });
});
