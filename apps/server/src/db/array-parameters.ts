import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

// Many values as one parameter, a typed array, instead of a parameter each: Drizzle's builder spends
// microseconds a parameter, and an import's batches of 1,000 rows cost more to build than PostgreSQL
// took to run them (bench/RESULTS.md, 'Imports and saves').

const NEEDS_ESCAPE = /[\\"]/;
const ESCAPED = /[\\"]/g;

/** A PostgreSQL array literal of these values (each quoted; null and undefined are NULL). */
function arrayLiteral(values: readonly unknown[]) {
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    const text = String(value);
    return `"${NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, '\\$&') : text}"`;
  });
  return `{${elements.join(',')}}`;
}

/** Ids (of any table) as one `bigint[]` parameter. */
export const idArray = (ids: readonly (number | string)[]): SQL => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** Texts (null: NULL) as one `text[]` parameter; cast it for another type (`::date[]`). */
export const textArray = (texts: readonly (string | null)[]): SQL => sql`${arrayLiteral(texts)}::text[]`;

const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };

/** The array type of a column's values (a serial column holds integers). */
const arrayType = (column: PgColumn) => {
  const type = column.getSQLType();
  return sql.raw(`${SERIAL_TYPES[type] ?? type}[]`);
};

/**
 * `insert into <table> (<columns>) select * from unnest(<a typed array a column>)`; the caller may
 * append `on conflict ...` or `returning ...`. A row that lacks a listed column takes the column's
 * default when that is a value, else NULL (a default that is an expression, like now(), cannot go
 * in an array: list such a column only when every row gives it).
 */
export function insertMany<Table extends PgTable>(
  table: Table,
  columns: readonly (keyof Table['$inferInsert'] & string)[],
  rows: readonly Table['$inferInsert'][],
): SQL {
  const byKey = getTableColumns(table);
  const arrays = columns.map((key) => {
    const column = byKey[key];
    if (!column) throw new Error(`${key} is not a column`);
    const fallback = is(column.default, SQL) ? undefined : column.default;
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key] ?? fallback;
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return sql`${arrayLiteral(values)}::${arrayType(column)}`;
  });
  const names = sql.join(
    columns.map((key) => sql.identifier(byKey[key]?.name ?? key)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}

/** `<column> = any(<values as one array>)`: for the thousands of keys an import batch looks up. */
export function isAnyOf(column: PgColumn, values: readonly unknown[]): SQL {
  const literal = arrayLiteral(values.map((value) => column.mapToDriverValue(value)));
  return sql`${column} = any(${literal}::${arrayType(column)})`;
}
