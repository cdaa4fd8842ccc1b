import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import { insertMany, isAnyOf } from './array-parameters.ts';
import type { DatabaseHandle } from './client.ts';
import { auditLog, shipments } from './schema.ts';

// The rows go to PostgreSQL as array literals: every text must come back exactly as it went.
const AWKWARD_TEXTS = [
  'he said "hi"',
  'back\\slash \\" and \\\\',
  '{braces},commas',
  'NULL',
  '',
  '  spaced  ',
  'tab\tand\nnewline',
  'Zoë 貨物 🚢',
];

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('insertMany', () => {
  it('stores every text, number, JSON value and NULL exactly, in the order given', async () => {
    const at = new Date('2026-11-26T10:11:12.345Z');
    const rows = AWKWARD_TEXTS.map((text, index) => ({
      at,
      actor_person_id: index === 0 ? null : index * 1_000_000_007,
      actor_email: text,
      action: 'update',
      entity: 'test',
      entity_id: index % 2 ? null : text,
      before: index === 1 ? null : { text, list: [text, 1, null] },
      after: text,
    }));
    const columns = [
      'at',
      'actor_person_id',
      'actor_email',
      'action',
      'entity',
      'entity_id',
      'before',
      'after',
    ] as const;
    await handle.db.execute(insertMany(auditLog, columns, rows));

    const stored = await handle.db
      .select({
        at: auditLog.at,
        actor_person_id: auditLog.actor_person_id,
        actor_email: auditLog.actor_email,
        action: auditLog.action,
        entity: auditLog.entity,
        entity_id: auditLog.entity_id,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'test'`)
      .orderBy(asc(auditLog.id));
    expect(stored).toEqual(rows);
  });

  it("gives a row that lacks a column the column's default", async () => {
    await handle.db.execute(
      insertMany(
        shipments,
        ['shipment', 'consignee_name'],
        [{ shipment: 'ARR-1', consignee_name: 'Given' }, { shipment: 'ARR-2' }],
      ),
    );
    const stored = await handle.db
      .select({ shipment: shipments.shipment, consignee_name: shipments.consignee_name })
      .from(shipments)
      .where(isAnyOf(shipments.shipment, ['ARR-1', 'ARR-2']))
      .orderBy(asc(shipments.shipment));
    expect(stored).toEqual([
      { shipment: 'ARR-1', consignee_name: 'Given' },
      { shipment: 'ARR-2', consignee_name: '' },
    ]);
  });
});

describe('isAnyOf', () => {
  it('finds the rows whose value is one of the texts, whatever they hold', async () => {
    const numbers = AWKWARD_TEXTS.map((text) => `S ${text}`);
    await handle.db.execute(
      insertMany(
        shipments,
        ['shipment'],
        numbers.map((shipment) => ({ shipment })),
      ),
    );
    const found = await handle.db
      .select({ shipment: shipments.shipment })
      .from(shipments)
      .where(isAnyOf(shipments.shipment, [...numbers.slice(0, 4), 'S not there']));
    expect(found.map((row) => row.shipment).sort()).toEqual(numbers.slice(0, 4).sort());
  });
});
