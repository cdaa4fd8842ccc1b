import { selectNth } from './select-page.ts';

/**
 * The passes of a question that read every slot or every match: a job over a range [from, to), so
 * that helper threads (slot-threads.ts) can each take a range of one job while this thread takes the
 * first. Every array a job reads or writes is a view of shared memory, and a range writes only its
 * own part of them.
 */

/** A condition on one column: the rows whose code the mask marks. */
export type ColumnTest = { codes: Uint32Array; mask: Uint8Array };

/** One column of a sort: each row's rank is ranks[codes[slot]], descending counted from `last`. */
export type SortRule = { codes: Uint32Array; ranks: Uint32Array; scale: number; descending: boolean; last: number };

export type SlotJob =
  /**
   * The live slots in [from, to) passing any of the tests (every live slot when there are none),
   * ascending, written to `out` from `from` on. `marks` is a slot's worth of scratch.
   */
  | { kind: 'pass'; tests: ColumnTest[]; alive: Uint8Array; marks: Uint8Array; out: Uint32Array }
  /** The slots at positions [from, to) of `slots` that pass any of the tests, kept in order from `from` on. */
  | { kind: 'narrow'; tests: ColumnTest[]; slots: Uint32Array }
  /**
   * For the matches at positions [from, to): the sort key combining the rules' ranks, and the row's
   * id times `idSign` (ties go by it, ascending), into `keys` and `ids` at the same positions.
   */
  | {
      kind: 'keys';
      matches: Uint32Array;
      rules: SortRule[];
      rowIds: Float64Array;
      idSign: number;
      keys: Float64Array;
      ids: Float64Array;
    }
  /**
   * Of the entries at positions [from, to) of `keys` and `ids`, the `first` that come first (by key,
   * then id), moved to the front of the range in no order: what a page's selection (select-page.ts)
   * then takes its page from.
   */
  | { kind: 'select'; keys: Float64Array; ids: Float64Array; first: number }
  /**
   * The slots in [from, to) whose value is in [low, high), marked in `mask`: how many of them it
   * had not marked.
   */
  | { kind: 'range'; values: Int32Array; low: number; high: number; mask: Uint8Array }
  /**
   * The indexes (slots or codes) in [from, to) that `mask` does not mark, that are `present` (when
   * given), whose signature (columns.ts' SignaturePlanes: word w of index i at planes[w's offset + i])
   * holds each of `bits` in the plane at the same place in `words` (offsets), and whose edge word
   * (at `edgesAt`) masked by `edgeMask` is `edges`: written to `out` from `from` on, or with `mark`,
   * marked in `mask`.
   */
  | {
      kind: 'signature';
      planes: Uint32Array;
      words: Uint32Array;
      bits: Uint32Array;
      edgesAt: number;
      edgeMask: number;
      edges: number;
      present: Uint8Array | undefined;
      mark: boolean;
      mask: Uint8Array;
      out: Uint32Array;
    };

/** A helper thread's part of a job, while it works on it (slot-worker.ts), and when it failed. */
export const PENDING = -1;
export const FAILED = -2;

/** Does a job over [0, total): here alone (runSlotJob), or in ranges with helper threads (SlotThreads.run). */
export type SlotRun = (job: SlotJob, total: number) => number;

export const runHere: SlotRun = (job, total) => runSlotJob(job, 0, total);

/** Does the job's range: how many entries it kept from `from` on (for 'keys', every one). */
export function runSlotJob(job: SlotJob, from: number, to: number): number {
  switch (job.kind) {
    case 'pass':
      return pass(job.tests, job.alive, job.marks, job.out, from, to);
    case 'narrow':
      return narrow(job.tests, job.slots, from, to);
    case 'keys':
      sortKeys(job, from, to);
      return to - from;
    case 'select': {
      const kept = Math.min(job.first, to - from);
      if (kept > 0 && kept < to - from) selectNth(job.keys, job.ids, from, to - 1, from + kept - 1);
      return kept;
    }
    case 'range':
      return markInRange(job, from, to);
    case 'signature':
      return signatureHolders(job, from, to);
  }
}

// The passes keep a slot by adding 0 or 1 to where the next kept one goes (Number(true) is 1), never
// by a branch: where slots match about as often as not, a branch per slot is mispredicted so often
// that it costs most of the pass. Every mask, `alive`, `present` and `marks` holds 0 or 1 for that.

function pass(
  tests: readonly ColumnTest[],
  alive: Uint8Array,
  marks: Uint8Array,
  out: Uint32Array,
  from: number,
  to: number,
) {
  let count = from;
  if (tests.length === 0) {
    for (let slot = from; slot < to; slot++) {
      out[count] = slot;
      count += alive[slot] as number;
    }
  } else if (tests.length === 1) {
    const { codes, mask } = tests[0] as ColumnTest;
    for (let slot = from; slot < to; slot++) {
      out[count] = slot;
      count += (alive[slot] as number) & (mask[codes[slot] as number] as number);
    }
  } else {
    // A test at a time over every slot, then the slots any marked: a slot's pass through a list
    // of tests took longer than the tests themselves.
    marks.fill(0, from, to);
    for (const { codes, mask } of tests) {
      for (let slot = from; slot < to; slot++)
        marks[slot] = (marks[slot] as number) | (mask[codes[slot] as number] as number);
    }
    for (let slot = from; slot < to; slot++) {
      out[count] = slot;
      count += (alive[slot] as number) & (marks[slot] as number);
    }
  }
  return count - from;
}

function narrow(tests: readonly ColumnTest[], slots: Uint32Array, from: number, to: number) {
  let count = from;
  if (tests.length === 1) {
    const { codes, mask } = tests[0] as ColumnTest;
    for (let index = from; index < to; index++) {
      const slot = slots[index] as number;
      slots[count] = slot;
      count += mask[codes[slot] as number] as number;
    }
  } else {
    for (let index = from; index < to; index++) {
      const slot = slots[index] as number;
      let passes = 0;
      for (const { codes, mask } of tests) passes |= mask[codes[slot] as number] as number;
      slots[count] = slot;
      count += passes;
    }
  }
  return count - from;
}

function markInRange({ values, low, high, mask }: Extract<SlotJob, { kind: 'range' }>, from: number, to: number) {
  let count = 0;
  for (let slot = from; slot < to; slot++) {
    const value = values[slot] as number;
    const fresh = Number(value >= low) & Number(value < high) & ((mask[slot] as number) ^ 1);
    mask[slot] = (mask[slot] as number) | fresh;
    count += fresh;
  }
  return count;
}

function sortKeys(
  { matches, rules, rowIds, idSign, keys, ids }: Extract<SlotJob, { kind: 'keys' }>,
  from: number,
  to: number,
) {
  for (let index = from; index < to; index++) {
    const slot = matches[index] as number;
    let key = 0;
    for (const { codes, ranks, scale, descending, last } of rules) {
      const rank = ranks[codes[slot] as number] as number;
      key = key * scale + (descending ? last - rank : rank);
    }
    keys[index] = key;
    ids[index] = idSign * (rowIds[slot] as number);
  }
}

/**
 * The first of the value's words is read for every index; each further word, and the edges, only
 * for the indexes still in (a value of several characters leaves few after its first word: reading
 * every word of every index took longer than the branch it saves). With `mark`, `out` is scratch.
 */
function signatureHolders(
  { planes, words, bits, edgesAt, edgeMask, edges, present, mark, mask, out }: Extract<SlotJob, { kind: 'signature' }>,
  from: number,
  to: number,
) {
  let count = from;
  const firstAt = words.length === 0 ? 0 : (words[0] as number);
  const firstBits = words.length === 0 ? 0 : (bits[0] as number) | 0;
  for (let index = from; index < to; index++) {
    const holds = Number(((planes[firstAt + index] as number) & firstBits) === firstBits);
    out[count] = index;
    count += holds & ((mask[index] as number) ^ 1) & (present === undefined ? 1 : (present[index] as number));
  }
  for (let word = 1; word < words.length; word++) {
    const wanted = (bits[word] as number) | 0;
    count = keptHolding(planes, words[word] as number, wanted, wanted, out, from, count);
  }
  if (edgeMask !== 0) count = keptHolding(planes, edgesAt, edgeMask | 0, edges | 0, out, from, count);
  if (mark) for (let kept = from; kept < count; kept++) mask[out[kept] as number] = 1;
  return count - from;
}

/**
 * Keeps the indexes at [from, to) of `indexes` whose plane word (at `at` + index) masked by `wanted`
 * is `value`, in order from `from` on; where the kept ones end.
 */
function keptHolding(
  planes: Uint32Array,
  at: number,
  wanted: number,
  value: number,
  indexes: Uint32Array,
  from: number,
  to: number,
) {
  let count = from;
  for (let kept = from; kept < to; kept++) {
    const index = indexes[kept] as number;
    indexes[count] = index;
    count += Number(((planes[at + index] as number) & wanted) === value);
  }
  return count;
}

/** The arrays a job keeps entries of, at the front of each range (for 'keys' and 'range', none: each position is its own). */
export function keptIn(job: SlotJob): (Uint32Array | Float64Array)[] {
  switch (job.kind) {
    case 'pass':
      return [job.out];
    case 'signature':
      return job.mark ? [] : [job.out];
    case 'narrow':
      return [job.slots];
    case 'select':
      return [job.keys, job.ids];
    case 'keys':
    case 'range':
      return [];
  }
}

/** A typed array over memory that threads share: what a helper thread reads and writes in place. */
export function shared<T>(Kind: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number }, length: number): T {
  return new Kind(new SharedArrayBuffer(length * Kind.BYTES_PER_ELEMENT));
}

/** Whether every array the job holds is over shared memory: otherwise a thread would work on a copy. */
export function isShared(value: unknown): boolean {
  if (ArrayBuffer.isView(value)) return value.buffer instanceof SharedArrayBuffer;
  if (Array.isArray(value)) return value.every(isShared);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(isShared);
  return true;
}
