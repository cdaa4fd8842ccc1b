import type { NotificationsResponse } from '@quayside/domain/alerts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { withWrite } from '../../write/with-write.ts';
import { dispatchEvents } from './dispatch-events.ts';

// On PostgreSQL, transactions commit in any order: an event numbered before one already
// dispatched can commit after it (a long import of ATAs, the exception sweep). It is still told.

let t: TestApp;
let admin: string;
let employee: string;
const clock = () => new Date('2027-06-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ admin, employee } = await signInCast(t));
});
afterAll(() => t.close());

const ok = async (token: string, url: string, payload: object) => {
  const response = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(200);
};

describe('events committed out of order', () => {
  it('tells of an event that committed after a later-numbered one was dispatched', async () => {
    for (const shipment of ['DO-1', 'DO-2']) {
      await ok(admin, '/api/Shipments', [
        { Shipment: shipment, 'Forwarder Name': 'Kestrel', 'Order Ref': [`PO-${shipment}`] },
      ]);
      await ok(employee, '/api/Follows', { shipment });
    }
    await withWrite(t.db, { personId: null, email: 'dispatch-order-test', source: 'import:test' }, async (write) => {
      // The arrival is recorded (and numbered) first, and stays uncommitted while...
      const [row] = (
        await write.tx.execute<{ id: string }>(
          sql`update shipments set ata = '2027-06-01' where shipment = 'DO-1' returning id`,
        )
      ).rows;
      write.shipmentsChanged([Number(row?.id)]);
      // ...another write's departure commits and is dispatched.
      await ok(admin, '/api/Shipments?id=DO-2', [{ ATD: '2027-05-30' }]);
      expect((await dispatchEvents(t.db, clock)).events).toBe(1);
    });
    expect((await dispatchEvents(t.db, clock)).events).toBe(1);
    const bell = (
      await t.app.inject({ url: '/api/Alerts', headers: bearer(employee) })
    ).json() as NotificationsResponse;
    expect(bell.notifications.map((n) => `${n.event.shipment}: ${n.event.text}`).sort()).toEqual([
      'DO-1: Arrived: ATA 2027-06-01',
      'DO-2: Departed: ATD 2027-05-30',
    ]);
  });
});
