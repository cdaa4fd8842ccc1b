import type { AnalyticsQuery, AnalyticsSettings } from '@quayside/domain/analytics';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { analyticsKeys } from '../../lib/query-keys.ts';

/** One figure of GET /api/Analytics/{path} for a question. */
export const figureQuery = <Response>(path: string, query: AnalyticsQuery) =>
  queryOptions({
    queryKey: analyticsKeys.figure(path, query),
    queryFn: ({ signal }) => api<Response>(`/api/Analytics/${path}`, { query, signal }),
  });

export const settingsQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.settings(),
    queryFn: ({ signal }) => api<AnalyticsSettings>('/api/Analytics/settings', { signal }),
  });

export const saveSettings = (settings: AnalyticsSettings) =>
  api<AnalyticsSettings>('/api/Analytics/settings', { method: 'POST', body: settings });
