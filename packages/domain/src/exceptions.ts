import { z } from 'zod';
import { MODE_OPTIONS } from './constants.ts';
import { DOCUMENT_TYPES } from './documents.ts';
import {
  PO_EXCEPTION_DEFINITIONS,
  PO_EXCEPTION_KINDS,
  PO_EXCEPTION_LABELS,
  type PoExceptionKind,
} from './purchase-orders.ts';

// Exceptions: what needs attention about a shipment (and so each of its line items), decided as of
// a day, UTC. The server decides them in SQL (apps/server/src/modules/exceptions/exception-sql.ts);
// this is what they are called and what they mean, for the screens and the API. A line item also
// has its purchase order's exceptions (purchase-orders.ts, PO_EXCEPTION_KINDS), after the shipment's.

/** The shipment's own exceptions: every line item of a shipment has the same (analytics counts these). */
export const SHIPMENT_EXCEPTION_KINDS = [
  'late_departure',
  'late_arrival',
  'late_delivery',
  'eta_slipped',
  'missing_documents',
  'stale',
] as const;
export type ShipmentExceptionKind = (typeof SHIPMENT_EXCEPTION_KINDS)[number];

export const EXCEPTION_KINDS = [...SHIPMENT_EXCEPTION_KINDS, ...PO_EXCEPTION_KINDS] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const EXCEPTION_LABELS: Record<ExceptionKind, string> = {
  late_departure: 'Late departure',
  late_arrival: 'Late arrival',
  late_delivery: 'Late delivery',
  eta_slipped: 'ETA slipped',
  missing_documents: 'Missing documents',
  stale: 'Stale',
  ...PO_EXCEPTION_LABELS,
};

/** Whether `kind` is one of the purchase order's (the line item's PO), not the shipment's. */
export const isPoException = (kind: ExceptionKind): kind is PoExceptionKind =>
  (PO_EXCEPTION_KINDS as readonly string[]).includes(kind);

/** Days a shipment in transit may go without a change before it is stale. */
export const STALE_AFTER_DAYS = 14;
export const DEFAULT_ETA_SLIP_DAYS = 3;
export const MAX_ETA_SLIP_DAYS = 365;

/** Each exception's definition, as the screens explain it ("has passed": the day is over, UTC). */
export function exceptionDefinition(kind: ExceptionKind, etaSlipDays: number): string {
  switch (kind) {
    case 'late_departure':
      return 'ETD (or Origin ETD when there is no ETD) has passed and there is no ATD.';
    case 'late_arrival':
      return 'Dest. ETA has passed and there is no ATA.';
    case 'late_delivery':
      return 'Est Delivery has passed and there is no Act Delivery.';
    case 'eta_slipped':
      return `Not yet arrived, and Dest. ETA is ${etaSlipDays} or more days later than first promised.`;
    case 'missing_documents':
      return 'A document the checklist requires for the shipment’s Mode is absent once its milestone has passed.';
    case 'stale':
      return `In transit (ATD set, no ATA) and not changed for ${STALE_AFTER_DAYS} days.`;
    default:
      return PO_EXCEPTION_DEFINITIONS[kind];
  }
}

/**
 * How urgent each exception is, which decides its colour (below) and its icon on the screens.
 * - high: the goods are not where they were promised, or the papers to clear them are not there
 *   (late arrival, late delivery, missing documents): someone must act today.
 * - medium: the plan has moved but the goods may still arrive in time (late departure, ETA slipped).
 * - low: nothing is known to be wrong, only nothing has been heard (stale).
 * A purchase order's: high when goods are missing (overdue with quantity not shipped, received
 * short); medium when the order may still come right or only needs a word with the supplier (not
 * booked by the cargo-ready date, a cargo-ready date slipped, over-shipped, an unknown SKU shipped).
 * Colour is never the only sign: the badge's text names the case and its size, and the icon's
 * shape differs by severity (a circle for high, a triangle for medium, a clock for low).
 */
export const EXCEPTION_SEVERITIES = ['high', 'medium', 'low'] as const;
export type ExceptionSeverity = (typeof EXCEPTION_SEVERITIES)[number];
export const EXCEPTION_SEVERITY: Record<ExceptionKind, ExceptionSeverity> = {
  late_departure: 'medium',
  late_arrival: 'high',
  late_delivery: 'high',
  eta_slipped: 'medium',
  missing_documents: 'high',
  stale: 'low',
  po_overdue: 'high',
  po_not_booked: 'medium',
  po_cargo_ready_slipped: 'medium',
  po_received_short: 'high',
  po_over_shipped: 'medium',
  po_unknown_sku: 'medium',
};
export const SEVERITY_LABELS: Record<ExceptionSeverity, string> = {
  high: 'Urgent',
  medium: 'Attention',
  low: 'Check',
};
/**
 * Each severity's colours: dark text on a light tint of the same hue, with a mid-tone border. Every
 * text colour is at least 7:1 on its tint and on white (WCAG AAA), so a badge stays readable on a
 * selected or amber row too.
 */
export const SEVERITY_COLOURS: Record<
  ExceptionSeverity,
  { color: string; backgroundColor: string; borderColor: string }
> = {
  high: { color: '#8e1b1b', backgroundColor: '#fdecea', borderColor: '#c62828' },
  medium: { color: '#6d3d00', backgroundColor: '#fff3e0', borderColor: '#b26a00' },
  low: { color: '#37474f', backgroundColor: '#eceff1', borderColor: '#78909c' },
};

/**
 * The size of each exception a line item has (GET /api/LineItems/rows and GET /api/LineItems): how
 * many days late, how far the ETA moved, which documents are missing. A kind the row does not have
 * is absent.
 */
export const ExceptionFacts = z.object({
  late_departure: z.number().int().optional().describe('Days since ETD (or Origin ETD) passed without an ATD'),
  late_arrival: z.number().int().optional().describe('Days since Dest. ETA passed without an ATA'),
  late_delivery: z.number().int().optional().describe('Days since Est Delivery passed without an Act Delivery'),
  eta_slipped: z.number().int().optional().describe('Days Dest. ETA is later than first promised'),
  missing_documents: z
    .array(z.enum(DOCUMENT_TYPES))
    .optional()
    .describe('The document types the checklist requires and the shipment lacks, their milestone passed'),
  stale: z.number().int().optional().describe('Days since the shipment in transit last changed'),
  po_overdue: z
    .number()
    .int()
    .optional()
    .describe("Days since the PO's earliest requested date with quantity not shipped passed"),
  po_not_booked: z
    .number()
    .int()
    .optional()
    .describe("Days since the PO's cargo-ready date passed with quantity neither booked nor shipped"),
  po_cargo_ready_slipped: z
    .number()
    .int()
    .optional()
    .describe("Days the PO's next cargo-ready date to book is later than its first cargo-ready date"),
  po_received_short: z
    .number()
    .int()
    .optional()
    .describe("Units the PO's receipts fell short of what their shipments carried"),
  po_over_shipped: z.number().int().optional().describe('Units shipped beyond what the PO orders'),
  po_unknown_sku: z.number().int().optional().describe('SKUs shipped under the PO that it does not order'),
});
export type ExceptionFacts = z.infer<typeof ExceptionFacts>;

/**
 * What a badge says: the case and its size ('Late arrival · 6 d', 'ETA +9 d', 'Missing: Bill of
 * Lading', 'PO overdue · 4 d', 'Cargo-ready +14 d', 'Received short · −5', 'Over-shipped · +12', 'Unknown SKUs · 2').
 */
export function exceptionBadgeText(kind: ExceptionKind, facts: ExceptionFacts | undefined): string {
  if (kind === 'missing_documents') {
    const types = facts?.missing_documents ?? [];
    return types.length > 0 ? `Missing: ${types.join(', ')}` : EXCEPTION_LABELS[kind];
  }
  const size = facts?.[kind];
  if (size === undefined) return EXCEPTION_LABELS[kind];
  switch (kind) {
    case 'eta_slipped':
      return `ETA +${size} d`;
    case 'po_not_booked':
      return `Not booked · ${size} d`;
    case 'po_cargo_ready_slipped':
      return `Cargo-ready +${size} d`;
    case 'po_received_short':
      return `${EXCEPTION_LABELS[kind]} · −${size}`;
    case 'po_over_shipped':
      return `${EXCEPTION_LABELS[kind]} · +${size}`;
    case 'po_unknown_sku':
      return size > 1 ? `Unknown SKUs · ${size}` : EXCEPTION_LABELS[kind];
    default:
      return `${EXCEPTION_LABELS[kind]} · ${size} d`;
  }
}

/** `missingDocument=Bill of Lading` on GET /api/LineItems: line items whose shipment lacks that required document. */
export const missingDocumentParameter = z
  .enum(DOCUMENT_TYPES, {
    error: (issue) =>
      `Unknown document type: ${String(issue.input).slice(0, 40)}. Use one of ${DOCUMENT_TYPES.join(', ')}.`,
  })
  .describe(
    `Only line items missing this required document (its milestone passed), one of: ${DOCUMENT_TYPES.join(', ')}`,
  );

/** `exception=late_arrival,eta_slipped` on GET /api/LineItems: rows with any of these kinds. */
export const exceptionParameter = z
  .string()
  .transform((text, context) => {
    const kinds = [...new Set(text.split(',').map((kind) => kind.trim()))].filter((kind) => kind !== '');
    const unknown = kinds.find((kind) => !(EXCEPTION_KINDS as readonly string[]).includes(kind));
    if (unknown !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `Unknown exception: ${unknown.slice(0, 40)}. Use ${EXCEPTION_KINDS.join(', ')}.`,
      });
      return z.NEVER;
    }
    return kinds as ExceptionKind[];
  })
  .describe(`Only line items with any of these exceptions, comma-separated: ${EXCEPTION_KINDS.join(', ')}`);

export const ExceptionSummaryResponse = z.object({
  asOf: z.string().describe('The day the exceptions are decided on (YYYY-MM-DD, UTC)'),
  etaSlipDays: z.number().int(),
  counts: z
    .object(
      Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, z.number().int()])) as Record<ExceptionKind, z.ZodNumber>,
    )
    .describe('Line items the user sees with each exception'),
  total: z
    .number()
    .int()
    .describe('Line items the user sees with at least one exception, counted up to 1,001 (see totalExact)'),
  totalExact: z.boolean().describe('false when there are more than 1,000: total is then 1,001'),
});
export type ExceptionSummaryResponse = z.infer<typeof ExceptionSummaryResponse>;

export const MILESTONES = ['atd', 'act_delivery'] as const;
export type Milestone = (typeof MILESTONES)[number];
export const MILESTONE_LABELS: Record<Milestone, string> = { atd: 'ATD', act_delivery: 'Act Delivery' };
/** The checklist's row for every mode. */
export const EVERY_MODE = '*' as const;

export const RequiredDocument = z.object({
  mode: z.enum([EVERY_MODE, ...MODE_OPTIONS], {
    error: (issue) => `Unknown Mode: ${String(issue.input).slice(0, 20)}. Use * for every mode.`,
  }),
  documentType: z.enum(DOCUMENT_TYPES, { error: (issue) => `Unknown document type: ${String(issue.input)}.` }),
  after: z.enum(MILESTONES, { error: 'A checklist row applies after atd or act_delivery.' }),
});
export type RequiredDocument = z.infer<typeof RequiredDocument>;

export const ExceptionSettings = z.object({
  etaSlipDays: z
    .number({ error: 'The ETA slip threshold must be a whole number of days.' })
    .int('The ETA slip threshold must be a whole number of days.')
    .min(1, 'The ETA slip threshold is at least 1 day.')
    .max(MAX_ETA_SLIP_DAYS, `The ETA slip threshold is at most ${MAX_ETA_SLIP_DAYS} days.`),
  checklist: z
    .array(RequiredDocument)
    .max(200, 'A checklist has at most 200 rows.')
    .refine(
      (rows) => new Set(rows.map((row) => `${row.mode}\n${row.documentType}`)).size === rows.length,
      'Each document type is listed once per Mode.',
    ),
});
export type ExceptionSettings = z.infer<typeof ExceptionSettings>;
