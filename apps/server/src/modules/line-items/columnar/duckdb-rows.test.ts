import { TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from '@quayside/domain/constants';
import { EXCEPTION_KINDS, type ExceptionKind } from '@quayside/domain/exceptions';
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
import { companyKey } from '@quayside/domain/text';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DuckdbRows } from '../../../../../../bench/columnar/duckdb-rows.ts';
import {
  boundNumber,
  EXCEPTION_BASES,
  EXCEPTION_RULES,
  type ExceptionBasis,
  type ExceptionContext,
} from '../../exceptions/exception-sql.ts';
import { blankRecord, hasException, lineItemOf } from './reference-rows.ts';
import type { ExceptionBases, RowRecord, RowScope } from './row-record.ts';

// The DuckDB candidate for the in-memory copy (bench/columnar-choice.ts weighs it) answers exactly
// what domain's reference answers: for random rows and random queries, the same page in the same
// order and the same total, before and after writes. No database here: the reference reads
// LineItems whose cells are the records' cells, and decides exceptions by the rules themselves.

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
/** The Admin's ETA slip threshold every question is asked with. */
const ETA_SLIP_DAYS = 3;
const contextOf = (today: string): ExceptionContext => ({ today, etaSlipDays: ETA_SLIP_DAYS });

/**
 * The exception bases: null, absent, or near their rule's bound as of one of the days a run may
 * take for today, so each rule meets its edge; now and then a count past INTEGER's range.
 */
const basesArbitrary = fc.record(
  Object.fromEntries(
    (Object.keys(EXCEPTION_BASES) as ExceptionBasis[]).map((basis) => {
      const kind = EXCEPTION_KINDS.find((each) => EXCEPTION_RULES[each].column === basis) as ExceptionKind;
      const near = fc
        .tuple(fc.constantFrom(...DAYS), fc.integer({ min: -2, max: 2 }))
        .map(([today, shift]) => boundNumber(kind, contextOf(today)) + shift);
      return [
        basis,
        fc.oneof(
          fc.constant(null),
          fc.constant(undefined),
          { weight: 3, arbitrary: near },
          ...(EXCEPTION_BASES[basis] === 'count' ? [fc.constantFrom(2 ** 40, -(2 ** 40))] : []),
        ),
      ];
    }),
  ),
) as fc.Arbitrary<ExceptionBases>;

/**
 * A row's cells. A column may draw from a few texts (`pool`), as consignees and ports do, so that
 * rows share values: the columns with few values are the ones answered by their dictionary.
 */
const cellsOf = (pool: fc.Arbitrary<string> = cellText) =>
  fc
    .tuple(
      fc.record({
        is_hidden: fc.boolean(),
        title: cellText,
        related_shipment: cellText,
        forwarder_name: fc.constantFrom(...COMPANIES),
        cosignee_name: pool,
        origin_port: pool,
        destination_port: pool,
        transit_type: fc.constantFrom(...TRANSIT_TYPES, TRANSIT_TYPE_OTHER),
        part_numbers: cellText,
        house: cellText,
        master: pool,
        number_of_parts: fc.integer({ min: 0, max: 12 }),
        total_qty: fc.integer({ min: -20, max: 2000 }),
        atd: day,
        dest_eta: day,
        ata: day,
        est_delivery: day,
      }),
      basesArbitrary,
    )
    .map(([cells, bases]) => ({ ...cells, ...bases }));
type Cells = ReturnType<typeof cellsOf> extends fc.Arbitrary<infer T> ? T : never;

const recordOf = (id: number, cells: Cells): RowRecord => ({
  ...cells,
  line_item_id: id,
  shipment_id: id,
  forwarder_key: companyKey(cells.forwarder_name),
});

/**
 * Rows, and two rounds of writes to them (some rows changed, some added, some removed), their
 * cells from the same texts: a value the first round leaves to no row keeps its rank in a
 * dictionary, and the second may give that rank to a new value.
 */
const dataset = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 40 }),
    fc.oneof(
      fc.constant(cellText),
      fc.array(cellText, { minLength: 1, maxLength: 4 }).map((texts) => fc.constantFrom(...texts)),
    ),
  )
  .chain(([ids, pool]) => {
    const cells = cellsOf(pool);
    const writes = fc.record({
      changed: fc.array(fc.tuple(fc.nat(), cells), { maxLength: 8 }),
      added: fc.array(fc.tuple(fc.integer({ min: 10_001, max: 20_000 }), cells), { maxLength: 6 }),
      removed: fc.array(fc.nat(), { maxLength: 4 }),
    });
    return fc.record({
      initial: fc.tuple(...ids.map((id) => cells.map((row) => recordOf(id, row)))),
      rounds: fc.tuple(writes, writes),
    });
  });

/** A query on the wire, built from values that occur in the rows and from noise. */
function wireQuery(records: readonly RowRecord[]) {
  const items = records.map(lineItemOf);
  // Never empty: the writes may remove every row.
  const cells = ['', ...items.flatMap((item) => COLUMN_KEYS.map((column) => displayText(item, column)))];
  // A piece of a cell as a person selects it: by code point, never half an emoji.
  const pieceOf = (texts: readonly string[]) =>
    fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.nat()).map(([cell, start, length]) => {
      const chars = [...cell];
      const from = start % (chars.length + 1);
      return chars.slice(from, from + (length % 5)).join('');
    });
  const noise = fc.oneof(
    tricky,
    numberLike,
    fc.constantFrom(...DAYS, '2024-02-30', 'not a date', '2024-1-5', '-1', '2.5', '99999999999999999999999'),
  );
  const fragment = fc.oneof(noise, pieceOf(cells), fc.constantFrom(...cells));
  // Mostly the column's own cells, whole or in part, so that filters match some rows and miss others.
  const fragmentOf = (column: ColumnKey) => {
    const own = ['', ...items.map((item) => displayText(item, column))];
    return fc.oneof(
      { weight: 1, arbitrary: noise },
      { weight: 2, arbitrary: pieceOf(own) },
      { weight: 2, arbitrary: fc.constantFrom(...own) },
    );
  };
  const days = fc.constantFrom('', '0', '1', '2', '7', '30', '3650');
  const between = fc
    .tuple(fc.constantFrom(...DAYS), fc.integer({ min: -9, max: 9 }), fc.integer({ min: 0, max: 20 }))
    .map(([from, shift, length]) => `${shiftDay(from, shift)}/${shiftDay(from, shift + length)}`);
  const valueFor = (operator: FilterOperator, column: ColumnKey) => {
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
        return fragmentOf(column);
    }
  };
  const filterOn = (columns: readonly ColumnKey[], operators: (column: ColumnKey) => readonly FilterOperator[]) =>
    fc
      .constantFrom(...columns)
      .chain((column) =>
        fc
          .constantFrom(...operators(column))
          .chain((operator) => valueFor(operator, column).map((value) => ({ column, operator, value }))),
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
    { weight: 3, arbitrary: filterOn(COLUMN_KEYS, (column) => operatorsFor(LINE_ITEM_COLUMNS[column].kind)) },
    { weight: 1, arbitrary: filterOn(dateColumns, () => DATE_ONLY_OPERATORS) },
    { weight: 1, arbitrary: numberFilter },
    // Equality and its negation, which an empty date passes (dates drawn more often).
    {
      weight: 1,
      arbitrary: filterOn([...COLUMN_KEYS, ...dateColumns, ...dateColumns], () => ['equals', 'isNot'] as const),
    },
  );
  const sortRule = fc.record({ key: fc.constantFrom(...COLUMN_KEYS), direction: fc.constantFrom('asc', 'desc') });
  const query = fc.record({
    exception: fc.oneof(
      fc.constant(''),
      fc
        .uniqueArray(fc.constantFrom(...EXCEPTION_KINDS), { minLength: 1, maxLength: 3 })
        .map((kinds) => kinds.join(',')),
    ),
    q: fc.oneof(fc.constant(''), fc.constant(''), fragment),
    filters: fc.array(filter, { maxLength: 3 }).map((filters) => JSON.stringify(filters)),
    logic: fc.constantFrom('AND', 'OR'),
    sort: fc
      .uniqueArray(sortRule, { maxLength: 3, selector: (rule) => rule.key })
      .map((rules) => JSON.stringify(rules)),
    report: fc.constantFrom(...REPORTS),
  });
  // Now and then a PO number, or a question the copy leaves to PostgreSQL.
  const extra: fc.Arbitrary<Record<string, string>> = fc.oneof(
    { weight: 12, arbitrary: fc.constant<Record<string, string>>({}) },
    {
      weight: 2,
      arbitrary: fc.oneof(fc.constantFrom('', ...records.map((record) => record.title)), tricky).map((po) => ({ po })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>({ importId: '3' }, { missingDocument: 'Commercial Invoice' }),
    },
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
  const exceptionContext = contextOf(today);
  const questions = fc.sample(
    fc.tuple(
      wireQuery(records),
      scopeArbitrary,
      fc.oneof(fc.constant(0), fc.nat({ max: 4 }), fc.nat({ max: records.length + 2 })),
      fc.integer({ min: 1, max: 8 }),
    ),
    { numRuns: 6, seed },
  );
  for (const [wire, scope, offset, limit] of questions) {
    const query = LineItemQuery.parse(wire);
    const context = { wire, scope, offset, limit };
    const answered = DuckdbRows.answers(query);
    const page = await rows.page(scope, query, exceptionContext, offset, limit);
    const count = await rows.count(scope, query, exceptionContext);
    if (!answered) {
      expect({ ...context, page, count }).toEqual({ ...context, page: null, count: null });
      continue;
    }
    const matching = visibleTo(scope, records).filter(
      (record) => !query.exception?.length || hasException(record, query.exception, exceptionContext),
    );
    const expected = queryLineItems(matching.map(lineItemOf), query, {
      today,
      now: `${today}T12:00:00.000Z`,
      dateChanges: [],
    });
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

describe('DuckdbRows answers exactly what the reference answers', () => {
  it('for random rows, random questions and random writes: the page, its order and the totals', async () => {
    await fc.assert(
      fc.asyncProperty(
        dataset,
        fc.constantFrom(...DAYS),
        // Tiny blocks and rank gaps, so locating pages by blocks and ranking columns again are both exercised.
        fc.record({
          blockRows: fc.constantFrom(1, 2, 5, 2048),
          topRows: fc.constantFrom(0, 4, 1000),
          rankGap: fc.constantFrom(undefined, 1, 3),
          fewRows: fc.constantFrom(0, 64),
          dictionaryLimit: fc.constantFrom(0, 3, 4096),
          searchDictionaryLimit: fc.constantFrom(0, 2, 64),
        }),
        fc.integer(),
        async ({ initial, rounds }, today, options, seed) => {
          const rows = await DuckdbRows.load(initial, { ...options, threads: 1 });
          try {
            await compare(rows, initial, today, seed);
            const records = new Map(initial.map((record) => [record.line_item_id, record]));
            for (const [round, writes] of rounds.entries()) {
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
              await compare(rows, [...records.values()], today, seed + round + 1);
            }
          } finally {
            rows.close();
          }
        },
      ),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 40),
        seed: Number(process.env.PROPERTY_SEED ?? Date.now()) % 2 ** 31,
      },
    );
  }, 120_000);

  it('a text no row holds any more does not match the rows of a new text given its rank', async () => {
    const base = (id: number, consignee: string) =>
      blankRecord(id, { title: `PO-${id}`, forwarder_name: 'Kestrel', cosignee_name: consignee, transit_type: 'SEA' });
    // Ranks three apart: 'c' left to no row, then 'd' takes its rank between 'a' and 'e'.
    const rows = await DuckdbRows.load([base(1, 'a'), base(2, 'c'), base(3, 'e')], { rankGap: 3, threads: 1 });
    try {
      await rows.upsert([base(2, 'x')]);
      await rows.upsert([base(4, 'd')]);
      const query = LineItemQuery.parse({
        filters: JSON.stringify([{ column: 'cosignee_name', operator: 'equals', value: 'c' }]),
      });
      expect(await rows.page({ sees: 'everything' }, query, contextOf(DAYS[0] ?? ''), 0, 10)).toEqual({
        ids: [],
        total: 0,
      });
    } finally {
      rows.close();
    }
  });
});
