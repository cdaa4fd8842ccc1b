import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_STORAGE } from './db/database-errors.ts';
import { openMigratedDatabase, requestPoolLimits } from './db/open-from-config.ts';
import { insertShipment } from './testing/fixtures.ts';
import { multipart } from './testing/multipart.ts';
import { bearer, createTestApp, type TestApp } from './testing/test-app.ts';
import { TEST_POSTGRES_URL, testEngine } from './testing/test-database.ts';

// A full disk, for real: DATA_DIR on a small tmpfs filled to the last byte (mounting needs root, as
// this machine and CI run the tests). PGlite keeps its files in DATA_DIR as the server does; on
// PostgreSQL the line items live in a tablespace on a second full tmpfs.

const run = promisify(execFile);

type Mount = { dir: string; fill: () => Promise<void>; free: () => void; unmount: () => Promise<void> };

async function mountTmpfs(size: string): Promise<Mount> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quayside-full-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir]);
  } catch (error) {
    throw new Error(
      `This suite needs a small tmpfs to fill (mount -t tmpfs, as root): ${(error as Error).message.trim()}`,
    );
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    // Every byte left, in one file: the next write of any size finds the disk full.
    fill: async () => {
      const { bavail, bsize } = statfsSync(dir);
      await run('fallocate', ['-l', String(bavail * bsize), filler]);
    },
    free: () => rmSync(filler, { force: true }),
    unmount: async () => {
      await run('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every file under `directory` but the filler and the database's own, by relative path. */
const filesUnder = (directory: string) =>
  readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== 'filler' && !file.startsWith('pglite'));

let dataDir: Mount;
let tablespace: Mount | undefined;
const TABLESPACE = `quayside_full_${process.pid}`;
let t: TestApp;
let admin: string;
/** What DATA_DIR holds once full (the server's secret, the sign-up's mail): a refused request adds nothing. */
let filesWhenFull: string[];

beforeAll(async () => {
  // PGlite's migrated files take about 41 MB.
  dataDir = await mountTmpfs(testEngine === 'pglite' ? '64m' : '4m');
  t = await createTestApp(
    { dataDir: dataDir.dir },
    testEngine === 'pglite'
      ? { openDatabase: (config) => openMigratedDatabase(config, { limits: requestPoolLimits(config) }) }
      : {},
  );
  admin = await t.signedInAs({ email: 'admin@napco.example', role: 'Admin', company_name: 'NAPCO' });
  await insertShipment(t.db, { shipment: 'FULL-1' });
  if (testEngine === 'postgres') {
    tablespace = await mountTmpfs('1m');
    await run('chown', ['postgres:postgres', tablespace.dir]);
    await t.db.execute(sql.raw(`create tablespace ${TABLESPACE} location '${tablespace.dir}'`));
    await t.db.execute(sql.raw(`alter table line_items set tablespace ${TABLESPACE}`));
  }
  await dataDir.fill();
  await tablespace?.fill();
  filesWhenFull = filesUnder(dataDir.dir);
});

afterAll(async () => {
  dataDir?.free();
  await t?.close();
  const problems: unknown[] = [];
  if (tablespace) {
    // The test database is dropped by close(), so the tablespace is empty again.
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`drop tablespace if exists ${TABLESPACE}`).catch((error) => problems.push(error));
    await client.end();
    await tablespace.unmount().catch((error) => problems.push(error));
  }
  await dataDir?.unmount().catch((error) => problems.push(error));
  if (problems.length > 0) throw new AggregateError(problems, 'out-of-storage suite could not clean up');
});

const expectOutOfStorage = (response: { statusCode: number; json: () => unknown }) =>
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status: 507,
    body: { message: OUT_OF_STORAGE },
  });

const createShipment = (number: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Shipments',
    headers: bearer(admin),
    payload: [{ Shipment: number, 'Order Ref': Array.from({ length: 500 }, (_, index) => `FULL-PO-${index}`) }],
  });

describe('a full disk', () => {
  it('refuses a 6 MB upload with 507 and keeps no part of it', async () => {
    const body = multipart(
      [
        ['documentType', 'Commercial Invoice'],
        ['shipment', 'FULL-1'],
      ],
      [{ name: 'invoice.pdf', bytes: Buffer.alloc(6 * 1024 * 1024, 1) }],
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Files',
      headers: { ...bearer(admin), 'content-type': body.contentType },
      payload: body.payload,
    });
    expectOutOfStorage(response);
    expect(filesUnder(dataDir.dir)).toEqual(filesWhenFull);
    const listed = await t.app.inject({ url: '/api/Files?shipment=FULL-1', headers: bearer(admin) });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain('invoice.pdf');
  });

  it('refuses a 9 MB import with 507 and keeps no part of it', async () => {
    const rows = Array.from({ length: 600_000 }, (_, index) => `IMP-FULL-${index}`).join('\n');
    const body = multipart([], [{ name: 'report.csv', field: 'shipments', bytes: Buffer.from(`Shipment\n${rows}\n`) }]);
    expect(body.payload.length).toBeGreaterThan(9_000_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Import',
      headers: { ...bearer(admin), 'content-type': body.contentType },
      payload: body.payload,
    });
    expectOutOfStorage(response);
    expect(filesUnder(dataDir.dir)).toEqual(filesWhenFull);
  });

  it('refuses a write the database cannot store with 507, and takes it once there is room', async () => {
    expectOutOfStorage(await createShipment('FULL-2'));
    const before = await t.app.inject({ url: '/api/Shipments?shipment=FULL-2', headers: bearer(admin) });
    expect(before.json()).toEqual({ shipments: [] });

    dataDir.free();
    tablespace?.free();
    const saved = await createShipment('FULL-2');
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('is counted in /metrics', async () => {
    const metrics = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/^quayside_out_of_storage_total 3$/m);
  });
});
