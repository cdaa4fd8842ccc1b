import { TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from '@quayside/domain/constants';
import { EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import {
  COLUMN_KEYS,
  DATE_ONLY_OPERATORS,
  displayText,
  type FilterOperator,
  LINE_ITEM_COLUMNS,
  operatorsFor,
  REPORTS,
} from '@quayside/domain/line-item-columns';
import { LineItemQuery, queryLineItems, shiftDay } from '@quayside/domain/line-item-query';
import { companyKey, dayNumber } from '@quayside/domain/text';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCEPTION_BASES } from '../../exceptions/exception-sql.ts';
import { ColumnarRows } from './columnar-rows.ts';
import { blankRecord, hasException, lineItemOf } from './reference-rows.ts';
import type { RowRecord, RowScope } from './row-record.ts';
import { SlotThreads } from './slot-threads.ts';

// The copy's contract, as the SQL engines': for random rows and random questions it answers exactly
// what domain's reference answers — the same page, in the same order, and the same count.

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
  ',',
  'é',
  'É',
  'ß',
  '😀',
  '\uFF21',
];
const tricky = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 5 }).map((chars) => chars.join(''));
const numberLike = fc.constantFrom('12', '-3.5', '007', '1.0', '1', '100', '0', '-0', '2.50', '10', '1234567890123456');
const cellText = fc.oneof(fc.constant(''), tricky, numberLike);
const COMPANIES = ['Blue Anchor', 'BLUE ANCHOR', 'Kestrel', 'Émile & Co', ''];
const DAYS = ['2024-01-31', '2024-02-29', '2025-12-31', '1999-06-15'];
/** The day every run decides relative filters and exceptions on. */
const TODAY = '2024-02-29';
const day = fc.oneof(
  fc.constant(null),
  fc.constantFrom(...DAYS),
  fc.tuple(fc.constantFrom(...DAYS), fc.integer({ min: -9, max: 9 })).map(([from, shift]) => shiftDay(from, shift)),
);

const recordArbitrary = fc.record({
  forwarder_name: fc.constantFrom(...COMPANIES),
  is_hidden: fc.boolean(),
  title: cellText,
  related_shipment: cellText,
  cosignee_name: cellText,
  origin_port: cellText,
  destination_port: cellText,
  transit_type: fc.constantFrom(...TRANSIT_TYPES, TRANSIT_TYPE_OTHER),
  part_numbers: cellText,
  house: cellText,
  master: cellText,
  number_of_parts: fc.integer({ min: 0, max: 12 }),
  total_qty: fc.integer({ min: -5, max: 3000 }),
  atd: day,
  dest_eta: day,
  ata: day,
  est_delivery: day,
  // The exception bases: days near the runs' today (as days from 1970), counts near the rules' bounds.
  ...Object.fromEntries(
    Object.entries(EXCEPTION_BASES).map(([basis, kind]) => [
      basis,
      fc.oneof(
        fc.constant(null),
        kind === 'date'
          ? fc.integer({ min: -3, max: 3 }).map((shift) => dayNumber(TODAY) + shift)
          : fc.integer({ min: -1, max: 5 }),
      ),
    ]),
  ),
});

function wireQuery(records: readonly RowRecord[]) {
  const cells = records.flatMap((record) => {
    const item = lineItemOf(record);
    return COLUMN_KEYS.map((column) => displayText(item, column));
  });
  const fragment = fc.oneof(
    tricky,
    numberLike,
    fc.constantFrom(...DAYS, '2024-02-30', '2024-1-5'),
    cells.length > 0
      ? fc.tuple(fc.constantFrom(...cells), fc.nat(), fc.nat()).map(([cell, start, length]) => {
          const chars = [...cell];
          const from = start % (chars.length + 1);
          return chars.slice(from, from + (length % 5)).join('');
        })
      : fc.constant(''),
  );
  const valueFor = (operator: FilterOperator) =>
    operator === 'inNextDays' || operator === 'inLastDays'
      ? fc.constantFrom('', '0', '1', '7', '3650')
      : operator === 'between'
        ? fc
            .tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 20 }))
            .map(([from, length]) => `${from}/${shiftDay(from, length)}`)
        : fragment;
  const operatorOf = (column: (typeof COLUMN_KEYS)[number]) =>
    fc.constantFrom(
      ...operatorsFor(LINE_ITEM_COLUMNS[column].kind).filter(
        (operator) => operator !== 'changedInLastHours' && operator !== 'changedInLastDays',
      ),
      ...(LINE_ITEM_COLUMNS[column].kind === 'date'
        ? DATE_ONLY_OPERATORS.filter((operator) => !operator.startsWith('changed'))
        : []),
    );
  const filter = fc
    .constantFrom(...COLUMN_KEYS)
    .chain((column) =>
      operatorOf(column).chain((operator) => valueFor(operator).map((value) => ({ column, operator, value }))),
    );
  const sortRule = fc.record({ key: fc.constantFrom(...COLUMN_KEYS), direction: fc.constantFrom('asc', 'desc') });
  return fc.record({
    exception: fc.oneof(
      fc.constant(undefined),
      fc
        .uniqueArray(fc.constantFrom(...EXCEPTION_KINDS), { minLength: 1, maxLength: 2 })
        .map((kinds) => kinds.join(',')),
    ),
    q: fc.oneof(fc.constant(''), fc.constant(''), fragment),
    filters: fc.array(filter, { maxLength: 3 }).map((filters) => JSON.stringify(filters)),
    logic: fc.constantFrom('AND', 'OR'),
    sort: fc
      .uniqueArray(sortRule, { maxLength: 2, selector: (rule) => rule.key })
      .map((rules) => JSON.stringify(rules)),
    report: fc.constantFrom(...REPORTS),
    page: fc.constantFrom('1', '2', '3'),
    pageSize: fc.constant('25'),
  });
}

const scopes: RowScope[] = [
  { sees: 'everything' },
  { sees: 'nothing' },
  ...COMPANIES.filter((company) => companyKey(company) !== '').map(
    (company): RowScope => ({ sees: 'company', key: companyKey(company) }),
  ),
];

const visible = (scope: RowScope, records: readonly RowRecord[]) =>
  records.filter(
    (record) =>
      scope.sees === 'everything' ||
      (scope.sees === 'company' && record.forwarder_key === scope.key && !record.is_hidden),
  );

/** The ids domain's reference answers for the query over these rows, in its order, as of TODAY. */
const referenceIds = (records: readonly RowRecord[], query: LineItemQuery) =>
  queryLineItems(records.map(lineItemOf), query, { today: TODAY, now: `${TODAY}T12:00:00.000Z`, dateChanges: [] }).map(
    (item) => Number(item._id),
  );

/** A helper thread given a part of every pass however few the rows: each pass is cut in two. */
let threads: SlotThreads;
beforeAll(async () => {
  threads = new SlotThreads(1, 1);
  await threads.ready;
});
afterAll(() => threads.close());

describe('the in-memory copy answers exactly what the reference answers', () => {
  it('for random rows, changes and questions: the page, its order and the count', () => {
    answersAsReference();
  });

  it('the same with a helper thread taking part of every pass over the rows', () => {
    expect(threads.helpers).toBe(1);
    answersAsReference(threads);
  });

  it('finds the rows holding a searched character, whichever digit, letter or sign it is', () => {
    // A digit or letter is found by the texts' signatures alone (columns.ts): each needs a bit of its own.
    const characters = [...'0123456789abcdefghijklmnopqrstuvwxyz-. /#é'];
    const records = characters.map((character, index) =>
      blankRecord(index + 1, {
        title: character,
        part_numbers: `${characters[(index + 7) % characters.length]}${characters[(index + 20) % characters.length]}`,
      }),
    );
    const rows = ColumnarRows.from(records);
    const everything: RowScope = { sees: 'everything' };
    const context = { today: TODAY, etaSlipDays: 3 };
    for (const character of characters) {
      const query = LineItemQuery.parse({ q: character, pageSize: '100' });
      const expected = referenceIds(records, query);
      expect({ character, page: rows.page(everything, query, context, 0, 100)?.ids }).toEqual({
        character,
        page: expected,
      });
    }
  });

  it('pages through many matches in any order, to the last page, alone and with a helper thread', () => {
    // Far more rows than a page, so each range's selection keeps only what the page needs.
    const records = fc.sample(recordArbitrary, { numRuns: 400, seed: 7 }).map((record, index) => ({
      ...record,
      line_item_id: index + 1,
      shipment_id: index % 9,
      forwarder_key: companyKey(record.forwarder_name),
    }));
    const everything: RowScope = { sees: 'everything' };
    const context = { today: TODAY, etaSlipDays: 3 };
    for (const engine of [undefined, threads]) {
      const rows = ColumnarRows.from(records, engine);
      for (const sort of [
        [],
        [{ key: 'total_qty', direction: 'desc' }],
        [
          { key: 'house', direction: 'asc' },
          { key: 'atd', direction: 'desc' },
        ],
      ]) {
        for (const page of [1, 2, 7, 16]) {
          const query = LineItemQuery.parse({ sort: JSON.stringify(sort), page: String(page), pageSize: '25', q: '1' });
          const expected = referenceIds(records, query);
          const offset = (page - 1) * 25;
          expect({
            helpers: engine?.helpers ?? 0,
            sort,
            page,
            ids: rows.page(everything, query, context, offset, 25),
          }).toEqual({
            helpers: engine?.helpers ?? 0,
            sort,
            page,
            ids: { ids: expected.slice(offset, offset + 25), total: expected.length },
          });
        }
      }
    }
  });

  it('leaves to PostgreSQL what the rows do not hold: documents, imports, date history, exact PO numbers', () => {
    const rows = ColumnarRows.from([]);
    const everything: RowScope = { sees: 'everything' };
    const context = { today: TODAY, etaSlipDays: 3 };
    for (const wire of [
      { missingDocument: 'Commercial Invoice' },
      { importId: '3' },
      { po: 'PO-1' },
      { filters: JSON.stringify([{ column: 'dest_eta', operator: 'changedInLastDays', value: '2' }]) },
    ]) {
      const query = LineItemQuery.parse(wire);
      expect({ wire, page: rows.page(everything, query, context, 0, 50) }).toEqual({ wire, page: null });
      expect({ wire, count: rows.count(everything, query, context) }).toEqual({ wire, count: null });
    }
  });
});

/** Builds the copy of random rows (with helper `threads`, if given), changes it, and asks it what the reference answers. */
function answersAsReference(threads?: SlotThreads) {
  const exceptionContext = { today: TODAY, etaSlipDays: 3 };
  fc.assert(
    fc.property(
      fc.array(recordArbitrary, { minLength: 0, maxLength: 40 }),
      fc.array(recordArbitrary, { maxLength: 10 }),
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.infiniteStream(fc.constantFrom(...scopes)),
      (drawn, changed, removedAt, scopeStream) => {
        let records: RowRecord[] = drawn.map((record, index) => ({
          ...record,
          line_item_id: (index * 7) % 41 || 100 + index,
          shipment_id: 1,
          forwarder_key: companyKey(record.forwarder_name),
        }));
        records = [...new Map(records.map((record) => [record.line_item_id, record])).values()];
        const rows = ColumnarRows.from(records, threads);
        // Rows changed and removed after the copy was made, as the write door would send them.
        const changes = changed.map((record, index) => ({
          ...record,
          line_item_id: records[index]?.line_item_id ?? 500 + index,
          shipment_id: 1,
          forwarder_key: companyKey(record.forwarder_name),
        }));
        rows.upsert(changes);
        const byId = new Map(records.map((record) => [record.line_item_id, record]));
        for (const change of changes) byId.set(change.line_item_id, change);
        const removed = removedAt.flatMap((at) => [...byId.keys()][at % Math.max(byId.size, 1)] ?? []);
        rows.remove(removed);
        for (const id of removed) byId.delete(id);
        const current = [...byId.values()];
        expect(rows.size).toBe(current.length);
        for (const wire of fc.sample(wireQuery(current), { numRuns: 8 })) {
          const query = LineItemQuery.parse(wire);
          const scope = scopeStream.next().value ?? { sees: 'everything' };
          const withExceptions = visible(scope, current).filter(
            (record) => !query.exception || hasException(record, query.exception, exceptionContext),
          );
          const expected = referenceIds(withExceptions, query);
          const offset = (query.page - 1) * query.pageSize;
          const context = { wire, scope };
          expect({ ...context, page: rows.page(scope, query, exceptionContext, offset, query.pageSize) }).toEqual({
            ...context,
            page: { ids: expected.slice(offset, offset + query.pageSize), total: expected.length },
          });
          expect(rows.count(scope, query, exceptionContext)).toBe(expected.length);
        }
      },
    ),
    {
      numRuns: Number(process.env.PROPERTY_RUNS ?? 300),
      seed: Number(process.env.PROPERTY_SEED ?? Date.now()) % 2 ** 31,
    },
  );
}
