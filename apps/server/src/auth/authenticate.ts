import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './auth-routes.ts';
import { type Principal, principalForUser } from './principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on every protected route; the only source of identity and role. */
    principal: Principal;
  }
}

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write carried by the browser's session cookie must come from our own pages: another site's
 * form or script would send the cookie too (cross-site request forgery). Browsers name the page's
 * origin in `Origin` on every POST; a bearer token is never sent by a browser on its own.
 */
function assertSameOrigin(request: FastifyRequest, publicOrigin: string) {
  if (SAFE_METHODS.has(request.method) || request.headers.authorization?.startsWith('Bearer ')) return;
  if (!request.headers.cookie) return;
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  if (origin !== publicOrigin) throw new AppError('forbidden', CROSS_SITE_REFUSED);
}

function originOf(url: string | undefined) {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A preHandler for protected routes: the session (cookie or `Authorization: Bearer`) decides who
 * the caller is. The `user-data` header the web client sends is deliberately never read.
 */
export function createAuthenticate(auth: Auth, db: Database, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async function authenticate(request: FastifyRequest) {
    assertSameOrigin(request, publicOrigin);
    const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
    const principal = session ? await principalForUser(db, session.user) : null;
    if (!principal) throw new AppError('unauthenticated', 'Please sign in to continue.');
    request.principal = principal;
  };
}
