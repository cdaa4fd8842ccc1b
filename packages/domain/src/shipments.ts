import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MODE_OPTIONS,
  SHIPMENT_MATCH_MIN_LENGTH,
  TRANS_OPTIONS,
  UQ_CHARGE_OPTIONS,
  UQ_OUTER_OPTIONS,
  VOLUQ_OPTIONS,
  WTUQ_OPTIONS,
} from './constants.ts';
import { pageParam, pageSizeParam, plainText } from './fields.ts';
import { parseCalendarDate } from './text.ts';

// A shipment on the wire is keyed by the spec's labels (SPEC.md §3 'Shipment').

export const SHIPMENT_TEXT_FIELDS = {
  'Forwarder Name': 'forwarder_name',
  'Consignee Name': 'consignee_name',
  'Consignor Name': 'consignor_name',
  Origin: 'origin',
  'Dest.': 'dest',
  House: 'house',
  Master: 'master',
  'Job Notes': 'job_notes',
  'Container #': 'container_number',
  Vessel: 'vessel',
  'Arrival Vessel': 'arrival_vessel',
  PACKTYPE: 'packtype',
  Cntr: 'cntr',
} as const;

/** Fields whose value must come from one of the spec's lists (or be empty). */
export const SHIPMENT_CHOICE_FIELDS = {
  Mode: { column: 'mode', options: MODE_OPTIONS },
  Trans: { column: 'trans', options: TRANS_OPTIONS },
  WTUQ: { column: 'wtuq', options: WTUQ_OPTIONS },
  VOLUQ: { column: 'voluq', options: VOLUQ_OPTIONS },
  'UQ - Outer': { column: 'uq_outer', options: UQ_OUTER_OPTIONS },
  'UQ-Charge': { column: 'uq_charge', options: UQ_CHARGE_OPTIONS },
} as const;

export const SHIPMENT_AMOUNT_FIELDS = {
  Weight: 'weight',
  Volume: 'volume',
  Outer: 'outer',
  Charge: 'charge',
} as const;

export const SHIPMENT_DATE_FIELDS = {
  'OBL Received Date': 'obl_received_date',
  ETD: 'etd',
  'Origin ETD': 'origin_etd',
  ATD: 'atd',
  ETA: 'eta',
  'Dest. ETA': 'dest_eta',
  ATA: 'ata',
  'Est Delivery': 'est_delivery',
  'Act Delivery': 'act_delivery',
} as const;

export const SHIPMENT_ID_IMMUTABLE = 'The shipment ID cannot be modified after creation';
export const SHIPMENT_EXISTS = 'A shipment with this number already exists.';

const text = (max: number) => plainText(max);

/**
 * 'Order Ref' cleaning (SPEC.md §5): a list or a comma string; whitespace inside each entry is
 * removed, empty entries dropped (so a trailing comma disappears), and repeats kept once.
 */
export function cleanOrderRefs(value: string | readonly string[]): string[] {
  const entries = typeof value === 'string' ? value.split(',') : value.flatMap((entry) => entry.split(','));
  const cleaned = entries.map((entry) => entry.replace(/\s+/g, '')).filter((entry) => entry !== '');
  return [...new Set(cleaned)];
}

const OrderRef = z
  .union([z.string(), z.array(z.string())])
  .transform(cleanOrderRefs)
  .pipe(z.array(text(200)).max(500, 'At most 500 PO numbers per shipment.'));

const choice = (field: string, options: readonly string[]) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || options.includes(value), `${field} must be one of ${options.join(', ')}.`);

const amount = (field: string) =>
  z.union([z.number(), z.string().trim(), z.null()]).transform((value, context) => {
    if (value === null || value === '') return null;
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number) || number < 0 || number > 1e12) {
      context.addIssue({ code: 'custom', message: `${field} must be a number of at least 0.` });
      return z.NEVER;
    }
    return number;
  });

const date = (field: string) =>
  z.union([z.string().trim(), z.null()]).transform((value, context) => {
    if (value === null || value === '') return null;
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
    const year = parsed.getUTCFullYear();
    const isIsoLike = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value);
    const isRealDay = parseCalendarDate(value.slice(0, 10)) !== null;
    if (!isIsoLike || !isRealDay || Number.isNaN(parsed.getTime()) || year < 1900 || year > 2199) {
      context.addIssue({ code: 'custom', message: `${field} must be a date (YYYY-MM-DD or an ISO timestamp).` });
      return z.NEVER;
    }
    return parsed;
  });

const optionalShape = {
  ...Object.fromEntries(Object.keys(SHIPMENT_TEXT_FIELDS).map((label) => [label, text(500).optional()])),
  ...Object.fromEntries(
    Object.entries(SHIPMENT_CHOICE_FIELDS).map(([label, { options }]) => [label, choice(label, options).optional()]),
  ),
  ...Object.fromEntries(Object.keys(SHIPMENT_AMOUNT_FIELDS).map((label) => [label, amount(label).optional()])),
  ...Object.fromEntries(Object.keys(SHIPMENT_DATE_FIELDS).map((label) => [label, date(label).optional()])),
  'UQ-Outer': choice('UQ-Outer', UQ_OUTER_OPTIONS).optional().describe('Accepted as "UQ - Outer"'),
  'Order Ref': OrderRef.optional().describe('PO numbers: a list or a comma string; each new one becomes a line item'),
};

/** One shipment as a client sends it. Only "Shipment" is needed to create; absent fields keep their value on update. */
export const ShipmentInput = z.object({
  Shipment: text(100).min(1, 'Shipment is required.').optional(),
  ...optionalShape,
});
export type ShipmentInput = z.infer<typeof ShipmentInput>;

export const ShipmentBody = z
  .array(ShipmentInput)
  .length(1, 'Send exactly one shipment, as an array of one.')
  .describe('An array of exactly one shipment');

export const ShipmentWriteQuery = z.object({
  id: text(100).min(1).optional().describe('The shipment number to update; absent to create'),
});

export const ShipmentsQuery = z.object({
  shipment: z.string().trim().optional().describe('One shipment by its number'),
  shipmentMatch: z
    .string()
    .trim()
    .min(SHIPMENT_MATCH_MIN_LENGTH, `Type at least ${SHIPMENT_MATCH_MIN_LENGTH} characters to search shipments.`)
    .max(100)
    .optional()
    .describe('Suggestions: shipment numbers containing this text'),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(DEFAULT_PAGE_SIZE),
});

const textOut = Object.fromEntries(Object.keys(SHIPMENT_TEXT_FIELDS).map((label) => [label, z.string()]));
const choiceOut = Object.fromEntries(Object.keys(SHIPMENT_CHOICE_FIELDS).map((label) => [label, z.string()]));
const amountOut = Object.fromEntries(
  Object.keys(SHIPMENT_AMOUNT_FIELDS).map((label) => [label, z.number().nullable()]),
);
const dateOut = Object.fromEntries(Object.keys(SHIPMENT_DATE_FIELDS).map((label) => [label, z.string().nullable()]));

/** A shipment as the API returns it: texts '' when empty, amounts and dates (ISO) null when empty. */
export const Shipment = z.object({
  Shipment: z.string(),
  ...textOut,
  ...choiceOut,
  ...amountOut,
  ...dateOut,
  'Order Ref': z.array(z.string()).describe('The PO numbers of its line items, oldest first'),
});
export type Shipment = Record<string, string | number | null | string[]> & { Shipment: string; 'Order Ref': string[] };

export const ShipmentsResponse = z.object({ shipments: z.array(Shipment) });
export const ShipmentMatchResponse = z.object({ shipments: z.array(z.string()) });
