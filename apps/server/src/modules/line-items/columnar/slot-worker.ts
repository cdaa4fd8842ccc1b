import { parentPort } from 'node:worker_threads';
import { FAILED, runSlotJob, type SlotJob } from './slot-passes.ts';

// Runs in a helper thread of the rows in memory (slot-threads.ts): takes a range of a job over
// shared memory, and says how many slots it kept in `done`, where the asking thread waits for it.

/** A range of a job, and where to say it is done: done[part] from PENDING to the count, or FAILED. */
export type SlotRequest = { job: SlotJob; from: number; to: number; done: Int32Array; part: number };

parentPort?.on('message', ({ job, from, to, done, part }: SlotRequest) => {
  let count = FAILED;
  try {
    count = runSlotJob(job, from, to);
  } finally {
    Atomics.store(done, part, count);
    Atomics.notify(done, part);
  }
});
parentPort?.postMessage('ready');
