// A server starting while another server's long write holds the read model: the database's logic
// is already the files' (database_logic's digest), so the start replaces no trigger and takes no
// lock on that table, and is not held behind the write.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { runMigrations } from './migrate.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('a start beside a long write', () => {
  it('applies nothing when the logic is unchanged, so it does not wait for the write', async () => {
    const writer = await database.pool.connect();
    try {
      // As an import does: a write to line_item_rows, not yet committed.
      await writer.query('begin');
      await writer.query('lock table line_item_rows in row exclusive mode');
      const started = await Promise.race([
        runMigrations(database.pool).then(() => 'started'),
        sleep(5_000).then(() => 'still waiting'),
      ]);
      expect(started).toBe('started');
    } finally {
      await writer.query('rollback');
      writer.release();
    }
  });
});
