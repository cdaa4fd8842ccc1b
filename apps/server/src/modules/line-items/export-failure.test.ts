import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app.ts';

// An export's query answers before the first byte is sent: when it fails, the client
// hears an error with a message, never a 200 whose CSV stops after the header row. The failure is
// made for real, by taking the table the export reads away for a moment.

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedInAs({ email: 'admin@napco.example', role: 'Admin', company_name: 'NAPCO' });
  await insertShipment(t.db, { shipment: 'EXP-1', forwarder_name: 'Blue Anchor' }, [{ title: 'PO-EXP-1' }]);
});
afterAll(() => t.close());

const exportCsv = () => t.app.inject({ url: '/api/LineItems/export', headers: bearer(admin) });

describe('an export whose query fails', () => {
  it('answers an error with a message, not a 200 with a header-only CSV', async () => {
    await t.database.pool.query('alter table line_item_rows rename to line_item_rows_away');
    try {
      const response = await exportCsv();
      expect(response.statusCode, response.body).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    } finally {
      await t.database.pool.query('alter table line_item_rows_away rename to line_item_rows');
    }
    const healthy = await exportCsv();
    expect(healthy.statusCode).toBe(200);
    expect(healthy.body).toContain('PO-EXP-1');
  });
});
