import type { ColumnKind } from '@quayside/domain/line-item-columns';
import { type FoldedMatch, foldedTest, textBucket } from '@quayside/domain/line-item-query';
import { compareCodePoints, compareNumberTexts } from '@quayside/domain/text';
import { runHere, type SlotRun, shared } from './slot-passes.ts';

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
   * Where any of the tests holds: a mask over `codes` (indexed by slot), and how many rows that is.
   * With `among` (slots), only those slots need an answer: a column of many more texts decides
   * only theirs. Passes over every text's signature are done by `run`.
   */
  where(
    tests: readonly TextTest[],
    among?: Uint32Array,
    run?: SlotRun,
  ): { codes: Uint32Array; mask: Uint8Array; rows: number };
  /** Each row's dense rank in the column's ascending order, as ranks[codes[slot]]; equal texts share one. */
  ranks(): { codes: Uint32Array; ranks: Uint32Array; distinct: number };
  /** Whether ranks() is quick: its order was worked out once already (the first time sorts every row). */
  readonly isRanked: boolean;
}

/**
 * A test of a column's texts (folds), with the same test as a FoldedMatch where it is one: a
 * column of many texts reads that faster.
 */
export type TextTest = { test: (text: string) => boolean; match?: FoldedMatch };

/**
 * Slot numbers as codes, shared by the plain columns: their masks and ranks are per slot. The arrays
 * a question's passes read (codes, masks, ranks) are over shared memory, for the helper threads
 * (slot-threads.ts).
 */
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

/**
 * A text's signature, eight words: 224 bits, one for each pair of neighbouring code units it holds
 * (a pair of digits has its own, of 100; other pairs share 60) and one for each code unit (a digit
 * or a letter a fold leaves has its own, of 36; others share 28); then its first and last code
 * units, 16 bits each.
 */
const SIGNATURE_WORDS = 8;
/** The signature's word of first and last code units. */
const EDGES = 7;
const OTHER_PAIRS = 100;
const UNITS = 160;
const OTHER_UNITS = UNITS + 36;
const isDigit = (unit: number) => unit >= 48 && unit <= 57;

function pairBit(first: number, second: number) {
  if (isDigit(first) && isDigit(second)) return (first - 48) * 10 + (second - 48);
  return OTHER_PAIRS + (((Math.imul(first, 0x85ebca77) ^ Math.imul(second, 0xc2b2ae3d)) >>> 0) % 60);
}

function unitBit(unit: number) {
  if (isDigit(unit)) return UNITS + unit - 48;
  if (unit >= 97 && unit <= 122) return UNITS + 10 + unit - 97;
  return OTHER_UNITS + ((Math.imul(unit, 0x9e3779b1) >>> 0) % 28);
}

/**
 * Writes the text's signature at `at`. A text that contains, starts or ends with, or equals another
 * holds each of its pairs and units, so a slot whose signature lacks one of the value's bits is
 * passed over without reading its text: at 1,000,000 part numbers, a value of eight characters left
 * a few thousand texts to read. Identifiers are mostly digits, so a search for one character or two
 * digits is read off the signatures alone (isSignatureExact), and a longer number leaves few texts.
 */
function signatureOf(text: string, into: Uint32Array, at: number) {
  into.fill(0, at, at + SIGNATURE_WORDS);
  let previous = -1;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const bit = unitBit(unit);
    const word = at + (bit >>> 5);
    into[word] = (into[word] as number) | (1 << (bit & 31));
    if (previous >= 0) {
      const pair = pairBit(previous, unit);
      const pairWord = at + (pair >>> 5);
      into[pairWord] = (into[pairWord] as number) | (1 << (pair & 31));
    }
    previous = unit;
  }
  if (text !== '') into[at + EDGES] = (text.charCodeAt(0) | (text.charCodeAt(text.length - 1) << 16)) >>> 0;
}

/** Whether a text's signature holding the value's bits is the whole answer: containing a digit or letter, or two digits. */
function isSignatureExact({ operator, value }: FoldedMatch) {
  if (operator !== 'contains') return false;
  if (value.length === 1) return unitBit(value.charCodeAt(0)) < OTHER_UNITS;
  return value.length === 2 && pairBit(value.charCodeAt(0), value.charCodeAt(1)) < OTHER_PAIRS;
}

/** One text's signature, made here and then written to its column's planes. */
const ONE = new Uint32Array(SIGNATURE_WORDS);

/**
 * A column's signatures (signatureOf), word by word: word w of index i at planes[w * capacity + i],
 * so a test reads only the planes of the value's words (two or three for most values), 4 bytes an
 * index each, not an index's 32. Shared memory: helper threads read it (slot-threads.ts).
 */
class SignaturePlanes {
  planes = shared(Uint32Array, 0);
  capacity = 0;

  grow(capacity: number) {
    const next = shared(Uint32Array, capacity * SIGNATURE_WORDS);
    for (let word = 0; word < SIGNATURE_WORDS; word++) {
      next.set(this.planes.subarray(word * this.capacity, (word + 1) * this.capacity), word * capacity);
    }
    this.planes = next;
    this.capacity = capacity;
  }

  write(index: number, text: string) {
    signatureOf(text, ONE, 0);
    for (let word = 0; word < SIGNATURE_WORDS; word++) this.planes[word * this.capacity + index] = ONE[word] as number;
  }
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
  codes = shared(Uint32Array, 0);
  readonly #codeOf = new Map<string, number>();
  /** Each code's text's signature. */
  readonly #signatures = new SignaturePlanes();
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
    }
    if (code >= this.#signatures.capacity) this.#signatures.grow(this.counts.length);
    this.#signatures.write(code, text);
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
    this.codes = grown(this.codes, capacity, (n) => shared(Uint32Array, n));
  }

  where(tests: readonly TextTest[], among?: Uint32Array, run = runHere) {
    const { texts, counts } = this;
    const mask = shared(Uint8Array, texts.length);
    const codes =
      among && among.length * 2 < texts.length ? among.map((slot) => this.codes[slot] as number) : undefined;
    const signatures = { of: this.#signatures, present: undefined };
    for (const test of tests) markWhere(texts, signatures, test, mask, codes, run);
    let rows = 0;
    for (let code = 0; code < texts.length; code++) rows += (mask[code] as number) * (counts[code] as number);
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
  /** 1 where the slot holds a text, for the passes over signatures alone (slot-passes.ts). */
  #present = shared(Uint8Array, 0);
  #number = new Float64Array(0);
  /** Each slot's signature. */
  readonly #signatures = new SignaturePlanes();
  /** The live slots in ascending order, as of the last ranks(); the slots changed since. */
  #sorted: Uint32Array | undefined;
  #changed: number[] = [];
  #ranks = shared(Uint32Array, 0);
  #distinct = 0;

  constructor(readonly identity: Identity) {}

  get isRanked() {
    return this.#sorted !== undefined;
  }

  set(slot: number, text: string) {
    this.texts[slot] = text;
    this.#present[slot] = 1;
    const bucket = textBucket(text);
    this.#bucket[slot] = bucket;
    this.#number[slot] = bucket === 1 && text.length <= 15 ? Number(text) : Number.NaN;
    this.#signatures.write(slot, text);
    if (this.#sorted !== undefined) this.#changed.push(slot);
  }

  clear(slot: number) {
    this.texts[slot] = undefined;
    this.#present[slot] = 0;
    if (this.#sorted !== undefined) this.#changed.push(slot);
  }

  grow(capacity: number) {
    this.#bucket = grown(this.#bucket, capacity, (n) => new Uint8Array(n));
    this.#present = grown(this.#present, capacity, (n) => shared(Uint8Array, n));
    this.#number = grown(this.#number, capacity, (n) => new Float64Array(n));
    this.#signatures.grow(capacity);
    this.#ranks = grown(this.#ranks, capacity, (n) => shared(Uint32Array, n));
  }

  where(tests: readonly TextTest[], among?: Uint32Array, run = runHere) {
    const { texts } = this;
    const mask = shared(Uint8Array, texts.length);
    const slots = among && among.length * 2 < texts.length ? among : undefined;
    const signatures = { of: this.#signatures, present: this.#present };
    let rows = 0;
    for (const test of tests) rows += markWhere(texts, signatures, test, mask, slots, run);
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

/** A column's signatures, and which of its indexes hold a text (undefined: every one). */
type Signatures = { of: SignaturePlanes; present: Uint8Array | undefined };

/**
 * Marks the indexes (slots or codes) whose text passes the test, of every index or of `among`;
 * how many it marked that were not marked.
 */
function markWhere(
  texts: readonly (string | undefined)[],
  signatures: Signatures,
  { test, match }: TextTest,
  mask: Uint8Array,
  among: Uint32Array | undefined,
  run: SlotRun,
) {
  if (match !== undefined && among === undefined) return whereFolded(texts, signatures, match, mask, run);
  // A few indexes: the value's signature passes over most, the test decides the rest.
  const mayHold = match === undefined || match.operator === 'isNot' ? () => true : signatureTest(match, signatures.of);
  const count = among?.length ?? texts.length;
  let rows = 0;
  for (let at = 0; at < count; at++) {
    const index = among === undefined ? at : (among[at] as number);
    const text = texts[index];
    if (mask[index] === 0 && text !== undefined && mayHold(index) && test(text)) {
      mask[index] = 1;
      rows++;
    }
  }
  return rows;
}

/** The value's signature: the words that hold bits (most values' bits sit in two or three), and those bits. */
function wantedBits(value: string) {
  const wanted = new Uint32Array(SIGNATURE_WORDS);
  signatureOf(value, wanted, 0);
  const words = [...wanted.keys()].filter((word) => word !== EDGES && wanted[word] !== 0);
  return { words, bits: words.map((word) => wanted[word] as number) };
}

/** Whether an index's text may hold the value, by its signature: it has each of the value's bits. */
function signatureTest({ value }: FoldedMatch, { planes, capacity }: SignaturePlanes) {
  const { words, bits } = wantedBits(value);
  const offsets = words.map((word) => word * capacity);
  return (index: number) => {
    for (let word = 0; word < words.length; word++) {
      if (((bits[word] as number) & ~(planes[(offsets[word] as number) + index] as number)) !== 0) return false;
    }
    return true;
  };
}

/** What a text's first and last code units must be for the match to hold: a mask of its edge word, and the value there. */
function edgesOf({ operator, value }: FoldedMatch) {
  if (value === '') return { edgeMask: 0, edges: 0 };
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  if (operator === 'startsWith') return { edgeMask: 0xffff, edges: first };
  if (operator === 'endsWith') return { edgeMask: 0xffff0000, edges: (last << 16) >>> 0 };
  if (operator === 'equals') return { edgeMask: 0xffffffff, edges: (first | (last << 16)) >>> 0 };
  return { edgeMask: 0, edges: 0 };
}

/** Whether a text whose signature and edges hold the value's surely passes: no need to read it. */
const isSure = (match: FoldedMatch) =>
  isSignatureExact(match) ||
  ((match.operator === 'startsWith' || match.operator === 'endsWith') && match.value.length === 1);

const sharedOf = (values: readonly number[]) => {
  const array = shared(Uint32Array, values.length);
  array.set(values);
  return array;
};

/** A shared array for the indexes a pass over signatures leaves, reused: questions come one at a time. */
let candidates = shared(Uint32Array, 0);

/**
 * Marks the indexes (slots or codes) whose text the FoldedMatch holds for; how many it marked that
 * were not marked. The signatures (and first and last characters) leave the indexes whose text may
 * hold it, on every thread (`run`); only their texts are then read here, by domain's foldedTest. An
 * index marked already is passed over.
 */
function whereFolded(
  texts: readonly (string | undefined)[],
  signatures: Signatures,
  match: FoldedMatch,
  mask: Uint8Array,
  run: SlotRun,
) {
  const { operator, value } = match;
  let rows = 0;
  if (operator === 'isNot') {
    for (let index = 0; index < texts.length; index++) {
      const text = texts[index];
      if (mask[index] === 0 && text !== undefined && text !== value) {
        mask[index] = 1;
        rows++;
      }
    }
    return rows;
  }
  if (candidates.length < texts.length) candidates = shared(Uint32Array, Math.max(texts.length, candidates.length * 2));
  const { words, bits } = wantedBits(value);
  const { planes, capacity } = signatures.of;
  const out = candidates;
  // Where the signature is the whole answer, the pass marks the texts itself.
  const mark = isSure(match);
  const count = run(
    {
      kind: 'signature',
      planes,
      words: sharedOf(words.map((word) => word * capacity)),
      bits: sharedOf(bits),
      edgesAt: EDGES * capacity,
      ...edgesOf(match),
      present: signatures.present,
      mark,
      mask,
      out,
    },
    texts.length,
  );
  if (mark) return count;
  const holds = foldedTest(match);
  for (let at = 0; at < count; at++) {
    const index = out[at] as number;
    if (holds(texts[index] as string)) {
      mask[index] = 1;
      rows++;
    }
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
  const ranks = shared(Uint32Array, size);
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
