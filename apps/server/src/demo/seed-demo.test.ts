import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthFromConfig } from '../auth/auth.ts';
import { auditLog, documents, lineItemRows, lineItems, parts, people, shipments } from '../db/schema.ts';
import { createLocalDocumentStore } from '../storage/local-document-store.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../testing/test-app.ts';
import { bulkLoad } from './bulk-load.ts';
import { seedDemo } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seed = () =>
  seedDemo(
    t.db,
    createAuthFromConfig(t.config, t.db, pino({ level: 'silent' })),
    createLocalDocumentStore(path.join(t.config.dataDir, 'files')),
  );

const counts = async () => ({
  shipments: await t.db.$count(shipments),
  lineItems: await t.db.$count(lineItems),
  parts: await t.db.$count(parts),
  documents: await t.db.$count(documents),
  people: await t.db.$count(people),
  audit: await t.db.$count(auditLog),
});

describe('seed-demo', () => {
  it('loads shipments across modes, ports and forwarders, and one user per role who can sign in', async () => {
    const { createdData, users } = await seed();
    expect(createdData).toBe(true);
    expect(await counts()).toMatchObject({ shipments: 300, lineItems: 900, documents: 6 });
    expect(await t.db.$count(parts)).toBeGreaterThan(1000);
    expect(await t.db.$count(lineItemRows)).toBe(900);
    const spread = await t.db.execute<{
      transit_types: number;
      forwarders: number;
      hidden: number;
      long_pos: number;
    }>(sql`
      select count(distinct transit_type)::int as transit_types, count(distinct forwarder_name)::int as forwarders,
             count(*) filter (where is_hidden)::int as hidden, count(*) filter (where length(title) > 10)::int as long_pos
      from line_item_rows`);
    expect(spread.rows[0]).toMatchObject({ transit_types: 5, forwarders: 4 });
    expect(spread.rows[0]?.hidden).toBeGreaterThan(0);
    expect(spread.rows[0]?.long_pos).toBeGreaterThan(0);
    expect(users.map((user) => user.role)).toEqual([
      'Admin',
      'Employee',
      'Forwarder',
      'Forwarder',
      'Forwarder',
      'Forwarder',
    ]);
    const forwarder = users.find((user) => user.role === 'Forwarder');
    const token = await signIn(t.app, forwarder?.email ?? '', forwarder?.password ?? '');
    const page = await t.app.inject({ url: '/api/LineItems', headers: bearer(token) });
    const body = page.json<{ lineItems: { forwarder_name: string }[]; totalAll: number }>();
    expect(body.totalAll).toBeGreaterThan(100);
    expect(new Set(body.lineItems.map((lineItem) => lineItem.forwarder_name))).toEqual(new Set([forwarder?.company]));
  });

  it('changes nothing when run again, and says the users exist', async () => {
    const before = await counts();
    const { createdData, users } = await seed();
    expect(createdData).toBe(false);
    expect(users.every((user) => user.password === null)).toBe(true);
    expect(await counts()).toEqual(before);
  });
});

describe('bulkLoad', () => {
  it('loads exactly the number of line items asked for, with parts and the read model', async () => {
    const before = await t.db.$count(lineItems);
    await bulkLoad(t.db, { lineItems: 2000, seed: 7 });
    expect((await t.db.$count(lineItems)) - before).toBe(2000);
    expect(await t.db.$count(lineItemRows)).toBe(await t.db.$count(lineItems));
    expect(await t.db.$count(shipments, sql`${shipments.shipment} like 'BLK7-%'`)).toBe(667);
  });
});
