import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API } from '@quayside/domain/api';
import { pathOf } from '@quayside/domain/call';
import {
  defaultOpeningQuery,
  FIRST_ROWS_ID,
  type FirstRows,
  OPENING_ROWS_COOKIE,
  openingRowsQueryFor,
} from '@quayside/domain/first-rows';
import { LineItemRowsQuery, type LineItemRowsResponse, shownColumns } from '@quayside/domain/line-item-rows';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { cookieValue } from '../lib/cookie.ts';
import { dashboardPreloads } from './chunk-preloads.ts';
import { FIRST_PAINT_STYLE, type FirstPaintRows, firstPaintHtml } from './first-paint-html.ts';

/**
 * How long the page waits for its rows. A dashboard page answers in tens of milliseconds; a saved
 * view whose question takes longer is not worth holding the whole page for: it goes without them,
 * and the app's own request finds the answer the server has meanwhile remembered.
 */
const ROWS_BUDGET_MS = 250;

const ROWS_PATH = pathOf(API.listLineItemRows);

/** The query's report, columns, sort and search, read by the rows call's own schema (which has accepted it). */
function drawnQuery(query: string): Omit<FirstPaintRows, 'answer'> | null {
  const parsed = LineItemRowsQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) return null;
  const { report, columns, sort, q } = parsed.data;
  return { report, columns: shownColumns({ report, columns }), sort, search: q };
}

/** JSON inside a `<script>` element: no `<` can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The dashboard's address ('/'): for a signed-in browser, index.html with the first page's rows
 * drawn in it (first-paint-html.ts) and carried for the app (`#first-rows`), and the dashboard's
 * code preloaded. The rows are those the app itself will ask for: the query the app left in the
 * OPENING_ROWS_COOKIE for this user, else the untouched dashboard's. They are asked through the
 * rows route itself, so the same checks, visibility and remembered answers apply. Rows that do
 * not come in time (or a query the route refuses) leave the page without them; a browser that is
 * not signed in gets index.html as it was built.
 */
export function registerDashboardPage(app: FastifyInstance, webDistDir: string) {
  const indexHtml = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const preloads = dashboardPreloads(webDistDir, indexHtml);

  const rowsFor = async (request: FastifyRequest, query: string): Promise<LineItemRowsResponse | null> => {
    const answered = await Promise.race([
      app.inject({ method: 'GET', url: `${ROWS_PATH}?${query}`, headers: { cookie: request.headers.cookie ?? '' } }),
      sleep(ROWS_BUDGET_MS, null, { ref: false }),
    ]);
    return answered?.statusCode === 200 ? (answered.json() as LineItemRowsResponse) : null;
  };

  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.authenticate(request, reply);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  };

  // Not an API call: left out of the OpenAPI description (which answers 500 for a route without a schema).
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const cookies = request.headers.cookie;
    if (!cookies || !(await signedIn(request, reply))) return reply.sendFile('index.html');
    const openingQuery =
      openingRowsQueryFor(request.principal.email, cookieValue(cookies, OPENING_ROWS_COOKIE)) ??
      defaultOpeningQuery(request.principal.role);
    const answer = await rowsFor(request, openingQuery);
    const drawn = answer && drawnQuery(openingQuery);
    const head = drawn ? `${preloads}${FIRST_PAINT_STYLE}` : preloads;
    const body =
      answer && drawn
        ? `${firstPaintHtml({ answer, ...drawn })}<script type="application/json" id="${FIRST_ROWS_ID}">${scriptJson({ email: request.principal.email, query: openingQuery, answer } satisfies FirstRows)}</script>`
        : '';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(indexHtml.replace('</head>', `${head}</head>`).replace('<body>', `<body>${body}`));
  });
}
