import { TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from '@quayside/domain/constants';
import {
  COLUMN_KEYS,
  type ColumnKey,
  DATE_ONLY_OPERATORS,
  displayText,
  type FilterOperator,
  LINE_ITEM_COLUMNS,
  operatorsFor,
  REPORTS,
} from '@quayside/domain/line-item-columns';
import { LineItemQuery, queryLineItems, shiftDay } from '@quayside/domain/line-item-query';
import type { LineItem } from '@quayside/domain/line-items';
import { companyKey } from '@quayside/domain/text';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DuckdbRows } from '../../../../../../bench/columnar/duckdb-rows.ts';
import type { RowRecord, RowScope } from './row-record.ts';

// The DuckDB candidate for the in-memory copy (bench/columnar-choice.ts weighs it) answers exactly
// what domain's reference answers: for random rows and random queries, the same page in the same
// order and the same total, before and after writes. No database here: the reference reads
// LineItems whose cells are the records' cells.

// Characters that trouble a translation: case, LIKE metacharacters, quotes, separators, non-ASCII
// (a combining accent, which DuckDB must not normalise; U+FF61 and an emoji, which UTF-16 orders
// the other way round from code points).
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
  'e\u0301',
  'ß',
  'Σ',
  '😀',
  '\uff61',
  'K',
];
const tricky = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 6 }).map((chars) => chars.join(''));
const numberLike = fc.constantFrom('12', '-3.5', '007', '1.0', '1', '100', '0', '-0', '2.50', '10', '-10');
const cellText = fc.oneof(fc.constant(''), tricky, numberLike);
const COMPANIES = ['Blue Anchor', 'BLUE ANCHOR', 'Kestrel', 'Émile & Co', ''];
/** The days a run may take for today: shared, so dates tie and relative ranges meet their edges. */
const DAYS = ['2024-01-31', '2024-02-29', '2025-12-31', '1999-06-15'];
const day = fc.oneof(
  fc.constant(null),
  fc.constantFrom(...DAYS),
  fc.tuple(fc.constantFrom(...DAYS), fc.integer({ min: -9, max: 9 })).map(([from, shift]) => shiftDay(from, shift)),
);

const cellsArbitrary = fc.record({
  is_hidden: fc.boolean(),
  title: cellText,
  related_shipment: cellText,
  forwarder_name: fc.constantFrom(...COMPANIES),
  cosignee_name: cellText,
  origin_port: cellText,
  destination_port: cellText,
  transit_type: fc.constantFrom(...TRANSIT_TYPES, TRANSIT_TYPE_OTHER),
  part_numbers: cellText,
  house: cellText,
  master: cellText,
  number_of_parts: fc.integer({ min: 0, max: 12 }),
  total_qty: fc.integer({ min: -20, max: 2000 }),
  atd: day,
  dest_eta: day,
  ata: day,
  est_delivery: day,
});
type Cells = typeof cellsArbitrary extends fc.Arbitrary<infer T> ? T : never;

const recordOf = (id: number, cells: Cells): RowRecord => ({
  ...cells,
  line_item_id: id,
  shipment_id: id,
  forwarder_key: companyKey(cells.forwarder_name),
});

/** A LineItem that displays exactly the record's cells. */
function lineItemOf(record: RowRecord): LineItem {
  const timestamp = (value: string | null) => (value === null ? null : `${value}T00:00:00.000Z`);
  return {
    _id: String(record.line_item_id),
    title: record.title,
    related_shipment: record.related_shipment,
    forwarder_name: record.forwarder_name,
    cosignee_name: record.cosignee_name,
    consignor_name: '',
    origin_port: record.origin_port,
    destination_port: record.destination_port,
    transit_type: record.transit_type,
    master: record.master,
    house: record.house,
    obl_received_date: null,
    atd: timestamp(record.atd),
    dest_eta: timestamp(record.dest_eta),
    ata: timestamp(record.ata),
    est_delivery: timestamp(record.est_delivery),
    act_delivery: null,
    shipment_origin_etd: null,
    created: '2024-01-01T00:00:00.000Z',
    weight: null,
    outer: null,
    volume: null,
    part_numbers: record.part_numbers === '' ? [] : [record.part_numbers],
    parts: [],
    total_qty: record.total_qty,
    numberOfParts: record.number_of_parts,
    po_review_required: 0,
    ignore_po_character_count: false,
    hide_lineitem: record.is_hidden,
    filter_record_out: record.is_hidden,
  };
}

const recordsArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 40 })
  .chain((ids) => fc.tuple(...ids.map((id) => cellsArbitrary.map((cells) => recordOf(id, cells)))));

/** A query on the wire, built from values that occur in the rows and from noise. */
function wireQuery(records: readonly RowRecord[]) {
  const items = records.map(lineItemOf);
  // Never empty: the writes may remove every row.
  const cells = ['', ...items.flatMap((item) => COLUMN_KEYS.map((column) => displayText(item, column)))];
  const fragment = fc.oneof(
    tricky,
    numberLike,
    fc.constantFrom(...DAYS, '2024-02-30', 'not a date', '2024-1-5', '-1', '2.5', '99999999999999999999999'),
    fc
      .tuple(fc.constantFrom(...cells), fc.nat(), fc.nat())
      // Sliced by code point, as a person selects text: never half an emoji.
      .map(([cell, start, length]) => {
        const chars = [...cell];
        const from = start % (chars.length + 1);
        return chars.slice(from, from + (length % 5)).join('');
      }),
    fc.constantFrom(...cells),
  );
  const days = fc.constantFrom('', '0', '1', '2', '7', '30', '3650');
  const between = fc
    .tuple(fc.constantFrom(...DAYS), fc.integer({ min: -9, max: 9 }), fc.integer({ min: 0, max: 20 }))
    .map(([from, shift, length]) => `${shiftDay(from, shift)}/${shiftDay(from, shift + length)}`);
  const valueFor = (operator: FilterOperator) => {
    switch (operator) {
      case 'inNextDays':
      case 'inLastDays':
        return days;
      case 'changedInLastDays':
      case 'changedInLastHours':
        return days.filter((value) => value !== '0');
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
  const dateColumns = COLUMN_KEYS.filter((column) => LINE_ITEM_COLUMNS[column].kind === 'date');
  // Also texts compared as numbers: only number texts compare, numerically.
  const textColumns = COLUMN_KEYS.filter((column) => LINE_ITEM_COLUMNS[column].kind === 'text');
  const numberFilter = fc.record({
    column: fc.constantFrom(...textColumns),
    operator: fc.constantFrom('greaterThan' as const, 'lessThan' as const),
    value: fc.oneof(numberLike, fc.constantFrom('-1', '2.5', '11', '99999999999999999999999')),
  });
  const filter = fc.oneof(
    filterOn(COLUMN_KEYS, (column) => operatorsFor(LINE_ITEM_COLUMNS[column].kind)),
    filterOn(dateColumns, () => DATE_ONLY_OPERATORS),
    numberFilter,
  );
  const sortRule = fc.record({ key: fc.constantFrom(...COLUMN_KEYS), direction: fc.constantFrom('asc', 'desc') });
  const query = fc.record({
    q: fc.oneof(fc.constant(''), fc.constant(''), fragment),
    filters: fc.array(filter, { maxLength: 3 }).map((filters) => JSON.stringify(filters)),
    logic: fc.constantFrom('AND', 'OR'),
    sort: fc
      .uniqueArray(sortRule, { maxLength: 3, selector: (rule) => rule.key })
      .map((rules) => JSON.stringify(rules)),
    report: fc.constantFrom(...REPORTS),
  });
  // Now and then a PO number, or a question the copy leaves to PostgreSQL.
  const extra = fc.oneof(
    { weight: 12, arbitrary: fc.constant({}) },
    {
      weight: 2,
      arbitrary: fc.oneof(fc.constantFrom('', ...records.map((record) => record.title)), tricky).map((po) => ({ po })),
    },
    { weight: 1, arbitrary: fc.constantFrom({ exception: 'late_departure' }, { exception: '' }) },
    { weight: 1, arbitrary: fc.constantFrom({ importId: '3' }, { missingDocument: 'Commercial Invoice' }) },
  );
  return fc.tuple(query, extra).map(([wire, more]): Record<string, string> => ({ ...wire, ...more }));
}

const scopeArbitrary: fc.Arbitrary<RowScope> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ sees: 'everything' as const }) },
  { weight: 1, arbitrary: fc.constant({ sees: 'nothing' as const }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...COMPANIES).map((name) => ({ sees: 'company' as const, key: companyKey(name) })),
  },
);

const visibleTo = (scope: RowScope, records: readonly RowRecord[]) =>
  records.filter(
    (record) =>
      scope.sees === 'everything' ||
      (scope.sees === 'company' && record.forwarder_key === scope.key && !record.is_hidden),
  );

/** Asks the engine and the reference the same questions over `records`. */
async function compare(rows: DuckdbRows, records: readonly RowRecord[], today: string, seed: number) {
  const items = records.map(lineItemOf);
  const questions = fc.sample(
    fc.tuple(
      wireQuery(records),
      scopeArbitrary,
      fc.oneof(fc.constant(0), fc.nat({ max: 4 }), fc.nat({ max: records.length + 2 })),
      fc.integer({ min: 1, max: 8 }),
    ),
    { numRuns: 8, seed },
  );
  for (const [wire, scope, offset, limit] of questions) {
    const query = LineItemQuery.parse(wire);
    const context = { wire, scope, offset, limit };
    const answered = DuckdbRows.answers(query);
    const page = await rows.page(scope, query, today, offset, limit);
    const count = await rows.count(scope, query, today);
    if (!answered) {
      expect({ ...context, page, count }).toEqual({ ...context, page: null, count: null });
      continue;
    }
    const visible = new Set(visibleTo(scope, records).map((record) => String(record.line_item_id)));
    const expected = queryLineItems(
      items.filter((item) => visible.has(item._id)),
      query,
      { today, now: `${today}T12:00:00.000Z`, dateChanges: [] },
    );
    expect({ ...context, ids: page?.ids }).toEqual({
      ...context,
      ids: expected.slice(offset, offset + limit).map((item) => Number(item._id)),
    });
    expect({ ...context, total: page?.total, count }).toEqual({
      ...context,
      total: expected.length,
      count: expected.length,
    });
  }
}

/** Writes: some rows changed, some added, some removed. */
const writesArbitrary = fc.record({
  changed: fc.array(fc.tuple(fc.nat(), cellsArbitrary), { maxLength: 8 }),
  added: fc.array(fc.tuple(fc.integer({ min: 10_001, max: 20_000 }), cellsArbitrary), { maxLength: 6 }),
  removed: fc.array(fc.nat(), { maxLength: 4 }),
});

describe('DuckdbRows answers exactly what the reference answers', () => {
  it('for random rows, random questions and random writes: the page, its order and the totals', async () => {
    await fc.assert(
      fc.asyncProperty(
        recordsArbitrary,
        fc.constantFrom(...DAYS),
        writesArbitrary,
        // Tiny blocks and rank gaps, so locating pages by blocks and ranking columns again are both exercised.
        fc.record({
          blockRows: fc.constantFrom(1, 2, 5, 2048),
          topRows: fc.constantFrom(0, 4, 1000),
          rankGap: fc.constantFrom(undefined, 1, 3),
          fewRows: fc.constantFrom(0, 64),
          dictionaryLimit: fc.constantFrom(0, 3, 4096),
        }),
        fc.integer(),
        async (initial, today, writes, options, seed) => {
          const rows = await DuckdbRows.load(initial, { ...options, threads: 1 });
          try {
            await compare(rows, initial, today, seed);
            const records = new Map(initial.map((record) => [record.line_item_id, record]));
            const ids = [...records.keys()];
            const upserts = [
              ...writes.changed.map(([index, cells]) => recordOf(ids[index % ids.length] ?? 1, cells)),
              ...writes.added.map(([id, cells]) => recordOf(id, cells)),
            ];
            await rows.upsert(upserts);
            for (const record of upserts) records.set(record.line_item_id, record);
            const removed = writes.removed.map((index) => ids[index % ids.length] ?? 1);
            await rows.remove(removed);
            for (const id of removed) records.delete(id);
            await compare(rows, [...records.values()], today, seed + 1);
          } finally {
            rows.close();
          }
        },
      ),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 60),
        seed: Number(process.env.PROPERTY_SEED ?? Date.now()) % 2 ** 31,
      },
    );
  }, 120_000);
});
