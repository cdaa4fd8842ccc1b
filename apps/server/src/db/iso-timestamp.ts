import { sql } from 'drizzle-orm';

/** A timestamptz column (a trusted column name, never input) as the wire's ISO text: 2027-03-12T08:00:00.000Z. */
export const isoTimestamp = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
