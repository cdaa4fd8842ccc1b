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

/**
 * A preHandler for protected routes: the session (cookie or `Authorization: Bearer`) decides who
 * the caller is. The `user-data` header the web client sends is deliberately never read.
 */
export function createAuthenticate(auth: Auth, db: Database) {
  return async function authenticate(request: FastifyRequest) {
    const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
    const principal = session ? await principalForUser(db, session.user) : null;
    if (!principal) throw new AppError('unauthenticated', 'Please sign in to continue.');
    request.principal = principal;
  };
}
