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
    };

/** A helper thread's part of a job, while it works on it (slot-worker.ts), and when it failed. */
export const PENDING = -1;
export const FAILED = -2;

/** Does the job's range: for 'pass' and 'narrow', how many slots it wrote from `from` on. */
export function runSlotJob(job: SlotJob, from: number, to: number): number {
  switch (job.kind) {
    case 'pass':
      return pass(job.tests, job.alive, job.marks, job.out, from, to);
    case 'narrow':
      return narrow(job.tests, job.slots, from, to);
    case 'keys':
      sortKeys(job, from, to);
      return to - from;
  }
}

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
    for (let slot = from; slot < to; slot++) if (alive[slot] === 1) out[count++] = slot;
  } else if (tests.length === 1) {
    const { codes, mask } = tests[0] as ColumnTest;
    for (let slot = from; slot < to; slot++) {
      if (alive[slot] === 1 && mask[codes[slot] as number] === 1) out[count++] = slot;
    }
  } else {
    // A test at a time over every slot, then the slots any marked: a slot's pass through a list
    // of tests took longer than the tests themselves.
    marks.fill(0, from, to);
    for (const { codes, mask } of tests) {
      for (let slot = from; slot < to; slot++)
        marks[slot] = (marks[slot] as number) | (mask[codes[slot] as number] as number);
    }
    for (let slot = from; slot < to; slot++) if (alive[slot] === 1 && marks[slot] === 1) out[count++] = slot;
  }
  return count - from;
}

function narrow(tests: readonly ColumnTest[], slots: Uint32Array, from: number, to: number) {
  let count = from;
  if (tests.length === 1) {
    const { codes, mask } = tests[0] as ColumnTest;
    for (let index = from; index < to; index++) {
      const slot = slots[index] as number;
      if (mask[codes[slot] as number] === 1) slots[count++] = slot;
    }
  } else {
    for (let index = from; index < to; index++) {
      const slot = slots[index] as number;
      if (passes(tests, slot)) slots[count++] = slot;
    }
  }
  return count - from;
}

function passes(tests: readonly ColumnTest[], slot: number) {
  for (const { codes, mask } of tests) if (mask[codes[slot] as number] === 1) return true;
  return false;
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

/** Where a job writes the slots it keeps (for 'keys', nowhere: each position is its own). */
export function keptIn(job: SlotJob): Uint32Array | undefined {
  return job.kind === 'pass' ? job.out : job.kind === 'narrow' ? job.slots : undefined;
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
