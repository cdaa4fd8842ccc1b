import { z } from 'zod';
import { LineItemQuery } from './line-item-query.ts';

// Acting on many line items at once: the rows ticked on the dashboard (their
// ids), or every row its query matches ('all N matching', sent as the query, never as N ids).

export const BULK_ACTIONS = ['hide', 'unhide', 'validPo', 'invalidPo', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Ids a request may name: the ticked rows, or the rows unticked from 'all N matching'. */
export const BULK_MAX_IDS = 1000;
/** Refused rows listed in an answer; refusedCount says how many there were in all. */
export const BULK_MAX_REFUSED_LISTED = 100;

// The server's answers that a client may show as they are.
export const BULK_NOT_FOUND = 'Not found';
export const BULK_STAFF_ONLY = "Only staff can hide line items or set 'Valid PO #'.";
export const bulkCountChanged = (count: number) =>
  `The matching line items changed: ${count.toLocaleString('en-US')} now match. Check and try again.`;

/** A line item's _id as the list returns it: a whole number, as text. */
const LineItemId = z
  .string({ error: 'A line item id is text (the _id the list returns).' })
  .regex(/^[1-9]\d{0,17}$/, 'A line item id is the _id the list returns (a whole number).');
const lineItemIds = (what: string) =>
  z
    .array(LineItemId, { error: `${what} must be a list of line item ids.` })
    .max(BULK_MAX_IDS, `${what}: at most ${BULK_MAX_IDS.toLocaleString('en-US')} line items at once.`)
    .refine((ids) => new Set(ids).size === ids.length, `${what}: each line item at most once.`);

/** Which rows match (the dashboard's wire form, as GET /api/LineItems/count takes it): sort and paging do not matter. */
export const BulkQuery = LineItemQuery.pick({
  q: true,
  filters: true,
  logic: true,
  report: true,
  po: true,
  importId: true,
  exception: true,
  missingDocument: true,
});

export type BulkQuery = z.infer<typeof BulkQuery>;
type SelectedByIds = { ids: string[] };
type SelectedByQuery = { query: BulkQuery; except: string[]; expected: number };

export const BulkSelection = z
  .object(
    {
      ids: lineItemIds('ids')
        .min(1, 'Select at least one line item.')
        .optional()
        .describe(`The ticked rows' _id (1–${BULK_MAX_IDS}); or give query and expected instead`),
      query: BulkQuery.optional().describe(
        'Every row this dashboard query matches (q, filters as JSON text, logic, report, po, importId, exception)',
      ),
      except: lineItemIds('except')
        .optional()
        .describe(`With query: rows unticked from the matches (at most ${BULK_MAX_IDS})`),
      expected: z
        .number({ error: 'expected must be a whole number.' })
        .int('expected must be a whole number.')
        .min(0, 'expected must be a whole number.')
        .optional()
        .describe('With query: how many rows the person was shown and confirmed (matches minus except)'),
    },
    { error: 'selection names the line items: { ids } or { query, expected }.' },
  )
  .transform(({ ids, query, except, expected }, context): SelectedByIds | SelectedByQuery => {
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (ids !== undefined) {
      if (query !== undefined) return refuse('Select line items by ids or by query, not both.');
      if (except !== undefined || expected !== undefined) return refuse('except and expected go with query, not ids.');
      return { ids };
    }
    if (query === undefined) return refuse('Select line items by ids, or by query with expected.');
    if (expected === undefined) return refuse('expected is required with query: the number of line items confirmed.');
    return { query, except: except ?? [], expected };
  });
export type BulkSelection = z.infer<typeof BulkSelection>;

export const LineItemBulkBody = z.object({
  action: z
    .enum(BULK_ACTIONS, { error: `action is one of ${BULK_ACTIONS.join(', ')}.` })
    .describe(
      "hide / unhide: 'Hide record'; validPo / invalidPo: 'Valid PO #' on / off (both staff only); " +
        'delete: with their parts, each restorable from Deletions',
    ),
  selection: BulkSelection,
});
export type LineItemBulkBody = z.infer<typeof LineItemBulkBody>;

export const RefusedLineItem = z.object({
  id: z.string().describe('The id as sent'),
  po: z.string().nullable().describe('PO number; null when the line item is not found'),
  shipment: z.string().nullable().describe('Shipment number; null when the line item is not found'),
  reason: z.string().describe(`Why it was left as it was ('${BULK_NOT_FOUND}': no such line item you can see)`),
});
export type RefusedLineItem = z.infer<typeof RefusedLineItem>;

export const LineItemBulkResponse = z.object({
  changed: z.number().int().describe('Line items changed (or deleted)'),
  unchanged: z.number().int().describe('Line items selected that were already as asked (left alone, not audited)'),
  refused: z.array(RefusedLineItem).describe(`The first ${BULK_MAX_REFUSED_LISTED} refused`),
  refusedCount: z.number().int().describe('Line items refused in all'),
});
export type LineItemBulkResponse = z.infer<typeof LineItemBulkResponse>;

/** The ticked rows as CSV: the export's columns for the report, in the sort given (both as GET /api/LineItems takes them). */
export const LineItemExportBody = LineItemQuery.pick({ report: true, sort: true }).extend({
  ids: lineItemIds('ids').min(1, 'Select at least one line item.').describe(`The rows' _id (1–${BULK_MAX_IDS})`),
});
export type LineItemExportBody = z.infer<typeof LineItemExportBody>;
