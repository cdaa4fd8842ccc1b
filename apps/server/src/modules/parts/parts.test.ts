import { NUL_MESSAGE } from '@quayside/domain/fields';
import { NO_PARTS_TO_SAVE, PARTS_CHANGED, type Part } from '@quayside/domain/parts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lineItemRows, lineItems, parts } from '../../db/schema.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { LINE_ITEM_NOT_FOUND } from '../line-items/line-item-access.ts';
import { READ_ONLY_MESSAGE, SHIPMENT_NOT_FOUND } from '../shipments/shipment-access.ts';

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;

const BLUE = 'SHP-BLUE';
const KESTREL = 'SHP-KES';

// Each test works on its own line item, so tests do not depend on each other's writes.
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue, kestrel } = await signInCast(t));
  await insertShipment(t.db, { shipment: BLUE, forwarder_name: 'Blue Anchor' }, [
    {
      title: 'PO-READ',
      parts: [
        { part_number: 'A-1', qty: 2 },
        { part_number: 'B-2', qty: null },
        { part_number: 'C-3', qty: 5 },
      ],
    },
    { title: 'PO-EMPTY' },
    { title: 'PO-ADD', parts: [{ part_number: 'A-1', qty: 1 }] },
    { title: 'PO-QTY', parts: [{ part_number: 'A-1', qty: 1 }] },
    {
      title: 'PO-SAVE',
      parts: [
        { part_number: 'A-1', qty: 2 },
        { part_number: 'B-2', qty: 3 },
        { part_number: 'C-3', qty: 4 },
      ],
    },
    {
      title: 'PO-SAVE-BAD',
      parts: [
        { part_number: 'X-1', qty: 3 },
        { part_number: 'Y-2', qty: 4 },
      ],
    },
    {
      title: 'PO-DEL',
      parts: [
        { part_number: 'A-1', qty: 1 },
        { part_number: 'B-2', qty: 2 },
        { part_number: 'C-3', qty: 3 },
      ],
    },
    { title: 'PO-SAVE-STALE', parts: [{ part_number: 'S-1', qty: 1 }] },
    { title: 'PO-HIDDEN', hide_lineitem: true, parts: [{ part_number: 'H-1', qty: 1 }] },
  ]);
  await insertShipment(t.db, { shipment: KESTREL, forwarder_name: 'Kestrel' }, [
    { title: 'PO-K', parts: [{ part_number: 'K-1', qty: 4 }] },
  ]);
});
afterAll(() => t.close());

const getParts = (token: string, query: string) =>
  t.app.inject({ url: `/api/Parts/getParts${query}`, headers: bearer(token) });
const post = (token: string, path: '' | '/save' | '/delete', payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/Parts${path}`, headers: bearer(token), payload });

const onBlue = (po: string) => ({ related_po_number: po, related_shipment: BLUE });
const part = (po: string, part_number: string, qty: number | null, shipment = BLUE): Part => ({
  part_number,
  qty,
  related_po_number: po,
  related_shipment: shipment,
});

async function lineItemId(po: string) {
  const [row] = await t.db.select({ id: lineItems.id }).from(lineItems).where(eq(lineItems.title, po));
  if (!row) throw new Error(`no line item ${po}`);
  return row.id;
}

/** What is stored for a line item: its parts, the dashboard's row, and its audit entries. */
async function stateOf(po: string) {
  const id = await lineItemId(po);
  const stored = await t.db
    .select({ id: parts.id, part_number: parts.part_number, qty: parts.qty })
    .from(parts)
    .where(eq(parts.line_item_id, id))
    .orderBy(asc(parts.id));
  const [row] = await t.db
    .select({
      number_of_parts: lineItemRows.number_of_parts,
      part_numbers: lineItemRows.part_numbers,
      total_qty: lineItemRows.total_qty,
    })
    .from(lineItemRows)
    .where(eq(lineItemRows.line_item_id, id));
  const audits = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'part'), eq(auditLog.entity_id, String(id))))
    .orderBy(asc(auditLog.id));
  return { id, stored, row, audits };
}

describe('GET /api/Parts/getParts', () => {
  it('lists a line item’s parts in the order added, to every role that sees it', async () => {
    const expected = {
      parts: [part('PO-READ', 'A-1', 2), part('PO-READ', 'B-2', null), part('PO-READ', 'C-3', 5)],
    };
    for (const token of [admin, employee, blue]) {
      const response = await getParts(token, `?po=PO-READ&shipment=${BLUE}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(expected);
    }
    // The key is trimmed, as a pasted PO number may carry spaces.
    expect((await getParts(admin, `?po=%20PO-READ%20&shipment=${BLUE}%20`)).json()).toEqual(expected);
  });

  it('answers an empty list for a line item without parts', async () => {
    const response = await getParts(blue, `?po=PO-EMPTY&shipment=${BLUE}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ parts: [] });
  });

  it('needs both po and shipment (400)', async () => {
    for (const query of [`?shipment=${BLUE}`, '?po=PO-READ', `?po=%20&shipment=${BLUE}`, '']) {
      const response = await getParts(admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringMatching(/^(po|shipment) is required\./) });
    }
  });

  it('answers 404 for an unknown line item or shipment', async () => {
    const unknownPo = await getParts(admin, `?po=PO-NOPE&shipment=${BLUE}`);
    expect(unknownPo.statusCode).toBe(404);
    expect(unknownPo.json()).toEqual({ message: LINE_ITEM_NOT_FOUND });
    const unknownShipment = await getParts(admin, '?po=PO-READ&shipment=SHP-NOPE');
    expect(unknownShipment.statusCode).toBe(404);
    expect(unknownShipment.json()).toEqual({ message: SHIPMENT_NOT_FOUND });
  });
});

describe('POST /api/Parts (add one part)', () => {
  it('adds a trimmed part, answers the whole list, and the dashboard row and audit follow', async () => {
    const before = await stateOf('PO-ADD');
    const response = await post(blue, '', { ...onBlue('PO-ADD'), part_number: '  D-4 ', qty: 6 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ parts: [part('PO-ADD', 'A-1', 1), part('PO-ADD', 'D-4', 6)] });

    const after = await stateOf('PO-ADD');
    expect(after.stored.map(({ part_number, qty }) => ({ part_number, qty }))).toEqual([
      { part_number: 'A-1', qty: 1 },
      { part_number: 'D-4', qty: 6 },
    ]);
    expect(before.row).toEqual({ number_of_parts: 1, part_numbers: 'A-1', total_qty: 1 });
    expect(after.row).toEqual({ number_of_parts: 2, part_numbers: 'A-1, D-4', total_qty: 7 });
    expect(after.audits).toHaveLength(before.audits.length + 1);
    expect(after.audits.at(-1)).toMatchObject({
      action: 'create',
      entity: 'part',
      actor_email: 'ops@blue.example',
      before: { po: 'PO-ADD', shipment: BLUE, parts: [part('PO-ADD', 'A-1', 1)] },
      after: { po: 'PO-ADD', shipment: BLUE, parts: [part('PO-ADD', 'A-1', 1), part('PO-ADD', 'D-4', 6)] },
    });
  });

  it('refuses a part number already on the line item (409), also when it differs only by spaces', async () => {
    const before = await stateOf('PO-ADD');
    for (const part_number of ['A-1', ' A-1  ']) {
      const response = await post(admin, '', { ...onBlue('PO-ADD'), part_number, qty: 3 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Part A-1 is already on this line item.' });
    }
    expect(await stateOf('PO-ADD')).toEqual(before);
  });

  it.each([
    [0, 'Quantity must be at least 1. (qty)'],
    [-1, 'Quantity must be at least 1. (qty)'],
    [1.5, 'Quantity must be a whole number. (qty)'],
    ['abc', 'Quantity must be a whole number. (qty)'],
    ['3', 'Quantity must be a whole number. (qty)'],
    [null, 'Quantity must be a whole number. (qty)'],
    [undefined, 'Quantity must be a whole number. (qty)'],
    [1_000_000_001, 'Quantity must be at most 1000000000. (qty)'],
  ])('refuses quantity %j (400), storing nothing', async (qty, message) => {
    const before = await stateOf('PO-QTY');
    const response = await post(blue, '', { ...onBlue('PO-QTY'), part_number: 'Q-1', qty });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await stateOf('PO-QTY')).toEqual(before);
  });

  it.each([
    ['   ', 'Part number is required. (part_number)'],
    ['x'.repeat(201), 'Part number must be at most 200 characters. (part_number)'],
    ['A\u0000B', `${NUL_MESSAGE} (part_number)`],
  ])('refuses part number %j (400), storing nothing', async (part_number, message) => {
    const before = await stateOf('PO-QTY');
    const response = await post(blue, '', { ...onBlue('PO-QTY'), part_number, qty: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await stateOf('PO-QTY')).toEqual(before);
  });

  it('refuses a request that does not name the line item (400), or names a NUL', async () => {
    const missing = await post(blue, '', { related_shipment: BLUE, part_number: 'Q-1', qty: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'related_po_number is required. (related_po_number)' });
    const nul = await post(blue, '', { ...onBlue('PO\u0000QTY'), part_number: 'Q-1', qty: 1 });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: `${NUL_MESSAGE} (related_po_number)` });
  });

  it('lets a forwarder write its own company’s line items and an admin any company’s', async () => {
    const own = await post(kestrel, '', {
      related_po_number: 'PO-K',
      related_shipment: KESTREL,
      part_number: 'K-2',
      qty: 1,
    });
    expect(own.statusCode, own.body).toBe(200);
    const staff = await post(admin, '', {
      related_po_number: 'PO-K',
      related_shipment: KESTREL,
      part_number: 'K-3',
      qty: 2,
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toEqual({
      parts: [part('PO-K', 'K-1', 4, KESTREL), part('PO-K', 'K-2', 1, KESTREL), part('PO-K', 'K-3', 2, KESTREL)],
    });
    expect((await stateOf('PO-K')).row).toEqual({ number_of_parts: 3, part_numbers: 'K-1, K-2, K-3', total_qty: 7 });
  });
});

describe('POST /api/Parts/save (the whole list)', () => {
  it('replaces the list: removes, updates (0 allowed), keeps and appends, atomically audited', async () => {
    const before = await stateOf('PO-SAVE');
    const response = await post(admin, '/save', {
      ...onBlue('PO-SAVE'),
      parts: [
        { part_number: ' E-5 ', qty: 1 },
        { part_number: 'C-3', qty: 0 },
        { part_number: 'A-1', qty: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    // Kept parts keep their place; new ones come after them.
    const expected = [part('PO-SAVE', 'A-1', 2), part('PO-SAVE', 'C-3', 0), part('PO-SAVE', 'E-5', 1)];
    expect(response.json()).toEqual({ parts: expected });
    expect((await getParts(employee, `?po=PO-SAVE&shipment=${BLUE}`)).json()).toEqual({ parts: expected });

    const after = await stateOf('PO-SAVE');
    expect(after.stored.find((stored) => stored.part_number === 'A-1')?.id).toBe(before.stored[0]?.id);
    expect(before.row).toEqual({ number_of_parts: 3, part_numbers: 'A-1, B-2, C-3', total_qty: 9 });
    expect(after.row).toEqual({ number_of_parts: 3, part_numbers: 'A-1, C-3, E-5', total_qty: 3 });
    expect(after.audits).toHaveLength(before.audits.length + 1);
    expect(after.audits.at(-1)).toMatchObject({
      action: 'update',
      entity: 'part',
      actor_email: 'admin@napco.example',
      before: {
        po: 'PO-SAVE',
        shipment: BLUE,
        parts: [part('PO-SAVE', 'A-1', 2), part('PO-SAVE', 'B-2', 3), part('PO-SAVE', 'C-3', 4)],
      },
      after: { po: 'PO-SAVE', shipment: BLUE, parts: expected },
    });
  });

  it('saves the same list twice without change', async () => {
    const payload = { ...onBlue('PO-SAVE'), parts: [{ part_number: 'A-1', qty: 2 }] };
    const first = await post(blue, '/save', payload);
    const second = await post(blue, '/save', payload);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json()).toEqual({ parts: [part('PO-SAVE', 'A-1', 2)] });
    expect((await stateOf('PO-SAVE')).row).toEqual({ number_of_parts: 1, part_numbers: 'A-1', total_qty: 2 });
  });

  const tooMany = Array.from({ length: 1001 }, (_, index) => ({ part_number: `P-${index}`, qty: 1 }));
  it.each([
    ['an empty list', [], `${NO_PARTS_TO_SAVE} (parts)`],
    ['no list', undefined, `${NO_PARTS_TO_SAVE} (parts)`],
    [
      'a duplicate',
      [
        { part_number: 'X-1', qty: 1 },
        { part_number: 'Z-9', qty: 1 },
        { part_number: 'X-1', qty: 2 },
      ],
      'Part X-1 is listed more than once. (parts)',
    ],
    [
      'a duplicate after trimming',
      [
        { part_number: 'X-1', qty: 1 },
        { part_number: ' X-1 ', qty: 2 },
      ],
      'Part X-1 is listed more than once. (parts)',
    ],
    ['quantity -1', [{ part_number: 'X-1', qty: -1 }], 'Quantity must be at least 0. (parts.0.qty)'],
    ['quantity 1.5', [{ part_number: 'X-1', qty: 1.5 }], 'Quantity must be a whole number. (parts.0.qty)'],
    ['quantity "abc"', [{ part_number: 'X-1', qty: 'abc' }], 'Quantity must be a whole number. (parts.0.qty)'],
    ['quantity null', [{ part_number: 'X-1', qty: null }], 'Quantity must be a whole number. (parts.0.qty)'],
    ['a blank part number', [{ part_number: ' ', qty: 1 }], 'Part number is required. (parts.0.part_number)'],
    ['1001 parts', tooMany, 'At most 1000 parts per line item. (parts)'],
  ])('refuses %s (400) and leaves the previous parts intact', async (_, list, message) => {
    const before = await stateOf('PO-SAVE-BAD');
    const response = await post(admin, '/save', { ...onBlue('PO-SAVE-BAD'), parts: list });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await stateOf('PO-SAVE-BAD')).toEqual(before);
    expect(before.stored.map(({ part_number, qty }) => ({ part_number, qty }))).toEqual([
      { part_number: 'X-1', qty: 3 },
      { part_number: 'Y-2', qty: 4 },
    ]);
  });
});

describe('POST /api/Parts/save with the list the client started from', () => {
  it('refuses a list edited from a stale one (409), keeping the part added meanwhile', async () => {
    await post(admin, '', { ...onBlue('PO-SAVE-STALE'), part_number: 'NEW-9', qty: 1 });
    const before = await stateOf('PO-SAVE-STALE');
    const response = await post(admin, '/save', {
      ...onBlue('PO-SAVE-STALE'),
      parts: [{ part_number: 'S-1', qty: 7 }],
      prev_part_numbers: ['S-1'],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PARTS_CHANGED });
    expect(await stateOf('PO-SAVE-STALE')).toEqual(before);
  });

  it('saves when the list it started from is the stored one (in any order)', async () => {
    const response = await post(admin, '/save', {
      ...onBlue('PO-SAVE-STALE'),
      parts: [
        { part_number: 'NEW-9', qty: 2 },
        { part_number: 'S-1', qty: 8 },
      ],
      prev_part_numbers: ['NEW-9', 'S-1'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().parts).toEqual([part('PO-SAVE-STALE', 'S-1', 8), part('PO-SAVE-STALE', 'NEW-9', 2)]);
  });
});

describe('POST /api/Parts/delete', () => {
  it('refuses when the client’s list is stale (409) and deletes nothing', async () => {
    const before = await stateOf('PO-DEL');
    for (const prev_part_numbers of [['A-1', 'B-2'], ['A-1', 'B-2', 'C-3', 'D-4'], []]) {
      const response = await post(blue, '/delete', { ...onBlue('PO-DEL'), part_number: 'B-2', prev_part_numbers });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: PARTS_CHANGED });
    }
    expect(await stateOf('PO-DEL')).toEqual(before);
  });

  it('deletes a part when the client’s list is current (in any order), and the row and audit follow', async () => {
    const before = await stateOf('PO-DEL');
    const response = await post(blue, '/delete', {
      ...onBlue('PO-DEL'),
      part_number: 'B-2',
      prev_part_numbers: ['C-3', 'A-1', 'B-2'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Part deleted.',
      parts: [part('PO-DEL', 'A-1', 1), part('PO-DEL', 'C-3', 3)],
    });
    const after = await stateOf('PO-DEL');
    expect(after.row).toEqual({ number_of_parts: 2, part_numbers: 'A-1, C-3', total_qty: 4 });
    expect(after.audits).toHaveLength(before.audits.length + 1);
    expect(after.audits.at(-1)).toMatchObject({
      action: 'delete',
      entity: 'part',
      actor_email: 'ops@blue.example',
      before: { parts: [part('PO-DEL', 'A-1', 1), part('PO-DEL', 'B-2', 2), part('PO-DEL', 'C-3', 3)] },
      after: { parts: [part('PO-DEL', 'A-1', 1), part('PO-DEL', 'C-3', 3)] },
    });
  });

  it('deletes without prev_part_numbers, trimming the part number', async () => {
    const response = await post(admin, '/delete', { ...onBlue('PO-DEL'), part_number: ' C-3 ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Part deleted.', parts: [part('PO-DEL', 'A-1', 1)] });
    expect((await stateOf('PO-DEL')).row).toEqual({ number_of_parts: 1, part_numbers: 'A-1', total_qty: 1 });
  });

  it('answers 404 for a part the line item does not have', async () => {
    const before = await stateOf('PO-DEL');
    for (const payload of [{ part_number: 'NOPE' }, { part_number: 'NOPE', prev_part_numbers: ['A-1'] }]) {
      const response = await post(admin, '/delete', { ...onBlue('PO-DEL'), ...payload });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Part not found' });
    }
    expect(await stateOf('PO-DEL')).toEqual(before);
  });
});

describe('who may see and change parts', () => {
  const writes = (po: string, shipment: string) =>
    [
      ['', { related_po_number: po, related_shipment: shipment, part_number: 'W-1', qty: 1 }],
      ['/save', { related_po_number: po, related_shipment: shipment, parts: [{ part_number: 'W-1', qty: 1 }] }],
      ['/delete', { related_po_number: po, related_shipment: shipment, part_number: 'A-1' }],
    ] as const;

  it('keeps an Employee read-only (403 before anything else), changing nothing', async () => {
    const before = await stateOf('PO-READ');
    for (const [path, payload] of [...writes('PO-READ', BLUE), ...writes('PO-NOPE', 'SHP-NOPE')]) {
      const response = await post(employee, path, payload);
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toEqual({ message: READ_ONLY_MESSAGE });
    }
    expect(await stateOf('PO-READ')).toEqual(before);
  });

  it('hides another company’s line item from a forwarder (404 for read and write)', async () => {
    const before = await stateOf('PO-READ');
    const read = await getParts(kestrel, `?po=PO-READ&shipment=${BLUE}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: SHIPMENT_NOT_FOUND });
    for (const [path, payload] of writes('PO-READ', BLUE)) {
      const response = await post(kestrel, path, payload);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ message: SHIPMENT_NOT_FOUND });
    }
    expect(await stateOf('PO-READ')).toEqual(before);
  });

  it('hides a hidden line item from its own company’s forwarder, not from staff', async () => {
    const before = await stateOf('PO-HIDDEN');
    const read = await getParts(blue, `?po=PO-HIDDEN&shipment=${BLUE}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: LINE_ITEM_NOT_FOUND });
    for (const [path, payload] of writes('PO-HIDDEN', BLUE)) {
      const response = await post(blue, path, payload);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ message: LINE_ITEM_NOT_FOUND });
    }
    expect(await stateOf('PO-HIDDEN')).toEqual(before);
    for (const token of [admin, employee]) {
      expect((await getParts(token, `?po=PO-HIDDEN&shipment=${BLUE}`)).json()).toEqual({
        parts: [part('PO-HIDDEN', 'H-1', 1)],
      });
    }
  });
});
