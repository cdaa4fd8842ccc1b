import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app; any other GET outside /api answers index.html so the client router
 * can take it. Unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const hasBuild = existsSync(`${webDistDir}/index.html`);
  // The files present at start are routed; a rebuild needs a restart (as any deploy does).
  if (hasBuild) await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/livez');
    if (isPage && hasBuild) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: `No such address: ${request.method} ${request.url.split('?')[0]}` });
  });
}
