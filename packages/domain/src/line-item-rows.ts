import { z } from 'zod';
import { EXCEPTION_KINDS, ExceptionFacts } from './exceptions.ts';
import { COLUMN_KEYS, type ColumnKey, REPORT_COLUMNS } from './line-item-columns.ts';
import { LineItemQuery } from './line-item-query.ts';
import { ROW_MARKS } from './line-item-row.ts';
import { LineItemsResponse } from './line-items.ts';

// The dashboard's page of rows (GET /api/LineItems/rows): only the columns it shows, each as the
// table displays it, and the names written once for the page instead of once a row. The full line
// items (every field, their parts) stay GET /api/LineItems's; a row's parts are asked when its
// popover opens. What a row is, and how an answer's rows become objects, is in line-item-row.ts.

const columnList = z
  .string()
  .max(400, 'columns is too long.')
  .transform((text, context) => {
    const names = text.split(',').map((name) => name.trim());
    const unknown = names.filter((name) => !(COLUMN_KEYS as readonly string[]).includes(name));
    if (unknown.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `Unknown column: ${unknown[0]?.slice(0, 40)}. The columns are ${COLUMN_KEYS.join(', ')}.`,
      });
      return z.NEVER;
    }
    return [...new Set(names)] as ColumnKey[];
  });

export const LineItemRowsQuery = LineItemQuery.extend({
  columns: columnList
    .optional()
    .describe("The columns to show, comma-separated, in order (default: the report's columns)"),
});
export type LineItemRowsQuery = z.infer<typeof LineItemRowsQuery>;

/** The columns a rows query shows: those it names, else its report's. */
export const shownColumns = (query: Pick<LineItemRowsQuery, 'columns' | 'report'>): readonly ColumnKey[] =>
  query.columns ?? REPORT_COLUMNS[query.report];

const RowValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.enum(EXCEPTION_KINDS)),
  // `was` before the facts: every facts field is optional, so the facts' schema would take `was`
  // and strip its dates.
  z.record(z.string(), z.string()),
  ExceptionFacts,
]);

export const LineItemRowsResponse = LineItemsResponse.omit({ lineItems: true }).extend({
  names: z
    .array(z.string())
    .describe(
      `The name of each value of a row, in order: ${ROW_MARKS.join(', ')}, then exception_facts when the query asks for exception or missingDocument (days late, days the ETA slipped, the documents missing), then each column asked (its text as the table shows it), then, with a 'changed in the last' filter, was: for each date it names that changed in its window, the date it had when the window opened (YYYY-MM-DD, empty for none)`,
    ),
  rows: z.array(z.array(RowValue)).describe('One array of values a row, named by `names`'),
});
export type LineItemRowsResponse = z.infer<typeof LineItemRowsResponse>;
