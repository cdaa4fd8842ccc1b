import { Readable } from 'node:stream';
import { csvLine } from '@quayside/domain/csv';
import { LINE_ITEM_COLUMNS, REPORT_COLUMNS } from '@quayside/domain/line-item-columns';
import type { RowQuery } from '@quayside/domain/line-item-query';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import type { ExceptionContext } from '../exceptions/exception-sql.ts';
import { streamExportedRows } from './line-items.service.ts';

/**
 * The export's CSV, as a stream whose query has already answered: the matching ids and the first
 * batch are read before the caller sends a byte, so a query that fails is an error answer with a
 * message, never a 200 whose CSV stops after the header.
 */
export async function exportCsv(
  db: Queryable,
  principal: Principal,
  /** With `ids`, only those of the matching rows (the ticked ones). */
  query: RowQuery & { ids?: readonly number[] },
  context: ExceptionContext,
  statementTimeoutMs: number,
): Promise<Readable> {
  const columns = REPORT_COLUMNS[query.report];
  // The report's columns stay as SPEC.md has them; an export asked for by exception (or a missing document) says which ones.
  const withExceptions = (query.exception?.length ?? 0) > 0 || query.missingDocument !== undefined;
  const batches = streamExportedRows(
    db,
    principal,
    query,
    context,
    columns,
    withExceptions,
    undefined,
    statementTimeoutMs,
  );
  const first = await batches.next();
  const header = columns.map((column) => LINE_ITEM_COLUMNS[column].label);
  return Readable.from(csvOf(withExceptions ? [...header, EXCEPTIONS_COLUMN] : header, first, batches));
}

export const EXCEPTIONS_COLUMN = 'Exceptions';

/** The CSV text, a batch of lines at a time: the header holds the report's column labels. */
async function* csvOf(header: readonly string[], first: IteratorResult<string[][]>, rest: AsyncGenerator<string[][]>) {
  try {
    yield csvLine(header);
    if (first.done) return;
    yield first.value.map(csvLine).join('');
    for await (const rows of rest) yield rows.map(csvLine).join('');
  } finally {
    // A client gone before the end leaves the rows unread: let them go (a prefetched batch included).
    await rest.return(undefined);
  }
}
