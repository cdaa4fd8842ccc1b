import { NUL_MESSAGE } from '@quayside/domain/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';

/**
 * Fetch-API headers from Fastify's, with the client address set by us (never by the client).
 * A value Fetch cannot carry (a NUL, a character above U+00FF) is the client's error: 400.
 */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const single of Array.isArray(value) ? value : [value]) headers.append(name, single);
    }
  } catch {
    throw new AppError('invalid', 'A request header holds characters it may not hold.');
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** PostgreSQL text cannot hold NUL: refused before better-auth looks a value up (a JSON "\u0000", or %00). */
const holdsNul = (request: FastifyRequest, body: string | undefined) =>
  /%00/.test(request.url) || (body !== undefined && (body.includes('\u0000') || /\\u0000/i.test(body)));

/** Mounts better-auth's handler at /api/auth/* (sign-up, sign-in, sign-out, password reset...). */
export async function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string) {
  await app.register(async (scope) => {
    // better-auth parses bodies itself: hand it the raw text, whatever the content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const body = typeof request.body === 'string' && request.body.length > 0 ? request.body : undefined;
        if (holdsNul(request, body)) throw new AppError('invalid', NUL_MESSAGE);
        const response = await auth.handler(
          new Request(new URL(request.url, publicUrl), {
            method: request.method,
            headers: toFetchHeaders(request),
            body: request.method === 'GET' ? undefined : body,
          }),
        );
        reply.status(response.status);
        for (const [name, value] of response.headers) {
          if (name !== 'set-cookie') reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(response.body ? await response.text() : null);
      },
    });
  });
}
