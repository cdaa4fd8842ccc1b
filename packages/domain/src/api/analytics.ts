import {
  AnalyticsQuery,
  AnalyticsSettings,
  DocumentTimelinessResponse,
  EtaAccuracyResponse,
  OnTimeResponse,
  OpenExceptionsResponse,
  ScorecardResponse,
  TransitTimeResponse,
  VolumeResponse,
} from '../analytics.ts';
import type { Call } from '../call.ts';
import { SupplierScorecardResponse } from '../purchase-order-analytics.ts';

const tag = 'analytics';

const FILTERS =
  'From the shipments this user sees whose ATD (dateBy=dest_eta: Dest. ETA) falls from `from` to `to` (UTC days), ' +
  'narrowed by mode, transitType, forwarder (staff), originPort, destinationPort and consignee (each exact, any case).';
/** A figure's description: what it counts, then the filters every figure takes. */
const withFilters = (text: string) => `${text} ${FILTERS}`;

/** Each figure of /analytics, one GET each, all taking the same filters. */
export const ANALYTICS_FIGURE_CALLS = {
  getAnalyticsVolume: {
    method: 'GET',
    path: '/api/Analytics/volume',
    tag,
    who: 'signed-in',
    summary: 'Shipments, line items and part quantity per week or month',
    description: withFilters('Shipments, line items and part quantity per week or month (period).'),
    query: AnalyticsQuery,
    response: VolumeResponse,
    errors: [503],
  },
  getAnalyticsOnTime: {
    method: 'GET',
    path: '/api/Analytics/on-time',
    tag,
    who: 'signed-in',
    summary: 'On-time arrival and delivery per month',
    description: withFilters(
      'On-time arrival and on-time delivery per month, against the first promise plus the grace.',
    ),
    query: AnalyticsQuery,
    response: OnTimeResponse,
    errors: [503],
  },
  getAnalyticsTransitTime: {
    method: 'GET',
    path: '/api/Analytics/transit-time',
    tag,
    who: 'signed-in',
    summary: 'Transit times by lane and by Mode',
    description: withFilters(
      'Days from ATD to ATA and from ATA to Act Delivery, median and 90th percentile, by lane and by Mode.',
    ),
    query: AnalyticsQuery,
    response: TransitTimeResponse,
    errors: [503],
  },
  getAnalyticsEtaAccuracy: {
    method: 'GET',
    path: '/api/Analytics/eta-accuracy',
    tag,
    who: 'signed-in',
    summary: 'How good the ETAs were',
    description: withFilters(
      'ATA minus the first promised Dest. ETA in days, and how long before ATA the Dest. ETA was last set.',
    ),
    query: AnalyticsQuery,
    response: EtaAccuracyResponse,
    errors: [503],
  },
  getAnalyticsOpenExceptions: {
    method: 'GET',
    path: '/api/Analytics/open-exceptions',
    tag,
    who: 'signed-in',
    summary: 'Open exceptions by kind and by forwarder',
    description: withFilters(
      "Line items with each exception today (UTC), per forwarder: exactly the dashboard's counts " +
        '(GET /api/Exceptions/summary, or GET /api/LineItems/count?exception= with the same filters). ' +
        'The date range (from, to, dateBy) does not narrow them: a shipment that has not departed has no ATD.',
    ),
    query: AnalyticsQuery,
    response: OpenExceptionsResponse,
    errors: [503],
  },
  getAnalyticsDocumentTimeliness: {
    method: 'GET',
    path: '/api/Analytics/document-timeliness',
    tag,
    who: 'signed-in',
    summary: 'Documents uploaded by arrival, per month',
    description: withFilters(
      'Arrived shipments whose documents due at departure were all uploaded by the day of ATA, per month.',
    ),
    query: AnalyticsQuery,
    response: DocumentTimelinessResponse,
    errors: [503],
  },
  getAnalyticsScorecard: {
    method: 'GET',
    path: '/api/Analytics/scorecard',
    tag,
    who: 'signed-in',
    summary: 'A scorecard row per forwarder',
    description: withFilters(
      'A row per forwarder (a forwarder: its own): shipments, on-time arrival %, median transit, median ETA error, ' +
        'ETA slips per shipment, open exceptions, document timeliness and the OTIF of the receipts of PO lines on those shipments, ' +
        'for the range and the one of the same length before it ' +
        "(open exceptions are today's, whatever the range: null for the range before).",
    ),
    query: AnalyticsQuery,
    response: ScorecardResponse,
    errors: [503],
  },
  getAnalyticsSuppliers: {
    method: 'GET',
    path: '/api/Analytics/suppliers',
    tag,
    who: 'staff',
    summary: 'A scorecard row per supplier: OTIF, fill rate and lead times (staff)',
    description:
      'A row per PO supplier, for the range (from, to) and the one of the same length before it: PO lines judged, on time %, ' +
      'in full %, OTIF %, POs judged and PO OTIF %, fill rate %, and the median and 90th percentile of the days from order ' +
      'to first departure and from order to last receipt. Lines count in the range of their requested date (else the PO’s ' +
      'requested delivery date) once decided; the shipment filters do not narrow them. Staff only: a forwarder gets 403.',
    query: AnalyticsQuery,
    response: SupplierScorecardResponse,
    errors: [403, 503],
  },
} as const satisfies Record<string, Call>;

/** The operation of each figure. */
export type AnalyticsFigureName = keyof typeof ANALYTICS_FIGURE_CALLS;

/** The figures of /analytics and the Admin's settings for them. */
export const ANALYTICS_CALLS = {
  ...ANALYTICS_FIGURE_CALLS,
  getAnalyticsSettings: {
    method: 'GET',
    path: '/api/Analytics/settings',
    tag,
    who: 'signed-in',
    summary: 'The analytics settings',
    description: 'The analytics settings: how many days after the first promise still count as on time.',
    response: AnalyticsSettings,
  },
  saveAnalyticsSettings: {
    method: 'POST',
    path: '/api/Analytics/settings',
    tag,
    who: 'Admin',
    summary: 'Change the analytics settings (Admin)',
    description: 'Change the analytics settings (Admin).',
    body: AnalyticsSettings,
    response: AnalyticsSettings,
  },
} as const satisfies Record<string, Call>;
