import type { AnalyticsQuery } from '@quayside/domain/analytics';
import type { Api } from '@quayside/domain/api';
import type { AnalyticsFigureName } from '@quayside/domain/api/analytics';
import type { AnswerOf } from '@quayside/domain/call';
import { dayNumber } from '@quayside/domain/text';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import type { HeavyWork } from '../../lib/heavy-work.ts';
import { type RequestOf, serve } from '../../lib/serve.ts';
import { documentTimeliness, etaAccuracy, onTime, openExceptions, transitTime, volume } from './analytics.service.ts';
import { readAnalyticsSettings, saveAnalyticsSettings } from './analytics-settings.ts';
import { supplierScorecard } from './purchase-order-figures.ts';
import { scorecard } from './scorecard.ts';

type Compute<N extends AnalyticsFigureName> = (
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  clock: () => Date,
) => Promise<AnswerOf<Api[N]>>;

/** How each figure is computed, by its operation. */
const COMPUTE: { [N in AnalyticsFigureName]: Compute<N> } = {
  getAnalyticsVolume: volume,
  getAnalyticsOnTime: onTime,
  getAnalyticsTransitTime: transitTime,
  getAnalyticsEtaAccuracy: etaAccuracy,
  getAnalyticsOpenExceptions: openExceptions,
  getAnalyticsDocumentTimeliness: documentTimeliness,
  getAnalyticsScorecard: scorecard,
  getAnalyticsSuppliers: supplierScorecard,
};

/**
 * A figure reads every shipment of its range: past a month of them it waits its turn with the other
 * heavy work (the default range, a year, included), while a narrow question is answered at once.
 */
const LIGHT_RANGE_DAYS = 31;
const spanInDays = ({ from, to }: AnalyticsQuery) => dayNumber(to) - dayNumber(from) + 1;

export function registerAnalyticsRoutes(app: FastifyInstance, db: Database, clock: () => Date, heavyWork: HeavyWork) {
  const heavyFigure = heavyWork.limit<RequestOf<AnalyticsFigureName>>(
    (request) => spanInDays(request.query) > LIGHT_RANGE_DAYS,
  );
  for (const name of Object.keys(COMPUTE) as AnalyticsFigureName[]) {
    const compute = COMPUTE[name] as Compute<AnalyticsFigureName>;
    serve(app, name, (request) => compute(db, request.principal, request.query, clock), { preHandler: heavyFigure });
  }

  serve(app, 'getAnalyticsSettings', () => readAnalyticsSettings(db));
  serve(app, 'saveAnalyticsSettings', (request) => saveAnalyticsSettings(db, request.principal, request.body));
}
