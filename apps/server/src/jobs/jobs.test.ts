import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionSweeps, shipmentEvents, shipmentExceptionState, shipments } from '../db/schema.ts';
import { sweepExceptions } from '../modules/exceptions/exception-sweep.ts';
import { multipart } from '../testing/multipart.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../testing/test-app.ts';
import { type JobQueue, startJobQueue } from './job-queue.ts';

// The events alerts and webhooks are made of, the daily exception sweep, and the job queue on
// the engine under test: jobs survive a restart, and two servers on one database run each once.

let t: TestApp;
let admin: string;
let now = new Date('2027-05-10T12:00:00Z');
const setToday = (day: string) => {
  now = new Date(`${day}T12:00:00Z`);
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  ({ admin } = await signInCast(t));
});
afterAll(() => t.close());

const save = async (fields: Record<string, unknown>, id?: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/Shipments${id === undefined ? '' : `?id=${encodeURIComponent(id)}`}`,
    headers: bearer(admin),
    payload: [fields],
  });
  expect(response.statusCode, response.body).toBe(200);
};

const eventsOf = async (shipment: string) => {
  const [row] = await t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.shipment, shipment));
  const rows = await t.db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipment_id, row?.id ?? -1))
    .orderBy(asc(shipmentEvents.id));
  return rows.map(({ kind, detail, source }) => ({ kind, detail, source }));
};

describe('shipment events', () => {
  it('are recorded with the change: a departure, an arrival, a later Dest. ETA and a document', async () => {
    await save({
      Shipment: 'EV-1',
      'Forwarder Name': 'Blue Anchor',
      'Dest. ETA': '2027-05-20',
      'Order Ref': ['PO-EV-1'],
    });
    await save({ ATD: '2027-05-09' }, 'EV-1');
    await save({ 'Dest. ETA': '2027-05-30' }, 'EV-1');
    // Earlier is good news, and a changed departure is not a new one: neither is an event.
    await save({ 'Dest. ETA': '2027-05-28', ATD: '2027-05-08' }, 'EV-1');
    await save({ ATA: '2027-05-28' }, 'EV-1');
    const body = multipart(
      [
        ['documentType', 'Bill of Lading'],
        ['shipment', 'EV-1'],
      ],
      [{ name: 'bl.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') }],
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/Files',
      headers: { ...bearer(admin), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    expect(await eventsOf('EV-1')).toEqual([
      { kind: 'departed', detail: { date: '2027-05-09T00:00:00+00:00' }, source: 'api' },
      {
        kind: 'eta_slipped',
        detail: { from: '2027-05-20T00:00:00+00:00', to: '2027-05-30T00:00:00+00:00', days: 10 },
        source: 'api',
      },
      { kind: 'arrived', detail: { date: '2027-05-28T00:00:00+00:00' }, source: 'api' },
      {
        kind: 'document_uploaded',
        detail: { documentType: 'Bill of Lading', fileName: 'bl.pdf', documentId: expect.any(String) },
        source: 'api',
      },
    ]);
  });
});

describe('the exception sweep', () => {
  const sweep = () => sweepExceptions(t.db, () => now, undefined);

  it('takes stock silently the first time, then records each new exception once and forgets ended ones', async () => {
    setToday('2027-05-10');
    await save({
      Shipment: 'SW-OLD',
      'Forwarder Name': 'Kestrel',
      'Dest. ETA': '2027-05-01',
      'Order Ref': ['PO-SW-1'],
    });
    await save({
      Shipment: 'SW-NEW',
      'Forwarder Name': 'Kestrel',
      'Dest. ETA': '2027-05-11',
      'Order Ref': ['PO-SW-2'],
    });

    const first = await sweep();
    expect(first).toMatchObject({ asOf: '2027-05-10' });
    expect(first.opened).toBeGreaterThan(0);
    expect((await eventsOf('SW-OLD')).filter((event) => event.kind === 'new_exception')).toEqual([]);

    // Two days on, with no write: SW-NEW's Dest. ETA has passed.
    setToday('2027-05-12');
    expect(await sweep()).toMatchObject({ asOf: '2027-05-12', opened: 1, closed: 0 });
    expect(await eventsOf('SW-NEW')).toEqual([
      { kind: 'new_exception', detail: { exception: 'late_arrival' }, source: 'system' },
    ]);
    // Sweeping again the same day (a second server, a retry) tells nobody anything twice.
    expect(await sweep()).toMatchObject({ opened: 0, closed: 0 });

    await save({ ATA: '2027-05-12' }, 'SW-NEW');
    expect(await sweep()).toMatchObject({ opened: 0, closed: 1 });
    const [row] = await t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.shipment, 'SW-NEW'));
    expect(
      await t.db
        .select()
        .from(shipmentExceptionState)
        .where(eq(shipmentExceptionState.shipment_id, row?.id ?? -1)),
    ).toEqual([]);
    expect((await t.db.select().from(exceptionSweeps)).length).toBe(4);
  });
});

describe('the job queue', () => {
  /** A second server's pool on the same database. */
  const secondPool = () => new pg.Pool(t.database.pool.options);
  const quietLog = { error: () => {}, warn: () => {}, info: () => {} } as never;
  const until = async (check: () => boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for jobs');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('runs each job once when two servers share the database', async () => {
    const ran: number[] = [];
    const job = (server: string) => ({
      name: 'count-once',
      handle: async (data: object) => {
        ran.push((data as { n: number }).n);
        return server;
      },
    });
    const pool = secondPool();
    const queues: JobQueue[] = [
      await startJobQueue(t.database.pool, [job('a')], quietLog, { pollingIntervalSeconds: 0.5 }),
      await startJobQueue(pool, [job('b')], quietLog, { pollingIntervalSeconds: 0.5 }),
    ];
    try {
      for (let n = 0; n < 30; n++) await queues[n % 2]?.send('count-once', { n });
      await until(() => ran.length >= 30);
      // Long enough for a second run of any of them to have happened.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    } finally {
      for (const queue of queues) await queue.stop();
      await pool.end();
    }
  });

  it('keeps a job across a restart, and tries a failed one again', async () => {
    const ran: string[] = [];
    let failures = 1;
    const job = {
      name: 'survives',
      retryLimit: 2,
      retryDelaySeconds: 1,
      handle: async (data: object) => {
        if (failures-- > 0) throw new Error('the receiver was down');
        ran.push((data as { note: string }).note);
      },
    };
    const before = await startJobQueue(t.database.pool, [job], quietLog, { pollingIntervalSeconds: 0.5 });
    await before.send('survives', { note: 'sent before the restart' }, { startAfter: 2 });
    await before.stop();
    expect(ran).toEqual([]);

    const after = await startJobQueue(t.database.pool, [job], quietLog, { pollingIntervalSeconds: 0.5 });
    try {
      await until(() => ran.length === 1);
      expect(ran).toEqual(['sent before the restart']);
      expect(failures).toBe(-1);
    } finally {
      await after.stop();
    }
  });
});
