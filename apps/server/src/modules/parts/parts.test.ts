import type { Part } from '@quayside/domain/parts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lineItemRows, parts } from '../../db/schema.ts';
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
  await insertShipment(t.db, { shipment: 'SHP-P', forwarder_name: 'Blue Anchor' }, [
    { title: 'PO-P', parts: [{ part_number: 'A-1', qty: 2 }] },
    { title: 'PO-SECRET', hide_lineitem: true },
  ]);
});
afterAll(() => t.close());

const KEY = { related_shipment: 'SHP-P', related_po_number: 'PO-P' };
const getParts = (token: string, query = '?po=PO-P&shipment=SHP-P') =>
  t.app.inject({ url: `/api/Parts/getParts${query}`, headers: bearer(token) });
const post = (token: string, path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/Parts${path}`, headers: bearer(token), payload });
const part = (part_number: string, qty: number | null): Part => ({ part_number, qty, ...KEY });
const storedParts = () => t.db.select().from(parts).orderBy(asc(parts.id));
const readModel = async () => {
  const [row] = await t.db.select().from(lineItemRows).where(eq(lineItemRows.title, 'PO-P'));
  return { part_numbers: row?.part_numbers, total_qty: row?.total_qty, number_of_parts: row?.number_of_parts };
};

describe('parts of a line item', () => {
  it('lists them in the order added', async () => {
    const response = await getParts(employee);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ parts: [part('A-1', 2)] });
  });

  it('adds one (trimmed, quantity at least 1) and the dashboard’s totals follow', async () => {
    const response = await post(blue, '', { ...KEY, part_number: '  B-2 ', qty: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ parts: [part('A-1', 2), part('B-2', 3)] });
    expect(await readModel()).toEqual({ part_numbers: 'A-1, B-2', total_qty: 5, number_of_parts: 2 });
    expect(await t.db.$count(auditLog, eq(auditLog.entity, 'parts'))).toBe(1);
  });

  it('saves the whole list at once, replacing what was stored (a quantity may be 0)', async () => {
    const response = await post(admin, '/save', {
      ...KEY,
      parts: [
        { part_number: 'B-2', qty: 0 },
        { part_number: 'C-3', qty: 7 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ parts: [part('B-2', 0), part('C-3', 7)] });
    expect(await readModel()).toEqual({ part_numbers: 'B-2, C-3', total_qty: 7, number_of_parts: 2 });
  });

  it('deletes one when the client’s list is current, and refuses when it is stale', async () => {
    const stale = await post(admin, '/delete', { ...KEY, part_number: 'C-3', prev_part_numbers: ['A-1', 'C-3'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'The parts of this line item changed since you loaded them. Refresh and try again.',
    });
    const response = await post(admin, '/delete', { ...KEY, part_number: 'C-3', prev_part_numbers: ['C-3', 'B-2'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Part deleted.', parts: [part('B-2', 0)] });
    const missing = await post(admin, '/delete', { ...KEY, part_number: 'NOPE' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Part not found' });
  });

  it.each([
    ['', { ...KEY, part_number: 'D', qty: 0 }, 'Quantity must be at least 1.'],
    ['', { ...KEY, part_number: 'D', qty: 1.5 }, 'Quantity must be a whole number.'],
    ['', { ...KEY, part_number: 'D', qty: 'abc' }, 'Quantity must be a whole number.'],
    ['', { ...KEY, part_number: '   ', qty: 1 }, 'Part number is required.'],
    ['', { ...KEY, part_number: 'B-2', qty: 1 }, 'Part B-2 is already on this line item.'],
    ['/save', { ...KEY, parts: [] }, 'No parts data to save. Please add parts first.'],
    ['/save', { ...KEY, parts: [{ part_number: 'X', qty: -1 }] }, 'Quantity must be at least 0.'],
    [
      '/save',
      {
        ...KEY,
        parts: [
          { part_number: 'X', qty: 1 },
          { part_number: ' X', qty: 2 },
        ],
      },
      'Each part number may appear only once.',
    ],
  ])('refuses POST /api/Parts%s %j with a message, changing nothing', async (path, payload, message) => {
    const before = await storedParts();
    const response = await post(admin, path, payload);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await storedParts()).toEqual(before);
  });

  it('keeps parts read-only for an Employee and invisible to other companies', async () => {
    const before = await storedParts();
    expect((await post(employee, '', { ...KEY, part_number: 'E', qty: 1 })).statusCode).toBe(403);
    expect((await post(employee, '/save', { ...KEY, parts: [{ part_number: 'E', qty: 1 }] })).statusCode).toBe(403);
    expect((await post(employee, '/delete', { ...KEY, part_number: 'B-2' })).statusCode).toBe(403);
    expect((await getParts(kestrel)).statusCode).toBe(404);
    expect((await post(kestrel, '', { ...KEY, part_number: 'E', qty: 1 })).statusCode).toBe(404);
    expect((await post(kestrel, '/delete', { ...KEY, part_number: 'B-2' })).statusCode).toBe(404);
    expect(await storedParts()).toEqual(before);
  });

  it('hides a hidden line item’s parts from its own forwarder', async () => {
    expect((await getParts(blue, '?po=PO-SECRET&shipment=SHP-P')).statusCode).toBe(404);
    expect((await getParts(admin, '?po=PO-SECRET&shipment=SHP-P')).json()).toEqual({ parts: [] });
  });

  it('needs po and shipment', async () => {
    expect((await getParts(admin, '?po=PO-P')).statusCode).toBe(400);
  });
});
