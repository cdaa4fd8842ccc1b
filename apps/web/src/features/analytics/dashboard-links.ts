import { type AnalyticsQuery, dashboardFiltersOf } from '@quayside/domain/analytics';
import type { ExceptionKind } from '@quayside/domain/exceptions';
import { paths } from '../../lib/navigation.ts';

/**
 * The dashboard listing the line items an 'Open exceptions' figure counts: the kind, and the
 * question's filters as the dashboard writes them (a forwarder's row adds its name).
 */
export function exceptionsOnDashboard(query: AnalyticsQuery, kind: ExceptionKind, forwarder?: string): string {
  const search = new URLSearchParams({
    exception: kind,
    filters: JSON.stringify(dashboardFiltersOf(query, forwarder)),
    logic: 'AND',
  });
  return `${paths.dashboard}?${search}`;
}
