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

// A shipment on the wire is keyed by the spec's labels (SPEC.md §3 'Shipment'); the database
// columns are the same labels in snake_case.

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

export const SHIPMENT_REQUIRED = 'Shipment is required.';
export const SHIPMENT_ID_IMMUTABLE = 'The shipment ID cannot be modified after creation';
export const SHIPMENT_EXISTS = 'A shipment with this number already exists.';
export const SHIPMENT_MATCH_TOO_SHORT = `Type at least ${SHIPMENT_MATCH_MIN_LENGTH} characters to search shipments.`;

export const SHIPMENT_NUMBER_MAX = 100;
export const SHIPMENT_TEXT_MAX = 500;
export const PO_NUMBER_MAX = 200;
export const ORDER_REFS_MAX = 500;
export const AMOUNT_MAX = 1e12;
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2199;

/**
 * 'Order Ref' cleaning (SPEC.md §5): a list or a comma string; whitespace inside each entry is
 * removed and empty entries dropped (so a trailing comma disappears). A PO number sent twice
 * is kept once, in the order first sent. List entries holding commas are split too.
 */
export function cleanOrderRefs(value: string | readonly string[]): string[] {
  const entries = typeof value === 'string' ? value.split(',') : value.flatMap((entry) => entry.split(','));
  const cleaned = entries.map((entry) => entry.replace(/\s+/g, '')).filter((entry) => entry !== '');
  return [...new Set(cleaned)];
}

const DATE_OR_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * A shipment date: 'YYYY-MM-DD' (midnight UTC) or an ISO timestamp. A timestamp without a
 * zone is read as UTC, so the stored instant never depends on the server's time zone.
 * Null when the text is not a real date and time, or falls outside the years 1900–2199.
 */
export function parseShipmentDate(text: string): Date | null {
  const match = DATE_OR_TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, year = '', month = '', day = '', hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] = match;
  if (parseCalendarDate(`${year}-${month}-${day}`) === null) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const offsetMinutes = zoneOffsetMinutes(zone);
  if (offsetMinutes === null) return null;
  const milliseconds = Number(fraction.padEnd(3, '0').slice(0, 3));
  // Date.UTC maps years 0–99 to 1900–1999: set the full year explicitly.
  const utc = new Date(0);
  utc.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  utc.setUTCHours(Number(hour), Number(minute), Number(second), milliseconds);
  const instant = new Date(utc.getTime() - offsetMinutes * 60_000);
  const instantYear = instant.getUTCFullYear();
  return instantYear >= DATE_YEAR_MIN && instantYear <= DATE_YEAR_MAX ? instant : null;
}

function zoneOffsetMinutes(zone: string): number | null {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 14 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

/** A plain non-negative decimal as people type it: '12', '12.5', '.5'. No signs, exponents or separators. */
const AMOUNT_TEXT = /^(\d+(\.\d*)?|\.\d+)$/;

/** An amount (Weight, Volume, Outer, Charge): a number, or null for none; undefined when not a valid amount. */
export function parseAmount(value: number | string | null): number | null | undefined {
  if (value === null) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (!AMOUNT_TEXT.test(text)) return undefined;
  }
  const number = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(number) && number >= 0 && number <= AMOUNT_MAX ? number : undefined;
}

/** Text fields accept null as empty: a cleared input may send either. */
const text = (label: string, max = SHIPMENT_TEXT_MAX) =>
  z.union([z.null(), plainText(max, `${label} must be at most ${max} characters.`)]).transform((value) => value ?? '');

const choice = (label: string, options: readonly string[]) =>
  z
    .union([z.null(), z.string()])
    .transform((value) => (value ?? '').trim())
    .refine(
      (value) => value === '' || options.includes(value),
      `${label} must be one of ${options.join(', ')}, or empty.`,
    );

const amount = (label: string) =>
  z.union([z.number(), z.string(), z.null()]).transform((value, context) => {
    const parsed = parseAmount(value);
    if (parsed === undefined) {
      context.addIssue({ code: 'custom', message: `${label} must be a number from 0 to ${AMOUNT_MAX}.` });
      return z.NEVER;
    }
    return parsed;
  });

const date = (label: string) =>
  z.union([z.string(), z.null()]).transform((value, context) => {
    if (value === null || value.trim() === '') return null;
    const parsed = parseShipmentDate(value);
    if (!parsed) {
      context.addIssue({
        code: 'custom',
        message: `${label} must be a date (YYYY-MM-DD or an ISO timestamp) between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}.`,
      });
      return z.NEVER;
    }
    return parsed;
  });

const OrderRefInput = z
  .union([z.null(), z.string(), z.array(z.string())])
  .transform((value) => cleanOrderRefs(value ?? []))
  .pipe(
    z
      .array(plainText(PO_NUMBER_MAX, `Each Order Ref PO number must be at most ${PO_NUMBER_MAX} characters.`))
      .max(ORDER_REFS_MAX, `At most ${ORDER_REFS_MAX} PO numbers per shipment.`),
  );

/** One schema per label, with the label's own type (so `z.infer` spells out every field). */
function fieldsOf<Label extends string, Schema extends z.ZodType>(
  labels: Record<Label, unknown>,
  schemaOf: (label: Label) => Schema,
) {
  const entries = (Object.keys(labels) as Label[]).map((label) => [label, schemaOf(label)] as const);
  return Object.fromEntries(entries) as Record<Label, Schema>;
}

/**
 * One shipment as a client sends it. Only "Shipment" is needed, and only to create; on update,
 * a field left out keeps its stored value. "UQ-Outer" is accepted for "UQ - Outer" (the spec
 * spells it both ways); when both are sent, "UQ - Outer" wins.
 */
export const ShipmentInput = z
  .object({
    Shipment: text('Shipment', SHIPMENT_NUMBER_MAX)
      .refine((value) => value !== '', SHIPMENT_REQUIRED)
      .optional()
      .describe('The shipment number: required to create, unique, never changed afterwards'),
    ...fieldsOf(SHIPMENT_TEXT_FIELDS, (label) => text(label).optional()),
    ...fieldsOf(SHIPMENT_CHOICE_FIELDS, (label) => choice(label, SHIPMENT_CHOICE_FIELDS[label].options).optional()),
    'UQ-Outer': choice('UQ-Outer', UQ_OUTER_OPTIONS).optional().describe('Accepted as "UQ - Outer"'),
    ...fieldsOf(SHIPMENT_AMOUNT_FIELDS, (label) =>
      amount(label).optional().describe('A number >= 0 or a numeric string; empty or null for none'),
    ),
    ...fieldsOf(SHIPMENT_DATE_FIELDS, (label) =>
      date(label)
        .optional()
        .describe('YYYY-MM-DD or an ISO timestamp (UTC when no zone is given); empty or null for none'),
    ),
    'Order Ref': OrderRefInput.optional().describe(
      'PO numbers, as a list or a comma string; each new one becomes a line item (existing ones are kept)',
    ),
  })
  .strip();
export type ShipmentInput = z.infer<typeof ShipmentInput>;

export const ShipmentBody = z
  .array(ShipmentInput)
  .length(1, 'Send exactly one shipment, as an array of one.')
  .describe('An array of exactly one shipment');

export const ShipmentWriteQuery = z.object({
  id: plainText(SHIPMENT_NUMBER_MAX)
    .min(1, 'id must name a shipment.')
    .optional()
    .describe('The shipment number to update; absent to create'),
});

export const ShipmentsQuery = z.object({
  shipment: plainText(SHIPMENT_NUMBER_MAX).optional().describe('One shipment by its number (exact)'),
  shipmentMatch: plainText(SHIPMENT_NUMBER_MAX)
    .min(SHIPMENT_MATCH_MIN_LENGTH, SHIPMENT_MATCH_TOO_SHORT)
    .optional()
    .describe('Suggestions: the numbers of shipments containing this text, case-insensitively'),
  page: pageParam.default(1).describe('1-based page of the plain list'),
  pageSize: pageSizeParam.default(DEFAULT_PAGE_SIZE).describe('Page size of the plain list'),
});
export type ShipmentsQuery = z.infer<typeof ShipmentsQuery>;

/** A shipment as the API returns it: texts '' when empty, amounts and dates (ISO) null when empty. */
export const Shipment = z
  .object({
    Shipment: z.string(),
    ...fieldsOf(SHIPMENT_TEXT_FIELDS, () => z.string()),
    ...fieldsOf(SHIPMENT_CHOICE_FIELDS, () => z.string()),
    ...fieldsOf(SHIPMENT_AMOUNT_FIELDS, () => z.number().nullable()),
    ...fieldsOf(SHIPMENT_DATE_FIELDS, () => z.string().nullable().describe('ISO timestamp')),
    'Order Ref': z
      .array(z.string())
      .describe('The PO numbers of its line items, oldest first (hidden ones left out for a Forwarder)'),
  })
  .describe('A shipment, keyed by the spec’s labels');
export type Shipment = z.infer<typeof Shipment>;

export const ShipmentsResponse = z.object({ shipments: z.array(Shipment) });
export type ShipmentsResponse = z.infer<typeof ShipmentsResponse>;
export const ShipmentMatchResponse = z.object({
  shipments: z.array(z.string()).describe('Shipment numbers, in order'),
});
export type ShipmentMatchResponse = z.infer<typeof ShipmentMatchResponse>;
/** `GET /api/Shipments`' answer: suggestions (numbers) for ?shipmentMatch=, else shipments. */
export const ShipmentsOrMatchResponse = z.union([ShipmentsResponse, ShipmentMatchResponse]);

export const ShipmentHistoryQuery = z.object({
  shipment: plainText(SHIPMENT_NUMBER_MAX)
    .refine((value) => value !== '', SHIPMENT_REQUIRED)
    .describe('The shipment number (exact)'),
});
