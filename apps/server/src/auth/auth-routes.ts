import { TOO_MANY_FAILED_ATTEMPTS } from '@quayside/domain/auth-messages';
import { NUL_MESSAGE } from '@quayside/domain/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppConfig, TRACKING_LINK_RATE } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { servedAuthPath } from './auth-paths.ts';
import { expiredRateLimitSweeper, type RateLimitLifetimes } from './rate-limit.ts';
import { resolveAuthSecret } from './secret.ts';
import { createSignInDevices } from './sign-in-device.ts';
import { createSignInThrottle, type SignInOutcome, signInEmailOf } from './sign-in-throttle.ts';

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

/** Seconds each kind of counter is worth keeping (the longest window it is counted in). */
const counterLifetimes = (config: AppConfig): RateLimitLifetimes => ({
  auth: Math.max(
    60,
    config.authRateLimits.signIn.window,
    config.authRateLimits.signUp.window,
    config.authRateLimits.passwordReset.window,
  ),
  eligibility: config.authRateLimits.eligibility.window,
  'sign-in-address': config.signInThrottle.perAddress.window,
  'sign-in-account': config.signInThrottle.forgetAfterSeconds,
  'sign-in-device': config.signInThrottle.forgetAfterSeconds,
  tracking: TRACKING_LINK_RATE.window,
});

const outcomeOf = (status: number): SignInOutcome =>
  status === 200 ? 'signed-in' : status === 401 ? 'wrong-password' : 'other';

/**
 * Mounts better-auth's handler at /api/auth/* for the endpoints we serve (auth-paths.ts; the rest
 * answer 404), with wrong passwords at sign-in throttled (sign-in-throttle.ts) and the devices that
 * signed in remembered by a cookie (sign-in-device.ts).
 */
export async function registerAuthRoutes(app: FastifyInstance, auth: Auth, config: AppConfig, db: Database) {
  const { publicUrl } = config;
  const throttle = createSignInThrottle(db, config.signInThrottle);
  const devices = createSignInDevices({ authSecret: resolveAuthSecret(config.authSecret, config.dataDir), publicUrl });
  const sweepExpiredCounters = expiredRateLimitSweeper(db, counterLifetimes(config));
  await app.register(async (scope) => {
    // better-auth parses bodies itself: hand it the raw text, whatever the content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = servedAuthPath(request.method, request.url);
        if (path === null) return reply.callNotFound();
        await sweepExpiredCounters().catch((error) => request.log.error({ err: error }, 'rate limit sweep failed'));
        const body = typeof request.body === 'string' && request.body.length > 0 ? request.body : undefined;
        if (holdsNul(request, body)) throw new AppError('invalid', NUL_MESSAGE);
        const fetchRequest = new Request(new URL(request.url, publicUrl), {
          method: request.method,
          headers: toFetchHeaders(request),
          body: request.method === 'GET' ? undefined : body,
        });
        const email = path === '/sign-in/email' ? await signInEmailOf(fetchRequest) : null;
        const signIn = path === '/sign-in/email' && {
          email,
          address: request.ip,
          device: devices.trustedDevice(request.headers.cookie, email),
        };
        if (signIn) await throttle.begin(signIn);
        let response: Response;
        try {
          response = await auth.handler(fetchRequest);
        } catch (error) {
          if (signIn) await throttle.settle(signIn, 'other');
          throw error;
        }
        if (signIn) await throttle.settle(signIn, outcomeOf(response.status));
        // better-auth's own per-address limit, in the words the throttle uses (SPEC.md §8).
        if (signIn && response.status === 429) {
          const retryAfter = Number(response.headers.get('x-retry-after')) || 60;
          throw new AppError('rate_limited', TOO_MANY_FAILED_ATTEMPTS, retryAfter);
        }
        reply.status(response.status);
        for (const [name, value] of response.headers) {
          if (name !== 'set-cookie') reply.header(name, value);
        }
        // Sessions, tokens and who is signed in: never kept by a cache.
        reply.header('cache-control', 'no-store');
        const retryAfter = response.headers.get('x-retry-after');
        if (response.status === 429 && retryAfter) reply.header('retry-after', retryAfter);
        const cookies = response.headers.getSetCookie();
        if (signIn && signIn.email !== null && response.status === 200) cookies.push(devices.issue(signIn.email));
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(response.body ? await response.text() : null);
      },
    });
  });
}
