import {
  type ColumnKey,
  effectiveSort,
  type Filter,
  LINE_ITEM_COLUMNS,
  type RowQuery,
  type SortRule,
} from '@quayside/domain/line-item-query';
import { companyKey, foldCase, isNumberText, NUMBER_TEXT_SQL, parseCalendarDate } from '@quayside/domain/text';
import { type SQL, sql } from 'drizzle-orm';
import { hasCompany } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';

// The SQL translation of domain's queryLineItems(), over the read model line_item_rows (alias r).
// Its text columns use the "C" collation, so lower() and ILIKE fold ASCII only, exactly as foldCase().
// Sort expressions are spelled as the migration's indexes spell them, so the planner can use those.

const ROW_COLUMN: Record<ColumnKey, string> = {
  title: 'title',
  related_shipment: 'related_shipment',
  forwarder_name: 'forwarder_name',
  cosignee_name: 'cosignee_name',
  origin_port: 'origin_port',
  destination_port: 'destination_port',
  transit_type: 'transit_type',
  numberOfParts: 'number_of_parts',
  part_numbers: 'part_numbers',
  total_qty: 'total_qty',
  atd: 'atd',
  dest_eta: 'dest_eta',
  ata: 'ata',
  est_delivery: 'est_delivery',
  house: 'house',
  master: 'master',
};

const column = (key: ColumnKey) => sql.raw(`r.${ROW_COLUMN[key]}`);
const isNumberCell = (cell: SQL) => sql`${cell} ~ ${sql.raw(`'${NUMBER_TEXT_SQL}'`)}`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The cell as displayed (domain's displayText), in the "C" collation. */
function displayed(key: ColumnKey): SQL {
  switch (LINE_ITEM_COLUMNS[key].kind) {
    case 'date':
      return sql`(coalesce(to_char(${column(key)}, 'YYYY-MM-DD'), '') collate "C")`;
    case 'number':
      return sql`(${column(key)}::text collate "C")`;
    case 'text':
      return column(key);
  }
}

/** Which rows the principal sees at all: a forwarder, only its company's, and never hidden ones. */
export function visibleRows(principal: Principal): SQL {
  if (principal.role !== 'Forwarder') return sql`true`;
  if (!hasCompany(principal)) return sql`false`;
  return sql`r.forwarder_key = ${companyKey(principal.company)} and not r.is_hidden`;
}

/** The search, filters and PO of `query` as one condition (scope aside). */
export function matchingRows(query: RowQuery): SQL {
  const conditions: SQL[] = [];
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
    const filters = query.filters.map(filterCondition);
    conditions.push(sql`(${sql.join(filters, query.logic === 'AND' ? sql` and ` : sql` or `)})`);
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

export const hasCriteria = (query: RowQuery) =>
  Boolean(query.po) || query.importId !== undefined || query.q !== '' || query.filters.length > 0;

function filterCondition(filter: Filter): SQL {
  const kind = LINE_ITEM_COLUMNS[filter.column].kind;
  const cell = column(filter.column);
  const text = displayed(filter.column);
  if (filter.operator === 'isEmpty') return kind === 'text' ? sql`${cell} = ''` : sql`${cell} is null`;
  if (filter.operator === 'isNotEmpty') return kind === 'text' ? sql`${cell} <> ''` : sql`${cell} is not null`;
  if (filter.value === '') return sql`true`;
  const value = foldCase(filter.value);
  const like = escapeLike(value);
  switch (filter.operator) {
    case 'contains':
      return sql`${text} ilike ${`%${like}%`}`;
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
  }
}

/** An empty cell or a value that is not a date fails the comparison. */
function compareDate(cell: SQL, operator: '=' | '>' | '<', value: string): SQL {
  const date = parseCalendarDate(value);
  if (date === null) return sql`false`;
  return sql`coalesce(${cell} ${sql.raw(operator)} ${date}::date, false)`;
}

/** Compared as numbers when both sides are numbers; otherwise the filter fails. */
function compareNumber(key: ColumnKey, operator: '>' | '<', value: string): SQL {
  if (!isNumberText(value)) return sql`false`;
  const cell = column(key);
  if (LINE_ITEM_COLUMNS[key].kind === 'number') return sql`${cell} ${sql.raw(operator)} ${value}::numeric`;
  return sql`(case when ${isNumberCell(cell)} then ${cell}::numeric ${sql.raw(operator)} ${value}::numeric else false end)`;
}

/**
 * One key of the sort order. `nullsFirst` says where NULL lands in the output, which the
 * export's keyset paging needs to know. `cast` types a value read back as text.
 */
type SortKey = { expression: SQL; ascending: boolean; nullsFirst: boolean; cast: string };

export function sortKeys(sort: readonly SortRule[]): SortKey[] {
  const keys = effectiveSort(sort).flatMap((rule) => keysOf(rule));
  keys.push({ expression: sql`r.line_item_id`, ascending: true, nullsFirst: false, cast: 'bigint' });
  return keys;
}

function keysOf(rule: SortRule): SortKey[] {
  const ascending = rule.direction === 'asc';
  const cell = column(rule.key);
  switch (LINE_ITEM_COLUMNS[rule.key].kind) {
    // Empty dates first ascending, last descending.
    case 'date':
      return [{ expression: cell, ascending, nullsFirst: ascending, cast: 'date' }];
    case 'number':
      return [{ expression: cell, ascending, nullsFirst: false, cast: 'numeric' }];
    case 'text':
      // Empty, then numbers (numerically), then other text (case-folded code points): see compareCells().
      return [
        {
          expression: sql`(case when ${cell} = '' then 0 when ${isNumberCell(cell)} then 1 else 2 end)`,
          ascending,
          nullsFirst: false,
          cast: 'integer',
        },
        {
          expression: sql`(case when ${isNumberCell(cell)} then ${cell}::numeric end)`,
          ascending,
          // PostgreSQL's default: NULL sorts as the largest value.
          nullsFirst: !ascending,
          cast: 'numeric',
        },
        { expression: sql`lower(${cell})`, ascending, nullsFirst: false, cast: 'text' },
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

/** The rows after `last` (the sort keys' values of the previous row, as text) in `keys` order: keyset paging. */
export function after(keys: readonly SortKey[], last: readonly (string | null)[]): SQL {
  const branches = keys.map((key, index) => {
    const equalBefore = keys
      .slice(0, index)
      .map((earlier, position) => sql`${earlier.expression} is not distinct from ${value(earlier, last[position])}`);
    return sql.join([...equalBefore, comesAfter(key, last[index] ?? null)], sql` and `);
  });
  return sql`(${sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` or `,
  )})`;
}

const value = (key: SortKey, text: string | null | undefined) => sql`${text ?? null}::${sql.raw(key.cast)}`;

function comesAfter(key: SortKey, last: string | null): SQL {
  if (last === null) return key.nullsFirst ? sql`${key.expression} is not null` : sql`false`;
  const beyond = sql`${key.expression} ${sql.raw(key.ascending ? '>' : '<')} ${value(key, last)}`;
  return key.nullsFirst ? beyond : sql`(${key.expression} is null or ${beyond})`;
}
