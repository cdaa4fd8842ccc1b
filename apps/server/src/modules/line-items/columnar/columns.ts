import type { ColumnKind } from '@quayside/domain/line-item-columns';
import { type FoldedMatch, textBucket } from '@quayside/domain/line-item-query';
import { compareCodePoints, compareNumberTexts } from '@quayside/domain/text';

/**
 * One dashboard column of the copy, a text per row, as its foldCase: every filter and search and
 * the sort read a text and its fold alike (domain's cellTest and compareCells), save exact equality,
 * which only `po` asks and PostgreSQL answers by its index.
 */
export interface Column {
  /** Holds `text` for the slot, in place of what it held. */
  set(slot: number, text: string): void;
  /** The slot holds nothing now (its row is removed). */
  clear(slot: number): void;
  grow(capacity: number): void;
  /**
   * Where `test` holds: a mask over `codes` (indexed by slot), and how many rows that is. `match`,
   * when given, is the same test as a FoldedMatch, which a column of many texts reads faster.
   */
  where(test: (text: string) => boolean, match?: FoldedMatch): { codes: Uint32Array; mask: Uint8Array; rows: number };
  /** Each row's dense rank in the column's ascending order, as ranks[codes[slot]]; equal texts share one. */
  ranks(): { codes: Uint32Array; ranks: Uint32Array; distinct: number };
  /** Whether ranks() is quick: its order was worked out once already (the first time sorts every row). */
  readonly isRanked: boolean;
}

/** Slot numbers as codes, shared by the plain columns: their masks and ranks are per slot. */
export type Identity = { codes: Uint32Array };

const grown = <T extends Uint32Array | Uint8Array | Float64Array>(
  array: T,
  capacity: number,
  make: (size: number) => T,
) => {
  const next = make(capacity);
  next.set(array);
  return next;
};

/** Words of 32 bits in a text's signature. */
const SIGNATURE_WORDS = 2;

/**
 * A text's signature: a bit (of 64) for each pair of neighbouring code units it holds. A text that
 * contains, starts or ends with, or equals another holds each of its pairs, so a slot whose
 * signature lacks one of the value's bits is passed over without reading its text: at 1,000,000
 * part numbers, a value of eight characters left a few thousand texts to read.
 */
function signatureOf(text: string, into: Uint32Array, at: number) {
  let low = 0;
  let high = 0;
  for (let index = 1; index < text.length; index++) {
    const pair =
      (Math.imul(text.charCodeAt(index - 1), 0x85ebca77) ^ Math.imul(text.charCodeAt(index), 0xc2b2ae3d)) >>> 26;
    if (pair < 32) low |= 1 << pair;
    else high |= 1 << (pair - 32);
  }
  into[at] = low;
  into[at + 1] = high;
}

/**
 * A column of texts rows share (ports, names, days, counts, a shipment's numbers): rows hold a code
 * per text, so a filter is decided once per distinct text and read off the codes. Codes are never
 * reused; a text no row holds any more stays, counted zero.
 */
export class CodedColumn implements Column {
  readonly texts: string[] = [];
  /** How many rows hold each code. */
  counts = new Uint32Array(64);
  codes = new Uint32Array(0);
  readonly #codeOf = new Map<string, number>();
  /** Each code's text's signature (signatureOf), SIGNATURE_WORDS words a code. */
  #signatures = new Uint32Array(64 * SIGNATURE_WORDS);
  /** Codes in ascending order, up to the codes made since (texts.length > sorted.length). */
  #sorted: Uint32Array = new Uint32Array(0);
  #ranks: Uint32Array | undefined;
  #distinct = 0;

  constructor(readonly kind: ColumnKind) {}

  /** A few distinct texts are sorted in no time. */
  readonly isRanked = true;

  /** The text's code, made when it is new. */
  codeOf(text: string): number {
    const known = this.#codeOf.get(text);
    if (known !== undefined) return known;
    const code = this.texts.length;
    this.texts.push(text);
    this.#codeOf.set(text, code);
    if (code >= this.counts.length) {
      this.counts = grown(this.counts, this.counts.length * 2, (n) => new Uint32Array(n));
      this.#signatures = grown(this.#signatures, this.counts.length * SIGNATURE_WORDS, (n) => new Uint32Array(n));
    }
    signatureOf(text, this.#signatures, code * SIGNATURE_WORDS);
    this.#ranks = undefined;
    return code;
  }

  /** The code of a text some row holds or held, without making one. */
  find(text: string): number | undefined {
    return this.#codeOf.get(text);
  }

  set(slot: number, text: string) {
    const code = this.codeOf(text);
    this.codes[slot] = code;
    this.counts[code] = (this.counts[code] as number) + 1;
  }

  clear(slot: number) {
    const code = this.codes[slot] as number;
    this.counts[code] = (this.counts[code] as number) - 1;
  }

  grow(capacity: number) {
    this.codes = grown(this.codes, capacity, (n) => new Uint32Array(n));
  }

  where(test: (text: string) => boolean, match?: FoldedMatch) {
    const { texts, counts } = this;
    const mask = new Uint8Array(texts.length);
    if (match === undefined) whereTest(texts, test, mask);
    else whereFolded(texts, this.#signatures, match, mask);
    let rows = 0;
    for (let code = 0; code < texts.length; code++) if (mask[code] === 1) rows += counts[code] as number;
    return { codes: this.codes, mask, rows };
  }

  ranks() {
    if (this.#ranks === undefined) this.#rank();
    return { codes: this.codes, ranks: this.#ranks as Uint32Array, distinct: this.#distinct };
  }

  /** Sorts the codes made since the last time and merges them in: a few new texts cost one pass, not a sort of all. */
  #rank() {
    const compare = textOrder(this.kind);
    const byCode = (a: number, b: number) => compare(this.texts[a] as string, this.texts[b] as string);
    const before = this.#sorted;
    const added = Uint32Array.from({ length: this.texts.length - before.length }, (_, index) => before.length + index);
    this.#sorted = merge(before, added.sort(byCode), byCode);
    const { ranks, distinct } = denseRanks(this.#sorted, this.texts.length, byCode);
    this.#ranks = ranks;
    this.#distinct = distinct;
  }
}

/**
 * A column of a line item's identifiers (PO, part numbers): nearly every row its own text, so a
 * dictionary would only double them. Tests read each row's text; the order is kept as the rows in
 * sort order, mended by merging in the rows changed since it was last asked for.
 */
export class PlainColumn implements Column {
  texts: (string | undefined)[] = [];
  /**
   * Each slot's textBucket (0 empty, 1 number, 2 other text) and, for a number of at most 15
   * characters (so at most 15 digits, which a double holds exactly), its value; else NaN.
   */
  #bucket = new Uint8Array(0);
  #number = new Float64Array(0);
  /** Each slot's signature (signatureOf), SIGNATURE_WORDS words a slot. */
  #signatures = new Uint32Array(0);
  /** The live slots in ascending order, as of the last ranks(); the slots changed since. */
  #sorted: Uint32Array | undefined;
  #changed: number[] = [];
  #ranks = new Uint32Array(0);
  #distinct = 0;

  constructor(readonly identity: Identity) {}

  get isRanked() {
    return this.#sorted !== undefined;
  }

  set(slot: number, text: string) {
    this.texts[slot] = text;
    const bucket = textBucket(text);
    this.#bucket[slot] = bucket;
    this.#number[slot] = bucket === 1 && text.length <= 15 ? Number(text) : Number.NaN;
    signatureOf(text, this.#signatures, slot * SIGNATURE_WORDS);
    if (this.#sorted !== undefined) this.#changed.push(slot);
  }

  clear(slot: number) {
    this.texts[slot] = undefined;
    if (this.#sorted !== undefined) this.#changed.push(slot);
  }

  grow(capacity: number) {
    this.#bucket = grown(this.#bucket, capacity, (n) => new Uint8Array(n));
    this.#number = grown(this.#number, capacity, (n) => new Float64Array(n));
    this.#signatures = grown(this.#signatures, capacity * SIGNATURE_WORDS, (n) => new Uint32Array(n));
    this.#ranks = grown(this.#ranks, capacity, (n) => new Uint32Array(n));
  }

  where(test: (text: string) => boolean, match?: FoldedMatch) {
    const { texts } = this;
    const mask = new Uint8Array(texts.length);
    const rows = match === undefined ? whereTest(texts, test, mask) : whereFolded(texts, this.#signatures, match, mask);
    return { codes: this.identity.codes, mask, rows };
  }

  ranks() {
    if (this.#sorted === undefined || this.#changed.length > 0) this.#rank();
    return { codes: this.identity.codes, ranks: this.#ranks, distinct: this.#distinct };
  }

  #rank() {
    const { texts } = this;
    const bucket = this.#bucket;
    const number = this.#number;
    const compare = (a: number, b: number) => {
      const difference = (bucket[a] as number) - (bucket[b] as number);
      if (difference !== 0) return difference;
      const x = texts[a] as string;
      const y = texts[b] as string;
      if (bucket[a] === 1) {
        const exact = !Number.isNaN(number[a] as number) && !Number.isNaN(number[b] as number);
        const numeric = exact ? Math.sign((number[a] as number) - (number[b] as number)) : compareNumberTexts(x, y);
        if (numeric !== 0) return numeric;
      }
      return compareFolded(x, y);
    };
    const changed = new Set(this.#sorted === undefined ? [] : this.#changed);
    this.#changed = [];
    const kept = this.#sorted === undefined ? new Uint32Array(0) : this.#sorted.filter((slot) => !changed.has(slot));
    const candidates = this.#sorted === undefined ? texts.keys() : changed.values();
    const added = Uint32Array.from([...candidates].filter((slot) => texts[slot] !== undefined)).sort(compare);
    this.#sorted = merge(kept, added, compare);
    const { ranks, distinct } = denseRanks(this.#sorted, this.#ranks.length, compare);
    this.#ranks = ranks;
    this.#distinct = distinct;
  }
}

/** Marks the indexes (slots or codes) whose text passes `test`; how many. */
function whereTest(texts: readonly (string | undefined)[], test: (text: string) => boolean, mask: Uint8Array) {
  let rows = 0;
  for (let slot = 0; slot < texts.length; slot++) {
    const text = texts[slot];
    if (text !== undefined && test(text)) {
      mask[slot] = 1;
      rows++;
    }
  }
  return rows;
}

/**
 * Marks the indexes (slots or codes) whose text the FoldedMatch holds for; how many. A loop per
 * operator, each calling the string method itself: a million calls through a test function took
 * several times as long.
 */
function whereFolded(
  texts: readonly (string | undefined)[],
  signatures: Uint32Array,
  { operator, value }: FoldedMatch,
  mask: Uint8Array,
) {
  let rows = 0;
  const mark = (slot: number) => {
    mask[slot] = 1;
    rows++;
  };
  const count = texts.length;
  const wanted = new Uint32Array(SIGNATURE_WORDS);
  signatureOf(value, wanted, 0);
  const low = wanted[0] as number;
  const high = wanted[1] as number;
  const lacks = (slot: number) =>
    ((low & ~(signatures[slot * 2] as number)) | (high & ~(signatures[slot * 2 + 1] as number))) !== 0;
  switch (operator) {
    case 'contains':
      for (let slot = 0; slot < count; slot++) if (!lacks(slot) && texts[slot]?.includes(value)) mark(slot);
      break;
    case 'startsWith':
      for (let slot = 0; slot < count; slot++) if (!lacks(slot) && texts[slot]?.startsWith(value)) mark(slot);
      break;
    case 'endsWith':
      for (let slot = 0; slot < count; slot++) if (!lacks(slot) && texts[slot]?.endsWith(value)) mark(slot);
      break;
    case 'equals':
      for (let slot = 0; slot < count; slot++) if (!lacks(slot) && texts[slot] === value) mark(slot);
      break;
    case 'isNot':
      for (let slot = 0; slot < count; slot++) {
        const text = texts[slot];
        if (text !== undefined && text !== value) mark(slot);
      }
      break;
  }
  return rows;
}

/** Two ascending runs as one. */
function merge(left: Uint32Array, right: Uint32Array, compare: (a: number, b: number) => number) {
  if (right.length === 0) return left;
  const merged = new Uint32Array(left.length + right.length);
  for (let i = 0, j = 0, k = 0; k < merged.length; k++) {
    const takeLeft = j >= right.length || (i < left.length && compare(left[i] as number, right[j] as number) <= 0);
    merged[k] = takeLeft ? (left[i++] as number) : (right[j++] as number);
  }
  return merged;
}

/** Dense ranks by index, from the indexes in ascending order: equal neighbours share a rank. */
function denseRanks(sorted: Uint32Array, size: number, compare: (a: number, b: number) => number) {
  const ranks = new Uint32Array(size);
  let rank = 0;
  for (let k = 0; k < sorted.length; k++) {
    if (k > 0 && compare(sorted[k - 1] as number, sorted[k] as number) !== 0) rank++;
    ranks[sorted[k] as number] = rank;
  }
  return { ranks, distinct: sorted.length === 0 ? 0 : rank + 1 };
}

/**
 * Two texts of a column compared as domain's compareCells compares cells, ascending: dates as text
 * with the empty first, counts as numbers, other text by bucket (empty, number, other), numbers
 * numerically and the rest by folded code points.
 */
export function textOrder(kind: ColumnKind): (x: string, y: string) => number {
  // Numbers of at most 15 characters compare as doubles: exact to 15 digits.
  if (kind === 'date') return (x, y) => (x === y ? 0 : x < y ? -1 : 1);
  if (kind === 'number') return (x, y) => Math.sign(Number(x) - Number(y));
  return (x, y) => {
    const bucket = textBucket(x) - textBucket(y);
    if (bucket !== 0) return Math.sign(bucket);
    if (textBucket(x) === 1) {
      const numeric = x.length <= 15 && y.length <= 15 ? Math.sign(Number(x) - Number(y)) : compareNumberTexts(x, y);
      if (numeric !== 0) return numeric;
    }
    return compareFolded(x, y);
  };
}

/** Code units order code points the same unless a surrogate meets a character from U+E000 up. */
const HIGH_UNITS = /[\uD800-\uFFFF]/;

/** compareCodePoints, by the engine's own string order where that is the same. */
function compareFolded(x: string, y: string) {
  if (x === y) return 0;
  if (HIGH_UNITS.test(x) || HIGH_UNITS.test(y)) return compareCodePoints(x, y);
  return x < y ? -1 : 1;
}
