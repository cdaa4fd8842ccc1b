import { Worker } from 'node:worker_threads';
import { FAILED, isShared, keptIn, PENDING, runSlotJob, type SlotJob } from './slot-passes.ts';
import type { SlotRequest } from './slot-worker.ts';

const WORKER_ENTRY = new URL('./slot-worker.mjs', import.meta.url);
/**
 * Fewest slots worth a thread: handing a range over costs tens of microseconds, a pass over 65,536
 * slots about a millisecond.
 */
const MIN_PART = 65_536;
/**
 * Longest this thread waits for a helper's part: past it the helper is taken for dead, ended, and
 * its part done here. A helper only slow, not dead, could still write its part after that; at more
 * than ten times the slowest whole question at 10,000,000 rows (841 ms, bench/RESULTS.md, fourth
 * session), that is taken for impossible.
 */
const WAIT_MS = 10_000;
/** A helper holds no data of its own (the arrays are shared): a small heap is plenty. */
const HELPER_HEAP_MB = 128;

/**
 * Helper threads for the passes of a question over every slot, text or match (slot-passes.ts): a job
 * is cut into ranges, one for each helper and the first for this thread, and this thread waits
 * (Atomics.wait) for the helpers' parts before it goes on, so a question is still answered in one
 * synchronous call and no write to the rows can come between its passes. At 1,000,000 rows one
 * helper took the Admin's pages from p95 55 to 41 ms (bench/RESULTS.md, fourth session).
 */
export class SlotThreads {
  readonly #ready: Worker[] = [];
  readonly #all: Worker[] = [];
  /** Settles once every helper has started (or failed to). */
  readonly ready: Promise<void>;

  constructor(
    /** Helpers to start (the server's ROWS_IN_MEMORY_HELPERS). */
    helpers: number,
    /** Fewest slots or matches a part is given. */
    readonly minPart = MIN_PART,
  ) {
    const started = Array.from({ length: Math.max(0, helpers) }, () => this.#startHelper());
    this.ready = Promise.all(started).then(() => undefined);
  }

  /** How many helpers take parts now. */
  get helpers() {
    return this.#ready.length;
  }

  /**
   * Does the job over [0, total): in parts when it is large and helpers are ready, else here. For a
   * job that keeps entries, they end up at the front of its arrays, each range's after the one
   * before; returns how many.
   */
  run(job: SlotJob, total: number): number {
    const parts = Math.min(this.#ready.length + 1, Math.floor(total / this.minPart));
    if (parts < 2 || !isShared(job)) return runSlotJob(job, 0, total);
    const bounds = Array.from({ length: parts + 1 }, (_, part) => Math.round((total * part) / parts));
    const done = new Int32Array(new SharedArrayBuffer(4 * parts)).fill(PENDING);
    const helpers = this.#ready.slice(0, parts - 1);
    helpers.forEach((helper, index) => {
      const part = index + 1;
      const request: SlotRequest = { job, from: bounds[part] as number, to: bounds[part + 1] as number, done, part };
      helper.postMessage(request);
    });
    let written = runSlotJob(job, 0, bounds[1] as number);
    // Each part's kept entries after the ones before: only below its own range, which later parts never write.
    helpers.forEach((helper, index) => {
      const part = index + 1;
      const [from, to] = [bounds[part] as number, bounds[part + 1] as number];
      Atomics.wait(done, part, PENDING, WAIT_MS);
      let count = Atomics.load(done, part);
      if (count === FAILED) throw new Error('a helper thread of the rows in memory failed on its part of a question');
      if (count === PENDING) {
        this.#drop(helper);
        count = runSlotJob(job, from, to);
      }
      for (const array of keptIn(job)) array.copyWithin(written, from, from + count);
      written += count;
    });
    return written;
  }

  /** Ends every helper: questions are then done on this thread alone. */
  async close() {
    this.#ready.length = 0;
    await Promise.all(this.#all.map((helper) => helper.terminate()));
  }

  #startHelper() {
    const helper = new Worker(WORKER_ENTRY, {
      // The entry registers its own TypeScript loader; the server's flags are not a helper's business.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: HELPER_HEAP_MB },
    });
    this.#all.push(helper);
    // A helper never keeps the process alive: questions go on here without it.
    helper.unref();
    return new Promise<void>((resolve) => {
      helper.once('message', () => {
        this.#ready.push(helper);
        resolve();
      });
      helper.on('error', () => this.#drop(helper));
      helper.on('exit', () => {
        this.#drop(helper);
        resolve();
      });
    });
  }

  #drop(helper: Worker) {
    const at = this.#ready.indexOf(helper);
    if (at >= 0) this.#ready.splice(at, 1);
    void helper.terminate();
  }
}
