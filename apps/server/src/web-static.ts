import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppPage } from '@quayside/domain/app-paths';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ by its content's hash: a changed file is a new address. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon.svg, robots.txt) is checked with the server on each use. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: its files as built (the .br and .gz copies the build wrote, when the
 * browser takes them), and index.html at the app's pages, so the client router can take them.
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
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (hasBuild && request.method === 'GET' && isAppPage(pathname)) return reply.sendFile('index.html');
    return reply.status(404).send({ message: `No such address: ${request.method} ${pathname}` });
  });
}
