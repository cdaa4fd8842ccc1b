import { PO_SAVED_MEANWHILE } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

// Two Admins creating the same PO number at the same moment: the one that commits second hears
// 409 with what to do, never a 500, and the first one's PO stands as it saved it.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await signInCast(t));
});
afterAll(() => t.close());

it('answers 409 to a save whose new PO another write created meanwhile', async () => {
  const other = await t.database.pool.connect();
  try {
    // The other write has created PO-RACE but not committed: this save does not see it yet.
    await other.query('begin');
    await other.query(`insert into purchase_orders (po_number, supplier) values ('PO-RACE', 'First')`);
    const save = t.app.inject({
      method: 'POST',
      url: '/api/PurchaseOrders',
      headers: bearer(admin),
      payload: { po_number: 'PO-RACE', supplier: 'Second', lines: [{ line_number: 1, sku: 'A', ordered_qty: 1 }] },
    });
    // Its insert waits on the other's row; the other commits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query('commit');
    const answer = await save;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: PO_SAVED_MEANWHILE });
  } finally {
    other.release();
  }
  const stored = await t.db.execute(sql`select supplier from purchase_orders where po_number = 'PO-RACE'`);
  expect(stored.rows).toEqual([{ supplier: 'First' }]);
});
