// The CLI's data commands work while the server runs: on the embedded database they reach it
// through the running server's socket (PGlite's files can have only one process); backup and
// restore still ask for a stopped server.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerData, type RealServer, signInOverHttp, startRealServer, tryCli } from './testing/real-server.ts';
import { testEngine } from './testing/test-database.ts';

const ADMIN = { email: 'live-admin@example.com', password: 'live admin password' };

let data: Awaited<ReturnType<typeof createServerData>>;
let server: RealServer;
beforeAll(async () => {
  data = await createServerData();
  server = await startRealServer(data.env);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await data?.remove();
});

describe(`the CLI while the server runs (suite on ${testEngine})`, () => {
  it('creates a user, seeds the demo, imports, bulk-loads, lists and restores deletions; the server keeps serving', async () => {
    const { env } = data;
    const created = await tryCli(env, [
      'create-user',
      ...['--email', ADMIN.email, '--password', ADMIN.password, '--role', 'Admin', '--name', 'Live Admin'],
    ]);
    expect([created.code, created.stderr]).toEqual([0, '']);
    const headers = { authorization: `Bearer ${await signInOverHttp(server.baseUrl, ADMIN.email, ADMIN.password)}` };

    // The server answers while the seed writes.
    const seeding = tryCli(env, ['seed-demo']);
    const readyAnswers: number[] = [];
    let seeded: Awaited<typeof seeding> | undefined;
    void seeding.then((result) => {
      seeded = result;
    });
    while (!seeded) {
      readyAnswers.push((await fetch(`${server.baseUrl}/livez`)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([seeded.code, seeded.stderr, seeded.stdout]).toEqual([0, '', expect.stringContaining('Demo data loaded.')]);
    expect(readyAnswers.length).toBeGreaterThan(0);
    expect(readyAnswers.filter((status) => status !== 200)).toEqual([]);
    const total = async () => {
      const answer = await fetch(`${server.baseUrl}/api/LineItems/count`, { headers });
      return ((await answer.json()) as { total: number }).total;
    };
    expect(await total()).toBeGreaterThan(800);

    const report = path.join(data.dataDir, 'report.csv');
    writeFileSync(report, 'Shipment,Order Ref,Consignee Name\nLIVE-1,"PO-LIVE-1, PO-LIVE-2",Live Consignee\n');
    const imported = await tryCli(env, ['import', report]);
    expect([imported.code, imported.stderr]).toEqual([0, '']);
    const shipment = await fetch(`${server.baseUrl}/api/Shipments?shipment=LIVE-1`, { headers });
    expect(((await shipment.json()) as { shipments: unknown[] }).shipments).toHaveLength(1);

    const before = await total();
    const loaded = await tryCli(env, ['bulk-load', '--rows', '50', '--seed', '7']);
    expect([loaded.code, loaded.stderr]).toEqual([0, '']);
    expect(await total()).toBe(before + 50);

    const deleted = await fetch(`${server.baseUrl}/api/LineItems/delete`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ related_shipment: 'LIVE-1', title: 'PO-LIVE-2' }),
    });
    expect(deleted.status).toBe(200);
    const listed = await tryCli(env, ['deletions', '--limit', '1']);
    const id = /^(\d+)\s.*LIVE-1\s+PO-LIVE-2/m.exec(listed.stdout)?.[1];
    expect(id, listed.stdout + listed.stderr).toBeDefined();
    const restored = await tryCli(env, ['restore-deletion', String(id)]);
    expect([restored.code, restored.stderr]).toEqual([0, '']);
    expect(await total()).toBe(before + 50);
  }, 300_000);

  // restore's refusal while the database is open: cli.test.ts, with a real backup to restore.
  it('backup asks for a stopped server, and says so (PostgreSQL: it points to its own tools)', async () => {
    const refused = await tryCli(data.env, ['backup', '--out', path.join(data.dataDir, 'live.tar.gz')]);
    const saying = testEngine === 'pglite' ? /is in use by process \d+.*Stop it first/ : /pg_dump/;
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringMatching(saying)]);
  });
});
