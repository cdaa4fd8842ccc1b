import { cleanOrderRefs, type Shipment } from '@quayside/domain/shipments';
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

const get = (token: string, query: string) => t.app.inject({ url: `/api/Shipments${query}`, headers: bearer(token) });
const post = (token: string, payload: unknown, id?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Shipments${id ? `?id=${encodeURIComponent(id)}` : ''}`,
    headers: bearer(token),
    payload: payload as object,
  });
const shipmentsIn = (response: { json: <T>() => T }) => response.json<{ shipments: Shipment[] }>().shipments;
const stored = async () => ({
  shipments: await t.db.select().from(shipments).orderBy(asc(shipments.id)),
  lineItems: await t.db.select().from(lineItems).orderBy(asc(lineItems.id)),
});

const FULL: Record<string, unknown> = {
  Shipment: 'SHP-9001',
  'Forwarder Name': 'Blue Anchor',
  'Order Ref': 'PO-1, PO 2 ,,PO-3,',
  'Consignee Name': 'NAPCO Dominicana',
  'Consignor Name': 'Ningbo Works',
  Origin: 'CNNBO',
  'Dest.': 'DOHAI',
  House: 'HBL-1',
  Master: 'MSKU1',
  'Job Notes': 'Fragile',
  Mode: 'FCL',
  'Container #': 'MSKU1234567',
  Vessel: 'Maersk Ohio',
  'Arrival Vessel': 'Feeder 3',
  Weight: '1200.5',
  WTUQ: 'KG',
  Volume: 12.25,
  VOLUQ: 'M3',
  Outer: 40,
  PACKTYPE: 'Carton',
  'UQ-Outer': 'CTN',
  'OBL Received Date': '2026-01-20',
  ETD: '2026-01-25T08:00:00Z',
  'Origin ETD': '2026-01-25',
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
};

describe('creating and reading shipments', () => {
  it('creates a shipment keyed by the spec’s labels, with a line item per cleaned PO number', async () => {
    const response = await post(admin, [FULL]);
    expect(response.statusCode, response.body).toBe(200);
    const [created] = shipmentsIn(response);
    expect(created).toEqual({
      Shipment: 'SHP-9001',
      'Forwarder Name': 'Blue Anchor',
      'Order Ref': ['PO-1', 'PO2', 'PO-3'],
      'Consignee Name': 'NAPCO Dominicana',
      'Consignor Name': 'Ningbo Works',
      Origin: 'CNNBO',
      'Dest.': 'DOHAI',
      House: 'HBL-1',
      Master: 'MSKU1',
      'Job Notes': 'Fragile',
      Mode: 'FCL',
      'Container #': 'MSKU1234567',
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
      'Origin ETD': '2026-01-25T00:00:00.000Z',
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
    });
    expect(shipmentsIn(await get(employee, '?shipment=SHP-9001'))).toEqual([created]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'shipment'), eq(auditLog.entity_id, 'SHP-9001')));
    expect(audit).toMatchObject({ action: 'create', actor_email: 'admin@napco.example' });
  });

  it('answers an empty list for a shipment that does not exist', async () => {
    expect(shipmentsIn(await get(admin, '?shipment=NOPE'))).toEqual([]);
  });

  it('lists shipments a page at a time', async () => {
    const response = await get(admin, '?pageSize=25');
    expect(response.statusCode).toBe(200);
    expect(shipmentsIn(response).map((shipment) => shipment.Shipment)).toContain('SHP-9001');
  });

  it('refuses a second shipment with the same number', async () => {
    const response = await post(admin, [{ Shipment: 'SHP-9001' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A shipment with this number already exists.' });
  });

  it.each([
    [{ Shipment: '' }, 'Shipment is required.'],
    [{ Shipment: 'X-1', ETA: '2026-02-30' }, 'ETA must be a date'],
    [{ Shipment: 'X-1', ETA: 'next week' }, 'ETA must be a date'],
    [{ Shipment: 'X-1', Weight: '-1' }, 'Weight must be a number of at least 0.'],
    [{ Shipment: 'X-1', Weight: 'heavy' }, 'Weight must be a number of at least 0.'],
    [{ Shipment: 'X-1', Trans: 'BOAT' }, 'Trans must be one of SEA, AIR'],
    [{ Shipment: 'X-1', House: 'a\u0000b' }, 'Text must not contain NUL characters.'],
  ])('refuses %j with a message, storing nothing', async (shipment, message) => {
    const before = await stored();
    const response = await post(admin, [shipment]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('needs exactly one shipment in an array', async () => {
    expect((await post(admin, [])).statusCode).toBe(400);
    expect((await post(admin, { Shipment: 'X' })).statusCode).toBe(400);
  });
});

describe('updating shipments', () => {
  it('keeps existing line items, appends new PO numbers and shows changed dates on every line item', async () => {
    await post(admin, [{ Shipment: 'SHP-UPD', 'Order Ref': ['A-1', 'A-2'], 'Dest. ETA': '2026-05-01' }]);
    const response = await post(
      admin,
      [{ 'Order Ref': 'A-2,A-3', 'Dest. ETA': '2026-06-15', House: 'H-9' }],
      'SHP-UPD',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(shipmentsIn(response)[0]).toMatchObject({
      'Order Ref': ['A-1', 'A-2', 'A-3'],
      'Dest. ETA': '2026-06-15T00:00:00.000Z',
      House: 'H-9',
    });
    const rows = await t.db.select().from(lineItemRows).where(eq(lineItemRows.related_shipment, 'SHP-UPD'));
    expect(rows.map((row) => row.dest_eta)).toEqual(['2026-06-15', '2026-06-15', '2026-06-15']);
  });

  it('never changes the shipment number', async () => {
    const response = await post(admin, [{ Shipment: 'SHP-OTHER' }], 'SHP-UPD');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The shipment ID cannot be modified after creation' });
  });

  it('answers 404 for a shipment that does not exist', async () => {
    expect((await post(admin, [{ House: 'x' }], 'NOPE')).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets an Employee read but not write', async () => {
    const before = await stored();
    const create = await post(employee, [{ Shipment: 'SHP-EMP' }]);
    expect(create.statusCode).toBe(403);
    expect((await post(employee, [{ House: 'x' }], 'SHP-9001')).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('fixes a forwarder’s Forwarder Name to its company on create and update', async () => {
    const created = await post(blue, [{ Shipment: 'SHP-BLUE', 'Forwarder Name': 'Kestrel', 'Order Ref': 'B-1' }]);
    expect(shipmentsIn(created)[0]?.['Forwarder Name']).toBe('Blue Anchor');
    const updated = await post(blue, [{ 'Forwarder Name': 'Someone Else' }], 'SHP-BLUE');
    expect(shipmentsIn(updated)[0]?.['Forwarder Name']).toBe('Blue Anchor');
  });

  it('hides other companies’ shipments from a forwarder: absent from lists and suggestions, 404 on update', async () => {
    await insertShipment(t.db, { shipment: 'SHP-KESTREL-1', forwarder_name: 'Kestrel' });
    expect(shipmentsIn(await get(blue, '?shipment=SHP-KESTREL-1'))).toEqual([]);
    const page = shipmentsIn(await get(blue, '')).map((shipment) => shipment.Shipment);
    expect(page).toContain('SHP-BLUE');
    expect(page).not.toContain('SHP-KESTREL-1');
    expect((await get(blue, '?shipmentMatch=kestrel')).json()).toEqual({ shipments: [] });
    expect((await get(kestrel, '?shipmentMatch=kestrel')).json()).toEqual({ shipments: ['SHP-KESTREL-1'] });
    const before = await stored();
    expect((await post(blue, [{ House: 'stolen' }], 'SHP-KESTREL-1')).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('leaves hidden line items out of Order Ref for a forwarder', async () => {
    await insertShipment(t.db, { shipment: 'SHP-HID', forwarder_name: 'Kestrel' }, [
      { title: 'SEEN' },
      { title: 'UNSEEN', hide_lineitem: true },
    ]);
    expect(shipmentsIn(await get(kestrel, '?shipment=SHP-HID'))[0]?.['Order Ref']).toEqual(['SEEN']);
    expect(shipmentsIn(await get(admin, '?shipment=SHP-HID'))[0]?.['Order Ref']).toEqual(['SEEN', 'UNSEEN']);
  });
});

describe('shipment suggestions', () => {
  it('match case-insensitively from 4 characters, treating % and _ literally, capped at 20', async () => {
    for (let index = 0; index < 25; index += 1) {
      await insertShipment(t.db, { shipment: `ZZMATCH-${String(index).padStart(2, '0')}`, forwarder_name: 'NAPCO' });
    }
    const found = (await get(admin, '?shipmentMatch=zzmatch')).json<{ shipments: string[] }>().shipments;
    expect(found).toHaveLength(20);
    expect(found[0]).toBe('ZZMATCH-00');
    expect((await get(admin, '?shipmentMatch=ZZ%25_')).json()).toEqual({ shipments: [] });
    const short = await get(admin, '?shipmentMatch=zzm');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Type at least 4 characters to search shipments. (shipmentMatch)' });
  });
});

describe('Order Ref cleaning', () => {
  it('removes whitespace inside entries, drops empties and the trailing comma, keeps one of each', () => {
    expect(cleanOrderRefs(' PO 1 ,PO-2,, PO-1 ,')).toEqual(['PO1', 'PO-2', 'PO-1']);
    expect(cleanOrderRefs(['A 1', '', 'B,C'])).toEqual(['A1', 'B', 'C']);
  });
});
