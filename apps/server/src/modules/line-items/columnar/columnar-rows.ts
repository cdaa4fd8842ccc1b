import { setImmediate } from 'node:timers/promises';
import type { ExceptionKind } from '@quayside/domain/exceptions';
import {
  COLUMN_KEYS,
  type ColumnKey,
  isChangeOperator,
  LINE_ITEM_COLUMNS,
  REPORT_COLUMNS,
} from '@quayside/domain/line-item-columns';
import {
  cellTest,
  effectiveSort,
  type FoldedMatch,
  foldedMatch,
  foldedTest,
  type RowQuery,
  tieOrder,
} from '@quayside/domain/line-item-query';
import { foldCase } from '@quayside/domain/text';
import { boundNumber, EXCEPTION_BASES, EXCEPTION_RULES, type ExceptionBasis } from '../../exceptions/exception-sql.ts';
import { CodedColumn, type Column, type Identity, PlainColumn, type TextTest } from './columns.ts';
import {
  type RowContext,
  type RowPage,
  type RowRecord,
  type RowScope,
  type RowsEngine,
  recordFieldOf,
} from './row-record.ts';
import { selectPage } from './select-page.ts';
import { type ColumnTest, runHere, type SlotJob, type SlotRun, shared } from './slot-passes.ts';
import type { SlotThreads } from './slot-threads.ts';

/** Rows pass a clause when any of its tests holds; how many rows pass (at most), from the columns. */
type Clause = { tests: ColumnTest[]; rows: number };
/** A test of a column's texts. */
type TextCondition = TextTest & { key: ColumnKey };
/** One condition of a clause: a test of a column's texts, or a test of codes made already. */
type Condition = TextCondition | Clause;

/**
 * A line item's own identifiers: nearly every row its own text, so kept plain rather than coded
 * (columns.ts). A shipment's (its number, House, Master) are coded: its line items share them, so
 * at 1,000,000 rows a filter tests a third as many texts.
 */
const PLAIN_COLUMNS: readonly ColumnKey[] = ['title', 'part_numbers'];
/** Sort keys combine ranks into one number, exact below 2^53. */
const EXACT_KEYS = 2 ** 53;
/** A row's hidden flag as a code: 0 shown, 1 hidden. */
const SHOWN = shared(Uint8Array, 2).fill(1, 0, 1);
const BASES = Object.keys(EXCEPTION_BASES) as ExceptionBasis[];
/** An exception basis that is null: no rule holds on it. */
const NO_BASIS = -(2 ** 31);
/** The largest count a basis holds (the read model's integers fit; a rule's bound is small). */
const BASIS_MAX = 2 ** 31 - 1;

/**
 * The dashboard's rows in memory, a column at a time (columns.ts): a filter or search is decided
 * once per distinct text and read off a million codes, and a sort compares dense ranks. Answers
 * what domain's queryLineItems answers, for the questions whose every condition is on the rows'
 * own cells (RowsEngine).
 */
export class ColumnarRows implements RowsEngine {
  #capacity = 0;
  /** Slots in use, dead ones included: a removed row's slot is never reused. */
  #slots = 0;
  #live = 0;
  #ids = shared(Float64Array, 0);
  #alive = shared(Uint8Array, 0);
  #hidden = shared(Uint32Array, 0);
  readonly #identity: Identity = { codes: shared(Uint32Array, 0) };
  readonly #forwarders = new CodedColumn('text');
  /** Each row's shipment id, as text: 'changed in the last' filters pick shipments. */
  readonly #shipments = new CodedColumn('text');
  /** Each exception basis per slot (NO_BASIS for null): a rule compares it with its bound. */
  readonly #bases = new Map<ExceptionBasis, Int32Array>(BASES.map((basis) => [basis, shared(Int32Array, 0)]));
  readonly #slotOf = new Map<number, number>();
  #scratch = scratchOf(0);
  readonly #keys: readonly ColumnKey[] = COLUMN_KEYS;
  readonly #fields = COLUMN_KEYS.map(recordFieldOf);
  readonly #columns: readonly Column[] = COLUMN_KEYS.map((key) =>
    PLAIN_COLUMNS.includes(key) ? new PlainColumn(this.#identity) : new CodedColumn(LINE_ITEM_COLUMNS[key].kind),
  );

  /** Does a question's passes over every slot, match or text: with the helper threads when there are. */
  readonly #run: SlotRun;

  /** With `threads`, a question's passes over every slot, match or text are shared with their helpers. */
  constructor(threads?: SlotThreads) {
    this.#run = threads ? (job, total) => threads.run(job, total) : runHere;
  }

  /** These rows, with every column's order worked out: ready for any question. */
  static from(records: Iterable<RowRecord>, threads?: SlotThreads): ColumnarRows {
    const rows = new ColumnarRows(threads);
    rows.upsert(records);
    for (const column of rows.#columns) column.ranks();
    return rows;
  }

  /** How many rows it holds. */
  get size() {
    return this.#live;
  }

  /** Adds these rows, or replaces them where their line item is held already. */
  upsert(records: Iterable<RowRecord>) {
    const columns = this.#columns;
    const fields = this.#fields;
    for (const record of records) {
      let slot = this.#slotOf.get(record.line_item_id);
      if (slot === undefined) slot = this.#newSlot(record.line_item_id);
      else this.#release(slot);
      this.#alive[slot] = 1;
      this.#live++;
      this.#hidden[slot] = record.is_hidden ? 1 : 0;
      this.#forwarders.set(slot, record.forwarder_key);
      this.#shipments.set(slot, String(record.shipment_id));
      for (const [basis, values] of this.#bases) {
        const value = record[basis];
        values[slot] = value === null || value === undefined ? NO_BASIS : Math.min(value, BASIS_MAX);
      }
      for (let index = 0; index < columns.length; index++) {
        const value = record[fields[index] as keyof RowRecord];
        (columns[index] as Column).set(slot, value === null ? '' : foldCase(String(value)));
      }
    }
  }

  /** Forgets these line items' rows (ids it does not hold are no matter). */
  remove(lineItemIds: Iterable<number>) {
    for (const id of lineItemIds) {
      const slot = this.#slotOf.get(id);
      if (slot === undefined) continue;
      this.#release(slot);
      this.#slotOf.delete(id);
    }
  }

  /**
   * Works out each column's order, a column per turn of the event loop: until a column has its
   * order, a page sorted by it is the database's (sorting a million identifiers takes a second).
   */
  async rankAll() {
    for (const column of this.#columns) {
      await setImmediate();
      column.ranks();
    }
  }

  page(scope: RowScope, query: RowQuery, context: RowContext, offset: number, limit: number): RowPage | null {
    const sort = this.#sortKeys(query);
    if (sort === null) return null;
    const matches = this.#matches(scope, query, context);
    if (matches === null) return null;
    const count = matches.length;
    const { keys, ids } = this.#scratch;
    // Ties go newest first by negated ids, so the selection always orders ascending.
    const idSign = tieOrder(query.sort) === 'desc' ? -1 : 1;
    this.#run({ kind: 'keys', matches, rules: sort, rowIds: this.#ids, idSign, keys, ids }, count);
    // Each range's first offset + limit entries, then the page from among them.
    const candidates = this.#run({ kind: 'select', keys, ids, first: offset + limit }, count);
    const page = selectPage(keys, ids, candidates, offset, offset + limit);
    return { ids: page.map((id) => id * idSign), total: count };
  }

  count(scope: RowScope, query: RowQuery, context: RowContext): number | null {
    return this.#matches(scope, query, context)?.length ?? null;
  }

  #newSlot(id: number) {
    if (this.#slots === this.#capacity) this.#grow(Math.max(1024, this.#capacity * 2));
    const slot = this.#slots++;
    this.#ids[slot] = id;
    this.#identity.codes[slot] = slot;
    this.#slotOf.set(id, slot);
    return slot;
  }

  #grow(capacity: number) {
    const grown = <T extends Float64Array | Uint32Array | Int32Array | Uint8Array>(array: T, next: T) => {
      next.set(array);
      return next;
    };
    this.#ids = grown(this.#ids, shared(Float64Array, capacity));
    this.#alive = grown(this.#alive, shared(Uint8Array, capacity));
    this.#hidden = grown(this.#hidden, shared(Uint32Array, capacity));
    this.#identity.codes = grown(this.#identity.codes, shared(Uint32Array, capacity));
    this.#forwarders.grow(capacity);
    this.#shipments.grow(capacity);
    for (const [basis, values] of this.#bases) this.#bases.set(basis, grown(values, shared(Int32Array, capacity)));
    for (const column of this.#columns) column.grow(capacity);
    this.#capacity = capacity;
    this.#scratch = scratchOf(capacity);
  }

  /** The slot no longer holds a row (it is being replaced or removed). */
  #release(slot: number) {
    if (this.#alive[slot] === 0) return;
    this.#alive[slot] = 0;
    this.#live--;
    this.#forwarders.clear(slot);
    this.#shipments.clear(slot);
    for (const column of this.#columns) column.clear(slot);
  }

  #column(key: ColumnKey): Column {
    return this.#columns[this.#keys.indexOf(key)] as Column;
  }

  /** The sort's rank arrays, or null when a column has no order yet or the combined key would not be exact. */
  #sortKeys(query: RowQuery) {
    const sort = effectiveSort(query.sort);
    if (sort.some((rule) => !this.#column(rule.key).isRanked)) return null;
    const rules = sort.map((rule) => {
      const { codes, ranks, distinct } = this.#column(rule.key).ranks();
      const scale = Math.max(distinct, 1);
      return { codes, ranks, scale, descending: rule.direction === 'desc', last: distinct - 1 };
    });
    const span = rules.reduce((product, rule) => product * rule.scale, 1);
    return span < EXACT_KEYS ? rules : null;
  }

  /** The slots of the rows in scope that match the query, or null when the query asks for what the rows do not hold. */
  #matches(scope: RowScope, query: RowQuery, context: RowContext): Uint32Array | null {
    if (!answers(query, context)) return null;
    const found = this.#clauses(scope, query, context);
    if (found === undefined) return new Uint32Array(0);
    const { clauses, onIdentifiers } = found;
    onIdentifiers.sort((a, b) => a.length - b.length);
    const first = clauses.length === 0 ? onIdentifiers.shift() : undefined;
    if (first !== undefined) {
      const clause = this.#anyOf(first);
      if (clause === 'none') return new Uint32Array(0);
      if (clause !== 'all') clauses.push(clause);
    }
    clauses.sort((a, b) => a.rows - b.rows);
    let slots = this.#firstPass(clauses[0]);
    for (const clause of clauses.slice(1)) slots = this.#narrow(slots, clause.tests);
    // Tests that read a line item's own identifiers read only the texts of the rows still in when
    // there are few: a filter on a title beside a port reads the port's rows' titles, not a million.
    for (const group of onIdentifiers) {
      const clause = this.#anyOf(group, slots);
      if (clause === 'none') return new Uint32Array(0);
      if (clause !== 'all') slots = this.#narrow(slots, clause.tests);
    }
    return slots;
  }

  /**
   * The query's conditions as clauses that all must hold, and the groups of tests (any of a group
   * holds) that read a line item's own identifiers, left to be decided on the rows the clauses
   * leave; undefined when a clause holds for no row.
   */
  #clauses(
    scope: RowScope,
    query: RowQuery,
    context: RowContext,
  ): { clauses: Clause[]; onIdentifiers: TextCondition[][] } | undefined {
    const { today } = context;
    const clauses: Clause[] = [];
    const onIdentifiers: TextCondition[][] = [];
    if (scope.sees === 'nothing') return undefined;
    if (scope.sees === 'company') {
      const company = holding(this.#forwarders, [scope.key]);
      if (company.rows === 0) return undefined;
      clauses.push(company);
      clauses.push({ tests: [{ codes: this.#hidden, mask: SHOWN }], rows: this.#live });
    }
    const groups: Condition[][] = [];
    if (query.q !== '') {
      const needle = foldCase(query.q);
      const match: FoldedMatch = { operator: 'contains', value: needle };
      groups.push(REPORT_COLUMNS[query.report].map((key) => ({ key, test: foldedTest(match), match })));
    }
    // Every test reads a text and its fold alike (columns.ts): the column holds the fold.
    const filters = query.filters.map((filter): Condition => {
      const changed = context.changedShipments?.get(filter);
      if (changed !== undefined) return holding(this.#shipments, changed.map(String));
      const test = cellTest(filter, today);
      return { key: filter.column, test: (text: string) => test(text, text), match: foldedMatch(filter) };
    });
    if (query.logic === 'OR' && filters.length > 0) groups.push(filters);
    else groups.push(...filters.map((filter) => [filter]));
    for (const group of groups) {
      const texts = group.flatMap((condition) => ('key' in condition ? [condition] : []));
      if (texts.length === group.length && texts.some(({ key }) => PLAIN_COLUMNS.includes(key))) {
        onIdentifiers.push(texts);
        continue;
      }
      const clause = this.#anyOf(group);
      if (clause === 'none') return undefined;
      if (clause !== 'all') clauses.push(clause);
    }
    if ((query.exception?.length ?? 0) > 0) {
      const clause = this.#withException(query.exception ?? [], context);
      if (clause.rows === 0) return undefined;
      clauses.push(clause);
    }
    return { clauses, onIdentifiers };
  }

  /** The rows with any of the exceptions as of the context: a mask by slot, read through the identity codes. */
  #withException(kinds: readonly ExceptionKind[], context: RowContext): Clause {
    const mask = shared(Uint8Array, this.#slots);
    let rows = 0;
    for (const kind of kinds) {
      const { column, compare } = EXCEPTION_RULES[kind];
      const limit = boundNumber(kind, context);
      // The rule as a range of bases [low, high): bases and bounds are whole numbers, and NO_BASIS (a null) is in none.
      const low = compare === '>=' ? limit : NO_BASIS + 1;
      const high = compare === '<' ? limit : compare === '<=' ? limit + 1 : BASIS_MAX + 1;
      const values = this.#bases.get(column) as Int32Array;
      rows += this.#run({ kind: 'range', values, low, high, mask }, this.#slots);
    }
    return { tests: [{ codes: this.#identity.codes, mask }], rows };
  }

  /**
   * A clause that holds where any of the conditions holds; 'none' or 'all' when it holds for no row
   * or every row. With `among`, it need hold true only of those slots.
   */
  #anyOf(conditions: readonly Condition[], among?: Uint32Array): Clause | 'none' | 'all' {
    // Tests on one column make one mask: each text is tested once.
    const byColumn = new Map<ColumnKey, TextCondition[]>();
    const columnTests: ColumnTest[] = [];
    let rows = 0;
    for (const condition of conditions) {
      if ('tests' in condition) {
        if (condition.rows === this.#live) return 'all';
        if (condition.rows > 0) columnTests.push(...condition.tests);
        rows += condition.rows;
        continue;
      }
      byColumn.set(condition.key, [...(byColumn.get(condition.key) ?? []), condition]);
    }
    for (const [key, ofColumn] of byColumn) {
      const { codes, mask, rows: matching } = this.#column(key).where(ofColumn, among, this.#run);
      if (matching === this.#live) return 'all';
      if (matching === 0) continue;
      columnTests.push({ codes, mask });
      rows += matching;
    }
    return columnTests.length === 0 ? 'none' : { tests: columnTests, rows: Math.min(rows, this.#live) };
  }

  /** The live slots passing the clause, from every slot. */
  #firstPass(clause: Clause | undefined): Uint32Array {
    const { slots, marks } = this.#scratch;
    const job: SlotJob = { kind: 'pass', tests: clause?.tests ?? [], alive: this.#alive, marks, out: slots };
    return slots.subarray(0, this.#run(job, this.#slots));
  }

  /** The slots that also pass these tests (any of them). */
  #narrow(slots: Uint32Array, tests: ColumnTest[]): Uint32Array {
    return slots.subarray(0, this.#run({ kind: 'narrow', tests, slots }, slots.length));
  }
}

/**
 * Whether the rows hold what the query asks about: not a PO number's exact text (the columns hold
 * folds; PostgreSQL finds it by its index), nor documents or imports, and date history only as the
 * context's shipments.
 */
const answers = (query: RowQuery, context: RowContext) =>
  !query.po &&
  query.missingDocument === undefined &&
  query.importId === undefined &&
  query.filters.every(
    (filter) => !isChangeOperator(filter.operator) || filter.value === '' || context.changedShipments?.has(filter),
  );

/** The rows whose text in a coded column is one of these (texts no row holds are no matter). */
function holding(column: CodedColumn, texts: Iterable<string>): Clause {
  const mask = shared(Uint8Array, column.texts.length);
  let rows = 0;
  for (const text of texts) {
    const code = column.find(text);
    if (code === undefined || mask[code] === 1) continue;
    mask[code] = 1;
    rows += column.counts[code] as number;
  }
  return { tests: [{ codes: column.codes, mask }], rows };
}

/**
 * What a question works in, a slot's worth each, made once: a question at a time (each runs to its
 * end without yielding), and a new 20 MB a question made the collector run every few questions.
 */
function scratchOf(capacity: number) {
  return {
    slots: shared(Uint32Array, capacity),
    marks: shared(Uint8Array, capacity),
    keys: shared(Float64Array, capacity),
    ids: shared(Float64Array, capacity),
  };
}
