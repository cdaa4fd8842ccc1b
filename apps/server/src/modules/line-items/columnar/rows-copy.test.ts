import { LineItemQuery } from '@quayside/domain/line-item-query';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { readDataVersion } from '../../../db/data-version.ts';
import { insertShipment } from '../../../testing/fixtures.ts';
import { createTestDatabase } from '../../../testing/test-database.ts';
import { syncLineItemRows } from '../line-item-rows.ts';
import { pruneRowChanges, RowsCopy } from './rows-copy.ts';

let database: DatabaseHandle;
let copy: RowsCopy;
const errors: unknown[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  copy = new RowsCopy(database.db, (error) => errors.push(error));
});
afterAll(() => database.close());

const everything = { sees: 'everything' } as const;
const TODAY = '2026-11-28';
/** The copy as a request arriving now reads it: the titles matching `q`, in order. */
async function titlesNow(q: string) {
  const rows = await copy.rowsAt(await readDataVersion(database.db));
  if (!rows) throw new Error('the copy did not answer');
  const query = LineItemQuery.parse({ q });
  const page = rows.page(everything, query, { today: TODAY, etaSlipDays: 3 }, 0, 50);
  if (!page) throw new Error('no page');
  const titles = await database.db.execute<{ title: string }>(
    sql`select title from line_items where id = any(${`{${page.ids.join(',')}}`}::bigint[]) order by title`,
  );
  return titles.rows.map((row) => row.title);
}

async function addLineItems(shipment: string, titles: string[]) {
  const row = await insertShipment(database.db, { shipment });
  for (const title of titles) {
    await database.db.execute(
      sql`insert into line_items (shipment_id, title, po_review_required) values (${row.id}, ${title}, 5)`,
    );
  }
  await syncLineItemRows(database.db, { shipmentIds: [row.id] });
  return row.id;
}

describe('the in-memory copy of the rows', () => {
  it('loads once, then reads only what each write changed, whoever wrote it', async () => {
    await addLineItems('COPY-A', ['CP-1', 'CP-2']);
    await copy.start();
    expect(copy.loads).toBe(1);
    expect(await titlesNow('CP-')).toEqual(['CP-1', 'CP-2']);

    // Written behind the copy's back, as another server or the CLI would.
    await addLineItems('COPY-B', ['CP-3']);
    expect(await titlesNow('CP-')).toEqual(['CP-1', 'CP-2', 'CP-3']);
    await database.db.execute(sql`update line_items set title = 'CP-9' where title = 'CP-1'`);
    await syncLineItemRows(database.db, 'all');
    expect(await titlesNow('CP-')).toEqual(['CP-2', 'CP-3', 'CP-9']);
    await database.db.execute(sql`delete from line_items where title = 'CP-2'`);
    expect(await titlesNow('CP-')).toEqual(['CP-3', 'CP-9']);
    // A write elsewhere moves the data version and changes no row.
    await database.db.execute(sql`select pg_current_xact_id()`);
    expect(await titlesNow('CP-')).toEqual(['CP-3', 'CP-9']);
    expect(copy.loads).toBe(1);
    expect(errors).toEqual([]);
  });

  it('answers at once while nothing was written, and loads again after a truncate', async () => {
    const version = await readDataVersion(database.db);
    expect(await copy.rowsAt(version)).toBeDefined();
    await database.db.execute(sql`truncate line_item_rows`);
    expect(await titlesNow('CP-')).toEqual([]);
    expect(copy.loads).toBe(2);
  });

  it('gives up loading, and says what to do, when the rows would fill the heap', async () => {
    const failures: unknown[] = [];
    const starved = new RowsCopy(database.db, (error) => failures.push(error), { heapBudget: 1 });
    await starved.start();
    expect(String(failures[0])).toMatch(/Start the server with more heap \(NODE_OPTIONS=--max-old-space-size=N/);
    expect(starved.size).toBe(0);
    expect(await starved.rowsAt(await readDataVersion(database.db))).toBeUndefined();
  });

  it('prunes changes an hour old, and only those', async () => {
    await addLineItems('COPY-C', ['CP-10']);
    await database.db.execute(
      sql`update line_item_row_changes set changed_at = now() - interval '61 minutes' where line_item_id is null`,
    );
    const count = async () =>
      (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from line_item_row_changes`)).rows[0]?.n;
    const before = await count();
    await pruneRowChanges(database.db);
    expect(await count()).toBe((before ?? 0) - 1);
  });
});
