import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { limitMessages } from './import-limits.ts';
import type { OpenedTable, OpenTableOptions, TableRow } from './table-reader.ts';
import type { ReaderJob, ReaderMessage, ReaderRequest } from './table-worker.ts';

// Import files are read in worker threads with a bounded heap: a file that needs more memory than
// an import may use (or that trips a fault of a parser) ends its own thread and its own request,
// while the server goes on. The database work stays on the server's thread, as before.

/** Opens an import file: openTable's contract, wherever the reading happens. */
export type TableOpener = (filePath: string, options?: OpenTableOptions) => Promise<OpenedTable>;

export type ReaderSettings = {
  /** Old-generation heap of each reading thread, in MB. */
  memoryMb: number;
  /** Files read at once; the rest wait their turn. */
  concurrency: number;
};

const WORKER_ENTRY = new URL('./table-worker.mjs', import.meta.url);
/** Rows per message: enough to keep the thread hop cheap, few enough to keep the copy small. */
const BATCH_ROWS = 500;
/** How long a thread asked to stop may take to let its files go before it is ended outright. */
const STOP_GRACE_MS = 5_000;
/** How long a thread that read a file well waits for the next one (starting one costs about a second). */
const IDLE_MS = 30_000;

/** An opener that reads each file in a worker thread, at most `concurrency` at a time. */
export function createTableReaderPool(settings: ReaderSettings): TableOpener {
  const slots = new Slots(settings.concurrency);
  const threads = new Threads(settings);
  return async (filePath, options = {}) => {
    const release = await slots.take();
    try {
      return await openInWorker(threads, { filePath, options, batchRows: BATCH_ROWS }, settings.memoryMb, release);
    } catch (error) {
      release();
      throw error;
    }
  };
}

async function openInWorker(
  threads: Threads,
  job: ReaderJob,
  memoryMb: number,
  release: () => void,
): Promise<OpenedTable> {
  const worker = threads.take();
  const inbox = new Inbox(worker, memoryMb);
  const send = (request: ReaderRequest) => worker.postMessage(request);
  /** Ends the job: a thread that read its file to the end (or let it go) serves the next; any other is ended. */
  const finish = async () => {
    inbox.dispose();
    if (inbox.endedWell) threads.giveBack(worker);
    else await worker.terminate();
    release();
  };
  let stopping: Promise<void> | null = null;
  /** Asks the thread to let the file go (it deletes exceljs's temporary files), then ends the job. */
  const stop = () => {
    stopping ??= (async () => {
      if (!inbox.isOver) {
        send({ type: 'close' });
        const killer = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
        await inbox.over;
        clearTimeout(killer);
      }
      await finish();
    })();
    return stopping;
  };

  send({ type: 'open', job });
  let opened: ReaderMessage;
  try {
    opened = await inbox.next();
  } catch (error) {
    inbox.dispose();
    await worker.terminate();
    throw error;
  }
  if (opened.type !== 'opened') {
    await stop();
    throw new Error(`the import reader answered ${opened.type} before opening the file`);
  }

  async function* rows(): AsyncGenerator<TableRow> {
    try {
      send({ type: 'more' });
      for (;;) {
        const message = await inbox.next();
        if (message.type === 'end') return;
        if (message.type !== 'rows') throw new Error(`the import reader answered ${message.type} for rows`);
        // The next batch is read while this one is put to the database.
        send({ type: 'more' });
        yield* message.rows;
      }
    } finally {
      await stop();
    }
  }
  return { format: opened.format, sheet: opened.sheet, headers: opened.headers, rows: rows(), close: stop };
}

/** Reading threads: idle ones are kept a while for the next file, without keeping the process alive. */
class Threads {
  private idle = new Map<Worker, NodeJS.Timeout>();

  constructor(private readonly settings: ReaderSettings) {}

  take(): Worker {
    for (const [worker, timer] of this.idle) {
      this.idle.delete(worker);
      clearTimeout(timer);
      worker.ref();
      return worker;
    }
    const worker = new Worker(WORKER_ENTRY, {
      // The entry registers its own TypeScript loader; the server's flags are not a worker's business.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.settings.memoryMb },
    });
    worker.on('exit', () => this.idle.delete(worker));
    // Told to whoever is reading with it (Inbox); an idle thread's failure only ends it.
    worker.on('error', () => {});
    return worker;
  }

  giveBack(worker: Worker) {
    if (this.idle.size >= this.settings.concurrency) {
      void worker.terminate();
      return;
    }
    worker.unref();
    this.idle.set(worker, setTimeout(() => void worker.terminate(), IDLE_MS).unref());
  }
}

/**
 * One job's messages from its thread, in order; a refusal becomes the AppError it was, a thread
 * that died (out of memory, or crashed) an error for this one request.
 */
class Inbox {
  private messages: ReaderMessage[] = [];
  private wake: (() => void) | null = null;
  private death: Error | null = null;
  private settle = () => {};
  isOver = false;
  /** True once the file was read to its end or let go, and the thread is fit for another. */
  endedWell = false;
  /** Settles once the thread has said its last word on this job (end, refusal, failure) or died. */
  readonly over = new Promise<void>((resolve) => (this.settle = resolve));
  readonly dispose: () => void;

  constructor(worker: Worker, memoryMb: number) {
    const onMessage = (message: ReaderMessage) => {
      this.messages.push(message);
      if (message.type === 'end') this.endedWell = true;
      if (message.type !== 'opened' && message.type !== 'rows') this.finish();
      this.wake?.();
    };
    const onError = (error: Error & { code?: string }) => {
      this.death ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError('too_large', limitMessages.memory(memoryMb))
          : new Error(`the import reader crashed: ${error.message}`, { cause: error });
    };
    const onExit = (code: number) => {
      this.death ??= new Error(`the import reader stopped (exit code ${code})`);
      this.endedWell = false;
      this.finish();
      this.wake?.();
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    this.dispose = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
  }

  private finish() {
    this.isOver = true;
    this.settle();
  }

  async next(): Promise<ReaderMessage> {
    for (;;) {
      const message = this.messages.shift();
      if (message?.type === 'refused') throw new AppError(message.kind, message.message);
      if (message?.type === 'failed') throw Object.assign(new Error(message.message), { stack: message.stack });
      if (message) return message;
      if (this.death) throw this.death;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

/** A counting semaphore, first come first served. */
class Slots {
  private waiting: (() => void)[] = [];
  private free: number;

  constructor(size: number) {
    this.free = size;
  }

  async take(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }
}
