import {
  BULK_NOT_FOUND,
  BULK_STAFF_ONLY,
  type BulkAction,
  BulkQuery,
  bulkCountChanged,
  type LineItemBulkResponse,
} from '@quayside/domain/line-item-bulk';
import type { LineItem, LineItemsResponse } from '@quayside/domain/line-items';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import { auditLog, people } from '../../db/schema.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { READ_ONLY_MESSAGE } from '../shipments/shipment-access.ts';
import { syncLineItemRows } from './line-item-rows.ts';
import { changeLineItems } from './line-items-bulk.ts';

// POST /api/LineItems/bulk and POST /api/LineItems/export, as an API client sees them, on the
// engine under test (TEST_DB). Each describe writes its own shipments (prefix BK-<n>-) and selects by
// them, so the tests do not see each other's rows.

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;
let adminPrincipal: Principal;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue, kestrel } = await signInCast(t));
  const [person] = await t.db.select().from(people).where(eq(people.email, 'admin@napco.example'));
  if (!person) throw new Error('no admin');
  adminPrincipal = { personId: person.id, userId: '', email: person.email, fullName: '', role: 'Admin', company: '' };
});
afterAll(() => t.close());

type Selection = Record<string, unknown>;
const bulk = (token: string, action: string, selection: Selection) =>
  t.app.inject({ method: 'POST', url: '/api/LineItems/bulk', headers: bearer(token), payload: { action, selection } });
const bulkDone = async (token: string, action: string, selection: Selection) => {
  const response = await bulk(token, action, selection);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineItemBulkResponse>();
};

/** The line items a search finds, as the list answers them, by PO. */
async function listed(token: string, q: string): Promise<Map<string, LineItem>> {
  const response = await t.app.inject({
    url: `/api/LineItems?q=${encodeURIComponent(q)}&pageSize=500`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return new Map(response.json<LineItemsResponse>().lineItems.map((item) => [item.title, item]));
}
const idOf = async (q: string, po: string) => {
  const id = (await listed(admin, q)).get(po)?._id;
  if (!id) throw new Error(`no line item ${po}`);
  return id;
};
const flags = async (q: string, flag: 'hide_lineitem' | 'ignore_po_character_count') =>
  Object.fromEntries([...(await listed(admin, q))].map(([po, item]) => [po, item[flag]]));

let fixtureCount = 0;
/** Two shipments, Blue Anchor's and Kestrel's, under a fresh prefix (also the search that finds them). */
async function fixture() {
  fixtureCount += 1;
  const prefix = `BK-${fixtureCount}-`;
  await insertShipment(t.db, { shipment: `${prefix}BLUE`, forwarder_name: 'Blue Anchor', trans: 'SEA' }, [
    { title: `${prefix}A`, parts: [{ part_number: '=cmd|calc', qty: 3 }] },
    { title: `${prefix}B`, parts: [{ part_number: 'P-B', qty: 2 }] },
    { title: `${prefix}HIDDEN`, hide_lineitem: true },
  ]);
  await insertShipment(t.db, { shipment: `${prefix}KES`, forwarder_name: 'Kestrel', trans: 'AIR' }, [
    { title: `${prefix}K` },
  ]);
  const query = { q: prefix };
  return { prefix, query, po: (name: string) => `${prefix}${name}` };
}

const auditsOf = (ids: readonly string[]) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'line_item'), inArray(auditLog.entity_id, [...ids])))
    .orderBy(auditLog.id);

describe('hide and unhide', () => {
  it('by id: changes the ticked rows, counts rows already as asked as unchanged, and forwarders stop seeing them', async () => {
    const { prefix, po } = await fixture();
    const ids = [await idOf(prefix, po('A')), await idOf(prefix, po('K')), await idOf(prefix, po('HIDDEN'))];

    expect(await bulkDone(admin, 'hide', { ids })).toEqual({ changed: 2, unchanged: 1, refused: [], refusedCount: 0 });
    expect(await flags(prefix, 'hide_lineitem')).toEqual({
      [po('A')]: true,
      [po('B')]: false,
      [po('HIDDEN')]: true,
      [po('K')]: true,
    });
    expect([...(await listed(blue, prefix)).keys()]).toEqual([po('B')]);
    expect([...(await listed(kestrel, prefix)).keys()]).toEqual([]);

    expect(await bulkDone(admin, 'unhide', { ids })).toEqual({
      changed: 3,
      unchanged: 0,
      refused: [],
      refusedCount: 0,
    });
    expect(Object.values(await flags(prefix, 'hide_lineitem'))).toEqual([false, false, false, false]);
  });

  it('by query: every match but the rows unticked, once the count is the one confirmed; 409 and nothing changed when it is not', async () => {
    const { prefix, query, po } = await fixture();
    const except = [await idOf(prefix, po('B'))];

    const stale = await bulk(admin, 'hide', { query, except, expected: 4 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: bulkCountChanged(3) });
    expect(stale.json().message).toBe('The matching line items changed: 3 now match. Check and try again.');
    expect((await flags(prefix, 'hide_lineitem'))[po('A')]).toBe(false);

    expect(await bulkDone(admin, 'hide', { query, except, expected: 3 })).toEqual({
      changed: 2,
      unchanged: 1,
      refused: [],
      refusedCount: 0,
    });
    expect(await flags(prefix, 'hide_lineitem')).toEqual({
      [po('A')]: true,
      [po('B')]: false,
      [po('HIDDEN')]: true,
      [po('K')]: true,
    });
  });

  it('by query: takes the filters, logic, report and exceptions of the list', async () => {
    const { prefix, po } = await fixture();
    const filters = JSON.stringify([
      { column: 'related_shipment', operator: 'startsWith', value: prefix },
      { column: 'transit_type', operator: 'equals', value: 'AIR' },
    ]);
    const query = { filters, logic: 'AND', report: 'dr' };
    const count = await t.app.inject({
      url: `/api/LineItems/count?filters=${encodeURIComponent(filters)}&logic=AND&report=dr`,
      headers: bearer(admin),
    });
    expect(count.json()).toEqual({ total: 1 });
    expect(await bulkDone(admin, 'hide', { query, expected: 1 })).toMatchObject({ changed: 1 });
    expect((await flags(prefix, 'hide_lineitem'))[po('K')]).toBe(true);

    const badFilter = await bulk(admin, 'hide', { query: { filters: '[{"column":"nope"}]' }, expected: 1 });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toContain('Unknown filter column: nope.');
  });
});

describe("'Valid PO #'", () => {
  it('is set and cleared by id and by query', async () => {
    const { prefix, query, po } = await fixture();
    expect(await bulkDone(admin, 'validPo', { ids: [await idOf(prefix, po('A'))] })).toMatchObject({ changed: 1 });
    expect(await bulkDone(admin, 'validPo', { query, expected: 4 })).toMatchObject({ changed: 3, unchanged: 1 });
    expect(Object.values(await flags(prefix, 'ignore_po_character_count'))).toEqual([true, true, true, true]);
    expect(await bulkDone(admin, 'invalidPo', { query, expected: 4 })).toMatchObject({ changed: 4, unchanged: 0 });
    expect(Object.values(await flags(prefix, 'ignore_po_character_count'))).toEqual([false, false, false, false]);
  });
});

describe('who may do what', () => {
  it('refuses read-only roles everything, and a forwarder the staff switches (403, nothing changed)', async () => {
    const { prefix, query, po } = await fixture();
    const ids = [await idOf(prefix, po('A'))];
    for (const action of ['hide', 'unhide', 'validPo', 'invalidPo', 'delete']) {
      const refused = await bulk(employee, action, { ids });
      expect([refused.statusCode, refused.json().message]).toEqual([403, READ_ONLY_MESSAGE]);
    }
    for (const action of ['hide', 'unhide', 'validPo', 'invalidPo']) {
      const refused = await bulk(blue, action, { query, expected: 2 });
      expect([refused.statusCode, refused.json().message]).toEqual([403, BULK_STAFF_ONLY]);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/LineItems/bulk',
      payload: { action: 'delete', selection: { ids } },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await listed(admin, prefix)).size).toBe(4);
    expect(Object.values(await flags(prefix, 'hide_lineitem'))).toEqual([false, false, true, false]);
  });

  it("lets a forwarder delete its own visible line items; another company's, hidden or unknown ids are 'Not found' and stay", async () => {
    const { prefix, po } = await fixture();
    const own = await idOf(prefix, po('A'));
    const hidden = await idOf(prefix, po('HIDDEN'));
    const others = await idOf(prefix, po('K'));
    const unknown = '999999999';

    expect(await bulkDone(blue, 'delete', { ids: [own, hidden, others, unknown] })).toEqual({
      changed: 1,
      unchanged: 0,
      refused: [hidden, others, unknown].map((id) => ({ id, po: null, shipment: null, reason: BULK_NOT_FOUND })),
      refusedCount: 3,
    });
    expect([...(await listed(admin, prefix)).keys()].sort()).toEqual([po('B'), po('HIDDEN'), po('K')]);
  });

  it('matches by query only what a forwarder sees', async () => {
    const { prefix, query, po } = await fixture();
    // Blue Anchor sees A and B: the hidden one and Kestrel's are not among its matches.
    const stale = await bulk(blue, 'delete', { query, expected: 4 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, bulkCountChanged(2)]);
    expect(await bulkDone(blue, 'delete', { query, expected: 2 })).toMatchObject({ changed: 2, refusedCount: 0 });
    expect([...(await listed(admin, prefix)).keys()].sort()).toEqual([po('HIDDEN'), po('K')]);
  });

  it('lists at most 100 refused rows, and counts them all', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => String(900_000_000 + index));
    const answer = await bulkDone(admin, 'hide', { ids });
    expect(answer).toMatchObject({ changed: 0, unchanged: 0, refusedCount: 150 });
    expect(answer.refused).toHaveLength(100);
    expect(answer.refused[0]).toEqual({ id: '900000000', po: null, shipment: null, reason: BULK_NOT_FOUND });
  });
});

describe('the audit log and Deletions', () => {
  it('has one entry per row changed, the same as the single edit writes', async () => {
    const { prefix, po } = await fixture();
    const single = await idOf(prefix, po('A'));
    const many = [await idOf(prefix, po('B')), await idOf(prefix, po('K')), await idOf(prefix, po('HIDDEN'))];
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/LineItems?shipment=${encodeURIComponent(`${prefix}BLUE`)}&po=${encodeURIComponent(po('A'))}`,
      headers: bearer(admin),
      payload: { hide_lineitem: true },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await bulkDone(admin, 'hide', { ids: many });

    const [singleEntry] = await auditsOf([single]);
    const entries = await auditsOf(many);
    // HIDDEN was hidden already: no entry.
    expect(entries.map((entry) => entry.entity_id).sort()).toEqual(many.slice(0, 2).sort());
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor_email: 'admin@napco.example', action: 'update', entity: 'line_item' });
      // The same fields, each of the same kind, as the single edit's entry.
      expect(Object.keys(entry.before as object).sort()).toEqual(Object.keys(singleEntry?.before as object).sort());
      expect(entry.after).toEqual({ ...(entry.before as object), hide_lineitem: true });
      expect(entry.before).toMatchObject({
        id: Number(entry.entity_id),
        hide_lineitem: false,
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
    }
    expect(singleEntry?.after).toEqual({ ...(singleEntry?.before as object), hide_lineitem: true });
  });

  it('makes each deletion restorable as a single delete is: listed in Deletions, restored with its parts', async () => {
    const { prefix, query, po } = await fixture();
    const before = await listed(admin, prefix);
    const except = [await idOf(prefix, po('K'))];
    expect(await bulkDone(admin, 'delete', { query, except, expected: 3 })).toMatchObject({ changed: 3 });
    expect([...(await listed(admin, prefix)).keys()]).toEqual([po('K')]);

    // The audit entry keeps the line item exactly as the list showed it (and as a single delete keeps it).
    const deletedIds = [po('A'), po('B'), po('HIDDEN')].map((name) => before.get(name)?._id ?? '');
    for (const entry of await auditsOf(deletedIds)) {
      const {
        exceptions: _exceptions,
        exception_facts: _facts,
        has_purchase_order: _purchaseOrder,
        ...shown
      } = before.get((entry.before as LineItem).title) ?? {};
      expect(entry).toMatchObject({ action: 'delete', after: null });
      expect(entry.before).toEqual(shown);
    }

    const deletions = await t.app.inject({ url: '/api/Deletions', headers: bearer(admin) });
    const mine = deletions
      .json<{ deletions: { id: number; po: string; parts: unknown[] }[] }>()
      .deletions.filter((deletion) => deletion.po.startsWith(prefix));
    expect(mine.map((deletion) => deletion.po).sort()).toEqual([po('A'), po('B'), po('HIDDEN')]);
    expect(mine.find((deletion) => deletion.po === po('A'))?.parts).toEqual([{ part_number: '=cmd|calc', qty: 3 }]);
    for (const deletion of mine) {
      const restored = await t.app.inject({
        method: 'POST',
        url: `/api/Deletions/${deletion.id}/restore`,
        headers: bearer(admin),
      });
      expect(restored.statusCode, restored.body).toBe(200);
    }
    expect(await listed(admin, prefix)).toEqual(before);
  });
});

describe('all or nothing', () => {
  it('leaves nothing changed, not even the audit log, when a step fails mid-way', async () => {
    const { prefix, query, po } = await fixture();
    const ids = [...(await listed(admin, prefix)).values()].map((item) => item._id);
    // A failure inside the change itself, on one of the rows.
    await t.db.execute(
      sql.raw(`
      create function fail_on_bk() returns trigger language plpgsql as $$
      begin
        if new.title = '${po('K')}' then raise exception 'provoked failure'; end if;
        return new;
      end $$;
      create trigger fail_on_bk after update on line_items for each row execute function fail_on_bk();`),
    );
    try {
      for (const action of ['hide', 'validPo']) {
        const failed = await bulk(admin, action, { query, expected: 4 });
        expect(failed.statusCode).toBe(500);
      }
    } finally {
      await t.db.execute(sql`drop trigger fail_on_bk on line_items; drop function fail_on_bk()`);
    }
    expect(await flags(prefix, 'hide_lineitem')).toEqual({
      [po('A')]: false,
      [po('B')]: false,
      [po('HIDDEN')]: true,
      [po('K')]: false,
    });
    expect(Object.values(await flags(prefix, 'ignore_po_character_count'))).toEqual([false, false, false, false]);
    expect(await auditsOf(ids)).toEqual([]);
  });
});

describe('the read models', () => {
  /** What the dashboard, its counts, the exceptions and the analytics read. */
  const readModels = async (db: Queryable) => ({
    rows: (await db.execute(sql`select * from line_item_rows order by line_item_id`)).rows,
    counts: (await db.execute(sql`select * from line_item_counts where count <> 0 order by forwarder_key, is_hidden`))
      .rows,
    exceptions: (
      await db.execute(
        sql`select * from exception_counts where count <> 0 order by forwarder_key, is_hidden, basis, value`,
      )
    ).rows,
    facts: (await db.execute(sql`select * from shipment_facts order by shipment_id`)).rows,
  });

  it('are in step after bulk changes over thousands of rows: equal to a recompute from the normalised tables', async () => {
    const { prefix, query } = await fixture();
    const shipment = await insertShipment(t.db, {
      shipment: `${prefix}MANY`,
      forwarder_name: 'Kestrel',
      dest_eta: new Date('2020-01-01T00:00:00Z'),
    });
    await t.db.execute(
      sql`insert into line_items (shipment_id, title, po_review_required)
          select ${shipment.id}, ${prefix} || 'M-' || n, 12 from generate_series(1, 3000) n`,
    );
    await syncLineItemRows(t.db, { shipmentIds: [shipment.id] });

    // Through the service, in runs of a few hundred rows (a request's runs are 50,000).
    const inRuns = (action: BulkAction, wire: Record<string, string>, expected: number) =>
      changeLineItems(
        t.db,
        adminPrincipal,
        { action, selection: { query: BulkQuery.parse(wire), except: [], expected } },
        { today: new Date().toISOString().slice(0, 10), etaSlipDays: 3 },
        { statementTimeoutMs: 60_000, rowsPerStatement: 700 },
      );
    expect(await inRuns('hide', query, 3004)).toMatchObject({ changed: 3003, unchanged: 1 });
    expect(await bulkDone(admin, 'validPo', { query, expected: 3004 })).toMatchObject({ changed: 3004 });
    const summary = await t.app.inject({ url: `/api/LineItems/count?q=${prefix}`, headers: bearer(kestrel) });
    expect(summary.json()).toEqual({ total: 0 });
    expect(await bulkDone(admin, 'unhide', { query: { q: `${prefix}M-1` }, expected: 1111 })).toMatchObject({
      changed: 1111,
    });
    expect(await inRuns('delete', { q: `${prefix}M-2` }, 1111)).toMatchObject({ changed: 1111 });
    expect(await bulkDone(admin, 'delete', { query: { q: `${prefix}M-3` }, expected: 112 })).toMatchObject({
      changed: 112,
    });

    const kept = await readModels(t.db);
    expect(kept.rows.length).toBeGreaterThan(800);
    const recomputed = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate line_item_rows`);
        await tx.execute(sql`truncate shipment_facts`);
        await tx.execute(sql`select shipment_facts_sync(array(select id from shipments))`);
        await syncLineItemRows(tx, 'all');
        throw new Recomputed(await readModels(tx));
      })
      .catch((error: unknown) => {
        if (error instanceof Recomputed) return error.models;
        throw error;
      });
    expect(recomputed).toEqual(kept);
  });
});

describe('time limits', () => {
  // PGlite accepts the limits and cannot interrupt a statement (db/client.ts): there both finish.
  const isPostgres = process.env.TEST_DB === 'postgres';
  it("hold a bulk change to the bulk work's limit, not a page's", async () => {
    const answers: number[] = [];
    for (const bulkStatementTimeoutMs of isPostgres ? [300_000, 150] : [300_000]) {
      const limited = await createTestApp({ statementTimeoutMs: 150, bulkStatementTimeoutMs });
      try {
        const token = await limited.signedInAs({ email: 'admin@napco.example', role: 'Admin' });
        const shipment = await insertShipment(limited.db, { shipment: 'TL-1', forwarder_name: 'Kestrel' });
        await limited.db.transaction(async (tx) => {
          await tx.execute(sql`set local statement_timeout = 0`);
          await tx.execute(sql`insert into line_items (shipment_id, title, po_review_required)
                               select ${shipment.id}, 'TL-' || n, 5 from generate_series(1, 20000) n`);
          await syncLineItemRows(tx, { shipmentIds: [shipment.id] });
        });
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/LineItems/bulk',
          headers: bearer(token),
          payload: { action: 'hide', selection: { query: { q: 'TL-' }, expected: 20000 } },
        });
        answers.push(response.statusCode);
      } finally {
        await limited.close();
      }
    }
    // 20,000 rows take seconds: past a page's 150 ms, inside the bulk limit (a limit PGlite cannot apply).
    expect(answers).toEqual(isPostgres ? [200, 503] : [200]);
  }, 120_000);
});

/** Carries the recomputed read models out of the transaction that is then rolled back. */
class Recomputed extends Error {
  constructor(readonly models: unknown) {
    super('rolled back');
  }
}

describe('POST /api/LineItems/export', () => {
  const exportIds = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/LineItems/export', headers: bearer(token), payload });

  it('writes exactly the ticked rows, in the sort given, as the query export writes them', async () => {
    const { prefix, po } = await fixture();
    const ids = [await idOf(prefix, po('K')), await idOf(prefix, po('A'))];
    const sort = JSON.stringify([{ key: 'title', direction: 'asc' }]);
    const response = await exportIds(admin, { ids, report: 'dr', sort });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="shipment-data-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const byQuery = await t.app.inject({
      url: `/api/LineItems/export?report=dr&sort=${encodeURIComponent(sort)}&q=${prefix}`,
      headers: bearer(admin),
    });
    const [header, ...rows] = byQuery.body.trim().split('\r\n');
    expect(response.body.trim().split('\r\n')).toEqual([
      header,
      ...rows.filter((row) => row.startsWith(`"${po('A')}"`) || row.startsWith(`"${po('K')}"`)),
    ]);
    // Formula-safe, as every export.
    expect(response.body).toContain(`"${po('A')}","Blue Anchor","SEA","'=cmd|calc","3"`);
  });

  it('leaves out what the person may not see, and refuses bad ids', async () => {
    const { prefix, po } = await fixture();
    const ids = [await idOf(prefix, po('A')), await idOf(prefix, po('K')), await idOf(prefix, po('HIDDEN'))];
    const lines = (await exportIds(kestrel, { ids })).body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(po('K'));
    for (const bad of [[], ['1', '1'], ['x'], Array.from({ length: 1001 }, (_, index) => String(index + 1))]) {
      const response = await exportIds(admin, { ids: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('what a request must say', () => {
  it.each([
    ['no selection', { action: 'hide' }],
    ['an unknown action', { action: 'archive', selection: { ids: ['1'] } }],
    ['no ids', { action: 'hide', selection: { ids: [] } }],
    ['an id twice', { action: 'hide', selection: { ids: ['1', '1'] } }],
    ['an id that is not one', { action: 'hide', selection: { ids: ['1 or 1=1'] } }],
    ['too many ids', { action: 'hide', selection: { ids: Array.from({ length: 1001 }, (_, i) => String(i + 1)) } }],
    ['ids and a query', { action: 'hide', selection: { ids: ['1'], query: {}, expected: 1 } }],
    ['ids with expected', { action: 'hide', selection: { ids: ['1'], expected: 1 } }],
    ['a query without expected', { action: 'hide', selection: { query: {} } }],
    ['a negative expected', { action: 'hide', selection: { query: {}, expected: -1 } }],
    ['too many unticked', { action: 'hide', selection: { query: {}, expected: 1, except: Array(1001).fill('1') } }],
  ])('answers 400 with a message for %s', async (_name, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/LineItems/bulk',
      headers: bearer(admin),
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
