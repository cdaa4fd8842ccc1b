import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerDashboardPage } from './first-paint/dashboard-page.ts';

/** Vite names every file under assets/ by its content's hash: a changed file is a new address. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon.svg, robots.txt) is checked with the server on each use. */
const REVALIDATE = 'no-cache';

/** The server's own addresses: never the app's page, whatever follows them. */
const SERVER_PREFIXES = ['/api', '/assets', '/livez', '/readyz', '/metrics'];

/**
 * A page-like address: the app's pages, and any other one the app redirects to the dashboard
 * (SPEC.md §2 'any other path'). Not a top-level file name (favicon.ico, wp-login.php, .env) and
 * not under the server's own addresses: those answer 404 rather than the app's HTML. A deeper
 * segment may hold a dot: a PO or shipment number (/line-item/PO-12.5).
 */
const isPagePath = (pathname: string) =>
  !/^\/[^/]*\.[a-z0-9]+$/i.test(pathname) &&
  !SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** Where public tracking links lead (domain's trackingPath). */
const TRACKING_PAGES = '/track/';

/**
 * Serves the built web app: its files as built (the .br and .gz copies the build wrote, when the
 * browser takes them), and index.html at page-like addresses, so the client router can take them;
 * the dashboard's address with its first rows in it for a signed-in browser (first-paint/).
 * Any other address answers a JSON 404, never the app's HTML.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const hasBuild = existsSync(`${webDistDir}/index.html`);
  const assetsDir = path.join(path.resolve(webDistDir), 'assets') + path.sep;
  // The files present at start are routed; a rebuild needs a restart (as any deploy does).
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) =>
        response.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
    });
    registerDashboardPage(app, webDistDir);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (hasBuild && request.method === 'GET' && isPagePath(pathname)) {
      // A shared tracking page is for the people it was sent to, not for search engines.
      if (pathname.startsWith(TRACKING_PAGES)) reply.header('X-Robots-Tag', 'noindex, nofollow');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: `No such address: ${request.method} ${pathname}` });
  });
}
