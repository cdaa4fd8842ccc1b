import {
  DEFAULT_OPENING_QUERY,
  FIRST_PAINT_ID,
  FIRST_ROWS_ID,
  type FirstRows,
  isSameQuery,
  OPENING_ROWS_COOKIE,
  openingRowsQueryFor,
} from '@quayside/domain/first-rows';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetOpeningRows } from '../../lib/first-rows.ts';
import { lineItemKeys } from '../../lib/query-keys.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { answerRows, lineItemFixture, rowsAnswer } from '../../testing/line-item-rows.ts';
import { ADMIN, renderScreen } from '../../testing/render-screen.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { prefetchDashboard, rememberOpeningView } from './prefetch-dashboard.ts';
import { dashboardStorageKey, tableViewStorageKey } from './views/table-view.ts';

// The dashboard's first rows, sent inside the page by the server: the app takes them as its first
// answer when they answer its own first question, tells the server in a cookie what '/' opens on,
// and removes the server's drawing once its own rows show.

/** The query the cookie names for `email`, as the server reads it. */
const cookieQuery = (email: string) => {
  const value = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${OPENING_ROWS_COOKIE}=`))
    ?.slice(OPENING_ROWS_COOKIE.length + 1);
  return openingRowsQueryFor(email, value);
};

/** The page as the server sends it: the drawing, and the rows for the app. */
function servePage(firstRows: FirstRows) {
  const drawing = document.createElement('div');
  drawing.id = FIRST_PAINT_ID;
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = FIRST_ROWS_ID;
  data.textContent = JSON.stringify(firstRows);
  document.body.append(drawing, data);
}

const ROWS = [lineItemFixture({ _id: 'li-7', title: 'PO-FROM-THE-PAGE' })];
const answerFor = (query: string) =>
  rowsAnswer({ method: 'GET', path: '/api/LineItems/rows', query: new URLSearchParams(query), body: null }, ROWS);

afterEach(() => {
  document.getElementById(FIRST_PAINT_ID)?.remove();
  document.getElementById(FIRST_ROWS_ID)?.remove();
  forgetOpeningRows();
});

describe("the dashboard's opening rows, told to the server", () => {
  it("names the server's untouched dashboard for a browser that has saved nothing", () => {
    rememberOpeningView(ADMIN.email);
    const query = cookieQuery(ADMIN.email);
    expect(query !== null && isSameQuery(query, DEFAULT_OPENING_QUERY)).toBe(true);
    expect(cookieQuery('someone.else@napco.example')).toBeNull();
  });

  it('names the saved search and page size and the columns shown, at page 1 of the first report', () => {
    localStorage.setItem(tableViewStorageKey(ADMIN.email, 'searchQuery'), JSON.stringify('bolt'));
    localStorage.setItem(tableViewStorageKey(ADMIN.email, 'pageSize'), JSON.stringify(100));
    localStorage.setItem(
      dashboardStorageKey(ADMIN.email, 'layout'),
      JSON.stringify({ columns: { default: ['title', 'house'] } }),
    );
    sessionStorage.setItem(dashboardStorageKey(ADMIN.email, 'position'), JSON.stringify({ page: 4, report: 'dr' }));
    rememberOpeningView(ADMIN.email);
    expect(Object.fromEntries(new URLSearchParams(cookieQuery(ADMIN.email) ?? ''))).toEqual({
      q: 'bolt',
      page: '1',
      pageSize: '100',
      report: 'default',
      columns: 'title,house',
    });
  });
});

describe("the page's rows, taken by the app", () => {
  it("answers the app's first question from the page, once, without asking the server", async () => {
    servePage({ email: ADMIN.email, query: DEFAULT_OPENING_QUERY, answer: answerFor(DEFAULT_OPENING_QUERY) });
    const api = fakeApi({ 'GET /api/LineItems/rows': answerRows(ROWS) });
    const queryClient = new QueryClient();
    prefetchDashboard(queryClient, ADMIN.email, '');
    const cached = queryClient.getQueriesData({ queryKey: lineItemKeys.all });
    expect(cached.map(([, data]) => data)).toEqual([answerFor(DEFAULT_OPENING_QUERY)]);
    expect(api.callsTo('GET /api/LineItems/rows')).toEqual([]);
    // The drawing stays until the app's table replaces it; the rows are not offered twice.
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    expect(document.getElementById(FIRST_ROWS_ID)).toBeNull();

    prefetchDashboard(new QueryClient(), ADMIN.email, '');
    await waitFor(() => expect(api.callsTo('GET /api/LineItems/rows')).toHaveLength(1));
  });

  it("asks the server, and takes the drawing away at once, when the page's rows answer another question or user", async () => {
    for (const [email, search] of [
      [ADMIN.email, '?q=bolt'],
      ['someone.else@napco.example', ''],
    ] as const) {
      servePage({ email: ADMIN.email, query: DEFAULT_OPENING_QUERY, answer: answerFor(DEFAULT_OPENING_QUERY) });
      const api = fakeApi({ 'GET /api/LineItems/rows': answerRows(ROWS) });
      prefetchDashboard(new QueryClient(), email, search);
      expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
      await waitFor(() => expect(api.callsTo('GET /api/LineItems/rows')).toHaveLength(1));
    }
  });

  it("removes the server's drawing once the dashboard shows its own rows", async () => {
    servePage({ email: ADMIN.email, query: DEFAULT_OPENING_QUERY, answer: answerFor(DEFAULT_OPENING_QUERY) });
    renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems/rows': answerRows(ROWS) } });
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    expect(await screen.findByText('PO-FROM-THE-PAGE')).toBeInTheDocument();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});
