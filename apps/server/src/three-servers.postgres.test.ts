// Three real servers (child processes, as `npm start` runs them) on one PostgreSQL database and
// one S3-compatible store, driven in turn as a load balancer would: nothing a user depends on may
// live in one server's memory or on its disk. PostgreSQL only: an embedded database has one server.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from './jobs/jobs.ts';
import { startHttpsReceiver } from './testing/https-receiver.ts';
import { multipart } from './testing/multipart.ts';
import { type RealServer, runCli, startServers } from './testing/real-server.ts';
import { startS3TestServer } from './testing/s3-test-server.ts';
import { serverEnv } from './testing/server-process.ts';
import { createPostgresTestDatabase } from './testing/test-database.ts';

/** The address every server is told it is reached at: the load balancer's. */
const PUBLIC_URL = 'http://quayside.test';
const PASSWORD = 'three servers password';
const ADMIN = 'scale-admin@napco.example';
const JOURNAL: { entries: unknown[] } = JSON.parse(
  readFileSync(new URL('./db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
);

let postgres: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;
let env: NodeJS.ProcessEnv;
let cluster: Awaited<ReturnType<typeof startServers>> | undefined;
let servers: RealServer[] = [];
let dataDirs: string[] = [];
let adminToken: string;
const startedAt = Date.now();

beforeAll(async () => {
  postgres = await createPostgresTestDatabase();
  s3 = await startS3TestServer();
  receiver = await startHttpsReceiver();
  env = serverEnv({
    ...s3.env,
    DATABASE_URL: postgres.url,
    // Shared by every server: each signs and checks the others' sessions and links.
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL,
    WEBHOOK_CA_FILE: receiver.caFile,
    JOB_POLL_SECONDS: '1',
    LOG_LEVEL: 'warn',
    ROWS_IN_MEMORY: 'true',
  });
  // All three at once, on a database no migration has touched yet.
  cluster = await startServers(env, 3);
  ({ servers, dataDirs } = cluster);
  for (const [email, role] of [
    [ADMIN, 'Admin'],
    ['scale-throttled@napco.example', 'Employee'],
  ] as const) {
    await runCli(env, [
      'create-user',
      ...['--email', email, '--password', PASSWORD, '--role', role, '--name', role, '--company', 'NAPCO'],
    ]);
  }
  adminToken = (await signIn(0, ADMIN, PASSWORD)).token;
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
  await receiver?.close();
  await s3?.stop();
  await postgres?.drop();
});

/** A request to server `index` (0, 1, 2: A, B, C), from the load balancer's address. */
const send = (index: number, pathAndQuery: string, init: RequestInit = {}) =>
  fetch(`${(servers[index] as RealServer).baseUrl}${pathAndQuery}`, {
    ...init,
    headers: { origin: PUBLIC_URL, ...(init.headers as Record<string, string>) },
  });
const asAdmin = (index: number, pathAndQuery: string, init: RequestInit = {}) =>
  send(index, pathAndQuery, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}`, ...(init.headers as Record<string, string>) },
  });
const postJson = (index: number, pathAndQuery: string, body: unknown) =>
  asAdmin(index, pathAndQuery, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function signIn(index: number, email: string, password: string) {
  const response = await send(index, '/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { status: response.status, token: body.token ?? '', message: body.message, cookie };
}

async function queryDatabase<Row>(text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

const lineItemsFound = async (index: number, search: string) => {
  const response = await asAdmin(index, `/api/LineItems?q=${search}&page=1&pageSize=25`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { lineItems: { title: string; ignore_po_character_count: boolean }[] };
  return body.lineItems.map((item) => [item.title, item.ignore_po_character_count]);
};

const isoDay = (daysFromToday: number) => new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);

describe('three servers on one PostgreSQL and one object store', () => {
  it('started together, they applied each migration once', async () => {
    const applied = await queryDatabase<{ n: number; hashes: number }>(
      'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(applied).toEqual([{ n: JOURNAL.entries.length, hashes: JOURNAL.entries.length }]);
  });

  it('a session made on A works on B and C, and a sign-out on C ends it on A', async () => {
    const session = await signIn(0, ADMIN, PASSWORD);
    expect(session.cookie).toMatch(/session_token=/);
    const statusOn = async (index: number) =>
      (await send(index, '/api/LineItems?page=1&pageSize=25', { headers: { cookie: session.cookie } })).status;
    expect([await statusOn(0), await statusOn(1), await statusOn(2)]).toEqual([200, 200, 200]);

    const signOut = await send(2, '/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    expect([await statusOn(0), await statusOn(1), await statusOn(2)]).toEqual([401, 401, 401]);
  });

  it('a write on B is seen by the next read on C and on A, though both remembered the answer before', async () => {
    expect([await lineItemsFound(2, 'SCALE-PO'), await lineItemsFound(0, 'SCALE-PO')]).toEqual([[], []]);
    const created = await postJson(1, '/api/Shipments', [{ Shipment: 'SCALE-1', 'Order Ref': 'SCALE-PO-1' }]);
    expect(created.status, await created.text()).toBe(200);
    expect([await lineItemsFound(2, 'SCALE-PO'), await lineItemsFound(0, 'SCALE-PO')]).toEqual([
      [['SCALE-PO-1', false]],
      [['SCALE-PO-1', false]],
    ]);

    const marked = await postJson(1, '/api/LineItems?shipment=SCALE-1&po=SCALE-PO-1', {
      ignore_po_character_count: true,
    });
    expect(marked.status, await marked.text()).toBe(200);
    expect([await lineItemsFound(2, 'SCALE-PO'), await lineItemsFound(0, 'SCALE-PO')]).toEqual([
      [['SCALE-PO-1', true]],
      [['SCALE-PO-1', true]],
    ]);
  });

  it("1,200 line items written through B are counted exactly in the next page from C's and A's copies in memory", async () => {
    const totalOf = async (index: number) => {
      const response = await asAdmin(index, '/api/LineItems?q=COPY-PO-&pageSize=25&page=3');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { total: number; totalExact: boolean; lineItems: unknown[] };
      return [body.total, body.totalExact, body.lineItems.length];
    };
    // Past 1,000 matches only the copy counts in the page answer (the database says "more than 1,000").
    const csv = [
      'Shipment,Order Ref',
      ...Array.from({ length: 1200 }, (_, n) => `COPY-${Math.floor(n / 4)},COPY-PO-${n}`),
    ];
    const report = multipart([], [{ name: 'copy.csv', field: 'shipments', bytes: Buffer.from(csv.join('\n')) }]);
    const imported = await asAdmin(1, '/api/Import', {
      method: 'POST',
      headers: { 'content-type': report.contentType },
      body: report.payload,
    });
    expect(imported.status, await imported.text()).toBe(200);
    expect([await totalOf(2), await totalOf(0)]).toEqual([
      [1200, true, 25],
      [1200, true, 25],
    ]);
    const deleted = await postJson(0, '/api/LineItems/delete', { title: 'COPY-PO-7', related_shipment: 'COPY-1' });
    expect(deleted.status, await deleted.text()).toBe(200);
    expect([await totalOf(1), await totalOf(2)]).toEqual([
      [1199, true, 25],
      [1199, true, 25],
    ]);
  });

  it('rate limits and the sign-in throttle count requests to all three together', async () => {
    // Ten eligibility checks a minute per address (DEFAULT_AUTH_RATE_LIMITS), wherever they land.
    const eligibility = [];
    for (let request = 0; request < 11; request += 1)
      eligibility.push((await send(request % 3, '/api/Peoples/eligibility?email=someone%40napco.example')).status);
    expect(eligibility).toEqual([...Array(10).fill(200), 429]);

    // Five wrong passwords for one account are free; the sixth waits, on whichever server.
    const guesses = [];
    for (let guess = 0; guess < 6; guess += 1)
      guesses.push((await signIn(guess % 3, 'scale-throttled@napco.example', `wrong ${guess}`)).status);
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a document uploaded through A downloads through C, and no server keeps it on its disk', async () => {
    const created = await postJson(0, '/api/Shipments', [{ Shipment: 'SCALE-DOC', 'Order Ref': 'SCALE-DOC-PO' }]);
    expect(created.status, await created.text()).toBe(200);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256 * 1024), Buffer.from('\n%%EOF\n')]);
    const body = multipart(
      [
        ['documentType', 'Bill of Lading'],
        ['shipment', 'SCALE-DOC'],
      ],
      [{ name: 'bol.pdf', bytes }],
    );
    const uploaded = await asAdmin(0, '/api/Files', {
      method: 'POST',
      headers: { 'content-type': body.contentType },
      body: body.payload,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const [document] = ((await uploaded.json()) as { documents: { id: string }[] }).documents;

    const downloaded = await asAdmin(2, `/api/Files/${document?.id}/content?download=true`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    for (const dataDir of dataDirs) {
      const files = path.join(dataDir, 'files');
      expect(existsSync(files) ? readdirSync(files) : []).toEqual([]);
    }
  });

  it('queued jobs run once each among the three, and the webhook they send is delivered once', async () => {
    // The receiver is on loopback: allowed for it.
    const allowed = await postJson(0, '/api/OrganisationSettings', {
      webhookPrivateAllowList: ['127.0.0.1'],
      followsPerPerson: 500,
    });
    expect(allowed.status, await allowed.text()).toBe(200);
    const hook = await postJson(0, '/api/Webhooks', { url: receiver.url, events: ['eta_slipped'] });
    expect(hook.status, await hook.text()).toBe(200);
    const save = async (index: number, fields: Record<string, unknown>, query = '') => {
      const response = await postJson(index, `/api/Shipments${query}`, [fields]);
      expect(response.status, await response.text()).toBe(200);
    };
    await save(1, { Shipment: 'SCALE-SLIP', 'Dest. ETA': isoDay(20), 'Order Ref': ['SCALE-SLIP-PO'] });
    await save(2, { 'Dest. ETA': isoDay(24) }, '?id=SCALE-SLIP');

    // Ten notify jobs at once (the schedule sends one a minute): the three servers share them out.
    const boss = new PgBoss({ connectionString: postgres.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    const ids = await Promise.all(Array.from({ length: 10 }, () => boss.send(JOB_NAMES.notify, { byTest: true })));
    const jobsDone = () =>
      queryDatabase<{ state: string; retry_count: number }>(`
        select state, retry_count from pgboss.job where id in (${ids.map((id) => `'${id}'`).join(', ')})`);
    await expect
      .poll(async () => (await jobsDone()).filter((job) => job.state === 'completed').length, { timeout: 30_000 })
      .toBe(10);
    expect((await jobsDone()).map((job) => job.retry_count)).toEqual(Array(10).fill(0));
    // Then ten webhook runs at once: the receiver's lease lets one of them send.
    await Promise.all(Array.from({ length: 10 }, () => boss.send(JOB_NAMES.webhooks, { byTest: true })));
    await boss.stop({ graceful: false });
    // The event became one delivery, sent once, though ten jobs on three servers could have sent it.
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(receiver.received.map((delivery) => JSON.parse(delivery.body).shipment)).toEqual(['SCALE-SLIP']);
  });

  it('a schedule sends one job a minute, whichever server is the first to see the minute', async () => {
    const scheduled = () =>
      queryDatabase<{ minute: string; jobs: number }>(`
        select date_trunc('minute', created_on)::text as minute, count(*)::int as jobs
        from (select created_on, data from pgboss.job where name = 'notify'
              union all select created_on, data from pgboss.archive where name = 'notify') as notify
        where data->>'byTest' is null
        group by 1 order by 1`);
    // The first minute to start after the servers did.
    await expect.poll(async () => (await scheduled()).length, { timeout: 150_000, interval: 1_000 }).toBeGreaterThan(0);
    const perMinute = await scheduled();
    expect(perMinute.filter((slot) => slot.jobs > 1)).toEqual([]);
    expect(perMinute.length).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 60_000) + 1);
  }, 180_000);
});
