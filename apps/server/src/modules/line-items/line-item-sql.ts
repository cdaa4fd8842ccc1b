import { type ColumnKey, LINE_ITEM_COLUMNS, needsValue } from '@quayside/domain/line-item-columns';
import {
  changeWindowStart,
  dateFilterRange,
  effectiveSort,
  type Filter,
  type RowQuery,
  type SortRule,
  tieOrder,
} from '@quayside/domain/line-item-query';
import { foldCase, isNumberText, NUMBER_TEXT_SQL, parseCalendarDate } from '@quayside/domain/text';
import { type SQL, sql } from 'drizzle-orm';
import type { lineItemRows } from '../../db/schema.ts';
import { anyException, type ExceptionContext, missingDocumentCondition, nowOf } from '../exceptions/exception-sql.ts';
import { sourceOf } from './line-item-source.ts';

// The SQL translation of domain's queryLineItems(), over the read model line_item_rows (alias r).
// Its text columns use the "C" collation, so lower() and ILIKE fold ASCII only, exactly as foldCase().
// Sort expressions are spelled as the migration's indexes spell them, so the planner can use those.

/** The read model names its columns as the API names the fields, numberOfParts aside; schema.ts types it. */
const rowColumnOf = (key: ColumnKey): keyof typeof lineItemRows.$inferSelect =>
  key === 'numberOfParts' ? 'number_of_parts' : key;

const column = (key: ColumnKey) => sql.raw(`r.${rowColumnOf(key)}`);
const isNumberCell = (cell: SQL) => sql`${cell} ~ ${sql.raw(`'${NUMBER_TEXT_SQL}'`)}`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The cell as displayed (domain's displayText), in the "C" collation. */
export function displayed(key: ColumnKey): SQL {
  switch (LINE_ITEM_COLUMNS[key].kind) {
    case 'date':
      return sql`(coalesce(to_char(${column(key)}, 'YYYY-MM-DD'), '') collate "C")`;
    case 'number':
      return sql`(${column(key)}::text collate "C")`;
    case 'text':
      return column(key);
  }
}

/**
 * A cell of the CSV export (domain's exportedText): as displayed, but the transit type as stored on
 * the shipment (`s`, joined by the export), since the read model keeps only its displayed text.
 */
export const exported = (key: ColumnKey): SQL => (key === 'transit_type' ? sourceOf(key) : displayed(key));

/**
 * The search, filters, PO, import, exceptions and missing document of `query` as one condition on line_item_rows `r`
 * (who sees what aside); exceptions are decided as of `context`.
 */
export function queryCondition(query: RowQuery, context: ExceptionContext, { exceptionsByIndex = true } = {}): SQL {
  const conditions: SQL[] = [];
  if (query.exception !== undefined && query.exception.length > 0) {
    const exceptions = anyException(query.exception, context);
    // `is true` is no index's operator: the planner then walks the sort order and filters.
    conditions.push(exceptionsByIndex ? exceptions : sql`(${exceptions}) is true`);
  }
  if (query.missingDocument !== undefined) {
    const missing = missingDocumentCondition(query.missingDocument, context);
    conditions.push(exceptionsByIndex ? missing : sql`(${missing}) is true`);
  }
  if (query.po) conditions.push(sql`r.title = ${query.po}`);
  if (query.importId !== undefined) {
    conditions.push(
      sql`r.shipment_id in (select shipment_id from import_shipments where import_id = ${query.importId})`,
    );
  }
  if (query.q !== '') {
    const pattern = `%${escapeLike(foldCase(query.q))}%`;
    conditions.push(
      query.report === 'dr'
        ? sql`r.search_dr like ${pattern}`
        : sql`(r.search_dr like ${pattern} or r.search_default_only like ${pattern})`,
    );
  }
  if (query.filters.length > 0) {
    const filters = query.filters.map((filter) => filterCondition(filter, context));
    conditions.push(sql`(${sql.join(filters, query.logic === 'AND' ? sql` and ` : sql` or `)})`);
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

export const hasCriteria = (query: RowQuery) =>
  Boolean(query.po) ||
  query.importId !== undefined ||
  query.q !== '' ||
  query.filters.length > 0 ||
  (query.exception?.length ?? 0) > 0 ||
  query.missingDocument !== undefined;

function filterCondition(filter: Filter, context: ExceptionContext): SQL {
  const kind = LINE_ITEM_COLUMNS[filter.column].kind;
  const cell = column(filter.column);
  const text = displayed(filter.column);
  if (filter.operator === 'isEmpty') return kind === 'text' ? sql`${cell} = ''` : sql`${cell} is null`;
  if (filter.operator === 'isNotEmpty') return kind === 'text' ? sql`${cell} <> ''` : sql`${cell} is not null`;
  if (needsValue(filter.operator) && filter.value === '') return sql`true`;
  if (filter.operator === 'changedInLastHours' || filter.operator === 'changedInLastDays') {
    return changedSince(filter, context);
  }
  const range = dateFilterRange(filter, context.today);
  if (range === null) return sql`false`;
  if (range !== undefined) {
    // The bare comparisons greaterThan and lessThan make, on the same column: its index answers them.
    const bounds = [
      ...(range.from === null ? [] : [sql`${cell} >= ${range.from}::date`]),
      ...(range.to === null ? [] : [sql`${cell} <= ${range.to}::date`]),
    ];
    return sql`(${sql.join(bounds, sql` and `)})`;
  }
  const value = foldCase(filter.value);
  const like = escapeLike(value);
  switch (filter.operator) {
    case 'contains':
      if (kind !== 'text') return sql`${text} ilike ${`%${like}%`}`;
      return sql`(${text} ilike ${`%${like}%`} and ${searchTextContains(value)})`;
    case 'startsWith':
      return sql`${text} ilike ${`${like}%`}`;
    case 'endsWith':
      return sql`${text} ilike ${`%${like}`}`;
    case 'isNot':
      return sql`lower(${text}) <> ${value}`;
    case 'equals':
      if (kind === 'date') return compareDate(cell, '=', filter.value);
      return sql`lower(${text}) = ${value}`;
    case 'greaterThan':
      return kind === 'date' ? compareDate(cell, '>', filter.value) : compareNumber(filter.column, '>', filter.value);
    case 'lessThan':
      return kind === 'date' ? compareDate(cell, '<', filter.value) : compareNumber(filter.column, '<', filter.value);
    default:
      return sql`false`;
  }
}

/**
 * The row's shipment has a change of the filter's date in its date history since its window opened.
 * The changes of the last hours or days are few: found by the history's (field, changed_at) index
 * (shipments/date-history.sql), then their rows by line_item_rows' shipment_id index.
 */
function changedSince(filter: Filter, context: ExceptionContext): SQL {
  const shipments = changedShipmentIds(filter, context);
  return shipments === null ? sql`false` : sql`r.shipment_id in (${shipments})`;
}

/**
 * The shipments whose history has a change of a 'changed in the last' filter's date inside its
 * window, as `select shipment_id`; null when the window is not valid (no row matches).
 */
export function changedShipmentIds(filter: Filter, context: ExceptionContext): SQL | null {
  const since = changeWindowStart(filter, nowOf(context));
  if (since === null) return null;
  return sql`select c.shipment_id from shipment_date_changes c
    where c.field = ${rowColumnOf(filter.column)} and c.changed_at >= ${since}::timestamptz`;
}

/**
 * A text cell that contains `value` puts it in one of the row's search texts too, which the
 * trigram indexes can find: said beside "contains", it lets a rare value skip the scan (a filter
 * that matched nothing walked 250,000 rows). It never changes the answer. Not beside the other
 * operators, measured at 1,000,000 rows: "starts with" prefixes ("PO-0") are made of trigrams so
 * common that the index costs more than reading rows until the page is full; and beside "equals"
 * a whole cell value (DOCAU) is common, while the planner, taking the two conditions for
 * independent, thought it rare and built three bitmaps of 20,000-80,000 rows each (70 ms).
 * Trigrams need three characters.
 */
function searchTextContains(value: string): SQL {
  if (value.length < 3) return sql`true`;
  const pattern = `%${escapeLike(value)}%`;
  return sql`(r.search_dr like ${pattern} or r.search_default_only like ${pattern})`;
}

/** An empty cell or a value that is not a date fails the comparison (NULL, which WHERE treats as false). */
function compareDate(cell: SQL, operator: '=' | '>' | '<', value: string): SQL {
  const date = parseCalendarDate(value);
  if (date === null) return sql`false`;
  // No coalesce(): the bare comparison is what the column's index can answer.
  return sql`${cell} ${sql.raw(operator)} ${date}::date`;
}

/**
 * For each date column of `windows`, what the row's date was when its window opened: {"v": the old
 * value of its first change since} when it changed since, else null. Read for a page's rows only,
 * by the history's (shipment_id, field, id) index.
 */
export function wasOf(windows: Partial<Record<ColumnKey, string>>): SQL | undefined {
  const entries = Object.entries(windows) as [ColumnKey, string][];
  if (entries.length === 0) return undefined;
  const values = entries.map(
    ([key, since]) => sql`${key}::text, (select json_build_object('v', c.old_value) from shipment_date_changes c
      where c.shipment_id = r.shipment_id and c.field = ${rowColumnOf(key)} and c.changed_at >= ${since}::timestamptz
      order by c.id limit 1)`,
  );
  return sql`json_build_object(${sql.join(values, sql`, `)})`;
}

const BIGINT_MIN = -(2n ** 63n);
const BIGINT_MAX = 2n ** 63n - 1n;

/** Compared as numbers when both sides are numbers; otherwise the filter fails. */
function compareNumber(key: ColumnKey, operator: '>' | '<', value: string): SQL {
  if (!isNumberText(value)) return sql`false`;
  const cell = column(key);
  if (LINE_ITEM_COLUMNS[key].kind === 'number') {
    // Number columns hold integers: "> 2.5" is "> 2" and "< 2.5" is "< 3". Compared as bigint,
    // not numeric, so the column's index can answer it.
    return sql`${cell} ${sql.raw(operator)} ${integerBound(value, operator).toString()}::bigint`;
  }
  return sql`(case when ${isNumberCell(cell)} then ${cell}::numeric ${sql.raw(operator)} ${value}::numeric else false end)`;
}

/** floor(value) for ">", ceil(value) for "<", clamped to bigint (columns never reach its ends). */
export function integerBound(value: string, operator: '>' | '<'): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  let bound = BigInt(whole);
  const hasFraction = /[1-9]/.test(fraction);
  if (hasFraction && operator === '>' && whole.startsWith('-')) bound -= 1n;
  if (hasFraction && operator === '<' && !whole.startsWith('-')) bound += 1n;
  if (bound < BIGINT_MIN) bound = BIGINT_MIN;
  if (bound > BIGINT_MAX) bound = BIGINT_MAX;
  return bound;
}

/**
 * One key of the sort order. `nullsFirst` says where NULL lands in the output. A key that is never
 * NULL keeps PostgreSQL's default (last ascending, first descending): that is the order of its index
 * read backwards, and the planner matches an index by the words, not by the column being NOT NULL.
 */
type SortKey = { expression: SQL; ascending: boolean; nullsFirst: boolean };
const neverNull = (expression: SQL, ascending: boolean): SortKey => ({ expression, ascending, nullsFirst: !ascending });

export function sortKeys(sort: readonly SortRule[]): SortKey[] {
  const keys = effectiveSort(sort).flatMap((rule) => keysOf(rule));
  const ascending = tieOrder(sort) === 'asc';
  keys.push(neverNull(sql`r.line_item_id`, ascending));
  return keys;
}

function keysOf(rule: SortRule): SortKey[] {
  const ascending = rule.direction === 'asc';
  const cell = column(rule.key);
  switch (LINE_ITEM_COLUMNS[rule.key].kind) {
    // Empty dates first ascending, last descending.
    case 'date':
      return [{ expression: cell, ascending, nullsFirst: ascending }];
    case 'number':
      return [neverNull(cell, ascending)];
    case 'text':
      // Empty, then numbers (numerically), then other text (case-folded code points): see compareCells().
      return [
        neverNull(sql`(case when ${cell} = '' then 0 when ${isNumberCell(cell)} then 1 else 2 end)`, ascending),
        {
          expression: sql`(case when ${isNumberCell(cell)} then ${cell}::numeric end)`,
          ascending,
          // PostgreSQL's default: NULL sorts as the largest value.
          nullsFirst: !ascending,
        },
        neverNull(sql`lower(${cell})`, ascending),
      ];
  }
}

export function orderBy(keys: readonly SortKey[]): SQL {
  return sql.join(
    keys.map((key) => {
      const direction = key.ascending ? 'asc' : 'desc';
      // Spell out NULLS only where it differs from the default, so the expression matches the indexes.
      const isDefault = key.nullsFirst === !key.ascending;
      return sql`${key.expression} ${sql.raw(isDefault ? direction : `${direction} nulls ${key.nullsFirst ? 'first' : 'last'}`)}`;
    }),
    sql`, `,
  );
}
