import type { ColumnKind } from '@quayside/domain/line-item-columns';
import { textBucket } from '@quayside/domain/line-item-query';
import { compareCodePoints, compareNumberTexts, foldCase } from '@quayside/domain/text';

/**
 * The distinct displayed texts of one column, each with a code: rows hold codes, so a filter is
 * decided once per distinct text (a port, a day, a forwarder: a few hundred for a million rows) and
 * a sort compares ranks. Codes are never reused; a text no row holds any more stays, counted zero.
 */
export class Dictionary {
  readonly texts: string[] = [];
  /** Each text's foldCase (the same string when folding changes nothing). */
  readonly folded: string[] = [];
  /** How many rows hold each code. */
  counts = new Uint32Array(64);
  readonly #codeOf = new Map<string, number>();
  /** Codes in sort order (ascending), when known; codes added since wait in #unsorted. */
  #sorted: Uint32Array | undefined;
  #unsorted: number[] = [];
  /** Each code's dense rank in sort order (equal texts share one), when known. */
  #ranks: Uint32Array | undefined;
  #distinctRanks = 0;

  constructor(readonly kind: ColumnKind) {}

  /** The text's code, made when it is new. */
  codeOf(text: string): number {
    const known = this.#codeOf.get(text);
    if (known !== undefined) return known;
    const code = this.texts.length;
    this.texts.push(text);
    const folded = foldCase(text);
    this.folded.push(folded === text ? text : folded);
    this.#codeOf.set(text, code);
    if (code >= this.counts.length) {
      const counts = new Uint32Array(this.counts.length * 2);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.#unsorted.push(code);
    this.#ranks = undefined;
    return code;
  }

  /** The code of a text some row holds or held, without making one. */
  find(text: string): number | undefined {
    return this.#codeOf.get(text);
  }

  get size() {
    return this.texts.length;
  }

  /** One byte per code: 1 where `test` holds for the code's text (`folded` its foldCase); and how many rows hold those codes. */
  mask(test: (text: string, folded: string) => boolean): { mask: Uint8Array; rows: number } {
    const { texts, folded, counts } = this;
    const mask = new Uint8Array(texts.length);
    let rows = 0;
    for (let code = 0; code < texts.length; code++) {
      if (test(texts[code] as string, folded[code] as string)) {
        mask[code] = 1;
        rows += counts[code] as number;
      }
    }
    return { mask, rows };
  }

  /** Each code's dense rank in the column's sort order, and how many distinct ranks there are. */
  ranks(): { ranks: Uint32Array; distinct: number } {
    if (this.#ranks === undefined) this.#rank();
    return { ranks: this.#ranks as Uint32Array, distinct: this.#distinctRanks };
  }

  /** Sorts the codes added since the last time and merges them in: a few new texts cost one pass, not a sort of all. */
  #rank() {
    const compare = comparerOf(this.kind, this.texts, this.folded);
    const added = Uint32Array.from(this.#unsorted).sort(compare);
    this.#unsorted = [];
    const before = this.#sorted ?? new Uint32Array(0);
    const sorted = new Uint32Array(before.length + added.length);
    for (let i = 0, j = 0, k = 0; k < sorted.length; k++) {
      const useBefore =
        j >= added.length || (i < before.length && compare(before[i] as number, added[j] as number) <= 0);
      sorted[k] = useBefore ? (before[i++] as number) : (added[j++] as number);
    }
    const ranks = new Uint32Array(this.texts.length);
    let rank = 0;
    for (let k = 0; k < sorted.length; k++) {
      if (k > 0 && compare(sorted[k - 1] as number, sorted[k] as number) !== 0) rank++;
      ranks[sorted[k] as number] = rank;
    }
    this.#sorted = sorted;
    this.#ranks = ranks;
    this.#distinctRanks = sorted.length === 0 ? 0 : rank + 1;
  }
}

/**
 * Two codes compared as domain's compareCells compares their cells, ascending: dates as text with
 * the empty first, counts as numbers, text by bucket (empty, number, other), numbers numerically and
 * other text by folded code points.
 */
function comparerOf(kind: ColumnKind, texts: readonly string[], folded: readonly string[]) {
  if (kind === 'date') {
    return (a: number, b: number) => {
      const x = texts[a] as string;
      const y = texts[b] as string;
      return x === y ? 0 : x < y ? -1 : 1;
    };
  }
  if (kind === 'number') return (a: number, b: number) => Math.sign(Number(texts[a]) - Number(texts[b]));
  return (a: number, b: number) => {
    const x = texts[a] as string;
    const y = texts[b] as string;
    const bucket = textBucket(x) - textBucket(y);
    if (bucket !== 0) return Math.sign(bucket);
    if (textBucket(x) === 1) {
      const numeric = compareNumbers(x, y);
      if (numeric !== 0) return numeric;
    }
    return compareFolded(folded[a] as string, folded[b] as string);
  };
}

/** compareNumberTexts, by Number where that is exact: up to 15 characters a number text has at most 15 digits. */
const compareNumbers = (x: string, y: string) =>
  x.length <= 15 && y.length <= 15 ? Math.sign(Number(x) - Number(y)) : compareNumberTexts(x, y);

/** Code units order code points the same unless a surrogate meets a character from U+E000 up. */
const HIGH_UNITS = /[\uD800-\uFFFF]/;

/** compareCodePoints, by the engine's own string order where that is the same. */
function compareFolded(x: string, y: string) {
  if (x === y) return 0;
  if (HIGH_UNITS.test(x) || HIGH_UNITS.test(y)) return compareCodePoints(x, y);
  return x < y ? -1 : 1;
}
