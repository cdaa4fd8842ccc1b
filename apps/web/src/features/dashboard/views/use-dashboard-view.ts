import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readStored, writeStored } from '../../../lib/local-storage.ts';
import { type ListPosition, parsePosition } from '../grid/paging.ts';
import {
  type DashboardAction,
  type DashboardView,
  dashboardViewReducer,
  openingView,
  viewSearchParams,
} from './dashboard-view.ts';
import { dashboardStorageKey, parseStoredView, TABLE_VIEW_FIELDS, tableViewStorageKey } from './table-view.ts';

const positionKey = (email: string) => dashboardStorageKey(email, 'position');

/**
 * The page and report tab, remembered for this browser tab only (session storage): coming back
 * to the dashboard lands on the same page of the same tab, while a new visit starts at page 1.
 * Not part of the saved view of SPEC.md §3, which lists what is kept across visits.
 */
function readPosition(email: string): ListPosition {
  try {
    return parsePosition(JSON.parse(window.sessionStorage.getItem(positionKey(email)) ?? 'null'));
  } catch {
    return parsePosition(null);
  }
}

/** The user's saved view (SPEC.md §3, one local-storage key per preference) and place. */
export const readSavedView = (email: string) => ({
  view: parseStoredView((field) => readStored(tableViewStorageKey(email, field))),
  position: readPosition(email),
});

function saveView(email: string, view: DashboardView) {
  for (const field of TABLE_VIEW_FIELDS) writeStored(tableViewStorageKey(email, field), view[field]);
  try {
    window.sessionStorage.setItem(positionKey(email), JSON.stringify({ page: view.page, report: view.report }));
  } catch {
    // Losing it costs a return to page 1, nothing more.
  }
}

/** Whether this browser holds any of the user's saved view (SPEC.md §3). */
export const hasSavedView = (email: string) =>
  TABLE_VIEW_FIELDS.some((field) => readStored(tableViewStorageKey(email, field)) !== null);

/** Where the dashboard opens for `email` with this URL query (the prefetch asks for the same rows). */
export const dashboardViewAt = (email: string, params: URLSearchParams) =>
  openingView(params, () => readSavedView(email));

/**
 * The dashboard's view (dashboard-view.ts): opened from the URL or the user's saved view, and on
 * every change kept in the URL (replacing the entry, so Back leaves the dashboard) and saved for
 * the user. A link that changes the URL under the dashboard opens what it names.
 * Mount it per user (key it by e-mail) so a new user starts from their own.
 */
export function useDashboardView(email: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, dispatch] = useReducer(dashboardViewReducer, undefined, () => dashboardViewAt(email, searchParams));
  const opened = useRef(view);
  // The query this hook last wrote: a different one came from outside (a link, Back).
  const written = useRef(searchParams.toString());

  useEffect(() => {
    const query = searchParams.toString();
    if (query === written.current) return;
    written.current = query;
    dispatch({ type: 'load', view: dashboardViewAt(email, searchParams) });
  }, [email, searchParams]);

  useEffect(() => {
    // Opening a shared link shows it without replacing the user's own saved view.
    if (view === opened.current) return;
    saveView(email, view);
    const query = viewSearchParams(view).toString();
    if (query === written.current) return;
    written.current = query;
    setSearchParams(query, { replace: true });
  }, [email, view, setSearchParams]);

  return [view, useCallback((action: DashboardAction) => dispatch(action), [])] as const;
}
