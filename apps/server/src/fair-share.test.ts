// One user cannot starve the rest: a user's exports and imports are bounded, a request gives up
// waiting for a database connection (and /readyz says the pool is saturated), and a statement that
// runs too long is stopped and answered with a 503 and a message.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUSY, STATEMENT_TIMED_OUT } from './db/database-errors.ts';
import { bulkLoad } from './demo/bulk-load.ts';
import { HEAVY_WORK_BUSY } from './lib/heavy-work.ts';
import { bearer, createTestApp, signInCast, type TestApp } from './testing/test-app.ts';
import { testEngine } from './testing/test-database.ts';

/** A request whose answer is read no further than its status: the server cannot finish it. */
type HeldRequest = { status: Promise<number>; release: () => void };

/** Opens a request on a listening app; `body` is written but the request is never ended. */
function holdRequest(
  baseUrl: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): HeldRequest {
  const request = http.request(`${baseUrl}${options.path}`, { method: options.method, headers: options.headers });
  request.on('error', () => {}); // released on purpose
  const status = new Promise<number>((resolve) =>
    request.on('response', (response) => {
      response.pause(); // read nothing: a big answer stays unsent
      resolve(response.statusCode ?? 0);
    }),
  );
  if (options.body !== undefined) request.write(options.body);
  else request.end();
  return { status, release: () => request.destroy() };
}

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
};

/** Retries `attempt` until it answers `status` (a released slot is freed when the server sees the close). */
async function eventually<T extends { statusCode: number }>(attempt: () => Promise<T>, status: number): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const answer = await attempt();
    if (answer.statusCode === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`exports and imports per user (${testEngine})`, () => {
  let t: TestApp;
  let admin: string;
  let blue: string;
  let baseUrl: string;
  const held: HeldRequest[] = [];
  beforeAll(async () => {
    // Room for every export and import here: the server-wide queue for heavy work is tested below.
    t = await createTestApp({ heavyWorkAtOnce: 4 });
    ({ admin, blue } = await signInCast(t));
    // 300 line items of 100 KB each: a 30 MB export, far more than a socket buffers, so an export
    // whose answer is not read stays running.
    await bulkLoad(t.db, { lineItems: 300, seed: 3, now: new Date('2026-11-23T12:00:00Z') });
    await t.db.execute(sql`update line_item_rows set house = repeat('h', 100000)`);
    baseUrl = await listen(t);
  }, 120_000);
  afterEach(() => {
    for (const request of held.splice(0)) request.release();
  });
  afterAll(() => t.close());

  const exportAs = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/LineItems/export', headers: bearer(token) });

  it(`refuses a user's third export at once with 429 and Retry-After, and serves it once one ends`, async () => {
    expect(t.config.exportsPerUser).toBe(2);
    for (let n = 0; n < 2; n++) {
      held.push(holdRequest(baseUrl, { method: 'GET', path: '/api/LineItems/export', headers: bearer(admin) }));
    }
    expect(await Promise.all(held.map((request) => request.status))).toEqual([200, 200]);

    const third = await exportAs(admin);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('10');
    expect(third.json()).toEqual({
      message: 'You already have 2 exports running. Wait for one to finish, then try again.',
    });
    // Another user is not affected by this one's exports.
    const others = await exportAs(blue);
    expect(others.statusCode).toBe(200);

    held[0]?.release();
    const afterOneEnded = await eventually(() => exportAs(admin), 200);
    expect(afterOneEnded.statusCode).toBe(200);
    expect(afterOneEnded.body.length).toBeGreaterThan(30_000_000);
  });

  it(`refuses a user's third import at once with 429 and Retry-After`, async () => {
    const boundary = 'fairShareBoundary';
    const headers = { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` };
    // An upload that has begun and not finished: the import holds its place meanwhile.
    const startOfUpload =
      `--${boundary}\r\nContent-Disposition: form-data; name="shipments"; filename="report.csv"\r\n` +
      'Content-Type: text/csv\r\n\r\nShipment,Order Ref\r\n';
    for (let n = 0; n < 2; n++) {
      held.push(
        holdRequest(baseUrl, { method: 'POST', path: '/api/Import?dryRun=true', headers, body: startOfUpload }),
      );
    }
    const importAs = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Import?dryRun=true',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${startOfUpload}X-1,PO-1\r\n--${boundary}--\r\n`,
      });
    // Both are in once each has its staging directory (made after the limit let it in).
    const incoming = path.join(t.config.dataDir, 'incoming');
    const staged = () =>
      existsSync(incoming) ? readdirSync(incoming).filter((name) => name.startsWith('import-')) : [];
    while (staged().length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const third = await importAs(admin);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('10');
    expect(third.json()).toEqual({
      message: 'You already have 2 imports running. Wait for one to finish, then try again.',
    });
    expect((await importAs(blue)).statusCode).toBe(200);

    held[0]?.release();
    expect((await eventually(() => importAs(admin), 200)).statusCode).toBe(200);
  });
});

describe(`heavy work, server-wide (${testEngine})`, () => {
  // One place for heavy work; the one app waits long for it, the other hardly at all.
  let patient: TestApp;
  let hasty: TestApp;
  const tokens = new Map<TestApp, { admin: string; employee: string }>();
  const baseUrls = new Map<TestApp, string>();
  const held: HeldRequest[] = [];
  beforeAll(async () => {
    [patient, hasty] = await Promise.all([
      createTestApp({ heavyWorkAtOnce: 1, heavyWorkWaitMs: 600_000 }),
      createTestApp({ heavyWorkAtOnce: 1, heavyWorkWaitMs: 50 }),
    ]);
    for (const t of [patient, hasty]) {
      const { admin, employee } = await signInCast(t);
      tokens.set(t, { admin, employee });
      await bulkLoad(t.db, { lineItems: 40, seed: 5, now: new Date('2026-11-23T12:00:00Z') });
      baseUrls.set(t, await listen(t));
    }
  }, 120_000);
  afterEach(() => {
    for (const request of held.splice(0)) request.release();
  });
  afterAll(() => Promise.all([patient.close(), hasty.close()]));

  const boundary = 'heavyWorkBoundary';
  const startOfUpload =
    `--${boundary}\r\nContent-Disposition: form-data; name="shipments"; filename="report.csv"\r\n` +
    'Content-Type: text/csv\r\n\r\nShipment,Order Ref\r\n';

  /** The heavy requests running and waiting, as /metrics tells them. */
  const heavyWork = async (t: TestApp) => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const count = (state: string) =>
      Number(new RegExp(`quayside_heavy_work_requests\\{state="${state}"\\} (\\d+)`).exec(text)?.[1]);
    return { running: count('running'), waiting: count('waiting') };
  };
  /** Waits until `state` is as expected (a server without the queue never gets there: 10 s, then it fails). */
  const until = async (t: TestApp, expected: Partial<Awaited<ReturnType<typeof heavyWork>>>) => {
    const deadline = Date.now() + 10_000;
    let state = await heavyWork(t);
    while (!Object.entries(expected).every(([key, value]) => state[key as keyof typeof state] === value)) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = await heavyWork(t);
    }
    expect(state).toMatchObject(expected);
  };
  /** The Admin's import, its upload begun and never finished: it holds the server's one place. */
  const holdThePlace = async (t: TestApp) => {
    const headers = {
      ...bearer(tokens.get(t)?.admin ?? ''),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    held.push(
      holdRequest(baseUrls.get(t) ?? '', {
        method: 'POST',
        path: '/api/Import?dryRun=true',
        headers,
        body: startOfUpload,
      }),
    );
    await until(t, { running: 1 });
  };
  const get = (t: TestApp, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(tokens.get(t)?.employee ?? '') });
  const aYear = 'from=2025-11-24&to=2026-11-23';
  const aWeek = 'from=2026-11-17&to=2026-11-23';

  it("makes another user's export wait its turn while browsing is answered at once", async () => {
    await holdThePlace(patient);
    let isAnswered = false;
    const exported = get(patient, '/api/LineItems/export').then((answer) => {
      isAnswered = true;
      return answer;
    });
    await until(patient, { waiting: 1 });

    const page = await get(patient, '/api/LineItems');
    expect(page.statusCode).toBe(200);
    expect(page.json<{ lineItems: unknown[] }>().lineItems.length).toBeGreaterThan(0);
    // A week of analytics is light work: answered beside the import.
    expect((await get(patient, `/api/Analytics/volume?${aWeek}`)).statusCode).toBe(200);
    expect(isAnswered).toBe(false);

    held[0]?.release();
    const answer = await exported;
    expect(answer.statusCode).toBe(200);
    const [header, ...rows] = answer.body.trim().split('\n');
    expect(header).toContain('"PO #","Shipment",');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses heavy work past the wait with 503, a message and Retry-After', async () => {
    await holdThePlace(hasty);
    for (const url of ['/api/LineItems/export', `/api/Analytics/volume?${aYear}`]) {
      const refused = await get(hasty, url);
      expect([url, refused.statusCode]).toEqual([url, 503]);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json()).toEqual({ message: HEAVY_WORK_BUSY });
    }
    expect((await get(hasty, '/api/LineItems')).statusCode).toBe(200);

    held[0]?.release();
    await until(hasty, { running: 0 });
    expect((await get(hasty, `/api/Analytics/volume?${aYear}`)).statusCode).toBe(200);
  });
});

describe(`a saturated database pool (${testEngine})`, () => {
  let t: TestApp;
  let admin: string;
  const taken: pg.PoolClient[] = [];
  beforeAll(async () => {
    // Long enough for the database's own start on a loaded machine, well short of the 5 s default.
    t = await createTestApp({ connectionWaitMs: 1500 });
    ({ admin } = await signInCast(t));
  });
  afterEach(() => {
    for (const client of taken.splice(0)) client.release();
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After after the connection wait, and /readyz says 503 meanwhile', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // Every connection busy, as with a dozen long exports at once.
    const { pool } = t.database;
    for (let n = 0; n < (pool.options.max ?? 10); n++) taken.push(await pool.connect());

    const started = Date.now();
    const waiting = t.app.inject({ method: 'GET', url: '/api/Shipments', headers: bearer(admin) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const readiness = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([readiness.statusCode, readiness.json()]).toEqual([503, { status: 'saturated' }]);

    const answer = await waiting;
    expect(Date.now() - started).toBeLessThan(4500);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ message: SERVER_BUSY });
    // Liveness is not readiness: the process is fine.
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);

    for (const client of taken.splice(0)) client.release();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/Shipments', headers: bearer(admin) })).statusCode).toBe(200);
  });
});

describe(`a statement past the time limit (${testEngine})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: 300, bulkStatementTimeoutMs: 5000 });
    ({ admin } = await signInCast(t));
  });
  afterAll(async () => {
    await t.db.execute(sql`drop trigger if exists slow_shipments on shipments`);
    await t.close();
  });

  /**
   * Every new shipment row costs `seconds`. PostgreSQL stops such a statement at the time limit.
   * PGlite accepts statement_timeout but cannot interrupt a statement (no timers in its single
   * WebAssembly thread; pglite-socket ignores cancel requests), so there the trigger raises the
   * error PostgreSQL's limit raises, 57014: what the client hears is then the same.
   */
  const slowShipmentInserts = async (seconds: number, cancelOnPglite: boolean) => {
    const body =
      testEngine === 'pglite' && cancelOnPglite
        ? `raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled';`
        : `perform pg_sleep(${seconds});`;
    await t.db.execute(
      sql.raw(`create or replace function slow_insert() returns trigger language plpgsql as $$
        begin ${body} return new; end $$`),
    );
    await t.db.execute(sql`drop trigger if exists slow_shipments on shipments`);
    await t.db.execute(
      sql`create trigger slow_shipments before insert on shipments for each row execute function slow_insert()`,
    );
  };

  it('answers 503 with a message and Retry-After, and writes nothing', async () => {
    await slowShipmentInserts(3, true);
    const started = Date.now();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/Shipments',
      headers: bearer(admin),
      payload: [{ Shipment: 'SLOW-1', 'Order Ref': 'PO-SLOW' }],
    });
    const elapsed = Date.now() - started;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('10');
    expect(answer.json()).toEqual({ message: STATEMENT_TIMED_OUT });
    expect(elapsed).toBeLessThan(2500);
    const found = await t.app.inject({ method: 'GET', url: '/api/Shipments?shipment=SLOW-1', headers: bearer(admin) });
    expect(found.json()).toEqual({ shipments: [] });
  });

  it('gives an import its own, longer limit', async () => {
    // 0.6 s a row: past the request limit (0.3 s), within the import's (5 s).
    await slowShipmentInserts(0.6, false);
    const boundary = 'slowImportBoundary';
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/Import',
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="shipments"; filename="report.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\nShipment,Order Ref\r\nSLOW-IMPORT,PO-9\r\n--${boundary}--\r\n`,
    });
    expect(answer.statusCode).toBe(200);
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/Shipments?shipment=SLOW-IMPORT',
      headers: bearer(admin),
    });
    expect(found.json<{ shipments: unknown[] }>().shipments).toHaveLength(1);
  });
});
