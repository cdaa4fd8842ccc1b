import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';
import { EXCEPTION_KINDS, ExceptionFacts } from './exceptions.ts';
import { plainText } from './fields.ts';

const text = (description: string) => z.string().describe(description);
const isoDate = (description: string) => z.string().nullable().describe(`${description} (ISO timestamp, or null)`);
const amount = (description: string) => z.number().nullable().describe(description);

/** A part as it rides along on a line item (the dashboard's parts popover needs no extra call). */
export const LineItemPart = z.object({ part_number: z.string(), qty: z.number().int().nullable() });

/**
 * A line item as the API returns it: its own fields, its shipment's fields (read from the
 * shipment, never copied) and what its parts add up to. Field names are the spec's (`cosignee_name`, sic).
 */
export const LineItem = z.object({
  _id: text('The line item id'),
  title: text('PO number'),
  related_shipment: text('Shipment number'),
  forwarder_name: z.string(),
  cosignee_name: text('Consignee (spelled as in the original data)'),
  consignor_name: z.string(),
  origin_port: z.string(),
  destination_port: z.string(),
  transit_type: text("The shipment's Trans (SEA, AIR, COU, ROA, ...)"),
  master: z.string(),
  house: z.string(),
  obl_received_date: isoDate('OBL received'),
  atd: isoDate('Actual departure'),
  dest_eta: isoDate('Estimated arrival at destination'),
  ata: isoDate('Actual arrival'),
  est_delivery: isoDate('Estimated delivery'),
  act_delivery: isoDate('Actual delivery'),
  shipment_origin_etd: isoDate('Estimated departure from origin'),
  created: z.string().describe('When the line item was created (ISO timestamp)'),
  weight: amount("The shipment's weight"),
  outer: amount("The shipment's outer count"),
  volume: amount("The shipment's volume"),
  part_numbers: z.array(z.string()).describe('Part numbers, in the order they were added'),
  parts: z.array(LineItemPart),
  total_qty: z.number().int().describe('Sum of the parts’ quantities'),
  numberOfParts: z.number().int(),
  po_review_required: z.number().int().describe('Above 10 flags the PO number for review'),
  ignore_po_character_count: z.boolean().describe("'Valid PO #'"),
  hide_lineitem: z.boolean().describe("'Hide record': never shown to forwarders"),
  filter_record_out: z.boolean().describe('The same as hide_lineitem'),
  exceptions: z
    .array(z.enum(EXCEPTION_KINDS))
    .optional()
    .describe('What needs attention today (GET /api/LineItems only): see GET /api/Exceptions/summary'),
  has_purchase_order: z
    .boolean()
    .optional()
    .describe(
      'A purchase order numbered as the title exists (GET /api/LineItems only): GET /api/PurchaseOrders/detail?po=',
    ),
  was: z
    .partialRecord(z.enum(['atd', 'dest_eta', 'ata', 'est_delivery']), z.string().nullable())
    .optional()
    .describe(
      "With a 'changed in the last' filter (GET /api/LineItems only): for each date it names that changed in its window, the value it had when the window opened (ISO timestamp, or null for none)",
    ),
  exception_facts: ExceptionFacts.optional().describe(
    'How large each of those exceptions is: days late, days the ETA slipped, the documents missing (GET /api/LineItems only)',
  ),
});
export type LineItem = z.infer<typeof LineItem>;

export const LineItemsResponse = z.object({
  lineItems: z.array(LineItem),
  total: z
    .number()
    .int()
    .describe('Line items matching the search and filters: exact when totalExact, else a lower bound'),
  totalExact: z
    .boolean()
    .describe(
      'False when too many line items match to count them here: ask GET /api/LineItems/count for the exact figure',
    ),
  totalEstimate: z
    .number()
    .int()
    .optional()
    .describe(
      'When totalExact is false: about how many match (two significant digits, from a sample of the rows), when the sample can say',
    ),
  totalAll: z.number().int().describe('Line items this user sees before search and filters'),
  page: z.number().int(),
  pageSize: z.union(PAGE_SIZES.map((size) => z.literal(size))),
});
export type LineItemsResponse = z.infer<typeof LineItemsResponse>;

/**
 * A page answer counts its matches only up to this many: counting 400,000 matches exactly costs
 * far more than finding the page, so a large count is asked for separately (GET /api/LineItems/count).
 */
export const COUNT_LIMIT = 1000;

export const LineItemCountResponse = z.object({
  total: z.number().int().describe('Line items matching the search and filters, exactly'),
});
export type LineItemCountResponse = z.infer<typeof LineItemCountResponse>;

const poNumber = plainText(200, 'PO number must be at most 200 characters.').refine(
  (value) => value !== '',
  'PO number is required.',
);

export const LineItemKeyQuery = z.object({
  shipment: plainText(200).min(1, 'shipment is required.').describe('Shipment number'),
  po: plainText(200).min(1, 'po is required.').describe('The PO number before the edit'),
});

/** The editable fields of a line item; anything else in the body is ignored. */
export const LineItemUpdateBody = z.object({
  title: poNumber.optional(),
  ignore_po_character_count: z.boolean().optional(),
  hide_lineitem: z.boolean().optional(),
  filter_record_out: z.boolean().optional().describe('Accepted as hide_lineitem'),
});
export type LineItemUpdateBody = z.infer<typeof LineItemUpdateBody>;

export const LineItemDeleteBody = z.object({
  title: plainText(200).min(1, 'title is required.'),
  related_shipment: plainText(200).min(1, 'related_shipment is required.'),
});

export const LineItemResponse = z.object({ lineItem: LineItem });
export const MessageResponse = z.object({ message: z.string() });
