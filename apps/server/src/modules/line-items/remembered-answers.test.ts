import type { LineItemsResponse } from '@quayside/domain/line-items';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

// Answers and sessions are reused while nothing is written (db/data-version.ts). These writes go
// straight to the database, as another replica, the CLI or an import would make them: the server
// that remembers the answer never hears of them.
let t: TestApp;
let admin: string;
let blue: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, blue } = await signInCast(t));
  await insertShipment(t.db, { shipment: 'SHP-1', forwarder_name: 'Blue Anchor' }, [{ title: 'PO-1' }]);
});
afterAll(() => t.close());

const page = async (token: string, query = '') => {
  const response = await t.app.inject({ url: `/api/LineItems${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineItemsResponse>();
};
const count = async (token: string, query: string) =>
  (await t.app.inject({ url: `/api/LineItems/count${query}`, headers: bearer(token) })).json<{ total: number }>().total;

describe('remembered answers', () => {
  it('a page asked again shows a line item another process added in between', async () => {
    expect((await page(admin)).lineItems.map((item) => item.title)).toEqual(['PO-1']);
    expect((await page(admin)).totalAll).toBe(1);
    await insertShipment(t.db, { shipment: 'SHP-2', forwarder_name: 'Blue Anchor' }, [{ title: 'PO-2' }]);
    const again = await page(admin);
    expect(again.totalAll).toBe(2);
    expect(again.lineItems.map((item) => item.title).sort()).toEqual(['PO-1', 'PO-2']);
  });

  it('an exact count asked again counts what another process added in between', async () => {
    expect(await count(admin, '?q=PO-')).toBe(2);
    await insertShipment(t.db, { shipment: 'SHP-3', forwarder_name: 'Kestrel' }, [{ title: 'PO-3' }]);
    expect(await count(admin, '?q=PO-')).toBe(3);
  });

  it('one principal never gets the answer remembered for another', async () => {
    const staff = await page(admin, '?q=PO-');
    const forwarder = await page(blue, '?q=PO-');
    expect(staff.total).toBe(3);
    expect(forwarder.total).toBe(2);
    expect(forwarder.lineItems.map((item) => item.forwarder_name)).toEqual(['Blue Anchor', 'Blue Anchor']);
  });

  it('a session disabled by another process is refused at once', async () => {
    await page(blue);
    await page(blue);
    await t.db.execute(sql`update auth_user set banned = true where email = 'ops@blue.example'`);
    const refused = await t.app.inject({ url: '/api/LineItems', headers: bearer(blue) });
    expect(refused.statusCode).toBe(401);
  });

  it('a person whose role another process changed is answered in the new role at once', async () => {
    await page(admin);
    await t.db.execute(
      sql`update people set role = 'Forwarder', company_name = 'Kestrel' where email = 'admin@napco.example'`,
    );
    const demoted = await page(admin);
    expect(demoted.lineItems.map((item) => item.title)).toEqual(['PO-3']);
  });
});
