import { AnalyticsQuery, OnTimeResponse, VolumeResponse } from '@quayside/domain/analytics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { onTime, volume } from './analytics.service.ts';

const FILTERS =
  'From the shipments this user sees whose ATD (dateBy=dest_eta: Dest. ETA) falls from `from` to `to` (UTC days), ' +
  'narrowed by mode, transitType, forwarder (staff), originPort, destinationPort and consignee (each exact, any case).';

export function registerAnalyticsRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/Analytics/volume',
    {
      schema: {
        tags: ['analytics'],
        description: `Shipments, line items and part quantity per week or month (period). ${FILTERS}`,
        querystring: AnalyticsQuery,
        response: { 200: VolumeResponse },
      },
    },
    async (request) => volume(db, request.principal, request.query),
  );

  api.get(
    '/api/Analytics/on-time',
    {
      schema: {
        tags: ['analytics'],
        description: `On-time arrival and on-time delivery per month, against the first promise plus the grace. ${FILTERS}`,
        querystring: AnalyticsQuery,
        response: { 200: OnTimeResponse },
      },
    },
    async (request) => onTime(db, request.principal, request.query),
  );
}
