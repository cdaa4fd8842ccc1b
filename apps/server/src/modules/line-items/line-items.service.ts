import type { ExceptionFacts, ExceptionKind } from '@quayside/domain/exceptions';
import { type ColumnKey, isChangeOperator } from '@quayside/domain/line-item-columns';
import { changeWindows, type Filter, type LineItemQuery, type RowQuery } from '@quayside/domain/line-item-query';
import {
  asksExceptionFacts,
  type EXCEPTION_FACTS,
  type ROW_MARKS,
  rowValueNames,
  WAS_NAME,
} from '@quayside/domain/line-item-row';
import { type LineItemRowsQuery, type LineItemRowsResponse, shownColumns } from '@quayside/domain/line-item-rows';
import {
  COUNT_LIMIT,
  type LineItem,
  type LineItemsResponse,
  type LineItemUpdateBody,
} from '@quayside/domain/line-items';
import { displayDate } from '@quayside/domain/text';
import { type SQL, sql } from 'drizzle-orm';
import { seesHiddenLineItems } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { lineItemCountScope, lineItemRowScope, rowScopeOf } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { lineItems } from '../../db/schema.ts';
import { allowLongStatements } from '../../db/statement-timeout.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { type ExceptionContext, exceptionFactsOf, exceptionsOf, nowOf } from '../exceptions/exception-sql.ts';
import { exceptionMatchRange } from '../exceptions/exceptions.service.ts';
import type { ColumnarRows } from './columnar/columnar-rows.ts';
import type { RowContext } from './columnar/row-record.ts';
import { countRows, estimateRows } from './count-rows.ts';
import { findWritableLineItem } from './line-item-access.ts';
import { type SourceField, sourceOf } from './line-item-source.ts';
import {
  changedShipmentIds,
  displayed,
  exported,
  hasCriteria,
  orderBy,
  queryCondition,
  sortKeys,
  wasOf,
} from './line-item-sql.ts';

type RowMark = (typeof ROW_MARKS)[number];

/**
 * The server's rows in memory, once caught up with what was written before the request came
 * (undefined while they load): asked for only by a question they answer.
 */
export type RowsInMemory = () => Promise<ColumnarRows | undefined>;

/**
 * An exception picks rows by dates now past, which the default order (latest first) puts last, so
 * a walk in sort order may read most of the table before a page fills. When the chosen kinds have
 * at most this many line items (exception_counts says so at once), they are found by their
 * indexes and sorted in memory; more are dense enough for the walk, which then must not be traded
 * for the indexes (bench/RESULTS.md, the runs of 2026-11-25).
 */
const SORTED_IN_MEMORY = 10_000;

/**
 * The principal's scope and the query's condition on line_item_rows `r`; whether the chosen
 * exceptions are rare enough to be found by their indexes and sorted in memory; and, when
 * exceptions are the only criterion, at least how many rows match (from exception_counts).
 */
async function matchingCondition(db: Queryable, principal: Principal, query: RowQuery, context: ExceptionContext) {
  const kinds = query.exception ?? [];
  // A missing document type picks among the rows with missing documents: their count bounds it too.
  const boundingKinds: readonly ExceptionKind[] = query.missingDocument !== undefined ? ['missing_documents'] : kinds;
  const matches =
    boundingKinds.length > 0 ? await exceptionMatchRange(db, principal, boundingKinds, context) : undefined;
  const isRare = matches !== undefined && matches.atMost <= SORTED_IN_MEMORY;
  const onlyExceptions = matches !== undefined && !hasCriteria({ ...query, exception: undefined });
  return {
    where: sql`${lineItemRowScope(principal)} and ${queryCondition(query, context, { exceptionsByIndex: boundingKinds.length === 0 || isRare })}`,
    isRare,
    atLeast: onlyExceptions ? matches.atLeast : 0,
  };
}

/** With a 'changed in the last' filter, each date's value when its window opened ({v}), or null when it did not change since. */
type PageWas = Partial<Record<ColumnKey, { v: string | null } | null>>;
type PageRow = { line_item_id: string; exceptions: ExceptionKind[]; has_purchase_order: boolean; was?: PageWas };

/** A page row's `was` as the API answers it: the dates that changed in their window, each its value then. */
function wasDates(was: PageWas | undefined): Partial<Record<ColumnKey, string | null>> | undefined {
  if (was === undefined || was === null) return undefined;
  return Object.fromEntries(
    Object.entries(was).flatMap(([key, entry]) =>
      entry === null || entry === undefined ? [] : [[key, entry.v === null ? null : new Date(entry.v).toISOString()]],
    ),
  );
}

/**
 * The first COUNT_LIMIT + 1 matches in one statement: how many there are and, sorted among
 * themselves, the page. When they are all the matches, that is the answer: found by the conditions'
 * own indexes or one scan, where the planner, taking the conditions for independent and the matches
 * for common, would walk the whole sort order for them (a forwarder's filter on another company read
 * 1,000,000 rows for none: 2.8 s), and counted and paged in one pass instead of two.
 */
async function firstMatches(db: Queryable, where: SQL, pageOf: (rows: SQL) => SQL) {
  const result = await db.execute<{ total: number; page: PageRow[] }>(sql`
    with matches as materialized (select * from line_item_rows r where ${where} limit ${COUNT_LIMIT + 1})
    select (select count(*) from matches)::int as total,
           (select coalesce(json_agg(p), '[]') from (${pageOf(sql`matches r`)}) p) as page`);
  const [row] = result.rows;
  return { total: row?.total ?? 0, page: row?.page ?? [] };
}

/** What a page answer says besides its rows: how many match, how many the principal sees, which page. */
type PageCounts = Omit<LineItemsResponse, 'lineItems'>;

/**
 * Which line items make the query's page, in its order, with their exceptions, and the counts
 * beside it: what GET /api/LineItems and GET /api/LineItems/rows both answer from, so the two
 * always agree on the rows, their order and the totals. `readPageRows` reads what the answer shows
 * of the page's line items, by id: as soon as the ids are known, so beside the rest when the rows in
 * memory find them (a page of 500 waited 25–60 ms longer for two reads one after the other).
 */
async function findPage<Shown>(
  db: Queryable,
  principal: Principal,
  query: LineItemQuery,
  context: ExceptionContext,
  readPageRows: (ids: readonly number[]) => Promise<Shown>,
  copy?: RowsInMemory,
): Promise<PageCounts & { rows: PageRow[]; shown: Shown }> {
  const offset = (query.page - 1) * query.pageSize;
  const rowsInMemory = copy && !isIndexWalk(query, offset) ? await copy() : undefined;
  const asOf = rowsInMemory && (await rowContextOf(db, query, context));
  const fromCopy = asOf ? rowsInMemory?.page(rowScopeOf(principal), query, asOf, offset, query.pageSize) : null;
  if (fromCopy) {
    const was = wasOf(changeWindows(query.filters, nowOf(context)));
    const [rows, shown, totalAll] = await Promise.all([
      rowsOfIds(db, fromCopy.ids, context, was),
      readPageRows(fromCopy.ids),
      countVisible(db, principal),
    ]);
    const { page, pageSize } = query;
    return { rows, shown, total: fromCopy.total, totalExact: true, totalAll, page, pageSize };
  }
  const { where, isRare, atLeast } = await matchingCondition(db, principal, query, context);
  const totalAll = await countVisible(db, principal);
  const order = orderBy(sortKeys(query.sort));
  const was = wasOf(changeWindows(query.filters, nowOf(context)));
  const pageOf = (rows: SQL) => sql`
    select r.line_item_id, ${exceptionsOf(context)} as exceptions, r.po_status is not null as has_purchase_order${was ? sql`, ${was} as was` : sql``} from ${rows}
    order by ${order} limit ${query.pageSize} offset ${offset}`;
  // Past COUNT_LIMIT matches the count says "more than that": the exact figure is its own request.
  // Common exceptions alone are known to pass it unread (their walk would begin at the newest, unmatched rows).
  const first = hasCriteria(query) && atLeast <= COUNT_LIMIT ? await firstMatches(db, where, pageOf) : undefined;
  const total = !hasCriteria(query) ? totalAll : (first?.total ?? COUNT_LIMIT + 1);
  const totalExact = total <= COUNT_LIMIT || !hasCriteria(query);
  // Few matches were sorted among themselves by the statement that counted them. Many are read in
  // the sort order until the page is full; rare exceptions (exception_counts says so) are found by
  // their indexes first (`offset 0` keeps the planner from walking the sort order over them).
  const readPage = async () =>
    first && first.total <= COUNT_LIMIT
      ? first.page
      : (
          await db.execute<PageRow>(
            pageOf(
              isRare
                ? sql`(select * from line_item_rows r where ${where} offset 0) r`
                : sql`line_item_rows r where ${where}`,
            ),
          )
        ).rows;
  // Many matches: about how many, from a sample, beside the page and what it shows (the exact
  // count is its own request).
  const pageAndShown = async () => {
    const rows = await readPage();
    return { rows, shown: await readPageRows(rows.map((row) => Number(row.line_item_id))) };
  };
  const [{ rows, shown }, totalEstimate] = await Promise.all([
    pageAndShown(),
    totalExact ? undefined : estimateRows(db, where),
  ]);
  return {
    rows,
    shown,
    total,
    totalExact,
    ...(totalEstimate === undefined ? {} : { totalEstimate }),
    totalAll,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Whether PostgreSQL answers the page by walking one sort index no further than COUNT_LIMIT rows:
 * every row matches and the order is one column's. The in-memory copy answers the rest.
 */
const isIndexWalk = (query: LineItemQuery, offset: number) =>
  !hasCriteria(query) && query.sort.length <= 1 && offset + query.pageSize <= COUNT_LIMIT;

/**
 * The context the rows in memory decide the query as of: for each 'changed in the last' filter, the
 * shipments the date history says it picks (a few, by the history's index).
 */
async function rowContextOf(db: Queryable, query: RowQuery, context: ExceptionContext): Promise<RowContext> {
  const changes = query.filters.filter((filter) => isChangeOperator(filter.operator) && filter.value !== '');
  if (changes.length === 0) return context;
  const changedShipments = new Map<Filter, number[]>();
  for (const filter of changes) {
    const ids = changedShipmentIds(filter, context);
    const result = ids
      ? await db.execute<{ shipment_id: string }>(sql`select distinct s.shipment_id from (${ids}) s`)
      : { rows: [] };
    changedShipments.set(
      filter,
      result.rows.map((row) => Number(row.shipment_id)),
    );
  }
  return { ...context, changedShipments };
}

/**
 * The page rows of these line items, in this order (one deleted meanwhile is left out), with what
 * each changed date was (`was`, wasOf) for 'changed in the last' filters.
 */
async function rowsOfIds(
  db: Queryable,
  ids: readonly number[],
  context: ExceptionContext,
  was: SQL | undefined,
): Promise<PageRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<PageRow>(sql`
    select r.line_item_id, ${exceptionsOf(context)} as exceptions, r.po_status is not null as has_purchase_order${was ? sql`, ${was} as was` : sql``}
    from line_item_rows r where r.line_item_id = any(${idArray(ids)})`);
  const byId = new Map(result.rows.map((row) => [Number(row.line_item_id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of the line items the principal sees, matching the query, in its order, with their exceptions. */
export async function listLineItems(
  db: Queryable,
  principal: Principal,
  query: LineItemQuery,
  context: ExceptionContext,
  /** The rows in memory, caught up (columnar/rows-copy.ts): they answer what no index walk does. */
  copy?: RowsInMemory,
): Promise<LineItemsResponse> {
  const {
    rows,
    shown: [lineItems, facts],
    ...counts
  } = await findPage(
    db,
    principal,
    query,
    context,
    (ids) => Promise.all([lineItemsByIds(db, ids), exceptionFactsByIds(db, ids, context)]),
    copy,
  );
  const pageRows = new Map(rows.map((row) => [Number(row.line_item_id), row]));
  return {
    lineItems: lineItems.map((lineItem) => {
      const row = pageRows.get(Number(lineItem._id));
      const was = wasDates(row?.was);
      return {
        ...lineItem,
        exceptions: row?.exceptions ?? [],
        has_purchase_order: row?.has_purchase_order ?? false,
        exception_facts: facts.get(lineItem._id) ?? {},
        ...(was === undefined ? {} : { was }),
      };
    }),
    ...counts,
  };
}

/** The size of each exception of the line items `ids` (a page), by id. */
async function exceptionFactsByIds(db: Queryable, ids: readonly number[], context: ExceptionContext) {
  if (ids.length === 0) return new Map<string, ExceptionFacts>();
  const result = await db.execute<{ id: string; facts: ExceptionFacts }>(sql`
    select r.line_item_id::text as id, ${exceptionFactsOf(context)} as facts
    from line_item_rows r where r.line_item_id = any(${idArray(ids)})`);
  return new Map(result.rows.map((row) => [row.id, row.facts]));
}

/**
 * A row's marks other than its exceptions (the page has them), on the read model `r` and the line
 * item `li`; title and related_shipment are their columns' displayed text, which is the line item's.
 */
const markSql = (context: ExceptionContext): Record<Exclude<RowMark, 'exceptions'> | typeof EXCEPTION_FACTS, SQL> => ({
  _id: sql`r.line_item_id::text`,
  title: displayed('title'),
  related_shipment: displayed('related_shipment'),
  po_review_required: sql`li.po_review_required`,
  hide_lineitem: sql`r.is_hidden`,
  has_purchase_order: sql`r.po_status is not null`,
  exception_facts: exceptionFactsOf(context),
});

/**
 * The same page as listLineItems (the same rows, order and totals), answered as the dashboard
 * shows it: for each row its marks and the text of each shown column, read from the read model,
 * the names once for the page. No parts travel.
 */
export async function listLineItemRows(
  db: Queryable,
  principal: Principal,
  query: LineItemRowsQuery,
  context: ExceptionContext,
  copy?: RowsInMemory,
): Promise<LineItemRowsResponse> {
  const names = rowValueNames(shownColumns(query), asksExceptionFacts(query));
  const {
    rows: page,
    shown,
    ...counts
  } = await findPage(db, principal, query, context, (ids) => rowValuesByIds(db, ids, names, context), copy);
  // The exceptions are the page's (as listLineItems answers them); the other values were read by id.
  const exceptionsAt = names.indexOf('exceptions');
  // A line item deleted since the page was found is left out, as lineItemsByIds leaves it out.
  const rows = page.flatMap((row): RowValues[] => {
    const values = shown.get(String(row.line_item_id));
    if (!values) return [];
    return [[...values.slice(0, exceptionsAt), row.exceptions, ...values.slice(exceptionsAt)]];
  });
  if (!page.some((row) => row.was !== undefined)) return { ...counts, names, rows };
  // The dates as the table displays them, after the columns.
  const displayedWas = new Map(
    page.map((row) => [
      String(row.line_item_id),
      Object.fromEntries(Object.entries(wasDates(row.was) ?? {}).map(([key, iso]) => [key, displayDate(iso ?? null)])),
    ]),
  );
  return {
    ...counts,
    names: [...names, WAS_NAME],
    rows: rows.map((values) => [...values, displayedWas.get(String(values[0])) ?? {}]),
  };
}

type RowValues = LineItemRowsResponse['rows'][number];

/** The values named by `names` but the exceptions, of each of these line items, by id, in one statement. */
async function rowValuesByIds(
  db: Queryable,
  ids: readonly number[],
  names: readonly (RowMark | typeof EXCEPTION_FACTS | ColumnKey)[],
  context: ExceptionContext,
): Promise<Map<string, RowValues>> {
  if (ids.length === 0) return new Map();
  const marks = markSql(context);
  const read = names.filter((name) => name !== 'exceptions') as (
    | Exclude<RowMark, 'exceptions'>
    | typeof EXCEPTION_FACTS
    | ColumnKey
  )[];
  const expressions = sql.join(
    read.map((name) => (name in marks ? marks[name as keyof typeof marks] : displayed(name as ColumnKey))),
    sql`, `,
  );
  const result = await db.execute<{ id: string; v: RowValues }>(sql`
    select r.line_item_id::text as id, json_build_array(${expressions}) as v
    from line_item_rows r join line_items li on li.id = r.line_item_id
    where r.line_item_id = any(${idArray(ids)})`);
  return new Map(result.rows.map((row) => [row.id, row.v]));
}

/** How many line items the principal sees match the query, exactly (it may have to read every match). */
export async function countLineItems(
  db: Queryable,
  principal: Principal,
  query: RowQuery,
  context: ExceptionContext,
  copy?: RowsInMemory,
) {
  if (!hasCriteria(query)) return countVisible(db, principal);
  const rowsInMemory = await copy?.();
  const fromCopy = rowsInMemory?.count(rowScopeOf(principal), query, await rowContextOf(db, query, context)) ?? null;
  if (fromCopy !== null) return fromCopy;
  return countRows(db, (await matchingCondition(db, principal, query, context)).where);
}

/** What the principal sees before search and filters, from the trigger-kept counts (a handful of rows). */
async function countVisible(db: Queryable, principal: Principal) {
  const result = await db.execute<{ count: number }>(
    sql`select coalesce(sum(count), 0)::int as count from line_item_counts where ${lineItemCountScope(principal)}`,
  );
  return result.rows[0]?.count ?? 0;
}

/**
 * Every matching row's cells as exported (domain's exportedText), for `columns`, in order, a batch
 * at a time: what the CSV export writes. With `withExceptions`, a last cell names the row's
 * exceptions as of `context`. One query takes the matching ids in order (a million in
 * one 7 MB text), then each batch reads its cells from the read model by id, so an export neither
 * holds a connection nor builds the whole result in memory. A line item deleted meanwhile is left
 * out; one changed meanwhile is written as it is now.
 */
export async function* streamExportedRows(
  db: Queryable,
  principal: Principal,
  /** With `ids`, only those of the matching rows (the ticked ones). */
  query: RowQuery & { ids?: readonly number[] },
  context: ExceptionContext,
  columns: readonly ColumnKey[],
  withExceptions = false,
  // Small batches keep little alive at a time: at 1,000,000 rows, 2,000 a batch grew the server
  // by 174 MB, 500 by 42 MB, at the same speed (bench/RESULTS.md).
  batchSize = 500,
  /** The id list of a million rows takes longer than a request's statement may: the export's own limit. */
  statementTimeoutMs?: number,
): AsyncGenerator<string[][]> {
  const only = query.ids ? sql` and r.line_item_id = any(${idArray(query.ids)})` : sql``;
  const where = sql`${lineItemRowScope(principal)} and ${queryCondition(query, context)}${only}`;
  const result = await db.transaction(async (tx) => {
    await allowLongStatements(tx, statementTimeoutMs);
    return tx.execute<{ ids: string }>(sql`
      select array(select r.line_item_id from line_item_rows r where ${where}
                   order by ${orderBy(sortKeys(query.sort))})::text as ids`);
  });
  const ids = parseIdArray(result.rows[0]?.ids ?? '{}');
  const expressions = columns.map(exported);
  if (withExceptions) expressions.push(sql`array_to_string(${exceptionsOf(context, 'labels')}, '; ')`);
  const cells = sql.join(
    expressions.map((expression, index) => sql`${expression} as ${sql.raw(`c${index}`)}`),
    sql`, `,
  );
  const batchAt = async (start: number) => {
    const batch = Array.from(ids.subarray(start, start + batchSize));
    const rows = await db.execute<Record<string, string>>(sql`
      select r.line_item_id::text as id, ${cells} from line_item_rows r join shipments s on s.id = r.shipment_id
      where r.line_item_id = any(${idArray(batch)})`);
    const byId = new Map(
      rows.rows.map((row) => [Number(row.id), expressions.map((_cell, index) => row[`c${index}`] ?? '')]),
    );
    return batch.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  };
  // The next batch is asked for before this one is handed on, so the database and the CSV writer
  // work at the same time.
  let next = ids.length > 0 ? batchAt(0) : undefined;
  try {
    for (let start = 0; next; start += batchSize) {
      const batch = await next;
      next = start + batchSize < ids.length ? batchAt(start + batchSize) : undefined;
      yield batch;
    }
  } finally {
    // A reader that stops early (a client gone) leaves the prefetched batch unread: not an error.
    next?.catch(() => undefined);
  }
}

/** A bigint[] as PostgreSQL writes it ("{1,2,3}") into 8 bytes an id: a million ids never become a million strings. */
function parseIdArray(text: string): Float64Array {
  let commas = 0;
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) === 44) commas++;
  const ids = new Float64Array(text.length < 3 ? 0 : commas + 1);
  let count = 0;
  let value = 0;
  for (let index = 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
    else if (index > 1) {
      ids[count++] = value;
      value = 0;
    }
  }
  return ids.subarray(0, count);
}

/** A timestamp as the API writes it (toISOString's format), whatever the driver's type parsers do. */
const iso = (field: SourceField) =>
  sql`to_char(${sourceOf(field)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Amounts are numeric (unbounded): read as text, then made numbers, as the shipment API does. */
const amount = (field: SourceField) => ({
  select: sql`${sourceOf(field)}::text`,
  read: (value: string | null) => (value === null ? null : Number(value)),
  /** In JSON the numeric is a number already. */
  json: sourceOf(field),
});

/**
 * The line item's fields read from the tables, in the API's order (domain's LineItem): each the SQL
 * that reads it, with `read` where the driver's value is not yet the API's. The fields computed
 * from these (part_numbers, total_qty, numberOfParts, filter_record_out) are added by toLineItem.
 */
const STORED_FIELDS = {
  _id: sql`li.id::text`,
  title: sourceOf('title'),
  related_shipment: sourceOf('related_shipment'),
  forwarder_name: sourceOf('forwarder_name'),
  cosignee_name: sourceOf('cosignee_name'),
  consignor_name: sourceOf('consignor_name'),
  origin_port: sourceOf('origin_port'),
  destination_port: sourceOf('destination_port'),
  transit_type: sourceOf('transit_type'),
  master: sourceOf('master'),
  house: sourceOf('house'),
  obl_received_date: iso('obl_received_date'),
  atd: iso('atd'),
  dest_eta: iso('dest_eta'),
  ata: iso('ata'),
  est_delivery: iso('est_delivery'),
  act_delivery: iso('act_delivery'),
  shipment_origin_etd: iso('shipment_origin_etd'),
  created: iso('created'),
  weight: amount('weight'),
  outer: amount('outer'),
  volume: amount('volume'),
  parts: sql`coalesce((select json_agg(json_build_object('part_number', p.part_number, 'qty', p.qty) order by p.id)
                       from parts p where p.line_item_id = li.id), '[]')`,
  po_review_required: sourceOf('po_review_required'),
  ignore_po_character_count: sourceOf('ignore_po_character_count'),
  hide_lineitem: sourceOf('hide_lineitem'),
} satisfies {
  [Field in keyof LineItem]?: SQL | { select: SQL; read: (value: never) => LineItem[Field]; json: SQL };
};

type StoredLineItem = Pick<LineItem, keyof typeof STORED_FIELDS>;

const SELECT_STORED = sql.join(
  Object.entries(STORED_FIELDS).map(
    ([name, field]) => sql`${'select' in field ? field.select : field} as ${sql.identifier(name)}`,
  ),
  sql`, `,
);

/** A row as the driver returns it, with each `read` applied. */
function storedLineItem(row: Record<string, unknown>): StoredLineItem {
  const stored: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(STORED_FIELDS)) {
    stored[name] = 'read' in field ? field.read(row[name] as string | null) : row[name];
  }
  return stored as StoredLineItem;
}

/**
 * The line item `li` on shipment `s` as jsonb, as lineItemsByIds answers it (the stored fields, then
 * what toLineItem adds): what a delete's audit entry keeps and a restore reads back, for many line
 * items in one statement. bulk.test.ts holds the two equal.
 */
export const LINE_ITEM_JSON = sql`(jsonb_build_object(${sql.join(
  Object.entries(STORED_FIELDS).map(
    ([name, field]) => sql`${sql.raw(`'${name}'`)}, ${'json' in field ? field.json : field}`,
  ),
  sql`, `,
)}) || jsonb_build_object(
    'part_numbers', coalesce((select jsonb_agg(p.part_number order by p.id) from parts p where p.line_item_id = li.id), '[]'),
    'total_qty', (select coalesce(sum(coalesce(p.qty, 0)), 0) from parts p where p.line_item_id = li.id),
    'numberOfParts', (select count(*) from parts p where p.line_item_id = li.id),
    'filter_record_out', li.hide_lineitem))`;

/** Line items in the API's shape, in the order of `ids`: each with its shipment's fields and its parts. */
export async function lineItemsByIds(db: Queryable, ids: readonly number[]): Promise<LineItem[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${SELECT_STORED}
    from line_items li join shipments s on s.id = li.shipment_id
    where li.id = any(${idArray(ids)})`);
  const byId = new Map(result.rows.map((row) => [Number(row._id), toLineItem(storedLineItem(row))]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function toLineItem(stored: StoredLineItem): LineItem {
  const { parts, po_review_required, ignore_po_character_count, hide_lineitem, ...shipmentFields } = stored;
  return {
    ...shipmentFields,
    part_numbers: parts.map((part) => part.part_number),
    parts,
    total_qty: parts.reduce((sum, part) => sum + (part.qty ?? 0), 0),
    numberOfParts: parts.length,
    po_review_required,
    ignore_po_character_count,
    hide_lineitem,
    filter_record_out: hide_lineitem,
  };
}

/** The line_items row `li` as jsonb, as updateLineItem's audit entries keep it (`created` as JSON writes a Date). */
export const LINE_ITEM_ROW_JSON = sql`(to_jsonb(li) || jsonb_build_object('created', ${iso('created')}))`;

const DUPLICATE_PO = 'This shipment already has a line item with that PO number.';
/**
 * A forwarder's rename onto a PO number the shipment already uses: the same words whether that line
 * item is one it sees or a hidden one, so that renaming cannot find hidden PO numbers.
 */
export const PO_NUMBER_NOT_USABLE = 'That PO number cannot be used on this shipment.';

/**
 * Edits a line item's own fields. Renaming the PO keeps its parts (they hang off the line item,
 * not the PO text).
 */
export async function updateLineItem(
  db: Database,
  principal: Principal,
  key: { shipment: string; po: string },
  changes: LineItemUpdateBody,
): Promise<LineItem> {
  return withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    const { lineItem } = await findWritableLineItem(tx, principal, key.shipment, key.po);
    // 'Valid PO #' and 'Hide record' are staff controls; from a forwarder they are ignored, not obeyed.
    const isStaff = seesHiddenLineItems(principal);
    const hide = isStaff ? (changes.hide_lineitem ?? changes.filter_record_out) : undefined;
    const validPo = isStaff ? changes.ignore_po_character_count : undefined;
    const title = changes.title ?? lineItem.title;
    if (title !== lineItem.title) await assertPoFree(tx, principal, lineItem.shipment_id, title);
    const [updated] = await tx
      .update(lineItems)
      .set({
        title,
        // The review flag follows the PO number's length, as when the line item was created.
        po_review_required: title === lineItem.title ? lineItem.po_review_required : title.length,
        ignore_po_character_count: validPo ?? lineItem.ignore_po_character_count,
        hide_lineitem: hide ?? lineItem.hide_lineitem,
      })
      .where(sql`${lineItems.id} = ${lineItem.id}`)
      .returning();
    write.lineItemsChanged([lineItem.id]);
    write.audit({
      action: 'update',
      entity: 'line_item',
      entityId: lineItem.id,
      before: lineItem,
      after: updated,
    });
    const [result] = await lineItemsByIds(tx, [lineItem.id]);
    if (!result) throw new Error('updated line item vanished');
    return result;
  });
}

async function assertPoFree(db: Queryable, principal: Principal, shipmentId: number, title: string) {
  const clash = await db.execute(
    sql`select 1 from line_items where shipment_id = ${shipmentId} and title = ${title} limit 1`,
  );
  if (clash.rows.length === 0) return;
  // Staff see every line item, hidden ones included: they may hear which one is in the way.
  throw new AppError('conflict', seesHiddenLineItems(principal) ? DUPLICATE_PO : PO_NUMBER_NOT_USABLE);
}

/** Deletes a line item and its parts; the audit entry keeps both, so an administrator loses nothing. */
export async function deleteLineItem(db: Database, principal: Principal, key: { shipment: string; po: string }) {
  await withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    const { lineItem } = await findWritableLineItem(tx, principal, key.shipment, key.po);
    const [before] = await lineItemsByIds(tx, [lineItem.id]);
    // Parts and the read-model row go with it (ON DELETE CASCADE).
    await tx.delete(lineItems).where(sql`${lineItems.id} = ${lineItem.id}`);
    write.audit({
      action: 'delete',
      entity: 'line_item',
      entityId: lineItem.id,
      before,
    });
  });
}
