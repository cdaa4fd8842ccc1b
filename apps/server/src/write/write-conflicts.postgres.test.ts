import type { LineItemBulkResponse } from '@quayside/domain/line-item-bulk';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableAnswer, WRITE_CONFLICT } from '../db/database-errors.ts';
import { auditLog, lineItemRows, lineItems, shipments } from '../db/schema.ts';
import { insertShipment } from '../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../testing/test-app.ts';
import { withWrite, withWriteOnce } from './with-write.ts';

// Two writes that lock the same rows in opposite order: PostgreSQL stops one of them (deadlock
// detected). The door tries it again, so the client sees both succeed, never a 500.

let t: TestApp;
let admin: string;
let blue: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, blue } = await signInCast(t));
  // PostgreSQL looks for a deadlock after deadlock_timeout (1 s by default): shorter, so these
  // races cost little. Connections opened from now on take it; the pool's open ones are closed.
  const [database] = (await t.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
  await t.db.execute(sql`alter database ${sql.identifier(database?.name ?? '')} set deadlock_timeout = '50ms'`);
  const open = await Promise.all(Array.from({ length: t.database.pool.totalCount }, () => t.database.pool.connect()));
  for (const client of open) client.release(true);
});
afterAll(() => t.close());

const ACTOR = { personId: null, email: 'write-conflicts-test' };

/** Resolves once `parties` callers are waiting on it; later calls (a retry) pass at once. */
function barrier(parties: number) {
  let waiting = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    waiting += 1;
    if (waiting === parties) open();
    return opened;
  };
}

/**
 * Two writes, each locking one shipment and then, once both hold theirs, the other's: a sure
 * deadlock. `nested`: the second lock is taken in an inner door, a savepoint of the outer transaction.
 */
async function deadlockingWrites(name: string, nested: boolean) {
  const first = await insertShipment(t.db, { shipment: `${name}-1` });
  const second = await insertShipment(t.db, { shipment: `${name}-2` });
  const bothLocked = barrier(2);
  const runs = { first: 0, second: 0, inner: 0 };
  const write = (which: 'first' | 'second', lockFirst: number, lockThen: number) =>
    withWrite(t.db, ACTOR, async (outer) => {
      runs[which] += 1;
      await outer.tx.execute(sql`select id from shipments where id = ${lockFirst} for update`);
      await bothLocked();
      const lockThenRow = async (tx: typeof outer.tx) => {
        await tx.update(shipments).set({ job_notes: which }).where(eq(shipments.id, lockThen));
        return which;
      };
      if (!nested) return lockThenRow(outer.tx);
      return withWrite(outer.tx, ACTOR, (inner) => {
        runs.inner += 1;
        return lockThenRow(inner.tx);
      });
    });
  const outcomes = await Promise.allSettled([
    write('first', first.id, second.id),
    write('second', second.id, first.id),
  ]);
  const notes = await t.db
    .select({ notes: shipments.job_notes })
    .from(shipments)
    .where(inArray(shipments.id, [first.id, second.id]));
  return { outcomes, runs, notes: notes.map((row) => row.notes) };
}

describe('a deadlock between two writes', () => {
  it('is tried again by the door, so both writes succeed', async () => {
    const { outcomes, runs, notes } = await deadlockingWrites('DEADLOCK-A', false);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'first' },
      { status: 'fulfilled', value: 'second' },
    ]);
    // One of them was stopped by the deadlock and ran again.
    expect(runs.first + runs.second).toBe(3);
    expect(notes.sort()).toEqual(['first', 'second']);
  });

  it('inside an outer transaction is tried again as the whole transaction, not as its savepoint alone', async () => {
    const { outcomes, runs } = await deadlockingWrites('DEADLOCK-B', true);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    // The stopped savepoint was not run again inside its transaction (the outer lock, and the
    // deadlock, would still be there): its whole transaction was, once.
    expect(runs).toMatchObject({ inner: 3 });
    expect(runs.first + runs.second).toBe(3);
  });

  it('answers 503 with a message and when to try again when not run again (withWriteOnce)', async () => {
    const first = await insertShipment(t.db, { shipment: 'DEADLOCK-C-1' });
    const second = await insertShipment(t.db, { shipment: 'DEADLOCK-C-2' });
    const bothLocked = barrier(2);
    const write = (lockFirst: number, lockThen: number) =>
      withWriteOnce(t.db, ACTOR, async ({ tx }) => {
        await tx.execute(sql`select id from shipments where id = ${lockFirst} for update`);
        await bothLocked();
        await tx.execute(sql`select id from shipments where id = ${lockThen} for update`);
      });
    const outcomes = await Promise.allSettled([write(first.id, second.id), write(second.id, first.id)]);
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(unavailableAnswer(failed[0]?.reason)).toEqual({ message: WRITE_CONFLICT, retryAfterSeconds: 1 });
  });
});

describe('a forwarder deleting line items by query while an Admin adds POs to the same shipment', () => {
  it('answers every call (no 500) and leaves each change whole', async () => {
    const ROUNDS = 30;
    const shipmentNumber = 'RACE-SHP';
    const deletedPo = (round: number) => `RACE-D${String(round).padStart(2, '0')}X`;
    const addedPo = (round: number) => `RACE-A${String(round).padStart(2, '0')}X`;
    const shipment = await insertShipment(
      t.db,
      { shipment: shipmentNumber, forwarder_name: 'Blue Anchor', trans: 'SEA' },
      Array.from({ length: ROUNDS }, (_, round) => ({
        title: deletedPo(round),
        parts: [{ part_number: 'P', qty: 1 }],
      })),
    );

    // One bulk change at a time per user: three forwarders of the company delete, three lanes of saves add.
    const forwarders = [
      blue,
      await t.signedInAs({ email: 'ops2@blue.example', role: 'Forwarder', company_name: 'Blue Anchor' }),
      await t.signedInAs({ email: 'ops3@blue.example', role: 'Forwarder', company_name: 'Blue Anchor' }),
    ];
    const LANES = forwarders.length;
    const inLanes = (call: (round: number, lane: number) => Promise<LightMyRequestResponse>) =>
      Array.from({ length: LANES }, async (_, lane) => {
        const lanesAnswers = [];
        for (let round = lane; round < ROUNDS; round += LANES) lanesAnswers.push(await call(round, lane));
        return lanesAnswers;
      });
    /** The round of each answer, as the lanes' answers are listed (lane by lane). */
    const laneOrder = Array.from({ length: LANES }, (_, lane) =>
      Array.from({ length: ROUNDS }, (_, round) => round).filter((round) => round % LANES === lane),
    ).flat();
    const deleting = inLanes((round, lane) =>
      t.app.inject({
        method: 'POST',
        url: '/api/LineItems/bulk',
        headers: bearer(forwarders[lane] ?? blue),
        payload: { action: 'delete', selection: { query: { q: deletedPo(round) }, except: [], expected: 1 } },
      }),
    );
    const saving = inLanes((round) =>
      t.app.inject({
        method: 'POST',
        url: `/api/Shipments?id=${shipmentNumber}`,
        headers: bearer(admin),
        payload: [{ Shipment: shipmentNumber, 'Order Ref': [addedPo(round)] }],
      }),
    );
    const deletionAnswers = (await Promise.all(deleting)).flat();
    const saveAnswers = (await Promise.all(saving)).flat();

    // Nearly all succeed once the door has run them again; one still in the way after its tries
    // answers 503 with when to try again, never 500.
    const refusals = [...deletionAnswers, ...saveAnswers].filter((answer) => answer.statusCode !== 200);
    for (const refusal of refusals) {
      expect({ status: refusal.statusCode, body: refusal.json() }).toEqual({
        status: 503,
        body: { message: WRITE_CONFLICT },
      });
      expect(refusal.headers['retry-after']).toBe('1');
    }
    expect(refusals.length).toBeLessThan(ROUNDS / 5);

    // Each call whole or not at all: the line items, their read-model rows and the audit log agree.
    const deleted = deletionAnswers.flatMap((answer, index) =>
      answer.statusCode === 200 ? [deletedPo(laneOrder[index] ?? -1)] : [],
    );
    for (const answer of deletionAnswers.filter((answer) => answer.statusCode === 200)) {
      expect(answer.json<LineItemBulkResponse>()).toMatchObject({ changed: 1 });
    }
    const added = saveAnswers.flatMap((answer, index) =>
      answer.statusCode === 200 ? [addedPo(laneOrder[index] ?? -1)] : [],
    );
    const everyPo = Array.from({ length: ROUNDS }, (_, round) => [deletedPo(round), addedPo(round)]).flat();
    const expectedPos = everyPo.filter(
      (po) => added.includes(po) || (po.startsWith('RACE-D') && !deleted.includes(po)),
    );
    const remaining = await t.db
      .select({ id: lineItems.id, title: lineItems.title })
      .from(lineItems)
      .where(eq(lineItems.shipment_id, shipment.id));
    expect(remaining.map((item) => item.title).sort()).toEqual(expectedPos.sort());
    const rows = await t.db
      .select({ title: lineItemRows.title })
      .from(lineItemRows)
      .where(eq(lineItemRows.shipment_id, shipment.id));
    expect(rows.map((row) => row.title).sort()).toEqual(expectedPos.sort());
    const deleteAudits = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'line_item'), eq(auditLog.action, 'delete')));
    expect(deleteAudits).toHaveLength(deleted.length);
  });
});
