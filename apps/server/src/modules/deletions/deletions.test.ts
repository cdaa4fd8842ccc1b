import {
  ALREADY_RESTORED,
  DELETION_NOT_FOUND,
  type Deletion,
  lineItemGone,
  ONLY_ADMINS_RESTORE,
  partThereAgain,
  poThereAgain,
  shipmentGone,
} from '@quayside/domain/deletions';
import type { LineItem } from '@quayside/domain/line-items';
import type { Part } from '@quayside/domain/parts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lineItems, shipments } from '../../db/schema.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { syncLineItemRows } from '../line-items/line-item-rows.ts';

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue } = await signInCast(t));
});
afterAll(() => t.close());

const q = encodeURIComponent;
const listDeletions = (token: string, query = '') =>
  t.app.inject({ url: `/api/Deletions${query}`, headers: bearer(token) });
const restore = (token: string, id: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/Deletions/${id}/restore`, headers: bearer(token) });
const deleteLineItem = (token: string, shipment: string, po: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/LineItems/delete',
    headers: bearer(token),
    payload: { title: po, related_shipment: shipment },
  });
const deletePart = (token: string, shipment: string, po: string, part: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Parts/delete',
    headers: bearer(token),
    payload: { part_number: part, related_po_number: po, related_shipment: shipment },
  });
const saveParts = (token: string, shipment: string, po: string, list: { part_number: string; qty: number }[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Parts/save',
    headers: bearer(token),
    payload: { related_po_number: po, related_shipment: shipment, parts: list },
  });

async function lineItemsOnShipment(shipment: string) {
  const response = await t.app.inject({ url: `/api/LineItems?q=${q(shipment)}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ lineItems: LineItem[] }>().lineItems.filter((item) => item.related_shipment === shipment);
}

async function partsOf(shipment: string, po: string) {
  const response = await t.app.inject({
    url: `/api/Parts/getParts?po=${q(po)}&shipment=${q(shipment)}`,
    headers: bearer(admin),
  });
  return { status: response.statusCode, parts: response.json<{ parts?: Part[] }>().parts ?? [] };
}

/** The newest deletion of this line item, as an administrator lists it. */
async function deletionOf(shipment: string, po: string): Promise<Deletion> {
  const response = await listDeletions(admin, '?limit=500');
  expect(response.statusCode, response.body).toBe(200);
  const found = response
    .json<{ deletions: Deletion[] }>()
    .deletions.find((deletion) => deletion.shipment === shipment && deletion.po === po);
  if (!found) throw new Error(`no deletion of ${po} on ${shipment}`);
  return found;
}

describe('deleting then restoring a line item', () => {
  it('lists the deletion, restores the line item with its flags, created date and parts, and audits it', async () => {
    const shipment = await insertShipment(t.db, { shipment: 'DEL-1', forwarder_name: 'Blue Anchor' }, [
      {
        title: 'PO-1',
        parts: [
          { part_number: 'A-1', qty: 2 },
          { part_number: 'B-2', qty: null },
        ],
      },
      { title: 'PO-KEEP' },
    ]);
    // Flags only staff can set, to see they come back as they were.
    await t.db
      .update(lineItems)
      .set({ ignore_po_character_count: true, created: new Date('2024-03-01T10:00:00.000Z') })
      .where(and(eq(lineItems.shipment_id, shipment.id), eq(lineItems.title, 'PO-1')));
    await syncLineItemRows(t.db, { shipmentIds: [shipment.id] });
    const [original] = (await lineItemsOnShipment('DEL-1')).filter((item) => item.title === 'PO-1');

    expect((await deleteLineItem(blue, 'DEL-1', 'PO-1')).statusCode).toBe(200);
    expect((await lineItemsOnShipment('DEL-1')).map((item) => item.title)).toEqual(['PO-KEEP']);

    const listed = await listDeletions(admin);
    expect(listed.statusCode, listed.body).toBe(200);
    const [newest] = listed.json<{ deletions: Deletion[] }>().deletions;
    expect(newest).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor: 'ops@blue.example',
      entity: 'line_item',
      shipment: 'DEL-1',
      po: 'PO-1',
      parts: [
        { part_number: 'A-1', qty: 2 },
        { part_number: 'B-2', qty: null },
      ],
      restored: false,
    });
    const deletionId = newest?.id ?? 0;

    const restored = await restore(admin, deletionId);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({
      message: 'Restored line item PO PO-1 on shipment DEL-1 with 2 parts.',
      deletion: { ...newest, restored: true },
    });

    const [back] = (await lineItemsOnShipment('DEL-1')).filter((item) => item.title === 'PO-1');
    expect(back).toEqual(original);
    expect(back).toMatchObject({ ignore_po_character_count: true, created: '2024-03-01T10:00:00.000Z' });
    expect(await partsOf('DEL-1', 'PO-1')).toEqual({
      status: 200,
      parts: [
        { part_number: 'A-1', qty: 2, related_po_number: 'PO-1', related_shipment: 'DEL-1' },
        { part_number: 'B-2', qty: null, related_po_number: 'PO-1', related_shipment: 'DEL-1' },
      ],
    });
    expect((await deletionOf('DEL-1', 'PO-1')).restored).toBe(true);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'restore'), eq(auditLog.entity, 'line_item')));
    expect(audit).toMatchObject({
      actor_email: 'admin@napco.example',
      entity_id: original?._id,
      after: { deletion_id: deletionId, title: 'PO-1', part_numbers: ['A-1', 'B-2'] },
    });

    const again = await restore(admin, deletionId);
    expect([again.statusCode, again.json().message]).toEqual([409, ALREADY_RESTORED]);
  });

  it('keeps a hidden line item hidden', async () => {
    await insertShipment(t.db, { shipment: 'DEL-HID', forwarder_name: 'Blue Anchor' }, [
      { title: 'PO-H', hide_lineitem: true, parts: [{ part_number: 'H-1', qty: 1 }] },
    ]);
    expect((await deleteLineItem(admin, 'DEL-HID', 'PO-H')).statusCode).toBe(200);
    const deletion = await deletionOf('DEL-HID', 'PO-H');
    expect((await restore(admin, deletion.id)).statusCode).toBe(200);
    const [back] = await lineItemsOnShipment('DEL-HID');
    expect(back).toMatchObject({ title: 'PO-H', hide_lineitem: true, part_numbers: ['H-1'] });
  });

  it('refuses when a line item with that PO is there again, or the shipment is gone', async () => {
    const shipment = await insertShipment(t.db, { shipment: 'DEL-AGAIN' }, [{ title: 'PO-A' }]);
    expect((await deleteLineItem(admin, 'DEL-AGAIN', 'PO-A')).statusCode).toBe(200);
    const deletion = await deletionOf('DEL-AGAIN', 'PO-A');
    await t.db.insert(lineItems).values({ shipment_id: shipment.id, title: 'PO-A', po_review_required: 4 });
    const clash = await restore(admin, deletion.id);
    expect([clash.statusCode, clash.json().message]).toEqual([409, poThereAgain('PO-A', 'DEL-AGAIN')]);

    // Shipments have no delete route; one removed in the database stands for "gone".
    const lone = await insertShipment(t.db, { shipment: 'DEL-GONE' }, [{ title: 'PO-G' }]);
    expect((await deleteLineItem(admin, 'DEL-GONE', 'PO-G')).statusCode).toBe(200);
    const gone = await deletionOf('DEL-GONE', 'PO-G');
    await t.db.delete(shipments).where(eq(shipments.id, lone.id));
    const refused = await restore(admin, gone.id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, shipmentGone('DEL-GONE')]);
    expect((await deletionOf('DEL-GONE', 'PO-G')).restored).toBe(false);
  });
});

describe('deleting then restoring parts', () => {
  it('lists a part deleted and parts left out of a save, and restores each onto its line item', async () => {
    await insertShipment(t.db, { shipment: 'DEL-P' }, [
      {
        title: 'PO-P',
        parts: [
          { part_number: 'P-1', qty: 1 },
          { part_number: 'P-2', qty: 2 },
          { part_number: 'P-3', qty: 3 },
          { part_number: 'P-4', qty: 4 },
        ],
      },
    ]);
    expect((await deletePart(admin, 'DEL-P', 'PO-P', 'P-2')).statusCode).toBe(200);
    // A save that changes a quantity removes nothing; one that leaves parts out removes them.
    expect(
      (
        await saveParts(
          admin,
          'DEL-P',
          'PO-P',
          [1, 3, 4].map((n) => ({ part_number: `P-${n}`, qty: 9 })),
        )
      ).statusCode,
    ).toBe(200);
    expect((await saveParts(admin, 'DEL-P', 'PO-P', [{ part_number: 'P-1', qty: 9 }])).statusCode).toBe(200);

    const listed = (await listDeletions(admin))
      .json<{ deletions: Deletion[] }>()
      .deletions.filter((deletion) => deletion.shipment === 'DEL-P');
    expect(listed.map(({ entity, po, parts, restored }) => ({ entity, po, parts, restored }))).toEqual([
      {
        entity: 'part',
        po: 'PO-P',
        parts: [
          { part_number: 'P-3', qty: 9 },
          { part_number: 'P-4', qty: 9 },
        ],
        restored: false,
      },
      { entity: 'part', po: 'PO-P', parts: [{ part_number: 'P-2', qty: 2 }], restored: false },
    ]);
    const [saved, deleted] = listed;

    const first = await restore(admin, deleted?.id ?? 0);
    expect([first.statusCode, first.json().message]).toEqual([
      200,
      'Restored 1 part (P-2) to PO PO-P on shipment DEL-P.',
    ]);
    expect((await restore(admin, saved?.id ?? 0)).statusCode).toBe(200);
    expect((await partsOf('DEL-P', 'PO-P')).parts.map(({ part_number, qty }) => [part_number, qty])).toEqual([
      ['P-1', 9],
      ['P-2', 2],
      ['P-3', 9],
      ['P-4', 9],
    ]);
    const [row] = (await lineItemsOnShipment('DEL-P')).map((item) => [item.numberOfParts, item.total_qty]);
    expect(row).toEqual([4, 29]);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'restore'), eq(auditLog.entity, 'part')))
      .orderBy(auditLog.id);
    expect(audits.map((audit) => (audit.after as { deletion_id: number }).deletion_id)).toEqual([
      deleted?.id,
      saved?.id,
    ]);
    expect(audits[0]?.after).toMatchObject({
      po: 'PO-P',
      shipment: 'DEL-P',
      parts: [{ part_number: 'P-1' }, { part_number: 'P-2', qty: 2, related_po_number: 'PO-P' }],
    });
  });

  it('refuses when the part is there again, or its line item is gone until that is restored', async () => {
    await insertShipment(t.db, { shipment: 'DEL-PC' }, [
      {
        title: 'PO-C',
        parts: [
          { part_number: 'C-1', qty: 1 },
          { part_number: 'C-2', qty: 2 },
        ],
      },
    ]);
    expect((await deletePart(admin, 'DEL-PC', 'PO-C', 'C-1')).statusCode).toBe(200);
    const partDeletion = await deletionOf('DEL-PC', 'PO-C');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/Parts',
      headers: bearer(admin),
      payload: { part_number: 'C-1', qty: 5, related_po_number: 'PO-C', related_shipment: 'DEL-PC' },
    });
    expect(added.statusCode).toBe(200);
    const clash = await restore(admin, partDeletion.id);
    expect([clash.statusCode, clash.json().message]).toEqual([409, partThereAgain('C-1')]);

    expect((await deletePart(admin, 'DEL-PC', 'PO-C', 'C-2')).statusCode).toBe(200);
    const secondPart = await deletionOf('DEL-PC', 'PO-C');
    expect((await deleteLineItem(admin, 'DEL-PC', 'PO-C')).statusCode).toBe(200);
    const orphan = await restore(admin, secondPart.id);
    expect([orphan.statusCode, orphan.json().message]).toEqual([409, lineItemGone('PO-C', 'DEL-PC')]);

    // The line item comes back under its old id, so its parts' deletions find it again.
    expect((await restore(admin, (await deletionOf('DEL-PC', 'PO-C')).id)).statusCode).toBe(200);
    expect((await restore(admin, secondPart.id)).statusCode).toBe(200);
    expect((await partsOf('DEL-PC', 'PO-C')).parts.map((part) => [part.part_number, part.qty])).toEqual([
      ['C-1', 5],
      ['C-2', 2],
    ]);
  });
});

describe('who may list and restore, and what is refused', () => {
  it('is for administrators only', async () => {
    await insertShipment(t.db, { shipment: 'DEL-R', forwarder_name: 'Blue Anchor' }, [{ title: 'PO-R' }]);
    expect((await deleteLineItem(admin, 'DEL-R', 'PO-R')).statusCode).toBe(200);
    const deletion = await deletionOf('DEL-R', 'PO-R');
    for (const token of [employee, blue]) {
      for (const response of [await listDeletions(token), await restore(token, deletion.id)]) {
        expect([response.statusCode, response.json().message]).toEqual([403, ONLY_ADMINS_RESTORE]);
      }
    }
    expect((await t.app.inject({ url: '/api/Deletions' })).statusCode).toBe(401);
    expect((await deletionOf('DEL-R', 'PO-R')).restored).toBe(false);
  });

  it('answers 404 for an id that is not a deletion, 400 for a bad id or limit', async () => {
    const [someWrite] = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'create'));
    const [last] = await t.db.select({ id: sql<number>`max(id)::int` }).from(auditLog);
    for (const id of [someWrite?.id ?? 0, (last?.id ?? 0) + 1000]) {
      const response = await restore(admin, id);
      expect([response.statusCode, response.json().message]).toEqual([404, DELETION_NOT_FOUND]);
    }
    expect((await restore(admin, 'abc')).statusCode).toBe(400);
    for (const limit of ['0', '501', 'x']) expect((await listDeletions(admin, `?limit=${limit}`)).statusCode).toBe(400);
    const one = await listDeletions(admin, '?limit=1');
    expect(one.json().deletions).toHaveLength(1);
  });
});
