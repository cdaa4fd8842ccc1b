import { setTimeout as sleep } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { idArray, textArray } from '../db/array-parameters.ts';
import type { Queryable, Transaction } from '../db/client.ts';
import { isWriteConflict } from '../db/database-errors.ts';
import { syncShipmentFacts } from '../modules/analytics/shipment-facts.ts';
import { type AuditActor, type AuditEntry, recordAudits, recordAuditsOf } from '../modules/audit/audit.service.ts';
import { syncLineItemRows } from '../modules/line-items/line-item-rows.ts';

/**
 * One write in progress: its transaction, and what must go with it into the commit. A writer says
 * which shipments and line items it changed and what to audit; before the commit the door brings
 * the read models (the dashboard's line_item_rows, the analytics' shipment_facts) up to date for
 * them and writes the audit entries, so no writer can forget either.
 */
export class Write {
  readonly #shipmentIds = new Set<number>();
  readonly #lineItemIds = new Set<number>();
  readonly #lineItemQueries: SQL[] = [];
  #audits: AuditEntry[] = [];

  constructor(
    readonly tx: Transaction,
    readonly actor: AuditActor,
  ) {}

  /**
   * Names who writes and through what for the rest of the transaction, where the database's own
   * triggers read it (the date history, migration 0008).
   */
  async changeSource(source: string) {
    await this.tx.execute(sql`
      select set_config('quayside.actor_person_id', ${String(this.actor.personId ?? '')}, true),
             set_config('quayside.actor_email', ${this.actor.email ?? ''}, true),
             set_config('quayside.change_source', ${source}, true)`);
  }

  /** These shipments' line items show something new (a shipment field, a new line item). */
  shipmentsChanged(ids: Iterable<number>) {
    for (const id of ids) this.#shipmentIds.add(id);
  }

  /** These line items show something new (their own fields, their parts). */
  lineItemsChanged(ids: Iterable<number>) {
    for (const id of ids) this.#lineItemIds.add(id);
  }

  /**
   * The line items a query names show something new: a bulk change's selection, which may be a
   * million rows, so the read model is refreshed from the query, never from a list of ids in Node.
   * The query must still name them at the commit (a temporary table of the transaction does).
   */
  lineItemsChangedIn(lineItemIds: SQL) {
    this.#lineItemQueries.push(lineItemIds);
  }

  /**
   * These POs' own fields or lines changed: their figures are recomputed before the commit. (What
   * ships and what is received marks them by the database's triggers: purchase-orders.sql.)
   */
  async purchaseOrdersChanged(poNumbers: readonly string[]) {
    if (poNumbers.length > 0) await this.tx.execute(sql`select purchase_orders_mark(${textArray(poNumbers)})`);
  }

  /** Entries for the audit log, in the order given, written with the commit. */
  audit(...entries: AuditEntry[]) {
    this.#audits.push(...entries);
  }

  /**
   * One audit entry per row of `entries` (a query of action, entity, entity_id, before, after),
   * written now, in one statement: a bulk change records the rows as they are before it changes them.
   */
  async auditEach(entries: SQL) {
    await recordAuditsOf(this.tx, this.actor, entries);
  }

  /**
   * Writes the audit entries said so far and leaves the read model for the commit: an import calls
   * it after each batch, so its memory stays bounded (a few ids a line item) and each line item's
   * row, with its 34 indexes, is written once however many batches changed it (its shipment's, then
   * its parts').
   */
  async writeAudits() {
    const audits = this.#audits;
    this.#audits = [];
    await recordAudits(this.tx, this.actor, audits);
  }

  /**
   * Brings the read model and the audit log up to date with what was said so far. The door does it
   * before the commit; a bulk change does it after each run of its selection too.
   */
  async flush() {
    const shipmentIds = [...this.#shipmentIds];
    const lineItemIds = [...this.#lineItemIds];
    this.#shipmentIds.clear();
    this.#lineItemIds.clear();
    await syncShipmentFacts(this.tx, shipmentIds);
    if (shipmentIds.length > 0 && lineItemIds.length > 0) {
      // Both named (an import of shipments and parts): each row once, in runs of bounded size.
      const ids = await this.tx.execute<{ id: string }>(sql`
        select li.id from line_items li join unnest(${idArray(shipmentIds)}) as s(id) on li.shipment_id = s.id
        union select unnest(${idArray(lineItemIds)}) order by 1`);
      const all = ids.rows.map((row) => Number(row.id));
      for (let start = 0; start < all.length; start += ROWS_PER_SYNC) {
        await syncLineItemRows(this.tx, { lineItemIds: all.slice(start, start + ROWS_PER_SYNC) });
      }
    } else {
      await syncLineItemRows(this.tx, { shipmentIds });
      await syncLineItemRows(this.tx, { lineItemIds });
    }
    for (const lineItemIdsIn of this.#lineItemQueries.splice(0)) await syncLineItemRows(this.tx, { lineItemIdsIn });
    await this.tx.execute(sql`select purchase_orders_sync_dirty()`);
    await this.writeAudits();
  }
}

const ROWS_PER_SYNC = 10_000;

/** Tries of a write stopped by a deadlock or a serialization failure before the client hears 503. */
const WRITE_ATTEMPTS = 3;

/**
 * The one door every write goes through: runs `work` in a transaction (a savepoint when `db` is
 * one already) and, before it commits, refreshes the read model and writes the audit entries.
 * If `work` throws, nothing of it stays. A transaction PostgreSQL stops for a deadlock or a
 * serialization failure is rolled back whole, so `work` is run again, up to WRITE_ATTEMPTS times:
 * it must do nothing outside the transaction that a second run would repeat (else withWriteOnce).
 */
export async function withWrite<T>(db: Queryable, actor: AuditActor, work: (write: Write) => Promise<T>): Promise<T> {
  // A savepoint cannot be run again alone (the outer transaction's locks stay, and so does the
  // deadlock): the error rises to the door that owns the transaction, which runs the whole again.
  if (db instanceof PgTransaction) return withWriteOnce(db, actor, work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await withWriteOnce(db, actor, work);
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isWriteConflict(error)) throw error;
      // A jittered pause, so the two writes that met do not meet again at once.
      await sleep(attempt * (25 + Math.random() * 75));
    }
  }
}

/**
 * The door for `work` that cannot run twice: it reads a stream once (an import's sheets) or sends
 * something out (a mail) that a second run would send again. A deadlock answers 503 at once.
 */
export function withWriteOnce<T>(db: Queryable, actor: AuditActor, work: (write: Write) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const write = new Write(tx, actor);
    await write.changeSource(actor.source ?? 'system');
    const result = await work(write);
    await write.flush();
    return result;
  });
}
