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
} from '@quayside/domain/analytics';
import { dayNumber } from '@quayside/domain/text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import type { HeavyWork } from '../../lib/heavy-work.ts';
import { documentTimeliness, etaAccuracy, onTime, openExceptions, transitTime, volume } from './analytics.service.ts';
import { readAnalyticsSettings, saveAnalyticsSettings } from './analytics-settings.ts';
import { scorecard } from './scorecard.ts';

const FILTERS =
  'From the shipments this user sees whose ATD (dateBy=dest_eta: Dest. ETA) falls from `from` to `to` (UTC days), ' +
  'narrowed by mode, transitType, forwarder (staff), originPort, destinationPort and consignee (each exact, any case).';

type Figure<Response extends z.ZodType> = {
  path: string;
  description: string;
  response: Response;
  compute: (
    db: Queryable,
    principal: Principal,
    query: AnalyticsQuery,
    clock: () => Date,
  ) => Promise<z.infer<Response>>;
};
const figure = <Response extends z.ZodType>(spec: Figure<Response>) => spec;

/** Each figure of /analytics, one GET each, all taking the same filters. */
export const ANALYTICS_FIGURES = [
  figure({
    path: 'volume',
    description: 'Shipments, line items and part quantity per week or month (period).',
    response: VolumeResponse,
    compute: volume,
  }),
  figure({
    path: 'on-time',
    description: 'On-time arrival and on-time delivery per month, against the first promise plus the grace.',
    response: OnTimeResponse,
    compute: onTime,
  }),
  figure({
    path: 'transit-time',
    description: 'Days from ATD to ATA and from ATA to Act Delivery, median and 90th percentile, by lane and by Mode.',
    response: TransitTimeResponse,
    compute: transitTime,
  }),
  figure({
    path: 'eta-accuracy',
    description: 'ATA minus the first promised Dest. ETA in days, and how long before ATA the Dest. ETA was last set.',
    response: EtaAccuracyResponse,
    compute: etaAccuracy,
  }),
  figure({
    path: 'open-exceptions',
    description: 'Line items with each exception today (UTC), per forwarder.',
    response: OpenExceptionsResponse,
    compute: openExceptions,
  }),
  figure({
    path: 'document-timeliness',
    description: 'Arrived shipments whose documents due at departure were all uploaded by the day of ATA, per month.',
    response: DocumentTimelinessResponse,
    compute: documentTimeliness,
  }),
  figure({
    path: 'scorecard',
    description:
      'A row per forwarder (a forwarder: its own): shipments, on-time arrival %, median transit, median ETA error, ' +
      'ETA slips per shipment, open exceptions and document timeliness, for the range and the one of the same length before it.',
    response: ScorecardResponse,
    compute: scorecard,
  }),
];

/**
 * A figure reads every shipment of its range: past a month of them it waits its turn with the other
 * heavy work (the default range, a year, included), while a narrow question is answered at once.
 */
const LIGHT_RANGE_DAYS = 31;
const spanInDays = ({ from, to }: AnalyticsQuery) => dayNumber(to) - dayNumber(from) + 1;

export function registerAnalyticsRoutes(app: FastifyInstance, db: Database, clock: () => Date, heavyWork: HeavyWork) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const heavyFigure = heavyWork.limit<FastifyRequest<{ Querystring: AnalyticsQuery }>>(
    (request) => spanInDays(request.query) > LIGHT_RANGE_DAYS,
  );
  for (const { path, description, response, compute } of ANALYTICS_FIGURES) {
    api.get(
      `/api/Analytics/${path}`,
      {
        schema: {
          tags: ['analytics'],
          description: `${description} ${FILTERS}`,
          querystring: AnalyticsQuery,
          response: { 200: response },
        },
        preHandler: heavyFigure,
      },
      async (request) => compute(db, request.principal, request.query, clock),
    );
  }

  api.get(
    '/api/Analytics/settings',
    {
      schema: {
        tags: ['analytics'],
        description: 'The analytics settings: how many days after the first promise still count as on time.',
        response: { 200: AnalyticsSettings },
      },
    },
    async () => readAnalyticsSettings(db),
  );

  api.post(
    '/api/Analytics/settings',
    {
      schema: {
        tags: ['analytics'],
        description: 'Change the analytics settings (Admin).',
        body: AnalyticsSettings,
        response: { 200: AnalyticsSettings },
      },
    },
    async (request) => saveAnalyticsSettings(db, request.principal, request.body),
  );
}
