import { z } from 'zod';
import { MODE_OPTIONS } from './constants.ts';
import { DOCUMENT_TYPES } from './documents.ts';

// Exceptions: what needs attention about a shipment (and so each of its line items), decided as of
// a day, UTC. The server decides them in SQL (apps/server/src/modules/exceptions/exception-sql.ts);
// this is what they are called and what they mean, for the screens and the API.

export const EXCEPTION_KINDS = [
  'late_departure',
  'late_arrival',
  'late_delivery',
  'eta_slipped',
  'missing_documents',
  'stale',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const EXCEPTION_LABELS: Record<ExceptionKind, string> = {
  late_departure: 'Late departure',
  late_arrival: 'Late arrival',
  late_delivery: 'Late delivery',
  eta_slipped: 'ETA slipped',
  missing_documents: 'Missing documents',
  stale: 'Stale',
};

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
  }
}

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
