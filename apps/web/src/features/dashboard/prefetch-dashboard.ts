import type { QueryClient } from '@tanstack/react-query';
import { readGridLayout } from './grid/use-grid-layout.ts';
import { lineItemRowsQuery, requestedColumns } from './line-items-api.ts';
import { dashboardListParams } from './views/dashboard-view.ts';
import { dashboardViewAt } from './views/use-dashboard-view.ts';

/**
 * Asks for the rows the dashboard opens on (the URL's view, or the user's saved view and place,
 * with the columns the user's layout shows) as soon as the session names the user, so the request
 * does not wait for the app to render. The screen's own query is the same one: it finds the answer
 * on its way, or already there. Small on purpose: it is in the first screen's JavaScript, the
 * dashboard itself is not.
 */
export function prefetchDashboard(queryClient: QueryClient, email: string, search: string) {
  const view = dashboardViewAt(email, new URLSearchParams(search));
  const shown = readGridLayout(email).columns[view.report];
  void queryClient.prefetchQuery(lineItemRowsQuery(dashboardListParams(view), requestedColumns(view.report, shown)));
}
