import {
  COLUMN_KEYS,
  type ColumnKey,
  isChangeOperator,
  LINE_ITEM_COLUMNS,
  REPORT_COLUMNS,
} from '@quayside/domain/line-item-columns';
import { cellTest, effectiveSort, type RowQuery, tieOrder } from '@quayside/domain/line-item-query';
import { foldCase } from '@quayside/domain/text';
import { Dictionary } from './dictionary.ts';
import { type RowPage, type RowRecord, type RowScope, type RowsEngine, recordFieldOf } from './row-record.ts';
import { selectPage } from './select-page.ts';

/** A condition on one column: the rows whose code the mask marks. */
type ColumnTest = { codes: Uint32Array; mask: Uint8Array };
/** Rows pass a clause when any of its tests holds; how many rows pass, known from the codes' counts. */
type Clause = { tests: ColumnTest[]; rows: number };
type CellTest = (text: string, folded: string) => boolean;

/** Sort keys combine ranks into one number, exact below 2^53. */
const EXACT_KEYS = 2 ** 53;
/** A row's hidden flag as a code: 0 shown, 1 hidden. */
const SHOWN = Uint8Array.of(1, 0);

/**
 * The dashboard's rows in memory, a column at a time: each cell a code of its column's dictionary
 * (dictionary.ts), so a filter or search is decided once per distinct text and then read off a
 * million codes, and a sort compares dense ranks. Answers what domain's queryLineItems answers,
 * for the questions whose every condition is on the rows' own cells (RowsEngine).
 */
export class ColumnarRows implements RowsEngine {
  #capacity = 0;
  /** Slots in use, dead ones included: a removed row's slot is never reused. */
  #slots = 0;
  #live = 0;
  #ids = new Float64Array(0);
  #alive = new Uint8Array(0);
  #hidden = new Uint32Array(0);
  #forwarder = new Uint32Array(0);
  readonly #forwarders = new Dictionary('text');
  readonly #slotOf = new Map<number, number>();
  readonly #columns = new Map<ColumnKey, { dictionary: Dictionary; codes: Uint32Array }>();

  constructor() {
    for (const key of COLUMN_KEYS) {
      this.#columns.set(key, { dictionary: new Dictionary(LINE_ITEM_COLUMNS[key].kind), codes: new Uint32Array(0) });
    }
  }

  static from(records: Iterable<RowRecord>): ColumnarRows {
    const rows = new ColumnarRows();
    rows.upsert(records);
    return rows;
  }

  /** How many rows it holds. */
  get size() {
    return this.#live;
  }

  /** Adds these rows, or replaces them where their line item is held already. */
  upsert(records: Iterable<RowRecord>) {
    for (const record of records) {
      let slot = this.#slotOf.get(record.line_item_id);
      if (slot === undefined) {
        slot = this.#newSlot(record.line_item_id);
      } else {
        this.#release(slot);
      }
      this.#alive[slot] = 1;
      this.#live++;
      this.#hidden[slot] = record.is_hidden ? 1 : 0;
      this.#forwarder[slot] = this.#hold(this.#forwarders, record.forwarder_key);
      for (const [key, column] of this.#columns)
        column.codes[slot] = this.#hold(column.dictionary, cellOf(record, key));
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

  page(scope: RowScope, query: RowQuery, today: string, offset: number, limit: number): RowPage | null {
    const sort = this.#sortKeys(query);
    if (sort === null) return null;
    const matches = this.#matches(scope, query, today);
    if (matches === null) return null;
    const count = matches.length;
    const keys = new Float64Array(count);
    const ids = new Float64Array(count);
    // Ties go newest first by negated ids, so the selection always orders ascending.
    const idSign = tieOrder(query.sort) === 'desc' ? -1 : 1;
    for (let index = 0; index < count; index++) {
      const slot = matches[index] as number;
      let key = 0;
      for (const { codes, ranks, scale, descending, last } of sort) {
        const rank = ranks[codes[slot] as number] as number;
        key = key * scale + (descending ? last - rank : rank);
      }
      keys[index] = key;
      ids[index] = idSign * (this.#ids[slot] as number);
    }
    const page = selectPage(keys, ids, count, offset, offset + limit);
    return { ids: page.map((id) => id * idSign), total: count };
  }

  count(scope: RowScope, query: RowQuery, today: string): number | null {
    return this.#matches(scope, query, today)?.length ?? null;
  }

  #newSlot(id: number) {
    if (this.#slots === this.#capacity) this.#grow(Math.max(1024, this.#capacity * 2));
    const slot = this.#slots++;
    this.#ids[slot] = id;
    this.#slotOf.set(id, slot);
    return slot;
  }

  #grow(capacity: number) {
    const grown = <T extends Float64Array | Uint32Array | Uint8Array>(array: T, make: (size: number) => T) => {
      const next = make(capacity);
      next.set(array);
      return next;
    };
    this.#ids = grown(this.#ids, (size) => new Float64Array(size));
    this.#alive = grown(this.#alive, (size) => new Uint8Array(size));
    this.#hidden = grown(this.#hidden, (size) => new Uint32Array(size));
    this.#forwarder = grown(this.#forwarder, (size) => new Uint32Array(size));
    for (const column of this.#columns.values()) column.codes = grown(column.codes, (size) => new Uint32Array(size));
    this.#capacity = capacity;
  }

  #hold(dictionary: Dictionary, text: string) {
    const code = dictionary.codeOf(text);
    dictionary.counts[code] = (dictionary.counts[code] as number) + 1;
    return code;
  }

  /** The slot no longer counts towards its codes (it is being replaced or removed). */
  #release(slot: number) {
    if (this.#alive[slot] === 0) return;
    this.#alive[slot] = 0;
    this.#live--;
    const forwarders = this.#forwarders.counts;
    forwarders[this.#forwarder[slot] as number] = (forwarders[this.#forwarder[slot] as number] as number) - 1;
    for (const { dictionary, codes } of this.#columns.values()) {
      const code = codes[slot] as number;
      dictionary.counts[code] = (dictionary.counts[code] as number) - 1;
    }
  }

  /** The sort's rank arrays, or null when their combined key would not be exact. */
  #sortKeys(query: RowQuery) {
    const rules = effectiveSort(query.sort).map((rule) => {
      const column = this.#columns.get(rule.key);
      if (!column) throw new Error(`no column ${rule.key}`);
      const { ranks, distinct } = column.dictionary.ranks();
      return {
        codes: column.codes,
        ranks,
        scale: Math.max(distinct, 1),
        descending: rule.direction === 'desc',
        last: distinct - 1,
      };
    });
    const span = rules.reduce((product, rule) => product * rule.scale, 1);
    return span < EXACT_KEYS ? rules : null;
  }

  /** The slots of the rows in scope that match the query, or null when the query asks for what the rows do not hold. */
  #matches(scope: RowScope, query: RowQuery, today: string): Uint32Array | null {
    if ((query.exception?.length ?? 0) > 0 || query.missingDocument !== undefined || query.importId !== undefined) {
      return null;
    }
    if (query.filters.some((filter) => isChangeOperator(filter.operator) && filter.value !== '')) return null;
    const clauses = this.#clauses(scope, query, today);
    if (clauses === undefined) return new Uint32Array(0);
    clauses.sort((a, b) => a.rows - b.rows);
    let slots = this.#firstPass(clauses[0]);
    for (const clause of clauses.slice(1)) slots = narrow(slots, clause.tests);
    return slots;
  }

  /** The query's conditions as clauses that all must hold; undefined when one can hold for no row. */
  #clauses(scope: RowScope, query: RowQuery, today: string): Clause[] | undefined {
    const clauses: Clause[] = [];
    if (scope.sees === 'nothing') return undefined;
    if (scope.sees === 'company') {
      const code = this.#forwarders.find(scope.key);
      if (code === undefined) return undefined;
      const mask = new Uint8Array(this.#forwarders.size);
      mask[code] = 1;
      clauses.push({ tests: [{ codes: this.#forwarder, mask }], rows: this.#forwarders.counts[code] as number });
      clauses.push({ tests: [{ codes: this.#hidden, mask: SHOWN }], rows: this.#live });
    }
    if (query.po) {
      const title = this.#column('title');
      const code = title.dictionary.find(query.po);
      if (code === undefined) return undefined;
      const mask = new Uint8Array(title.dictionary.size);
      mask[code] = 1;
      clauses.push({ tests: [{ codes: title.codes, mask }], rows: title.dictionary.counts[code] as number });
    }
    if (query.q !== '') {
      const needle = foldCase(query.q);
      const search = this.#anyOf(
        REPORT_COLUMNS[query.report].map((key) => [key, (_text: string, folded: string) => folded.includes(needle)]),
      );
      if (search === 'none') return undefined;
      if (search !== 'all') clauses.push(search);
    }
    const filters = query.filters.map((filter) => [filter.column, cellTest(filter, today)] as const);
    const groups = query.logic === 'OR' ? (filters.length > 0 ? [filters] : []) : filters.map((filter) => [filter]);
    for (const group of groups) {
      const clause = this.#anyOf(group);
      if (clause === 'none') return undefined;
      if (clause !== 'all') clauses.push(clause);
    }
    return clauses;
  }

  /** A clause that holds where any of the tests holds on its column; 'none' or 'all' when it holds for no row or every row. */
  #anyOf(tests: readonly (readonly [ColumnKey, CellTest])[]): Clause | 'none' | 'all' {
    // Tests on one column make one mask: each distinct text is tested once.
    const byColumn = new Map<ColumnKey, CellTest[]>();
    for (const [key, test] of tests) byColumn.set(key, [...(byColumn.get(key) ?? []), test]);
    const columnTests: ColumnTest[] = [];
    let rows = 0;
    for (const [key, testsOfColumn] of byColumn) {
      const { dictionary, codes } = this.#column(key);
      const [only] = testsOfColumn;
      const test: CellTest =
        testsOfColumn.length === 1 && only ? only : (text, folded) => testsOfColumn.some((one) => one(text, folded));
      const { mask, rows: matching } = dictionary.mask(test);
      if (matching === this.#live) return 'all';
      if (matching === 0) continue;
      columnTests.push({ codes, mask });
      rows += matching;
    }
    return columnTests.length === 0 ? 'none' : { tests: columnTests, rows: Math.min(rows, this.#live) };
  }

  #column(key: ColumnKey) {
    const column = this.#columns.get(key);
    if (!column) throw new Error(`no column ${key}`);
    return column;
  }

  /** The live slots passing the clause, from every slot. */
  #firstPass(clause: Clause | undefined): Uint32Array {
    const alive = this.#alive;
    const slots = new Uint32Array(Math.min(clause?.rows ?? this.#live, this.#live));
    let count = 0;
    const tests = clause?.tests ?? [];
    if (tests.length === 0) {
      for (let slot = 0; slot < this.#slots; slot++) if (alive[slot] === 1) slots[count++] = slot;
    } else if (tests.length === 1) {
      const { codes, mask } = tests[0] as ColumnTest;
      for (let slot = 0; slot < this.#slots; slot++) {
        if (alive[slot] === 1 && mask[codes[slot] as number] === 1) slots[count++] = slot;
      }
    } else {
      for (let slot = 0; slot < this.#slots; slot++)
        if (alive[slot] === 1 && passes(tests, slot)) slots[count++] = slot;
    }
    return slots.subarray(0, count);
  }
}

/** The slots that also pass these tests (any of them). */
function narrow(slots: Uint32Array, tests: readonly ColumnTest[]): Uint32Array {
  let count = 0;
  if (tests.length === 1) {
    const { codes, mask } = tests[0] as ColumnTest;
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      if (mask[codes[slot] as number] === 1) slots[count++] = slot;
    }
  } else {
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      if (passes(tests, slot)) slots[count++] = slot;
    }
  }
  return slots.subarray(0, count);
}

function passes(tests: readonly ColumnTest[], slot: number) {
  for (const { codes, mask } of tests) if (mask[codes[slot] as number] === 1) return true;
  return false;
}

/** A record's cell as displayed. */
function cellOf(record: RowRecord, key: ColumnKey): string {
  const value = record[recordFieldOf(key)];
  return value === null ? '' : String(value);
}
