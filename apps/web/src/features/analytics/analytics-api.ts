import type { AnalyticsQuery } from '@quayside/domain/analytics';
import type { Api } from '@quayside/domain/api';
import type { AnalyticsFigureName } from '@quayside/domain/api/analytics';
import type { ResponseOf } from '@quayside/domain/call';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { analyticsKeys } from '../../lib/query-keys.ts';

/** One figure (its call, e.g. `getAnalyticsVolume`) for a question. */
export const figureQuery = <N extends AnalyticsFigureName>(name: N, query: AnalyticsQuery) =>
  queryOptions({
    queryKey: analyticsKeys.figure(name, query),
    // Every figure takes the same query; the answer is the one of the figure asked.
    queryFn: ({ signal }) => call<AnalyticsFigureName>(name, { query, signal }) as Promise<ResponseOf<Api[N]>>,
  });

export const settingsQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.settings(),
    queryFn: ({ signal }) => call('getAnalyticsSettings', { signal }),
  });
