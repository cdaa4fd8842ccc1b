import { EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import {
  COLUMN_KEYS,
  type ColumnKey,
  DATE_ONLY_OPERATORS,
  displayText,
  exportedText,
  type FilterOperator,
  LINE_ITEM_COLUMNS,
  operatorsFor,
  REPORT_COLUMNS,
  REPORTS,
} from '@quayside/domain/line-item-columns';
import {
  changeWindows,
  LineItemQuery,
  type QueryMoment,
  queryLineItems,
  shiftDay,
  valueBefore,
} from '@quayside/domain/line-item-query';
import type { LineItem } from '@quayside/domain/line-items';
import { companyKey } from '@quayside/domain/text';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.ts';
import { rowScopeOf } from '../../auth/visibility.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { readDataVersion } from '../../db/data-version.ts';
import { lineItems, parts, shipmentDateChanges, shipments } from '../../db/schema.ts';
import { createTestDatabase, testEngine } from '../../testing/test-database.ts';
import { RowsCopy } from './columnar/rows-copy.ts';
import { SlotThreads } from './columnar/slot-threads.ts';
import { syncLineItemRows } from './line-item-rows.ts';
import { countLineItems, listLineItems, streamExportedRows } from './line-items.service.ts';

// The query engine's contract: for random line items and random queries, the SQL over the read
// model answers exactly what domain's reference function answers — same rows, same order, same counts.

let database: DatabaseHandle;
/**
 * The server's in-memory copy of the rows, kept in step as a server keeps it: it must answer the
 * same, with a helper thread taking part of every pass over the rows however few they are.
 */
let copy: RowsCopy;
let threads: SlotThreads;
beforeAll(async () => {
  database = await createTestDatabase();
  threads = new SlotThreads(1, 1);
  await threads.ready;
  copy = new RowsCopy(
    database.db,
    (error) => {
      throw error;
    },
    { threads },
  );
  await copy.start();
});
afterAll(async () => {
  await threads.close();
  await database.close();
});

// Characters that trouble a translation to SQL: case, LIKE metacharacters, quotes, separators, non-ASCII.
const CHARACTERS = [
  'a',
  'B',
  'c',
  'Z',
  '0',
  '1',
  '9',
  '-',
  '.',
  ' ',
  '%',
  '_',
  '\\',
  "'",
  '"',
  ',',
  'é',
  'É',
  'ß',
  'Σ',
  '😀',
  'K',
];
const tricky = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 6 }).map((chars) => chars.join(''));
const numberLike = fc.constantFrom('12', '-3.5', '007', '1.0', '1', '100', '0', '-0', '2.50', '10');
const cellText = fc.oneof(fc.constant(''), tricky, numberLike);
const COMPANIES = ['Blue Anchor', 'BLUE ANCHOR', 'blue anchor', 'Kestrel', 'Émile & Co', ''];
const TRANS = ['SEA', 'AIR', 'COU', 'ROA', 'BCN', 'sea', ''];
// A few shared days, so that dates tie and the tie-breaker is exercised.
const DAYS = ['2024-01-31', '2024-02-29', '2025-12-31', '1999-06-15'];
/** The days a run may take for today: each a shared day, so relative ranges meet ties and edges. */
const TODAYS = DAYS;
const timestamp = fc.oneof(
  fc.constant(null),
  fc
    .tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 23 }))
    .map(([day, hour]) => `${day}T${String(hour).padStart(2, '0')}:30:00.000Z`),
  // A few days either side of a possible today: the relative filters' edges.
  fc
    .tuple(fc.constantFrom(...TODAYS), fc.integer({ min: -9, max: 9 }), fc.integer({ min: 0, max: 23 }))
    .map(([day, shift, hour]) => `${shiftDay(day, shift)}T${String(hour).padStart(2, '0')}:00:00.000Z`),
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString()),
);

const partArbitrary = fc.record({
  part_number: cellText,
  qty: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 1000 })),
});
const lineItemArbitrary = fc.record({
  title: cellText,
  hide_lineitem: fc.boolean(),
  parts: fc.uniqueArray(partArbitrary, { maxLength: 4, selector: (part) => part.part_number }),
});
const shipmentArbitrary = fc.record({
  forwarder_name: fc.constantFrom(...COMPANIES),
  consignee_name: cellText,
  origin: cellText,
  dest: cellText,
  trans: fc.constantFrom(...TRANS),
  house: cellText,
  master: cellText,
  atd: timestamp,
  dest_eta: timestamp,
  ata: timestamp,
  est_delivery: timestamp,
  lineItems: fc.uniqueArray(lineItemArbitrary, { maxLength: 5, selector: (lineItem) => lineItem.title }),
  // Its date history: changes of the dashboard's dates (and of one it does not show), some hours before now.
  dateChanges: fc.array(
    fc.record({
      field: fc.constantFrom('atd', 'dest_eta', 'ata', 'est_delivery', 'eta'),
      old_value: timestamp,
      hoursAgo: fc.oneof(fc.constantFrom(0, 1, 23, 24, 25, 48, 72, 168), fc.integer({ min: -5, max: 400 })),
    }),
    { maxLength: 4 },
  ),
});
const dataset = fc.record({
  shipments: fc.array(shipmentArbitrary, { minLength: 1, maxLength: 6 }),
  today: fc.constantFrom(...TODAYS),
});
type Shipments = (typeof dataset extends fc.Arbitrary<infer T> ? T : never)['shipments'];

/** Loads the shipments and their date history (recorded as of `now`); answers the history as the reference reads it. */
async function load(shipmentsToLoad: Shipments, now: string): Promise<QueryMoment['dateChanges']> {
  const { db } = database;
  await db.execute(sql`truncate shipments, line_items, parts, line_item_rows restart identity cascade`);
  for (const [index, shipment] of shipmentsToLoad.entries()) {
    const date = (iso: string | null) => (iso ? new Date(iso) : null);
    const [row] = await db
      .insert(shipments)
      .values({
        shipment: `S${index}${shipment.house}`,
        forwarder_name: shipment.forwarder_name,
        consignee_name: shipment.consignee_name,
        origin: shipment.origin,
        dest: shipment.dest,
        trans: shipment.trans,
        house: shipment.house,
        master: shipment.master,
        atd: date(shipment.atd),
        dest_eta: date(shipment.dest_eta),
        ata: date(shipment.ata),
        est_delivery: date(shipment.est_delivery),
      })
      .returning();
    if (!row) throw new Error('no shipment');
    for (const lineItem of shipment.lineItems) {
      const [item] = await db
        .insert(lineItems)
        .values({
          shipment_id: row.id,
          title: lineItem.title,
          po_review_required: lineItem.title.length,
          hide_lineitem: lineItem.hide_lineitem,
        })
        .returning();
      if (!item) throw new Error('no line item');
      if (lineItem.parts.length > 0) {
        await db.insert(parts).values(lineItem.parts.map((part) => ({ line_item_id: item.id, ...part })));
      }
    }
    for (const change of shipment.dateChanges) {
      await db.insert(shipmentDateChanges).values({
        shipment_id: row.id,
        field: change.field,
        old_value: date(change.old_value),
        new_value: null,
        changed_at: new Date(Date.parse(now) - change.hoursAgo * 3_600_000),
        source: 'api',
      });
    }
  }
  await syncLineItemRows(db, 'all');
  const history = await db.execute<{ shipment: string; field: string; old_value: string | null; at: string }>(sql`
    select s.shipment, c.field, to_json(c.old_value)#>>'{}' as old_value, to_json(c.changed_at)#>>'{}' as at
    from shipment_date_changes c join shipments s on s.id = c.shipment_id order by c.id`);
  return history.rows.map((change) => ({
    shipment: change.shipment,
    field: change.field,
    oldValue: change.old_value === null ? null : new Date(change.old_value).toISOString(),
    at: new Date(change.at).toISOString(),
  }));
}

const person = (role: Principal['role'], company: string): Principal => ({
  personId: 1,
  userId: 'property-test',
  email: 'someone@example.com',
  fullName: 'Someone',
  role,
  company,
});
const principalArbitrary = fc.oneof(
  fc.constant(person('Admin', 'NAPCO')),
  fc.constant(person('Employee', 'NAPCO')),
  fc.constantFrom(...COMPANIES).map((company) => person('Forwarder', company)),
);

const visibleTo = (principal: Principal, rows: LineItem[]) =>
  rows.filter(
    (row) =>
      principal.role !== 'Forwarder' ||
      (companyKey(principal.company) !== '' &&
        companyKey(row.forwarder_name) === companyKey(principal.company) &&
        !row.hide_lineitem),
  );

/** A query on the wire (what a browser sends), built from values that occur in the data and from noise. */
function wireQuery(rows: LineItem[]) {
  const cells = rows.flatMap((row) => COLUMN_KEYS.map((column) => displayText(row, column)));
  const fragment = fc.oneof(
    tricky,
    numberLike,
    fc.constantFrom(...DAYS, '2024-02-30', 'not a date', '2024-1-5'),
    cells.length > 0
      ? fc
          .tuple(fc.constantFrom(...cells), fc.nat(), fc.nat())
          // Sliced by code point, as a person would select text: never half an emoji.
          .map(([cell, start, length]) => {
            const chars = [...cell];
            const from = start % (chars.length + 1);
            return chars.slice(from, from + (length % 5)).join('');
          })
      : fc.constant(''),
    cells.length > 0 ? fc.constantFrom(...cells) : fc.constant(''),
  );
  // Each column with the operators its kind offers, and a value each operator takes (or none).
  const days = fc.constantFrom('', '0', '1', '2', '7', '30', '3650');
  const hours = fc.constantFrom('', '1', '23', '24', '25', '48', '168', '87600');
  const between = fc
    .tuple(fc.constantFrom(...DAYS), fc.integer({ min: -9, max: 9 }), fc.integer({ min: 0, max: 20 }))
    .map(([day, shift, length]) => `${shiftDay(day, shift)}/${shiftDay(day, shift + length)}`);
  const valueFor = (operator: FilterOperator) => {
    switch (operator) {
      case 'inNextDays':
      case 'inLastDays':
        return days;
      case 'changedInLastDays':
        return days.filter((value) => value !== '0');
      case 'changedInLastHours':
        return hours;
      case 'between':
        return fc.oneof(fc.constant(''), between);
      default:
        return fragment;
    }
  };
  const filterOn = (columns: readonly ColumnKey[], operators: (column: ColumnKey) => readonly FilterOperator[]) =>
    fc
      .constantFrom(...columns)
      .chain((column) =>
        fc
          .constantFrom(...operators(column))
          .chain((operator) => valueFor(operator).map((value) => ({ column, operator, value }))),
      );
  // Half of them a date column's relative operator, whose edges are where a translation slips.
  const dateColumns = COLUMN_KEYS.filter((column) => LINE_ITEM_COLUMNS[column].kind === 'date');
  const filter = fc.oneof(
    filterOn(COLUMN_KEYS, (column) => operatorsFor(LINE_ITEM_COLUMNS[column].kind)),
    filterOn(dateColumns, () => DATE_ONLY_OPERATORS),
  );
  const sortRule = fc.record({ key: fc.constantFrom(...COLUMN_KEYS), direction: fc.constantFrom('asc', 'desc') });
  return fc.record({
    q: fc.oneof(fc.constant(''), fragment),
    filters: fc.array(filter, { maxLength: 3 }).map((filters) => JSON.stringify(filters)),
    logic: fc.constantFrom('AND', 'OR'),
    sort: fc
      .uniqueArray(sortRule, { maxLength: 3, selector: (rule) => rule.key })
      .map((rules) => JSON.stringify(rules)),
    report: fc.constantFrom(...REPORTS),
    page: fc.constantFrom('1', '2'),
    pageSize: fc.constant('25'),
  });
}

const admin = person('Admin', 'NAPCO');
const ids = (rows: LineItem[]) => rows.map((row) => row._id);

describe(`line-item queries on ${testEngine}: SQL answers exactly what the reference answers`, () => {
  it('for random data and random queries: the page, its order, total and totalAll', async () => {
    await fc.assert(
      fc.asyncProperty(
        dataset,
        fc.infiniteStream(fc.tuple(principalArbitrary)),
        fc.infiniteStream(fc.uniqueArray(fc.constantFrom(...EXCEPTION_KINDS), { minLength: 1, maxLength: 2 })),
        async (data, principals, kinds) => {
          // The query has no exception filter here; today and now are the relative filters'.
          const now = `${data.today}T12:00:00.000Z`;
          const CONTEXT = { today: data.today, etaSlipDays: 3, now };
          const dateChanges = await load(data.shipments, now);
          const moment: QueryMoment = { today: data.today, now, dateChanges };
          const everything = await listLineItems(database.db, admin, LineItemQuery.parse({ pageSize: '500' }), CONTEXT);
          const inserted = data.shipments.reduce((sum, shipment) => sum + shipment.lineItems.length, 0);
          expect(everything.totalAll).toBe(inserted);
          const queries = fc.sample(wireQuery(everything.lineItems), { numRuns: 6 });
          for (const [index, wire] of queries.entries()) {
            const principal = principals.next().value?.[0] ?? admin;
            const query = LineItemQuery.parse(wire);
            const visible = visibleTo(principal, everything.lineItems);
            const expected = queryLineItems(visible, query, moment);
            const answer = await listLineItems(database.db, principal, query, CONTEXT);
            const start = (query.page - 1) * query.pageSize;
            const context = { wire, principal: `${principal.role} ${principal.company}`, index };
            expect({ ...context, ids: ids(answer.lineItems) }).toEqual({
              ...context,
              ids: ids(expected.slice(start, start + query.pageSize)),
            });
            expect(answer.total).toBe(expected.length);
            const rows = await copy.rowsAt(await readDataVersion(database.db));
            expect(rows?.size).toBe(inserted);
            const fromCopy = await listLineItems(database.db, principal, query, CONTEXT, async () => rows);
            expect({ ...context, copy: ids(fromCopy.lineItems), total: fromCopy.total }).toEqual({
              ...context,
              copy: ids(expected.slice(start, start + query.pageSize)),
              total: expected.length,
            });
            // What each changed date was, read for the copy's page as for the database's.
            expect({ ...context, was: fromCopy.lineItems.map((row) => row.was) }).toEqual({
              ...context,
              was: answer.lineItems.map((row) => row.was),
            });
            expect(await countLineItems(database.db, principal, query, CONTEXT, async () => rows)).toBe(
              expected.length,
            );
            // What each changed date was when its window opened, as the reference reads the history.
            const windows = Object.entries(changeWindows(query.filters, now)) as [ColumnKey, string][];
            if (windows.length > 0) {
              const expectedWas = expected.slice(start, start + query.pageSize).map((row) =>
                Object.fromEntries(
                  windows.flatMap(([column, since]) => {
                    const was = valueBefore(row, column, since, dateChanges);
                    return was === undefined ? [] : [[column, was]];
                  }),
                ),
              );
              expect({ ...context, was: answer.lineItems.map((row) => row.was) }).toEqual({
                ...context,
                was: expectedWas,
              });
            }
            expect(answer.totalAll).toBe(visible.length);
            // Exceptions, which the reference does not decide: the copy answers what SQL answers.
            const exceptional = LineItemQuery.parse({ ...wire, exception: kinds.next().value?.join(',') });
            // Asked of the copy whenever the same question without them is (not with date history).
            const asked = (asking: typeof query) => rows?.page(rowScopeOf(principal), asking, CONTEXT, 0, 1) !== null;
            expect(asked(exceptional)).toBe(asked(query));
            const bySql = await listLineItems(database.db, principal, exceptional, CONTEXT);
            const byCopy = await listLineItems(database.db, principal, exceptional, CONTEXT, async () => rows);
            expect({
              ...context,
              kinds: exceptional.exception,
              ids: ids(byCopy.lineItems),
              total: byCopy.total,
            }).toEqual({
              ...context,
              kinds: exceptional.exception,
              ids: ids(bySql.lineItems),
              total: bySql.total,
            });
            // The export walks the same order in small batches, its cells as exported: no row lost, none repeated.
            const columns = REPORT_COLUMNS[query.report];
            const streamed: string[][] = [];
            for await (const batch of streamExportedRows(database.db, principal, query, CONTEXT, columns, false, 3))
              streamed.push(...batch);
            const cells = expected.map((row) => columns.map((column) => exportedText(row, column)));
            expect({ ...context, cells: streamed }).toEqual({ ...context, cells });
          }
        },
      ),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 40),
        seed: Number(process.env.PROPERTY_SEED ?? Date.now()) % 2 ** 31,
      },
    );
  }, 300_000);
});
