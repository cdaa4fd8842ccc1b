import { z } from 'zod';
import { MODE_OPTIONS, TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from './constants.ts';
import { SHIPMENT_EXCEPTION_KINDS } from './exceptions.ts';
import { plainText } from './fields.ts';
import type { Filter } from './line-item-columns.ts';
import { SHIPMENT_TEXT_MAX } from './shipments.ts';
import { dayNumber, parseCalendarDate } from './text.ts';

// Analytics: what each figure is called and means, the filters every figure takes, and
// the arithmetic the figures share (on time, median and p90, periods), once. The server computes
// the figures in SQL; these functions are also the reference its tests compare it with.

export const DEFAULT_ON_TIME_GRACE_DAYS = 1;
export const MAX_ON_TIME_GRACE_DAYS = 30;
/** The Admin's settings: how many days after the first promise still count as on time. */
export const AnalyticsSettings = z
  .object({
    onTimeGraceDays: z
      .number()
      .int('The grace must be a whole number of days.')
      .min(0, 'The grace cannot be negative.')
      .max(MAX_ON_TIME_GRACE_DAYS, `The grace may be at most ${MAX_ON_TIME_GRACE_DAYS} days.`),
  })
  .strict();
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;
export const ANALYTICS_SETTINGS_FORBIDDEN = 'Only an administrator can change the analytics settings.';

/** The longest date range one question may span, so no filter asks for every day since 1900. */
export const ANALYTICS_RANGE_MAX_DAYS = 3 * 366;

export const FIGURES = [
  'volume',
  'on_time_arrival',
  'on_time_delivery',
  'transit_time',
  'eta_accuracy',
  'open_exceptions',
  'document_timeliness',
] as const;
export type Figure = (typeof FIGURES)[number];

export const FIGURE_LABELS: Record<Figure, string> = {
  volume: 'Volume',
  on_time_arrival: 'On-time arrival',
  on_time_delivery: 'On-time delivery',
  transit_time: 'Transit time',
  eta_accuracy: 'ETA accuracy',
  open_exceptions: 'Open exceptions',
  document_timeliness: 'Document timeliness',
};

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** Each figure's definition, one click away on the page ("first promised": the oldest value it held). */
export function figureDefinition(figure: Figure, graceDays: number): string {
  switch (figure) {
    case 'volume':
      return 'Shipments, line items and part quantity, counted in the week or month of the chosen date.';
    case 'on_time_arrival':
      return `On-time: ATA no later than the first promised Dest. ETA + ${days(graceDays)}. Shipments with an ATA and a Dest. ETA.`;
    case 'on_time_delivery':
      return `On-time: Act Delivery no later than the first promised Est Delivery + ${days(graceDays)}. Shipments with an Act Delivery and an Est Delivery.`;
    case 'transit_time':
      return 'Days from ATD to ATA, and from ATA to Act Delivery: the median and the 90th percentile.';
    case 'eta_accuracy':
      return 'ATA minus the first promised Dest. ETA, in days (late is positive), and how many days before ATA the Dest. ETA was last set.';
    case 'open_exceptions':
      return "Line items with each exception as of today, by kind and by forwarder: the dashboard's 'Needs attention' counts. The date range does not narrow them (a shipment that has not departed has no ATD); the other filters do.";
    case 'document_timeliness':
      return 'Shipments whose documents due at departure (the checklist for their Mode) had all been uploaded by the day of their ATA, of the shipments that have arrived.';
  }
}

/** Whether an actual date came no later than the first promise plus the grace (whole UTC days). */
export const isOnTime = (actual: string, firstPromise: string, graceDays: number) =>
  daysLate(actual, firstPromise) <= graceDays;

/** Whole UTC days from the first promise to the actual date: late is positive, early negative. */
export const daysLate = (actual: string, firstPromise: string) => dayNumber(actual) - dayNumber(firstPromise);

/**
 * The `fraction` percentile of `values` by linear interpolation between the closest ranks, as
 * PostgreSQL's percentile_cont computes it (the median is 0.5); null for no values.
 */
export function percentile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const below = Math.floor(position);
  const low = sorted[below] ?? 0;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] ?? low;
  return low + (high - low) * (position - below);
}

/** A share as a percentage with one decimal, or null when there is nothing to share. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

export const ANALYTICS_PERIODS = ['week', 'month'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The first day (YYYY-MM-DD, UTC) of the ISO week (from Monday) or month holding `iso`, as date_trunc gives it. */
export function periodStart(iso: string, period: AnalyticsPeriod): string {
  const day = new Date(dayNumber(iso) * 86_400_000);
  if (period === 'month') day.setUTCDate(1);
  else day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** Which date places a shipment in the range and in its period. */
export const ANALYTICS_DATE_BASES = ['atd', 'dest_eta'] as const;

const calendarDay = (label: string) =>
  z
    .string()
    .refine((text) => parseCalendarDate(text) !== null, `${label} must be a date, YYYY-MM-DD.`)
    .describe('YYYY-MM-DD, UTC');
const optionalText = plainText(SHIPMENT_TEXT_MAX).optional();

/**
 * The filters every figure takes (GET /api/Analytics/...). `forwarder` narrows staff's figures; a
 * forwarder's own are always only its company's, whatever it sends.
 */
export const AnalyticsQuery = z
  .object({
    from: calendarDay('From'),
    to: calendarDay('To'),
    dateBy: z.enum(ANALYTICS_DATE_BASES).default('atd').describe('The date that places a shipment in the range'),
    period: z.enum(ANALYTICS_PERIODS).default('month'),
    mode: z.enum(MODE_OPTIONS).optional(),
    transitType: z.enum([...TRANSIT_TYPES, TRANSIT_TYPE_OTHER]).optional(),
    forwarder: optionalText,
    originPort: optionalText,
    destinationPort: optionalText,
    consignee: optionalText,
  })
  .strict()
  .refine(({ from, to }) => from <= to, { message: 'From must not be after To.', path: ['to'] })
  .refine(({ from, to }) => dayNumber(to) - dayNumber(from) < ANALYTICS_RANGE_MAX_DAYS, {
    message: `The date range may span at most ${ANALYTICS_RANGE_MAX_DAYS} days.`,
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** GET /api/Analytics/volume: per week or month of the chosen date, oldest first. */
export const VolumeResponse = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  rows: z.array(
    z.object({
      period: z.string().describe('The first day of the week (Monday) or month, YYYY-MM-DD'),
      shipments: z.number().int(),
      lineItems: z.number().int().describe('The line items the user sees'),
      partQuantity: z.number().describe("The sum of those line items' part quantities"),
    }),
  ),
});
export type VolumeResponse = z.infer<typeof VolumeResponse>;

const OnTimeShare = z.object({
  onTime: z.number().int(),
  measured: z.number().int().describe('Shipments with both dates'),
  percent: z.number().nullable().describe('One decimal; null when none was measured'),
});

/** GET /api/Analytics/on-time: on-time arrival and delivery per month of the chosen date. */
export const OnTimeResponse = z.object({
  graceDays: z.number().int(),
  rows: z.array(
    z.object({
      period: z.string().describe('The first day of the month, YYYY-MM-DD'),
      arrival: OnTimeShare,
      delivery: OnTimeShare,
    }),
  ),
});
export type OnTimeResponse = z.infer<typeof OnTimeResponse>;

const Spread = z.object({
  measured: z.number().int().describe('Shipments with both dates'),
  median: z.number().nullable().describe('Days'),
  p90: z.number().nullable().describe('Days, the 90th percentile'),
});
export type Spread = z.infer<typeof Spread>;

const TransitTimes = z.object({
  toArrival: Spread.describe('ATD to ATA'),
  toDelivery: Spread.describe('ATA to Act Delivery'),
});

/** GET /api/Analytics/transit-time: by lane (origin → destination port) and by Mode, busiest first. */
export const TransitTimeResponse = z.object({
  byLane: z.array(z.object({ origin: z.string(), destination: z.string() }).extend(TransitTimes.shape)),
  byMode: z.array(z.object({ mode: z.string() }).extend(TransitTimes.shape)),
});
export type TransitTimeResponse = z.infer<typeof TransitTimeResponse>;

/** ETA errors beyond this many days either way are counted at the end of the distribution. */
export const ETA_ERROR_CLAMP_DAYS = 30;

/** GET /api/Analytics/eta-accuracy. */
export const EtaAccuracyResponse = z.object({
  distribution: z
    .array(z.object({ daysLate: z.number().int(), shipments: z.number().int() }))
    .describe(`ATA minus the first promised Dest. ETA, in days; the ends (±${ETA_ERROR_CLAMP_DAYS}) count beyond too`),
  finalEtaKnown: Spread.describe('Days before ATA that the final Dest. ETA was set'),
});
export type EtaAccuracyResponse = z.infer<typeof EtaAccuracyResponse>;

/** GET /api/Analytics/document-timeliness: per month of the chosen date. */
export const DocumentTimelinessResponse = z.object({
  rows: z.array(z.object({ period: z.string() }).extend(OnTimeShare.shape)),
});
export type DocumentTimelinessResponse = z.infer<typeof DocumentTimelinessResponse>;

/**
 * GET /api/Analytics/open-exceptions: line items with each of their shipment's exceptions today, per
 * forwarder, most first (a purchase order's exceptions are the order's, not the forwarder's).
 */
export const OpenExceptionsResponse = z.object({
  asOf: z.string().describe('The day the exceptions are decided on (YYYY-MM-DD, UTC)'),
  byForwarder: z.array(
    z.object({
      forwarder: z.string().describe('The Forwarder Name as written on its shipments'),
      counts: z.object(Object.fromEntries(SHIPMENT_EXCEPTION_KINDS.map((kind) => [kind, z.number().int()]))),
      total: z.number().int().describe("Line items with any of their shipment's exceptions"),
    }),
  ),
});
export type OpenExceptionsResponse = z.infer<typeof OpenExceptionsResponse>;

const ScorecardFigures = z.object({
  shipments: z.number().int(),
  onTimeArrivalPercent: z.number().nullable(),
  medianTransitDays: z.number().nullable().describe('ATD to ATA'),
  medianEtaErrorDays: z.number().nullable().describe('ATA minus the first promised Dest. ETA'),
  etaSlipsPerShipment: z.number().nullable().describe('Times Dest. ETA moved later, per shipment, two decimals'),
  openExceptions: z
    .number()
    .int()
    .nullable()
    .describe(
      'Line items with any exception today, whatever the range; null for the range before (only today is known)',
    ),
  documentTimelinessPercent: z.number().nullable(),
  receipts: z.number().int().describe('Receipts of PO lines with a requested date, on these shipments'),
  receiptOnTimePercent: z.number().nullable().describe('Recorded by the requested date + the grace'),
  receiptInFullPercent: z.number().nullable().describe('Received at least what the shipment carried'),
  receiptOtifPercent: z.number().nullable().describe('Both'),
});
export type ScorecardFigures = z.infer<typeof ScorecardFigures>;

/**
 * GET /api/Analytics/scorecard: a row per forwarder (a forwarder sees its own only), for the range
 * and for the range of the same length just before it, so each figure has its trend.
 */
export const ScorecardResponse = z.object({
  graceDays: z.number().int(),
  previous: z.object({ from: z.string(), to: z.string() }),
  rows: z.array(z.object({ forwarder: z.string(), current: ScorecardFigures, previous: ScorecardFigures.nullable() })),
});
export type ScorecardResponse = z.infer<typeof ScorecardResponse>;

/**
 * The dashboard's filters (AND) that pick the line items 'Open exceptions' counts, for its links
 * into the dashboard: transit type, forwarder, ports and consignee. Not the date range, which open
 * exceptions ignore (they are today's, and an undeparted shipment has no ATD); the dashboard has no
 * Mode column, so a Mode filter cannot travel either.
 */
export function dashboardFiltersOf(query: AnalyticsQuery, forwarder = query.forwarder): Filter[] {
  const filters: Filter[] = [];
  const equal = (column: Filter['column'], value: string | undefined) => {
    if (value?.trim()) filters.push({ column, operator: 'equals', value: value.trim() });
  };
  equal('transit_type', query.transitType);
  equal('forwarder_name', forwarder);
  equal('origin_port', query.originPort);
  equal('destination_port', query.destinationPort);
  equal('cosignee_name', query.consignee);
  return filters;
}
