import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, testEngine } from '../testing/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { runMigrations } from './migrate.ts';

/** Every migration drizzle-kit knows of: each must be applied once. */
const journal: { entries: unknown[] } = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
);

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe(`migrations on ${testEngine}`, () => {
  it('apply on an empty database, and again (also concurrently) without harm', async () => {
    database = await createTestDatabase({ migrate: false });
    await runMigrations(database.pool);
    await Promise.all([runMigrations(database.pool), runMigrations(database.pool)]);

    const tables = await database.pool.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'alert_preferences',
      'analytics_settings',
      'audit_log',
      'auth_account',
      'auth_session',
      'auth_user',
      'auth_verification',
      'booking_lane_rules',
      'booking_requests',
      'carrier_events',
      'carrier_integrations',
      'database_logic',
      'documents',
      'event_dispatch',
      'exception_counts',
      'exception_settings',
      'exception_sweeps',
      'follows',
      'import_shipments',
      'imports',
      'line_item_counts',
      'line_item_row_changes',
      'line_item_rows',
      'line_items',
      'messages',
      'notifications',
      'organisation_settings',
      'parts',
      'people',
      'purchase_order_forwarders',
      'purchase_order_history',
      'purchase_order_lines',
      'purchase_order_proposals',
      'purchase_orders',
      'purchase_orders_dirty',
      'rate_limits',
      'receipts',
      'required_documents',
      'saved_view_defaults',
      'saved_view_settings',
      'saved_views',
      'setup_token',
      'shipment_date_changes',
      'shipment_events',
      'shipment_exception_state',
      'shipment_facts',
      'shipments',
      'supplier_settings',
      'tracking_links',
      'undispatched_events',
      'webhook_deliveries',
      'webhooks',
    ]);
    const extensions = await database.pool.query(`select 1 from pg_extension where extname = 'pg_trgm'`);
    expect(extensions.rowCount).toBe(1);
    const applied = await database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });
});

describe('a long query does not stop the server answering', () => {
  it('answers /livez while a multi-second query runs', async () => {
    database = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', AUTH_SECRET: 'a test secret that is long enough to use' });
    const app = await buildApp(config, database);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      let longQueryDone = false;
      const longQuery = database.pool.query('select pg_sleep(3)').then(() => {
        longQueryDone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300)); // let it start
      const started = Date.now();
      const live = await fetch(`${address}/livez`);
      const elapsed = Date.now() - started;
      expect(live.status).toBe(200);
      expect(longQueryDone).toBe(false);
      expect(elapsed).toBeLessThan(1000);
      await longQuery;
    } finally {
      await app.close();
    }
  });
});
