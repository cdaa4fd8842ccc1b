import {
  BULK_MAX_REFUSED_LISTED,
  BULK_NOT_FOUND,
  BULK_STAFF_ONLY,
  type BulkAction,
  type BulkSelection,
  bulkCountChanged,
  type LineItemBulkBody,
  type LineItemBulkResponse,
  type RefusedLineItem,
} from '@quayside/domain/line-item-bulk';
import { type SQL, sql } from 'drizzle-orm';
import { seesHiddenLineItems } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { lineItemRowScope } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { allowLongStatements } from '../../db/statement-timeout.ts';
import { AppError } from '../../errors.ts';
import { type Write, withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import type { ExceptionContext } from '../exceptions/exception-sql.ts';
import { assertCanWrite } from '../shipments/shipment-access.ts';
import { queryCondition } from './line-item-sql.ts';
import { LINE_ITEM_JSON, LINE_ITEM_ROW_JSON } from './line-items.service.ts';

// One action on many line items (POST /api/LineItems/bulk), in one transaction through the write
// door, set-based: the selection is a temporary table of line item ids filled by one query, and
// each step is a statement over a run of it, so 'all 1,000,000 matching' never brings a row into Node.

type FlagChange = { column: string; value: boolean };

/** Each action but delete sets one of the staff's flags, as the single edit does (updateLineItem). */
const FLAG_CHANGES: Record<Exclude<BulkAction, 'delete'>, FlagChange> = {
  hide: { column: 'hide_lineitem', value: true },
  unhide: { column: 'hide_lineitem', value: false },
  validPo: { column: 'ignore_po_character_count', value: true },
  invalidPo: { column: 'ignore_po_character_count', value: false },
};

/**
 * Line items changed per statement. Each rewrites its read-model row and every index on it, two
 * trigram indexes among them: about 0.4 ms a row on 2 cores (bench/RESULTS.md), so a run of 50,000
 * keeps every statement near 20 s, well inside the bulk limit, however many rows are selected.
 */
const ROWS_PER_STATEMENT = 50_000;

/**
 * Hides, unhides, sets or clears 'Valid PO #' on, or deletes the selected line items, with the
 * single-item rules: read-only roles are refused (403); the staff switches are staff's (403 for a
 * forwarder, whose edits of them are ignored one at a time); a row the principal cannot see is
 * not there (by ids: refused as 'Not found'; by query: never matched). A row already as asked is
 * left alone, counted as unchanged. A query that now matches another number of rows than the
 * person confirmed changes nothing (409).
 */
export async function changeLineItems(
  db: Database,
  principal: Principal,
  { action, selection }: LineItemBulkBody,
  context: ExceptionContext,
  {
    statementTimeoutMs,
    rowsPerStatement = ROWS_PER_STATEMENT,
  }: { statementTimeoutMs: number; rowsPerStatement?: number },
): Promise<LineItemBulkResponse> {
  assertCanWrite(principal);
  if (action !== 'delete' && !seesHiddenLineItems(principal)) throw new AppError('forbidden', BULK_STAFF_ONLY);
  return withWrite(db, actorOf(principal), async (write) => {
    // A million rows rightly take longer than a page may: the limit of the bulk work (exports, imports).
    await allowLongStatements(write.tx, statementTimeoutMs);
    const selectedCount = await selectLineItems(write.tx, principal, selection, context);
    if ('expected' in selection && selectedCount !== selection.expected) {
      throw new AppError('conflict', bulkCountChanged(selectedCount));
    }
    const refused = 'ids' in selection ? await notFound(write.tx, selection.ids) : [];
    const { changed, unchanged } =
      action === 'delete'
        ? await deleteSelected(write, rowsPerStatement)
        : await setFlag(write, rowsPerStatement, FLAG_CHANGES[action]);
    return {
      changed,
      unchanged,
      refused: refused.slice(0, BULK_MAX_REFUSED_LISTED),
      refusedCount: refused.length,
    };
  });
}

/** Fills bulk_selection with the line items the principal sees that the selection names, locked; answers how many. */
async function selectLineItems(
  tx: Transaction,
  principal: Principal,
  selection: BulkSelection,
  context: ExceptionContext,
) {
  const chosen =
    'ids' in selection
      ? sql`r.line_item_id = any(${idArray(selection.ids)})`
      : sql`${queryCondition({ ...selection.query, sort: [] }, context)}
            and not r.line_item_id = any(${idArray(selection.except)})`;
  await tx.execute(sql`create temporary table bulk_selection (line_item_id bigint primary key) on commit drop`);
  // Locked as the single-item path locks its line item, so what is counted is what changes; in id
  // order, so two bulk changes over the same rows queue rather than deadlock.
  const selected = await tx.execute(sql`
    insert into bulk_selection
    select r.line_item_id from line_item_rows r join line_items li on li.id = r.line_item_id
    where ${lineItemRowScope(principal)} and ${chosen}
    order by r.line_item_id
    for update of li`);
  // A temporary table has no statistics until analysed: without them the steps below plan for a few rows.
  await tx.execute(sql`analyze bulk_selection`);
  return selected.rowCount ?? 0;
}

/** The ids named that are not selected: another company's, hidden from a forwarder, or none at all alike. */
async function notFound(tx: Transaction, ids: readonly string[]): Promise<RefusedLineItem[]> {
  const found = await tx.execute<{ id: string }>(sql`select line_item_id::text as id from bulk_selection`);
  const isFound = new Set(found.rows.map((row) => row.id));
  // Nothing about such a row is told: not its PO, not whether it exists.
  return ids.filter((id) => !isFound.has(id)).map((id) => ({ id, po: null, shipment: null, reason: BULK_NOT_FOUND }));
}

/**
 * The selection in runs of ROWS_PER_STATEMENT, by id: each a query of its line item ids. The door
 * brings the read model and audit log up to date after each run, so no statement grows with the selection.
 */
async function* runs(write: Write, rowsPerStatement: number): AsyncGenerator<SQL> {
  let after = 0;
  for (;;) {
    const next = await write.tx.execute<{ last: string | null }>(sql`
      select max(line_item_id)::text as last from (
        select line_item_id from bulk_selection where line_item_id > ${after}
        order by line_item_id limit ${rowsPerStatement}) run`);
    const last = next.rows[0]?.last;
    if (last === null || last === undefined) return;
    yield sql`select line_item_id from bulk_selection where line_item_id > ${after} and line_item_id <= ${last}`;
    await write.flush();
    after = Number(last);
  }
}

async function setFlag(write: Write, rowsPerStatement: number, { column, value }: FlagChange) {
  const { tx } = write;
  const flag = sql.identifier(column);
  const already = await tx.execute(
    sql`delete from bulk_selection t using line_items li where li.id = t.line_item_id and li.${flag} = ${value}`,
  );
  let changed = 0;
  for await (const run of runs(write, rowsPerStatement)) {
    // The same entries as the single edit's: the line_items row before and after.
    await write.auditEach(sql`
      select 'update' as action, 'line_item' as entity, li.id as entity_id, ${LINE_ITEM_ROW_JSON} as before,
        ${LINE_ITEM_ROW_JSON} || jsonb_build_object(${column}::text, ${value}::boolean) as after
      from line_items li where li.id in (${run})`);
    const updated = await tx.execute(sql`update line_items li set ${flag} = ${value} where li.id in (${run})`);
    write.lineItemsChangedIn(run);
    changed += updated.rowCount ?? 0;
  }
  return { changed, unchanged: already.rowCount ?? 0 };
}

async function deleteSelected(write: Write, rowsPerStatement: number) {
  let changed = 0;
  for await (const run of runs(write, rowsPerStatement)) {
    // As deleteLineItem: the audit entry keeps the line item with its parts, so Deletions can restore it.
    await write.auditEach(sql`
      select 'delete' as action, 'line_item' as entity, li.id as entity_id, ${LINE_ITEM_JSON} as before,
        null::jsonb as after
      from line_items li join shipments s on s.id = li.shipment_id where li.id in (${run})`);
    // Parts and the read-model rows go with them (ON DELETE CASCADE); the read model's triggers keep
    // the counts, exception counts and shipment facts.
    const deleted = await write.tx.execute(sql`delete from line_items where id in (${run})`);
    changed += deleted.rowCount ?? 0;
  }
  return { changed, unchanged: 0 };
}
