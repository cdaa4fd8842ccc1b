import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../testing/multipart.ts';
import { bearer, createTestApp, type TestApp } from '../testing/test-app.ts';
import { METRICS_REFUSED } from './metrics.ts';

const TOKEN = 'a metrics token of some length';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, slowQueryMs: 40, rowsInMemoryHelpers: 1 });
  admin = await t.signedInAs({ email: 'metrics-admin@example.com', role: 'Admin', company_name: 'NAPCO' });
});
afterAll(() => t.close());

const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
  const answer = await t.app.inject({ url: '/metrics', headers, remoteAddress });
  return { status: answer.statusCode, text: answer.body, type: answer.headers['content-type'] };
};
/** The value of one sample, e.g. `quayside_exports_total{status_code="200"}`. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('serves Prometheus text: request latency by route and status, the pool, the process', async () => {
    await t.app.inject({ url: '/api/site' });
    await t.app.inject({ url: '/no-such-file.php' }); // a 404 whether or not the web app is built
    const { status, text, type } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(
      sample(text, 'quayside_http_request_duration_seconds_count{method="GET",route="/api/site",status_code="200"}'),
    ).toBe(1);
    // An address no route knows is one series however many of them are asked for.
    expect(
      sample(text, 'quayside_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1);
    for (const state of ['in_use', 'idle', 'waiting']) {
      expect(sample(text, `quayside_db_pool_connections{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    // The copy of the dashboard's rows, loaded at start (this database has none yet).
    expect([sample(text, 'quayside_rows_in_memory'), sample(text, 'quayside_rows_in_memory_loads')]).toEqual([0, 1]);
    // Its helper threads (ROWS_IN_MEMORY_HELPERS), once they have started.
    await t.app.rowsCopy?.threads?.ready;
    expect(sample((await scrape()).text, 'quayside_rows_in_memory_helpers')).toBe(1);
    expect(text).toContain('# HELP quayside_db_slow_queries_total');
  });

  it('counts queries slower than SLOW_QUERY_MS, imports by kind and exports', async () => {
    const before = sample((await scrape()).text, 'quayside_db_slow_queries_total') ?? 0;
    await t.db.execute(sql`select pg_sleep(0.1)`);
    await t.db.execute(sql`select 1`);
    expect(sample((await scrape()).text, 'quayside_db_slow_queries_total')).toBe(before + 1);

    const report = multipart(
      [],
      [{ name: 'r.csv', field: 'shipments', bytes: Buffer.from('Shipment,Order Ref\nMET-1,PO-M1\n') }],
    );
    const importing = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/Import${query}`,
        headers: { ...bearer(admin), 'content-type': report.contentType },
        payload: report.payload,
      });
    expect((await importing('?dryRun=true')).statusCode).toBe(200);
    expect((await importing('')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/LineItems/export', headers: bearer(admin) })).statusCode).toBe(200);

    const { text } = await scrape();
    expect(sample(text, 'quayside_imports_total{kind="dry_run",status_code="200"}')).toBe(1);
    expect(sample(text, 'quayside_imports_total{kind="apply",status_code="200"}')).toBe(1);
    expect(sample(text, 'quayside_exports_total{status_code="200"}')).toBe(1);
  });

  it('answers another machine, or anyone through a proxy, only with METRICS_TOKEN', async () => {
    expect(await scrape({}, '10.1.2.3')).toMatchObject({
      status: 403,
      text: JSON.stringify({ message: METRICS_REFUSED }),
    });
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    expect((await scrape(bearer('not the token'), '10.1.2.3')).status).toBe(403);
    expect((await scrape(bearer(TOKEN), '10.1.2.3')).status).toBe(200);
    expect((await scrape({ ...bearer(TOKEN), 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
  });
});
