import type { QueryClient } from '@tanstack/react-query';
import { callUrl } from '../../lib/api.ts';
import { rememberOpeningRows, takeFirstRows } from '../../lib/first-rows.ts';
import { readCachedProfile } from '../../lib/profile-cache.ts';
import { FIRST_POSITION } from './grid/paging.ts';
import { readGridLayout } from './grid/use-grid-layout.ts';
import { lineItemRowsQuery, requestedColumns, rowsCallQuery } from './line-items-api.ts';
import { type DashboardView, dashboardListParams, openingView } from './views/dashboard-view.ts';
import { dashboardViewAt, readSavedView } from './views/use-dashboard-view.ts';

/** The rows query of a view for `email`: the view's, with the columns the user's layout shows. */
function rowsOf(email: string, view: DashboardView) {
  const params = dashboardListParams(view);
  // The role from the cached profile, when this browser has it: a forwarder's default columns differ.
  const layout = readGridLayout(email, readCachedProfile(email)?.role);
  const columns = requestedColumns(view.report, layout.columns[view.report]);
  const url = callUrl('listLineItemRows', { query: rowsCallQuery(params, columns) });
  return { query: lineItemRowsQuery(params, columns), search: url.slice(url.indexOf('?') + 1) };
}

/**
 * Asks for the rows the dashboard opens on (the URL's view, or the user's saved view and place,
 * with the columns the user's layout shows) as soon as the session names the user, so the request
 * does not wait for the app to render; when the page came with those rows (lib/first-rows.ts),
 * they are the answer and nothing is asked. The screen's own query is the same one: it finds the
 * answer on its way, or already there. Small on purpose: it is in the first screen's JavaScript,
 * the dashboard itself is not.
 */
export function prefetchDashboard(queryClient: QueryClient, email: string, search: string) {
  const { query, search: rowsQuery } = rowsOf(email, dashboardViewAt(email, new URLSearchParams(search)));
  const answer = takeFirstRows(email, rowsQuery);
  if (answer) queryClient.setQueryData(query.queryKey, answer);
  else void queryClient.prefetchQuery(query);
  rememberOpeningView(email);
}

/**
 * Tells the server which rows '/' opens on for `email` in a new tab now: the saved view at page 1
 * of the first report (the place on the list is the browser tab's own). Called after each change
 * of the saved view or layout.
 */
export function rememberOpeningView(email: string) {
  const view = openingView(new URLSearchParams(), () => ({
    view: readSavedView(email).view,
    position: FIRST_POSITION,
  }));
  rememberOpeningRows(email, rowsOf(email, view).search);
}
