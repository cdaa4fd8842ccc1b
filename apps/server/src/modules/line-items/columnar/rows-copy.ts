import { getHeapStatistics } from 'node:v8';
import { type SQL, sql } from 'drizzle-orm';
import { idArray } from '../../../db/array-parameters.ts';
import type { Database } from '../../../db/client.ts';
import { EXCEPTION_BASES } from '../../exceptions/exception-sql.ts';
import { ColumnarRows } from './columnar-rows.ts';
import type { RowRecord } from './row-record.ts';
import type { SlotThreads } from './slot-threads.ts';

/** Rows read per statement while loading: each a short statement, so a load never holds a connection long. */
const LOAD_BATCH = 50_000;
/**
 * Changes are pruned after an hour (pruneRowChanges): a copy that has not caught up for half that
 * may have missed some, and loads again.
 */
const CHANGES_KEPT_MS = 60 * 60_000;
const STALE_AFTER_MS = CHANGES_KEPT_MS / 2;
/**
 * Longest a question waits for the copy to catch up: an import of many rows takes longer to read,
 * and meanwhile the database answers.
 */
const WAIT_MS = 500;

/**
 * The share of V8's heap limit a load may fill: past it, holding every row would leave too little
 * for the requests, and a server out of heap dies.
 */
const HEAP_SHARE = 0.75;
const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

/** line_item_rows' columns as a RowRecord: dates the dashboard shows as text, exception dates as days. */
const RECORD_COLUMNS = sql.join(
  [
    sql`r.line_item_id, r.shipment_id, r.forwarder_key, r.is_hidden, r.title, r.related_shipment,
  r.forwarder_name, r.cosignee_name, r.origin_port, r.destination_port, r.transit_type, r.part_numbers, r.house,
  r.master, r.number_of_parts, r.total_qty, to_char(r.atd, 'YYYY-MM-DD') as atd,
  to_char(r.dest_eta, 'YYYY-MM-DD') as dest_eta, to_char(r.ata, 'YYYY-MM-DD') as ata,
  to_char(r.est_delivery, 'YYYY-MM-DD') as est_delivery`,
    ...Object.entries(EXCEPTION_BASES).map(([basis, kind]) =>
      kind === 'date'
        ? sql`r.${sql.identifier(basis)} - date '1970-01-01' as ${sql.identifier(basis)}`
        : sql`r.${sql.identifier(basis)}`,
    ),
  ],
  sql`, `,
);

type RecordRow = Omit<RowRecord, 'line_item_id' | 'shipment_id' | 'total_qty'> & {
  line_item_id: string | number;
  shipment_id: string | number;
  total_qty: string | number;
};

const toRecord = (row: RecordRow): RowRecord => ({
  ...row,
  line_item_id: Number(row.line_item_id),
  shipment_id: Number(row.shipment_id),
  total_qty: Number(row.total_qty),
});

/**
 * One server's copy of the dashboard's rows in memory (ColumnarRows), kept in step with the
 * database whoever writes to it (another server, the CLI, an import): every change to line_item_rows
 * is noted with its transaction (line-item-row-changes.sql), and the copy reads the changes its last
 * snapshot had not seen. A question is answered from the copy only once it has caught up to a
 * snapshot taken after the question arrived, so no answer is older than the asker's own last write.
 */
export class RowsCopy {
  #rows: ColumnarRows | undefined;
  /** The snapshot (pg_current_snapshot) the copy holds every change up to. */
  #snapshot = '';
  #caughtUpAt = 0;
  #catchUp: Promise<void> | undefined;
  #catchUpStartedAt = 0;
  #loading: Promise<void> | undefined;
  #loads = 0;

  /** The heap a load may fill before it gives up (it is then the database's alone): most of V8's limit. */
  readonly heapBudget: number;
  /** Helper threads a question's passes over every row are shared with (slot-threads.ts). */
  readonly threads: SlotThreads | undefined;

  constructor(
    readonly db: Database,
    readonly onError: (error: unknown) => void,
    options: { heapBudget?: number; threads?: SlotThreads } = {},
  ) {
    this.heapBudget = options.heapBudget ?? HEAP_SHARE * getHeapStatistics().heap_size_limit;
    this.threads = options.threads;
  }

  /** Starts loading in the background: until it has loaded, questions go to the database. */
  start() {
    this.#loading ??= this.#load().catch((error: unknown) => {
      this.#loading = undefined;
      this.onError(error);
    });
    return this.#loading;
  }

  /**
   * The rows caught up to at least `dataVersion` (the snapshot the request read when it arrived);
   * undefined while the copy loads, when catching up takes longer than a question should wait (an
   * import of many rows), or when it failed: the database then answers.
   */
  async rowsAt(dataVersion: string): Promise<ColumnarRows | undefined> {
    if (this.#rows === undefined) return undefined;
    if (dataVersion === this.#snapshot && !this.#isStale()) return this.#rows;
    // A long catch-up (the rows of a large import): the database answers until it ends.
    if (this.#catchUp !== undefined && performance.now() - this.#catchUpStartedAt > WAIT_MS) return undefined;
    const caughtUp = this.#caughtUpFrom(performance.now());
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), WAIT_MS);
    });
    try {
      return (await Promise.race([caughtUp.then(() => true), waited])) ? this.#rows : undefined;
    } catch (error) {
      this.onError(error);
      return undefined;
    } finally {
      clearTimeout(timer);
      caughtUp.catch(() => undefined);
    }
  }

  /** Settles once a catch-up that began at or after `asked` has ended. */
  async #caughtUpFrom(asked: number) {
    // A catch-up that began before the question may have missed what the asker just wrote.
    while (this.#catchUp !== undefined && this.#catchUpStartedAt < asked) await this.#catchUp.catch(() => undefined);
    if (this.#catchUp === undefined) {
      this.#catchUpStartedAt = performance.now();
      this.#catchUp = this.#catchUpOnce().finally(() => {
        this.#catchUp = undefined;
      });
    }
    await this.#catchUp;
  }

  #isStale() {
    return performance.now() - this.#caughtUpAt > STALE_AFTER_MS;
  }

  /** How many rows it holds: 0 while it loads. */
  get size() {
    return this.#rows?.size ?? 0;
  }

  /** How many times it has read every row: once at start, and again after a truncate or a long pause. */
  get loads() {
    return this.#loads;
  }

  /** Every row, read in batches after taking the snapshot the copy then catches up from. */
  async #load() {
    this.#loads++;
    const snapshot = await this.#currentSnapshot();
    const rows = new ColumnarRows(this.threads);
    let after = -1;
    for (;;) {
      const batch = await this.#read(sql`r.line_item_id > ${after} order by r.line_item_id limit ${LOAD_BATCH}`);
      rows.upsert(batch);
      const { used_heap_size: used, heap_size_limit: limit } = getHeapStatistics();
      if (used > this.heapBudget) {
        throw new Error(
          `The rows in memory were not loaded: after ${rows.size} rows the heap held ${megabytes(used)} MB of this server's ${megabytes(limit)} MB, so the database answers every question. Start the server with more heap (NODE_OPTIONS=--max-old-space-size=N, in MB) or set ROWS_IN_MEMORY=false.`,
        );
      }
      const last = batch.at(-1);
      if (last === undefined || batch.length < LOAD_BATCH) break;
      after = last.line_item_id;
    }
    // Rows read after the snapshot may be newer than it: catching up reads them again, the same or newer.
    this.#rows = rows;
    this.#snapshot = snapshot;
    this.#caughtUpAt = performance.now();
    void rows.rankAll().catch(this.onError);
  }

  async #catchUpOnce() {
    if (this.#isStale()) return this.#load();
    const caughtUpAt = performance.now();
    const result = await this.db.execute<{ snapshot: string; ids: string[] | null; everything: boolean | null }>(sql`
      select pg_current_snapshot()::text as snapshot,
             array_agg(distinct c.line_item_id) filter (where c.line_item_id is not null)::text[] as ids,
             coalesce(bool_or(c.xid is not null and c.line_item_id is null), false) as everything
      from (select 1) one left join line_item_row_changes c
        on c.xid >= pg_snapshot_xmin(${this.#snapshot}::pg_snapshot)
       and not pg_visible_in_snapshot(c.xid, ${this.#snapshot}::pg_snapshot)`);
    const [changes] = result.rows;
    if (!changes) throw new Error('no snapshot');
    const rows = this.#rows;
    if (!rows || changes.everything) return this.#load();
    const ids = (changes.ids ?? []).map(Number);
    for (let start = 0; start < ids.length; start += LOAD_BATCH) {
      const batch = ids.slice(start, start + LOAD_BATCH);
      const changed = await this.#read(sql`r.line_item_id = any(${idArray(batch)})`);
      rows.upsert(changed);
      const present = new Set(changed.map((record) => record.line_item_id));
      rows.remove(batch.filter((id) => !present.has(id)));
    }
    this.#snapshot = changes.snapshot;
    this.#caughtUpAt = caughtUpAt;
  }

  async #currentSnapshot() {
    const result = await this.db.execute<{ snapshot: string }>(sql`select pg_current_snapshot()::text as snapshot`);
    const snapshot = result.rows[0]?.snapshot;
    if (snapshot === undefined) throw new Error('no snapshot');
    return snapshot;
  }

  async #read(where: SQL): Promise<RowRecord[]> {
    const result = await this.db.execute<RecordRow>(sql`select ${RECORD_COLUMNS} from line_item_rows r where ${where}`);
    return result.rows.map(toRecord);
  }
}

/** Forgets changes every copy has read: those older than an hour (a copy further behind loads again). */
export async function pruneRowChanges(db: Database) {
  await db.execute(
    sql`delete from line_item_row_changes where changed_at < now() - ${`${CHANGES_KEPT_MS / 1000} seconds`}::interval`,
  );
}
