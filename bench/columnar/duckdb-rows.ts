import {
  BIGINT,
  type DuckDBAppender,
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBType,
  type DuckDBValue,
  dateValue,
  LIST,
  listValue,
  VARCHAR,
} from '@duckdb/node-api';
import type { ExceptionKind } from '@quayside/domain/exceptions';
import {
  COLUMN_KEYS,
  type ColumnKey,
  DEFAULT_ONLY_COLUMNS,
  isChangeOperator,
  LINE_ITEM_COLUMNS,
  needsValue,
  REPORT_COLUMNS,
} from '@quayside/domain/line-item-columns';
import {
  dateFilterRange,
  effectiveSort,
  type Filter,
  foldedMatch,
  foldedTest,
  type RowQuery,
  type SortRule,
  shiftDay,
  tieOrder,
} from '@quayside/domain/line-item-query';
import {
  compareCodePoints,
  compareNumberTexts,
  foldCase,
  isNumberText,
  parseCalendarDate,
} from '@quayside/domain/text';
import {
  boundNumber,
  EXCEPTION_BASES,
  EXCEPTION_RULES,
  type ExceptionBasis,
  type ExceptionContext,
} from '../../apps/server/src/modules/exceptions/exception-sql.ts';
import {
  type RowPage,
  type RowRecord,
  type RowScope,
  recordFieldOf,
} from '../../apps/server/src/modules/line-items/columnar/row-record.ts';
import { integerBound } from '../../apps/server/src/modules/line-items/line-item-sql.ts';

// The dashboard's line-item questions answered by DuckDB, in memory, exactly as domain's
// queryLineItems answers them. One table `li` holds each row's folded texts (ASCII-only, folded in
// JS: DuckDB's lower() folds every script), numbers, dates, the bases the exception rules compare
// (exception-sql.ts, as integers), a search text of the columns with many values, and for each text
// column a kept sort rank, so a sort never compares strings and a deep page never sorts more than
// the rows around it. A column with few values is also kept in JS as a
// dictionary: a search or a text filter on it tests the few values, then matches their ranks.

type KeyOfKind<Kind> = {
  [Key in ColumnKey]: (typeof LINE_ITEM_COLUMNS)[Key]['kind'] extends Kind ? Key : never;
}[ColumnKey];
type TextKey = KeyOfKind<'text'>;
const TEXT_KEYS = COLUMN_KEYS.filter((key): key is TextKey => LINE_ITEM_COLUMNS[key].kind === 'text');
const OTHER_KEYS = COLUMN_KEYS.filter((key) => LINE_ITEM_COLUMNS[key].kind !== 'text');
const DATE_KEYS = COLUMN_KEYS.filter((key): key is KeyOfKind<'date'> => LINE_ITEM_COLUMNS[key].kind === 'date');
/** The columns the exception rules compare: dates as days from 1970-01-01, counts as they are; NULL for none. */
const BASES = Object.keys(EXCEPTION_BASES) as ExceptionBasis[];
/** A count as INTEGER holds it: the read model's integers fit, and a rule's bound is small. */
const BASIS_MIN = -(2 ** 31);
const BASIS_MAX = 2 ** 31 - 1;

/**
 * A text column's rank: 0 for empty, (0, NUMBERS_END) for number texts in numeric order,
 * [NUMBERS_END, RANKS_END) for the rest in code-point order of their folded text (DuckDB compares
 * VARCHAR byte by byte, and UTF-8 byte order is code-point order; JS's `<` is not). Ranks leave
 * gaps, so a new value takes one between its neighbours; a column whose gap runs out is ranked again.
 */
const NUMBERS_END = 2 ** 30;
const RANKS_END = 2 ** 31;
/**
 * Each row's texts as a set of character pairs hashed to 256 bits: a row whose text holds a
 * needle holds its pairs, so a few integer tests pass over most rows before a string is read.
 */
const SIGNATURE_WORDS = 8;

const folded = (key: TextKey) => `f_${key}`;
const rank = (key: TextKey) => `r_${key}`;
const isText = (key: ColumnKey): key is TextKey => LINE_ITEM_COLUMNS[key].kind === 'text';
const columnOf = (key: ColumnKey) => (isText(key) ? folded(key) : recordFieldOf(key));

/** The cell as displayed, ASCII-folded (domain's foldCase of displayText). */
function displayed(key: ColumnKey): string {
  switch (LINE_ITEM_COLUMNS[key].kind) {
    case 'text':
      return folded(key as TextKey);
    case 'number':
      return `CAST(${recordFieldOf(key)} AS VARCHAR)`;
    case 'date':
      return `coalesce(CAST(${key} AS VARCHAR), '')`;
  }
}

/** The table's columns as appended: the record's cells (texts folded; the title also as is, for `po`). */
const BASE_COLUMNS = [
  'id BIGINT',
  'fk VARCHAR',
  'hidden BOOLEAN',
  'title VARCHAR',
  ...TEXT_KEYS.map((key) => `${folded(key)} VARCHAR`),
  'number_of_parts INTEGER',
  'total_qty BIGINT',
  ...DATE_KEYS.map((key) => `${key} DATE`),
  ...BASES.map((basis) => `${basis} INTEGER`),
  ...Array.from({ length: SIGNATURE_WORDS }, (_, word) => `g${word} UINTEGER`),
];
const BASE_NAMES = BASE_COLUMNS.map((column) => column.split(' ')[0] as string);
const RANK_COLUMNS = TEXT_KEYS.map((key) => `${rank(key)} INTEGER`);

/** A column's cell as an integer that grows as compareCells orders it (NULL for an empty date, which comes first). */
function sortInteger(key: ColumnKey): string {
  switch (LINE_ITEM_COLUMNS[key].kind) {
    case 'text':
      return rank(key as TextKey);
    case 'number':
      return recordFieldOf(key);
    case 'date':
      return `(${key} - DATE '1970-01-01')`;
  }
}

type Stats = {
  rows: number;
  idMin: number;
  idMax: number;
  /** Per column: distinct values, and the span of its sort key (non-empty cells). */
  columns: Record<ColumnKey, { distinct: number; min: number; max: number }>;
};

/** The values a column with few of them holds (displayed, folded), with what the table matches them by. */
type Dictionary = { kind: 'text'; ranks: Map<string, number> } | { kind: 'other'; values: Set<string> };

/**
 * A text's rank in a dictionary. A value no row holds any more keeps its entry, and a new value
 * may take its rank (the gap between the rows' ranks): the old entry goes, or it would match the
 * new value's rows.
 */
function setRank(ranks: Map<string, number>, value: string, ranked: number): void {
  for (const [other, otherRank] of ranks) if (otherRank === ranked && other !== value) ranks.delete(other);
  ranks.set(value, ranked);
}

/** Number texts a column holds, sorted as they sort, with their ranks: the greaterThan/lessThan bounds. */
type NumberRank = { text: string; rank: number };
const compareNumberRanks = (a: string, b: string) => compareNumberTexts(a, b) || compareCodePoints(a, b);

/** A text a search scans: the displayed cells of `keys`, of DR or of the default report only. */
type SearchText = { name: string; keys: ColumnKey[]; dr: boolean; pairs: boolean };

/**
 * One key of the sort order: its column, ordered by name (DuckDB's top-N skips row groups by a
 * plain column's bounds, not by an expression's: ten times quicker), and as an integer that grows
 * as the column sorts ascending (NULL for an empty date, which sorts first), for cutting the order
 * into blocks.
 */
type SortKey = { key: ColumnKey | 'id'; column: string; order: string; ascending: boolean; integer: string };

/** A part of a block of the sort order: a key's integer, whole or cut into spans of `width`. */
type Block = { expression: string; integer: string; width: number; ascending: boolean; date: string | null };

export type DuckdbRowsOptions = {
  /** About how many rows a block of the sort order holds when a deep page is located (tests make it tiny). */
  blockRows?: number;
  /** Up to this offset + limit a page is a plain top-N; past it, located by blocks. */
  topRows?: number;
  /** The gap between the ranks of neighbouring text values (tests make it tiny, to rank columns again). */
  rankGap?: number;
  /** Writes of up to this many rows find their new texts' ranks in one scan; larger ones by joins. */
  fewRows?: number;
  /** A column with at most this many distinct values is kept as a dictionary too. */
  dictionaryLimit?: number;
  /**
   * A search tests a column by its dictionary when it has at most this many values (a few match,
   * spelled as a list); others are joined into the search texts, since a search that matches
   * hundreds of days costs a join per column.
   */
  searchDictionaryLimit?: number;
  threads?: number;
};

/** Positional parameters: every value from a question is bound, never spliced into the SQL. */
class Params {
  readonly values: DuckDBValue[] = [];
  readonly types: DuckDBType[] = [];
  text(value: string): string {
    this.values.push(value);
    this.types.push(VARCHAR);
    return `$${this.values.length}`;
  }
  integer(value: bigint | number): string {
    this.values.push(BigInt(value));
    this.types.push(BIGINT);
    return `$${this.values.length}`;
  }
  date(value: string): string {
    return `CAST(${this.text(value)} AS DATE)`;
  }
  list(values: readonly number[]): string {
    this.values.push(listValue(values.map(BigInt)));
    this.types.push(LIST(BIGINT));
    return `$${this.values.length}`;
  }
}

const dayNumbers = new Map<string, number>();
function dayOf(text: string): number {
  let day = dayNumbers.get(text);
  if (day === undefined) {
    day = Math.round(Date.parse(`${text}T00:00:00Z`) / 86_400_000);
    if (!Number.isFinite(day)) throw new Error(`not a date: ${text}`);
    dayNumbers.set(text, day);
  }
  return day;
}

/** The integer a number cell displays as `text`, or null when no integer displays so. */
function integerOf(text: string): number | null {
  if (!/^-?(0|[1-9][0-9]*)$/.test(text) || text === '-0') return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export class DuckdbRows {
  private readonly blockRows: number;
  private readonly topRows: number;
  private readonly rankGap: number | undefined;
  private readonly fewRows: number;
  private readonly dictionaryLimit: number;
  private readonly searchDictionaryLimit: number;
  private readonly numbers = Object.fromEntries(TEXT_KEYS.map((key) => [key, []])) as unknown as Record<
    TextKey,
    NumberRank[]
  >;
  private dictionaries: Partial<Record<ColumnKey, Dictionary>> = {};
  /** The columns the search texts hold: those without a dictionary, of DR and of the default report only. */
  private searchTexts: SearchText[] = [];
  private stats: Stats | undefined;
  /** Rows written since the stats were read: they only size blocks, so they are read again now and then. */
  private writes = 0;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    options: DuckdbRowsOptions,
  ) {
    this.blockRows = options.blockRows ?? 2048;
    this.topRows = options.topRows ?? 1000;
    this.rankGap = options.rankGap;
    this.fewRows = options.fewRows ?? 64;
    this.dictionaryLimit = options.dictionaryLimit ?? 4096;
    this.searchDictionaryLimit = Math.min(this.dictionaryLimit, options.searchDictionaryLimit ?? 64);
  }

  /** Builds the table from records, given one by one or in batches. */
  static async load(
    records: Iterable<RowRecord> | AsyncIterable<RowRecord[]>,
    options: DuckdbRowsOptions = {},
  ): Promise<DuckdbRows> {
    const instance = await DuckDBInstance.create(
      ':memory:',
      options.threads ? { threads: String(options.threads) } : {},
    );
    const connection = await instance.connect();
    const rows = new DuckdbRows(instance, connection, options);
    await connection.run(`CREATE TABLE staged (${BASE_COLUMNS.join(', ')})`);
    const appender = await connection.createAppender('staged');
    const numberTexts = Object.fromEntries(TEXT_KEYS.map((key) => [key, new Set<string>()])) as Record<
      TextKey,
      Set<string>
    >;
    let count = 0;
    const add = (record: RowRecord) => {
      appendBase(appender, record);
      appender.endRow();
      for (const key of TEXT_KEYS) {
        const cell = record[key];
        if (cell !== '' && isNumberText(cell)) numberTexts[key].add(cell);
      }
      count++;
    };
    if (Symbol.asyncIterator in records) {
      for await (const batch of records) for (const record of batch) add(record);
    } else {
      for (const record of records) add(record);
    }
    appender.closeSync();
    for (const key of TEXT_KEYS) {
      rows.numbers[key] = [...numberTexts[key]].sort(compareNumberRanks).map((text) => ({ text, rank: 0 }));
      spreadNumberRanks(rows.numbers[key], options.rankGap);
    }
    await rows.writeNumberTable();
    const gap = rows.rankGap ?? Math.max(1, Math.floor((NUMBERS_END - 1) / (count + 1)));
    await rows.writeRankTables('staged', TEXT_KEYS, gap);
    await rows.readDictionaries();
    await connection.run(
      `CREATE TABLE li AS SELECT ${rows.rowColumns('s', { ranked: TEXT_KEYS, keepSearch: false })} FROM staged s ${rows.rankJoins('s', TEXT_KEYS)}`,
    );
    await rows.dropRankTables(TEXT_KEYS);
    await connection.run('DROP TABLE staged');
    await connection.run('DROP TABLE number_ranks');
    await rows.readStats();
    return rows;
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }

  /** Whether the copy answers the query: not when it reads tables the copy does not hold (PostgreSQL answers). */
  static answers(query: RowQuery): boolean {
    return (
      query.missingDocument === undefined &&
      query.importId === undefined &&
      !query.filters.some((filter) => isChangeOperator(filter.operator) && filter.value !== '')
    );
  }

  async count(scope: RowScope, query: RowQuery, context: ExceptionContext): Promise<number | null> {
    if (!DuckdbRows.answers(query)) return null;
    if (scope.sees === 'nothing') return 0;
    const params = new Params();
    const { where } = this.condition(scope, query, context, params);
    const rows = await this.read(`SELECT count(*) FROM li WHERE ${where}`, params);
    return Number(rows[0]?.[0] ?? 0);
  }

  async page(
    scope: RowScope,
    query: RowQuery,
    context: ExceptionContext,
    offset: number,
    limit: number,
  ): Promise<RowPage | null> {
    if (!DuckdbRows.answers(query)) return null;
    if (scope.sees === 'nothing') return { ids: [], total: 0 };
    const params = new Params();
    const { where, costly } = this.condition(scope, query, context, params);
    const keys = this.sortKeys(query.sort);
    const deep = offset + limit > this.topRows;
    if (deep) return this.locate(where, keys, params, offset, limit);
    return costly
      ? this.materialized(where, keys, params, offset, limit)
      : this.top(where, keys, params, offset, limit);
  }

  /** A page near the top, when the condition is cheap to test twice: count, then a top-N. */
  private async top(where: string, keys: SortKey[], params: Params, offset: number, limit: number): Promise<RowPage> {
    const order = orderBy(keys);
    const rows = await this.read(
      `SELECT (SELECT count(*) FROM li WHERE ${where}),
        (SELECT list(id ORDER BY ${order}) FROM (SELECT ${selected(keys)} FROM li WHERE ${where}
          ORDER BY ${order} LIMIT ${params.integer(limit)} OFFSET ${params.integer(offset)}))`,
      params,
    );
    return pageOf(rows[0]);
  }

  /**
   * A deep page: count the matches per block of the sort order, then sort only the blocks the page
   * falls in (their column ranges tested in the scan first, so a costly condition reads few rows).
   */
  private async locate(
    where: string,
    keys: SortKey[],
    params: Params,
    offset: number,
    limit: number,
  ): Promise<RowPage> {
    const blocks = this.blocks(keys);
    const counted = await this.read(
      `SELECT ${blocks.map((block, index) => `${block.expression} AS b${index}`).join(', ')}, count(*) FROM li WHERE ${where} GROUP BY ALL`,
      params,
    );
    const histogram = counted
      .map((row) => ({
        block: row.slice(0, blocks.length).map((value) => (value === null ? null : Number(value))),
        rows: Number(row[blocks.length]),
      }))
      .sort((a, b) => compareBlocks(blocks, a.block, b.block));
    let before = 0;
    let first: { block: BlockValue[]; before: number } | undefined;
    let last: BlockValue[] | undefined;
    for (const { block, rows } of histogram) {
      if (before + rows > offset && before < offset + limit) {
        first ??= { block, before };
        last = block;
      }
      before += rows;
    }
    if (first === undefined || last === undefined || blocks[0] === undefined) return { ids: [], total: before };
    const within = [
      ...leadingRanges(blocks, first.block, last, params),
      blockBound(blocks, first.block, 'from', params),
      blockBound(blocks, last, 'to', params),
    ].join(' AND ');
    const order = orderBy(keys);
    const rows = await this.read(
      `SELECT list(id ORDER BY ${order}) FROM (SELECT ${selected(keys)} FROM li WHERE ${where} AND ${within}
        ORDER BY ${order} LIMIT ${params.integer(limit)} OFFSET ${params.integer(offset - first.before)})`,
      params,
    );
    return { ids: ((rows[0]?.[0] ?? []) as (bigint | number)[]).map(Number), total: before };
  }

  /**
   * A page near the top when the condition is costly to test (a search, a text filter on a column
   * of many values): tested once, its matches kept for the count and the page.
   */
  private async materialized(
    where: string,
    keys: SortKey[],
    params: Params,
    offset: number,
    limit: number,
  ): Promise<RowPage> {
    const order = orderBy(keys);
    const rows = await this.read(
      `WITH m AS MATERIALIZED (SELECT ${selected(keys)} FROM li WHERE ${where})
      SELECT (SELECT count(*) FROM m),
        (SELECT list(id ORDER BY ${order}) FROM (SELECT * FROM m ORDER BY ${order}
          LIMIT ${params.integer(limit)} OFFSET ${params.integer(offset)}))`,
      params,
    );
    return pageOf(rows[0]);
  }

  private async read(sql: string, params: Params) {
    const reader = await this.connection.runAndReadAll(sql, params.values, params.types);
    return reader.getRowsJS();
  }

  /** Adds the records, or replaces the rows with their ids. */
  async upsert(records: readonly RowRecord[]): Promise<void> {
    const batch = [...new Map(records.map((record) => [record.line_item_id, record])).values()];
    if (batch.length === 0) return;
    const reranked = new Set<TextKey>();
    const ranks = this.numberRanks(batch, reranked);
    // Staged and ranked outside the transaction: inside one, DuckDB planned the neighbour search
    // over the staged rows as a nested loop (minutes for 10,000 rows).
    await this.connection.run(`CREATE OR REPLACE TABLE staged (${[...BASE_COLUMNS, ...RANK_COLUMNS].join(', ')})`);
    if (batch.length <= this.fewRows) await this.rankFew(batch, ranks, reranked);
    const appender = await this.connection.createAppender('staged');
    for (const [index, record] of batch.entries()) {
      appendBase(appender, record);
      for (const key of TEXT_KEYS) {
        const value = ranks[key][index];
        if (value === undefined) appender.appendNull();
        else appender.appendInteger(value);
      }
      appender.endRow();
    }
    appender.closeSync();
    if (batch.length > this.fewRows) await this.rankMany(reranked);
    await this.addToDictionaries(batch, 'staged');
    await this.connection.run('BEGIN');
    try {
      await this.connection.run('DELETE FROM li WHERE id IN (SELECT id FROM staged)');
      await this.connection.run(
        `INSERT INTO li SELECT ${this.rowColumns('s', { ranked: [], keepSearch: false })} FROM staged s`,
      );
      if (reranked.size > 0) await this.rerank([...reranked]);
      await this.connection.run('COMMIT');
    } catch (error) {
      await this.connection.run('ROLLBACK');
      throw error;
    } finally {
      await this.connection.run('DROP TABLE staged');
    }
    await this.wrote(batch.length);
  }

  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const params = new Params();
    await this.connection.run(
      `DELETE FROM li WHERE id IN (SELECT unnest(${params.list(ids)}))`,
      params.values,
      params.types,
    );
    await this.wrote(ids.length);
  }

  /**
   * The table's columns, in its order, from the base columns of `alias`: the search texts built
   * (or kept), and the ranks of `ranked` from the rank tables (the others kept).
   */
  private rowColumns(alias: string, { ranked, keepSearch }: { ranked: readonly TextKey[]; keepSearch: boolean }) {
    const base = BASE_NAMES.map((name) => `${alias}.${name}`);
    // Joined by U+0001, which a search never holds, so no match spans two cells. The texts name
    // the base columns bare: `alias` is the only table that has them.
    const joined = (keys: readonly ColumnKey[]) =>
      keys.length === 0 ? "''" : `concat_ws(chr(1), ${keys.map(displayed).join(', ')})`;
    const search = this.searchTexts.map(({ name, keys }) =>
      keepSearch ? `${alias}.${name}` : `${joined(keys)} AS ${name}`,
    );
    const ranks = TEXT_KEYS.map((key) =>
      ranked.includes(key) ? `rank_${key}.r AS ${rank(key)}` : `${alias}.${rank(key)}`,
    );
    return [...base, ...search, ...ranks].join(', ');
  }

  /**
   * A table per column of `keys` ranking each distinct text of `source`: empty 0, number texts as
   * kept in JS, the others in order with `gap` between them (the row number counts every distinct
   * text, so it stays below the row count). Ranking the distinct texts and joining them back is far
   * quicker in DuckDB than a window over every row.
   */
  private async writeRankTables(source: string, keys: readonly TextKey[], gap: number): Promise<void> {
    for (const key of keys) {
      await this.connection.run(`CREATE OR REPLACE TABLE rank_${key} AS
        SELECT v.f, CAST(CASE WHEN v.f = '' THEN 0 WHEN n.r IS NOT NULL THEN n.r
          ELSE ${NUMBERS_END} + ${gap} * row_number() OVER (ORDER BY v.f) END AS INTEGER) AS r
        FROM (SELECT DISTINCT ${folded(key)} AS f FROM ${source}) v
        LEFT JOIN (SELECT f, r FROM number_ranks WHERE k = '${key}') n ON n.f = v.f`);
    }
  }

  private async dropRankTables(keys: readonly TextKey[]): Promise<void> {
    for (const key of keys) await this.connection.run(`DROP TABLE rank_${key}`);
  }

  /** The rank tables of `keys`, joined to `alias`'s rows. */
  private rankJoins(alias: string, keys: readonly TextKey[]): string {
    return keys.map((key) => `JOIN rank_${key} ON rank_${key}.f = ${alias}.${folded(key)}`).join(' ');
  }

  private async writeNumberTable(): Promise<void> {
    await this.connection.run('CREATE OR REPLACE TABLE number_ranks (k VARCHAR, f VARCHAR, r INTEGER)');
    const appender = await this.connection.createAppender('number_ranks');
    for (const key of TEXT_KEYS) {
      for (const { text, rank: value } of this.numbers[key]) {
        appender.appendVarchar(key);
        appender.appendVarchar(text);
        appender.appendInteger(value);
        appender.endRow();
      }
    }
    appender.closeSync();
  }

  /**
   * While building: which columns have few values (kept as dictionaries, from the rank tables and
   * the staged rows), and so which the search texts hold.
   */
  private async readDictionaries(): Promise<void> {
    const distinct = await this.read(
      `SELECT ${[
        ...TEXT_KEYS.map((key) => `(SELECT count(*) FROM rank_${key})`),
        `(SELECT [${OTHER_KEYS.map((key) => `count(DISTINCT ${columnOf(key)})`).join(', ')}] FROM staged)`,
      ].join(', ')}`,
      new Params(),
    );
    const counts = distinct[0] ?? [];
    const others = (counts[TEXT_KEYS.length] ?? []) as (bigint | number)[];
    for (const key of COLUMN_KEYS) {
      const textIndex = TEXT_KEYS.indexOf(key as TextKey);
      const values = Number(textIndex >= 0 ? counts[textIndex] : others[OTHER_KEYS.indexOf(key)]);
      if (values > this.dictionaryLimit) continue;
      if (isText(key)) {
        const rows = await this.read(`SELECT f, r FROM rank_${key}`, new Params());
        this.dictionaries[key] = { kind: 'text', ranks: new Map(rows.map(([f, r]) => [String(f), Number(r)])) };
      } else {
        const rows = await this.read(
          `SELECT DISTINCT CAST(${columnOf(key)} AS VARCHAR) FROM staged WHERE ${columnOf(key)} IS NOT NULL`,
          new Params(),
        );
        this.dictionaries[key] = { kind: 'other', values: new Set(rows.map(([value]) => String(value))) };
      }
    }
    // Texts of many values, which the pairs cover, apart from numbers and dates, which they do not.
    const few = (key: ColumnKey) => {
      const dictionary = this.dictionaries[key];
      if (dictionary === undefined) return false;
      const size = dictionary.kind === 'text' ? dictionary.ranks.size : dictionary.values.size;
      return size <= this.searchDictionaryLimit;
    };
    const searched = (keys: readonly ColumnKey[], text: boolean) =>
      keys.filter((key) => isText(key) === text && !few(key));
    this.searchTexts = [
      { name: 's_dr', keys: searched(REPORT_COLUMNS.dr, true), dr: true, pairs: true },
      { name: 's_dr_other', keys: searched(REPORT_COLUMNS.dr, false), dr: true, pairs: false },
      { name: 's_x', keys: searched(DEFAULT_ONLY_COLUMNS, true), dr: false, pairs: true },
      { name: 's_x_other', keys: searched(DEFAULT_ONLY_COLUMNS, false), dr: false, pairs: false },
    ].filter((text) => text.keys.length > 0);
  }

  /** Whether a search tests the column by its dictionary: it is in no search text. */
  private searchesDictionary(key: ColumnKey): boolean {
    return this.searchTexts.every((text) => !text.keys.includes(key));
  }

  /** The values a write brings to the dictionaries: ranks of texts as staged in `source`, other cells from the records. */
  private async addToDictionaries(batch: readonly RowRecord[], source: string): Promise<void> {
    for (const key of COLUMN_KEYS) {
      const dictionary = this.dictionaries[key];
      if (dictionary === undefined) continue;
      if (dictionary.kind === 'text') {
        const rows = await this.read(
          `SELECT DISTINCT ${folded(key as TextKey)}, ${rank(key as TextKey)} FROM ${source}`,
          new Params(),
        );
        const known = new Set(dictionary.ranks.values());
        for (const [value, ranked] of rows) {
          if (dictionary.ranks.get(String(value)) === Number(ranked)) continue;
          if (known.has(Number(ranked))) setRank(dictionary.ranks, String(value), Number(ranked));
          else dictionary.ranks.set(String(value), Number(ranked));
        }
      } else {
        const field = recordFieldOf(key);
        for (const record of batch) {
          const cell = record[field];
          if (cell !== null) dictionary.values.add(String(cell));
        }
      }
    }
  }

  /**
   * Each record's rank per text column where JS knows it: 0 for empty, number texts from the kept
   * list (a new one takes a rank between its neighbours); the others are left for the database.
   */
  private numberRanks(batch: readonly RowRecord[], reranked: Set<TextKey>): Record<TextKey, (number | undefined)[]> {
    const ranks = {} as Record<TextKey, (number | undefined)[]>;
    for (const key of TEXT_KEYS) {
      const list = this.numbers[key];
      ranks[key] = batch.map((record) => {
        const cell = record[key];
        if (cell === '') return 0;
        if (!isNumberText(cell)) return undefined;
        const index = lowerBound(list, (entry) => compareNumberRanks(entry.text, cell) < 0);
        const found = list[index];
        if (found?.text === cell) return found.rank;
        const below = list[index - 1]?.rank ?? 0;
        const above = found?.rank ?? NUMBERS_END;
        const value = Math.floor((below + above) / 2);
        if (value === below) reranked.add(key);
        list.splice(index, 0, { text: cell, rank: value });
        return value;
      });
    }
    return ranks;
  }

  /**
   * Ranks for a few records' other texts: a value as the row had it keeps its rank; a value
   * another row holds takes that row's; a new one goes between its neighbours, all found in one
   * scan.
   */
  private async rankFew(
    batch: readonly RowRecord[],
    ranks: Record<TextKey, (number | undefined)[]>,
    reranked: Set<TextKey>,
  ): Promise<void> {
    const known = Object.fromEntries(TEXT_KEYS.map((key) => [key, new Map<string, number>()])) as Record<
      TextKey,
      Map<string, number>
    >;
    const ids = new Params();
    const old = await this.read(
      `SELECT ${TEXT_KEYS.map((key) => `${folded(key)}, ${rank(key)}`).join(', ')} FROM li WHERE id IN (SELECT unnest(${ids.list(batch.map((record) => record.line_item_id))}))`,
      ids,
    );
    for (const row of old) {
      for (const [index, key] of TEXT_KEYS.entries())
        known[key].set(String(row[index * 2]), Number(row[index * 2 + 1]));
    }
    const params = new Params();
    const asked: { key: TextKey; value: string }[] = [];
    const aggregates: string[] = [];
    for (const key of TEXT_KEYS) {
      const values = new Set<string>();
      for (const [index, record] of batch.entries()) {
        const value = foldCase(record[key]);
        if (ranks[key][index] === undefined && !known[key].has(value)) values.add(value);
      }
      for (const value of values) {
        const bound = params.text(value);
        const others = `${rank(key)} >= ${NUMBERS_END}`;
        aggregates.push(
          `max(${rank(key)}) FILTER (WHERE ${others} AND ${folded(key)} = ${bound})`,
          `max(${rank(key)}) FILTER (WHERE ${others} AND ${folded(key)} < ${bound})`,
          `min(${rank(key)}) FILTER (WHERE ${others} AND ${folded(key)} > ${bound})`,
        );
        asked.push({ key, value });
      }
    }
    if (asked.length > 0) {
      const answer = (await this.read(`SELECT ${aggregates.join(', ')} FROM li`, params))[0] ?? [];
      // New values between the same two neighbours share the gap, in their order.
      const gaps = new Map<string, { key: TextKey; below: number; above: number; values: string[] }>();
      for (const [index, { key, value }] of asked.entries()) {
        const same = answer[index * 3];
        if (same !== null && same !== undefined) {
          known[key].set(value, Number(same));
          continue;
        }
        const below = Number(answer[index * 3 + 1] ?? NUMBERS_END - 1);
        const above = Number(answer[index * 3 + 2] ?? RANKS_END);
        const id = `${key} ${below} ${above}`;
        const gap = gaps.get(id) ?? { key, below, above, values: [] };
        gap.values.push(value);
        gaps.set(id, gap);
      }
      for (const { key, below, above, values } of gaps.values()) {
        values.sort(compareCodePoints);
        if (above - below <= values.length) reranked.add(key);
        for (const [index, value] of values.entries()) {
          known[key].set(value, below + Math.floor(((above - below) * (index + 1)) / (values.length + 1)));
        }
      }
    }
    for (const key of TEXT_KEYS) {
      for (const [index, record] of batch.entries()) {
        if (ranks[key][index] === undefined) ranks[key][index] = known[key].get(foldCase(record[key]));
      }
    }
  }

  /**
   * Ranks for many staged records' other texts, as rankFew does by joins: first the values the
   * rows had (one join by id for every column), then values other rows hold, then the new ones
   * between their neighbours, each step only for the columns still missing some.
   */
  private async rankMany(reranked: Set<TextKey>): Promise<void> {
    // A new table rather than an UPDATE: DuckDB writes a whole table quicker than it updates one.
    const kept = TEXT_KEYS.map(
      (key) => `CASE WHEN s.${rank(key)} IS NULL AND s.${folded(key)} = l.${folded(key)}
        THEN l.${rank(key)} ELSE s.${rank(key)} END AS ${rank(key)}`,
    );
    await this.connection.run(`CREATE OR REPLACE TABLE staged AS
      SELECT ${[...BASE_NAMES.map((name) => `s.${name}`), ...kept].join(', ')} FROM staged s LEFT JOIN li l ON l.id = s.id`);
    const missing = async () => {
      const counts = await this.read(
        `SELECT ${TEXT_KEYS.map((key) => `count(*) FILTER (WHERE ${rank(key)} IS NULL)`).join(', ')} FROM staged`,
        new Params(),
      );
      return TEXT_KEYS.filter((_key, index) => Number(counts[0]?.[index] ?? 0) > 0);
    };
    for (const key of await missing()) {
      await this.connection.run(`UPDATE staged SET ${rank(key)} = known.r FROM (
          SELECT ${folded(key)} AS f, max(${rank(key)}) AS r FROM li
          WHERE ${rank(key)} >= ${NUMBERS_END} AND ${folded(key)} IN (SELECT ${folded(key)} FROM staged WHERE ${rank(key)} IS NULL)
          GROUP BY ${folded(key)}) known
        WHERE staged.${folded(key)} = known.f AND staged.${rank(key)} IS NULL`);
    }
    for (const key of await missing()) {
      const cell = folded(key);
      await this.connection.run(`CREATE OR REPLACE TABLE new_ranks AS
        WITH fresh AS (SELECT DISTINCT ${cell} AS f FROM staged WHERE ${rank(key)} IS NULL),
        d AS (SELECT ${cell} AS f, ${rank(key)} AS r FROM li WHERE ${rank(key)} >= ${NUMBERS_END}),
        below AS (SELECT fresh.f, d.r AS below FROM fresh ASOF LEFT JOIN d ON fresh.f > d.f),
        around AS (SELECT below.f, CAST(coalesce(below.below, ${NUMBERS_END - 1}) AS BIGINT) AS below,
          CAST(coalesce(d.r, ${RANKS_END}) AS BIGINT) AS above
          FROM below ASOF LEFT JOIN d ON below.f < d.f),
        placed AS (SELECT f, below, above, row_number() OVER (PARTITION BY below, above ORDER BY f) AS i,
          count(*) OVER (PARTITION BY below, above) AS n FROM around)
        SELECT f, CAST(below + (above - below) * i // (n + 1) AS INTEGER) AS r, above - below > n AS fits FROM placed`);
      const misfits = await this.read('SELECT count(*) FROM new_ranks WHERE NOT fits', new Params());
      if (Number(misfits[0]?.[0] ?? 0) > 0) reranked.add(key);
      await this.connection.run(`UPDATE staged SET ${rank(key)} = n.r FROM new_ranks n
        WHERE staged.${cell} = n.f AND staged.${rank(key)} IS NULL`);
    }
    await this.connection.run('DROP TABLE IF EXISTS new_ranks');
  }

  /** Ranks the columns again from scratch, with even gaps: when a gap ran out. */
  private async rerank(keys: readonly TextKey[]): Promise<void> {
    for (const key of keys) spreadNumberRanks(this.numbers[key], this.rankGap);
    await this.writeNumberTable();
    const rows = Number((await this.read('SELECT count(*) FROM li', new Params()))[0]?.[0] ?? 0);
    const gap = this.rankGap ?? Math.max(1, Math.floor((NUMBERS_END - 1) / (rows + 1)));
    await this.writeRankTables('li', keys, gap);
    // A new table rather than an UPDATE of every row: DuckDB scans an updated table more slowly.
    await this.connection.run(
      `CREATE OR REPLACE TABLE li AS SELECT ${this.rowColumns('l', { ranked: keys, keepSearch: true })} FROM li l ${this.rankJoins('l', keys)}`,
    );
    for (const key of keys) {
      const dictionary = this.dictionaries[key];
      if (dictionary?.kind !== 'text') continue;
      const ranked = await this.read(`SELECT f, r FROM rank_${key}`, new Params());
      dictionary.ranks = new Map(ranked.map(([f, r]) => [String(f), Number(r)]));
    }
    await this.dropRankTables(keys);
    await this.connection.run('DROP TABLE number_ranks');
  }

  private async wrote(rows: number): Promise<void> {
    this.writes += rows;
    if (this.stats === undefined || this.writes > this.stats.rows / 10) await this.readStats();
  }

  private async readStats(): Promise<void> {
    const parts = [
      'count(*)',
      'min(id)',
      'max(id)',
      ...COLUMN_KEYS.flatMap((key) => {
        const expression = sortInteger(key);
        const kind = LINE_ITEM_COLUMNS[key].kind;
        const nonEmpty = kind === 'date' ? `${key} IS NOT NULL` : kind === 'text' ? `${columnOf(key)} <> ''` : 'true';
        return [
          `approx_count_distinct(${expression})`,
          `min(${expression}) FILTER (WHERE ${nonEmpty})`,
          `max(${expression}) FILTER (WHERE ${nonEmpty})`,
        ];
      }),
    ];
    const row = (await this.read(`SELECT ${parts.join(', ')} FROM li`, new Params()))[0] ?? [];
    const at = (index: number) => Number(row[index] ?? 0);
    this.stats = {
      rows: at(0),
      idMin: at(1),
      idMax: at(2),
      columns: Object.fromEntries(
        COLUMN_KEYS.map((key, index) => [
          key,
          { distinct: at(3 + index * 3), min: at(4 + index * 3), max: at(5 + index * 3) },
        ]),
      ) as Stats['columns'],
    };
    this.writes = 0;
  }

  /** The sort order: the columns' keys, then the line item id. */
  private sortKeys(sort: readonly SortRule[]): SortKey[] {
    const keyOf = (key: ColumnKey | 'id', ascending: boolean): SortKey => {
      const kind = key === 'id' ? 'id' : LINE_ITEM_COLUMNS[key].kind;
      const column = key === 'id' ? 'id' : kind === 'text' ? rank(key as TextKey) : recordFieldOf(key);
      // Empty dates first ascending, so last descending.
      const nulls = kind === 'date' ? (ascending ? ' NULLS FIRST' : ' NULLS LAST') : '';
      const integer = key === 'id' ? 'id' : sortInteger(key);
      return { key, column, order: `${ascending ? 'ASC' : 'DESC'}${nulls}`, ascending, integer };
    };
    return [
      ...effectiveSort(sort).map((rule) => keyOf(rule.key, rule.direction === 'asc')),
      keyOf('id', tieOrder(sort) === 'asc'),
    ];
  }

  /**
   * Blocks of the sort order: keys taken whole while each of their values still holds many rows,
   * then one key (or the id) cut into spans of about blockRows rows. Any such cut keeps the order;
   * the statistics only size it.
   */
  private blocks(keys: readonly SortKey[]): Block[] {
    const stats = this.stats;
    if (stats === undefined) throw new Error('no statistics');
    const blocks: Block[] = [];
    let rows = Math.max(1, stats.rows);
    for (const { key, integer, ascending } of keys) {
      const { distinct, min, max } =
        key === 'id' ? { distinct: rows, min: stats.idMin, max: stats.idMax } : stats.columns[key];
      const date = key !== 'id' && LINE_ITEM_COLUMNS[key].kind === 'date' ? key : null;
      const whole = key !== 'id' && rows / Math.max(1, distinct) >= this.blockRows;
      const width = whole ? 1 : Math.max(1, Math.floor((this.blockRows * Math.max(1, max - min + 1)) / rows));
      // Integer division truncates towards zero: still never decreasing, so the order holds.
      blocks.push({ expression: width === 1 ? integer : `${integer} // ${width}`, integer, width, ascending, date });
      if (!whole) break;
      rows /= Math.max(1, distinct);
    }
    return blocks;
  }

  /** Who sees what, the PO, the exceptions, the search and the filters as one condition; costly when it scans texts. */
  private condition(scope: RowScope, query: RowQuery, context: ExceptionContext, params: Params) {
    const conditions: string[] = [];
    let costly = false;
    if (scope.sees === 'company') conditions.push(`fk = ${params.text(scope.key)} AND NOT hidden`);
    if (query.po) conditions.push(`title = ${params.text(query.po)}`);
    if ((query.exception?.length ?? 0) > 0) conditions.push(exceptionCondition(query.exception ?? [], context, params));
    if (query.q !== '') {
      const needle = foldCase(query.q);
      const scanned = this.searchTexts.filter((text) => text.dr || query.report === 'default');
      // A single character is found at once (memchr) in most rows: not worth keeping the matches.
      costly ||= scanned.length > 0 && needle.length > 1;
      const bound = scanned.length > 0 ? params.text(needle) : '';
      const pairs = scanned.some((text) => text.pairs) ? pairsOf(needle, params) : null;
      const matches = [
        ...scanned.map(({ name, pairs: covered }) =>
          covered && pairs !== null ? `(${pairs} AND contains(${name}, ${bound}))` : `contains(${name}, ${bound})`,
        ),
        ...REPORT_COLUMNS[query.report].flatMap((key) => {
          if (!this.searchesDictionary(key)) return [];
          const inDictionary = this.inDictionary(key, (cell) => cell.includes(needle), params);
          return inDictionary === null || inDictionary === 'false' ? [] : [inDictionary];
        }),
      ];
      conditions.push(matches.length > 0 ? `(${matches.join(' OR ')})` : 'false');
    }
    if (query.filters.length > 0) {
      const filters = query.filters.map((filter) => {
        const condition = this.filterCondition(filter, context, params);
        costly ||= condition.costly;
        return `(${condition.sql})`;
      });
      conditions.push(`(${filters.join(query.logic === 'AND' ? ' AND ' : ' OR ')})`);
    }
    return { where: conditions.length > 0 ? conditions.join(' AND ') : 'true', costly };
  }

  /**
   * The rows whose cell of a column with a dictionary passes `test` (on the folded displayed
   * text), as a condition on the values that pass or, when fewer, on those that fail; null for a
   * column without a dictionary.
   */
  private inDictionary(key: ColumnKey, test: (cell: string) => boolean, params: Params): string | null {
    const dictionary = this.dictionaries[key];
    if (dictionary === undefined) return null;
    const kind = LINE_ITEM_COLUMNS[key].kind;
    // The column's values (never empty dates, which are NULL) as the integers the table holds.
    const entries: [string, number][] =
      dictionary.kind === 'text'
        ? [...dictionary.ranks]
        : [...dictionary.values].map((value) => [value, kind === 'date' ? dayOf(value) : Number(value)]);
    const passing: number[] = [];
    const failing: number[] = [];
    for (const [value, integer] of entries) (test(value) ? passing : failing).push(integer);
    const cell =
      kind === 'text' ? rank(key as TextKey) : kind === 'date' ? `(${key} - DATE '1970-01-01')` : columnOf(key);
    const values =
      failing.length === 0
        ? `${cell} IS NOT NULL`
        : passing.length === 0
          ? 'false'
          : passing.length <= failing.length
            ? memberOf(cell, passing, params)
            : `NOT ${memberOf(cell, failing, params)}`;
    if (kind !== 'date' || !test('')) return values === 'false' ? values : `coalesce(${values}, false)`;
    return `(${key} IS NULL OR coalesce(${values}, false))`;
  }

  /** domain's matchesFilter as SQL that is never NULL. */
  private filterCondition(filter: Filter, context: ExceptionContext, params: Params): { sql: string; costly: boolean } {
    const cheap = (sql: string) => ({ sql, costly: false });
    const kind = LINE_ITEM_COLUMNS[filter.column].kind;
    const column = columnOf(filter.column);
    if (filter.operator === 'isEmpty') {
      return cheap(kind === 'text' ? `${column} = ''` : kind === 'date' ? `${column} IS NULL` : 'false');
    }
    if (filter.operator === 'isNotEmpty') {
      return cheap(kind === 'text' ? `${column} <> ''` : kind === 'date' ? `${column} IS NOT NULL` : 'true');
    }
    if (needsValue(filter.operator) && filter.value === '') return cheap('true');
    const range = dateFilterRange(filter, context.today);
    if (range === null) return cheap('false');
    if (range !== undefined) {
      return cheap(
        [
          `${column} IS NOT NULL`,
          ...(range.from === null ? [] : [`${column} >= ${params.date(range.from)}`]),
          ...(range.to === null ? [] : [`${column} <= ${params.date(range.to)}`]),
        ].join(' AND '),
      );
    }
    const value = foldCase(filter.value);
    if (filter.operator === 'greaterThan' || filter.operator === 'lessThan') {
      const operator = filter.operator === 'greaterThan' ? '>' : '<';
      if (kind === 'date') return cheap(this.compareDate(column, operator, filter.value, params));
      if (!isNumberText(filter.value)) return cheap('false');
      if (kind === 'number')
        return cheap(`${column} ${operator} ${params.integer(integerBound(filter.value, operator))}`);
      return cheap(this.compareNumberText(filter.column as TextKey, operator, filter.value, params));
    }
    if (filter.operator === 'equals' && kind === 'date')
      return cheap(this.compareDate(column, '=', filter.value, params));
    if ((filter.operator === 'equals' || filter.operator === 'isNot') && kind === 'number') {
      // A number cell shows its integer: only that integer's text equals it.
      const equal = filter.operator === 'equals';
      const integer = integerOf(value);
      if (integer === null) return cheap(equal ? 'false' : 'true');
      return cheap(`${column} ${equal ? '=' : '<>'} ${params.integer(integer)}`);
    }
    const match = foldedMatch(filter);
    if (match === undefined) return cheap('false');
    const test = foldedTest(match);
    const inDictionary = this.inDictionary(filter.column, test, params);
    if (inDictionary !== null) return cheap(inDictionary);
    const text = displayed(filter.column);
    const bound = params.text(value);
    const scan = (sql: string) => {
      const pairs = kind === 'text' ? pairsOf(value, params) : null;
      return { sql: pairs === null ? sql : `${pairs} AND ${sql}`, costly: value.length > 1 };
    };
    switch (filter.operator) {
      case 'equals':
        return cheap(`${text} = ${bound}`);
      case 'isNot':
        return cheap(`${text} <> ${bound}`);
      case 'contains':
        return scan(`contains(${text}, ${bound})`);
      case 'startsWith':
        return scan(`starts_with(${text}, ${bound})`);
      default:
        return scan(`ends_with(${text}, ${bound})`);
    }
  }

  private compareDate(column: string, operator: '=' | '>' | '<', value: string, params: Params): string {
    const date = parseCalendarDate(value);
    if (date === null) return 'false';
    return `coalesce(${column} ${operator} ${params.date(date)}, false)`;
  }

  /**
   * A text cell compared as a number: only number texts compare, and their ranks are in numeric
   * order, so the comparison is a range of ranks bounded by the kept number texts around the value.
   */
  private compareNumberText(key: TextKey, operator: '>' | '<', value: string, params: Params): string {
    const list = this.numbers[key];
    const cell = rank(key);
    if (operator === '>') {
      // Past the last number text at or below the value.
      const index = lowerBound(list, (entry) => compareNumberTexts(entry.text, value) <= 0);
      return `${cell} > ${params.integer(list[index - 1]?.rank ?? 0)} AND ${cell} < ${NUMBERS_END}`;
    }
    // Before the first number text at or above it.
    const index = lowerBound(list, (entry) => compareNumberTexts(entry.text, value) < 0);
    return `${cell} > 0 AND ${cell} < ${params.integer(list[index]?.rank ?? NUMBERS_END)}`;
  }
}

/**
 * The rows with any of the kinds as of the context, by the rules the SQL applies (a NULL basis
 * holds none): never NULL.
 */
function exceptionCondition(kinds: readonly ExceptionKind[], context: ExceptionContext, params: Params): string {
  const tests = kinds.map((kind) => {
    const { column, compare } = EXCEPTION_RULES[kind];
    const limit = boundNumber(kind, context);
    // The bases are integers: a fractional bound compares as the integer next to it on its side.
    const integer = compare === '<=' ? Math.floor(limit) : Math.ceil(limit);
    if (!Number.isSafeInteger(integer)) throw new Error(`not a bound: ${limit}`);
    return `${column} ${compare} ${params.integer(integer)}`;
  });
  return `coalesce(${tests.join(' OR ')}, false)`;
}

/**
 * `expression IN values`, integers the engine holds (ranks, days, a column's values). A few are
 * spelled out; more are bound as a list and joined: DuckDB tests a long IN list inside an OR
 * value by value (two seconds over a million rows, where the join takes 30 ms).
 */
function memberOf(expression: string, values: readonly number[], params: Params): string {
  if (!values.every(Number.isSafeInteger)) throw new Error('not integers');
  if (values.length <= 16) return `${expression} IN (${values.join(', ')})`;
  return `${expression} IN (SELECT unnest(${params.list(values)}))`;
}

/** The id and the sort columns (the id among them). */
const selected = (keys: readonly SortKey[]) =>
  ['id', ...keys.filter((key) => key.key !== 'id').map((key) => key.column)].join(', ');
const orderBy = (keys: readonly SortKey[], prefix = '') =>
  keys.map((key) => `${prefix}${key.column} ${key.order}`).join(', ');

function pageOf(row: unknown[] | undefined): RowPage {
  const [total, ids] = (row ?? [0, []]) as [bigint | number, (bigint | number)[] | null];
  return { ids: (ids ?? []).map(Number), total: Number(total) };
}

type BlockValue = number | null;

/** Blocks' order: each part ascending or descending, an empty date (NULL) first ascending. */
function compareBlocks(blocks: readonly Block[], a: readonly BlockValue[], b: readonly BlockValue[]): number {
  for (const [index, { ascending }] of blocks.entries()) {
    const x = a[index] ?? null;
    const y = b[index] ?? null;
    if (x === y) continue;
    const order = x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    return ascending ? order : -order;
  }
  return 0;
}

/** The rows from the block `values` on ('from') or up to it ('to'), in the blocks' order. */
function blockBound(
  blocks: readonly Block[],
  values: readonly BlockValue[],
  side: 'from' | 'to',
  params: Params,
): string {
  const [block, ...rest] = blocks;
  if (block === undefined) return 'true';
  const [value = null, ...more] = values;
  const { expression, ascending } = block;
  const empty = block.date === null ? '' : ` OR ${expression} IS NULL`;
  const bound = value === null ? '' : params.integer(value);
  // Strictly past the value along the order: towards larger ascending, smaller descending, NULL last descending.
  const past =
    ascending === (side === 'from')
      ? value === null
        ? `${expression} IS NOT NULL`
        : `${expression} > ${bound}`
      : value === null
        ? 'false'
        : `(${expression} < ${bound}${empty})`;
  const same = value === null ? `${expression} IS NULL` : `${expression} = ${bound}`;
  const next = rest.length === 0 ? 'true' : blockBound(rest, more, side, params);
  return `(${past} OR (${same} AND ${next}))`;
}

/**
 * The blocks from `first` to `last` as ranges of their leading parts' columns, which DuckDB tests
 * in the scan: parts the two blocks share, then the first they differ in. The exact bounds then
 * read only the rows within.
 */
function leadingRanges(
  blocks: readonly Block[],
  first: readonly BlockValue[],
  last: readonly BlockValue[],
  params: Params,
) {
  const ranges: string[] = [];
  for (const [index, block] of blocks.entries()) {
    const a = first[index] ?? null;
    const b = last[index] ?? null;
    ranges.push(partRange(block, a, b, params));
    if (a !== b) break;
  }
  return ranges;
}

function partRange(block: Block, a: BlockValue, b: BlockValue, params: Params): string {
  const values = [a, b].filter((value): value is number => value !== null);
  if (values.length === 0) return `${block.integer} IS NULL`;
  // Block v spans [v × width, v × width + width - 1], or either side of zero as truncation has it.
  const high = Math.max(...values) * block.width + (block.width - 1);
  // From an empty date (first ascending, last descending) the range runs from the first day.
  const low = values.length === 2 ? Math.min(...values) * block.width - (block.width - 1) : null;
  const empty = values.length === 2 ? '' : ` OR ${block.integer} IS NULL`;
  if (block.date !== null) {
    // Cells are days of years 1 to 9999 (YYYY-MM-DD): a wider span names no other rows.
    const day = (days: number) => params.date(shiftDay('1970-01-01', Math.min(Math.max(days, -719_162), 2_932_896)));
    const range = low === null ? `${block.date} <= ${day(high)}` : `${block.date} BETWEEN ${day(low)} AND ${day(high)}`;
    return `(${range}${empty})`;
  }
  const range =
    low === null
      ? `${block.integer} <= ${params.integer(high)}`
      : `${block.integer} BETWEEN ${params.integer(low)} AND ${params.integer(high)}`;
  return `(${range}${empty})`;
}

/** The first index whose entry is not `before` (entries that are come first). */
function lowerBound<T>(list: readonly T[], before: (entry: T) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(list[middle] as T)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Even gaps between the number texts' ranks, all within (0, NUMBERS_END). */
function spreadNumberRanks(
  list: NumberRank[],
  gap = Math.max(1, Math.floor((NUMBERS_END - 1) / (list.length + 1))),
): void {
  for (const [index, entry] of list.entries()) entry.rank = (index + 1) * gap;
}

/** Rows whose texts hold every character pair of `needle` (null when it has none): a cheap test before the scan. */
function pairsOf(needle: string, params: Params): string | null {
  const tests = [...signature([needle])].flatMap((word, index) => {
    if (word === 0) return [];
    const mask = params.integer(word);
    return [`(g${index} & ${mask}) = ${mask}`];
  });
  return tests.length === 0 ? null : `(${tests.join(' AND ')})`;
}

/** The bits of the character pairs of `texts` (folded), in SIGNATURE_WORDS 32-bit words. */
function signature(texts: readonly string[]): Uint32Array {
  const words = new Uint32Array(SIGNATURE_WORDS);
  for (const text of texts) {
    for (let index = 0; index + 1 < text.length; index++) {
      const bit =
        (Math.imul(text.charCodeAt(index), 0x9e3779b1) ^ Math.imul(text.charCodeAt(index + 1), 0x85ebca77)) >>> 24;
      words[bit >>> 5] = (words[bit >>> 5] ?? 0) | (1 << (bit & 31));
    }
  }
  return words;
}

function appendBase(appender: DuckDBAppender, record: RowRecord): void {
  appender.appendBigInt(BigInt(record.line_item_id));
  appender.appendVarchar(record.forwarder_key);
  appender.appendBoolean(record.is_hidden);
  appender.appendVarchar(record.title);
  const texts = TEXT_KEYS.map((key) => foldCase(record[key]));
  for (const text of texts) appender.appendVarchar(text);
  appender.appendInteger(record.number_of_parts);
  appender.appendBigInt(BigInt(record.total_qty));
  for (const key of DATE_KEYS) {
    const day = record[key];
    if (day === null) appender.appendNull();
    else appender.appendDate(dateValue(dayOf(day)));
  }
  for (const basis of BASES) {
    const value = record[basis];
    if (value === null || value === undefined) appender.appendNull();
    else appender.appendInteger(Math.max(BASIS_MIN, Math.min(value, BASIS_MAX)));
  }
  for (const word of signature(texts)) appender.appendUInteger(word);
}
