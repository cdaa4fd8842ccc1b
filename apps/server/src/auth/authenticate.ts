import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { readDataVersion } from '../db/data-version.ts';
import { AppError } from '../errors.ts';
import { VersionedCache } from '../lib/versioned-cache.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './auth-routes.ts';
import { type Principal, principalForUser } from './principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on every protected route; the only source of identity and role. */
    principal: Principal;
    /** The database's data version when the request began (db/data-version.ts), for answers worth remembering. */
    dataVersion: string;
  }
}

export const CROSS_SITE_REFUSED =
  'This request came from another site and was refused. If you opened Quayside at another address, the administrator sets PUBLIC_URL to it.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write carried by the browser's session cookie must come from our own pages: another site's
 * form or script would send the cookie too (cross-site request forgery). Browsers name the page's
 * origin in `Origin` on every POST; a bearer token is never sent by a browser on its own.
 */
function assertSameOrigin(request: FastifyRequest, ownOrigins: ReadonlySet<string>) {
  if (SAFE_METHODS.has(request.method) || request.headers.authorization?.startsWith('Bearer ')) return;
  if (!request.headers.cookie) return;
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  if (origin === undefined || !ownOrigins.has(origin)) throw new AppError('forbidden', CROSS_SITE_REFUSED);
}

function originOf(url: string | undefined) {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/** The credentials a request carries, whole: a signed session cookie or a bearer token. */
const credentialsOf = (request: FastifyRequest) =>
  `${request.headers.cookie ?? ''}\n${request.headers.authorization ?? ''}`;

/** A bearer token is an API client's; the web app carries the session cookie. */
const viaOf = (request: FastifyRequest) =>
  request.headers.authorization?.startsWith('Bearer ') ? ('api' as const) : ('screen' as const);

type KnownSession = { principal: Principal; expiresAt: number };

/**
 * A preHandler for protected routes: the session (cookie or `Authorization: Bearer`) decides who
 * the caller is. The `user-data` header the web client sends is deliberately never read.
 *
 * Checking a session costs a signature and three queries. While nothing at all has been written
 * to the database, the same credentials must give the same answer, so a principal is reused for
 * exactly the credentials and the data version it was found at: any sign-out, disabling, role
 * change or deletion is a write and so ends the reuse, wherever it happened.
 */
export function createAuthenticate(auth: Auth, db: Database, origins: { publicUrl: string; trustedOrigins: string[] }) {
  const ownOrigins = new Set([new URL(origins.publicUrl).origin, ...origins.trustedOrigins]);
  const known = new VersionedCache<KnownSession>(1000);
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    // An answer made for one signed-in person is never kept by a browser's or a proxy's cache.
    reply.header('cache-control', 'no-store');
    assertSameOrigin(request, ownOrigins);
    request.dataVersion = await readDataVersion(db);
    const credentials = credentialsOf(request);
    const reused = known.get(credentials, request.dataVersion);
    if (reused && reused.expiresAt > Date.now()) {
      request.principal = reused.principal;
      return;
    }
    const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
    const person = session ? await principalForUser(db, session.user) : null;
    const principal = person && { ...person, via: viaOf(request) };
    if (!principal || !session) throw new AppError('unauthenticated', 'Please sign in to continue.');
    known.set(credentials, request.dataVersion, {
      principal,
      expiresAt: new Date(session.session.expiresAt).getTime(),
    });
    request.principal = principal;
  };
}
