/**
 * The better-auth endpoints this app serves: the ones the web app and API clients call. Every
 * other one better-auth (and its admin plugin) would answer — listing sessions with their tokens,
 * changing roles, impersonating, deleting users — answers 404 at the bridge.
 */
const SERVED = new Set([
  'GET /get-session',
  'POST /sign-in/email',
  'POST /sign-up/email',
  'POST /sign-out',
  'POST /request-password-reset',
  'POST /reset-password',
  // Registration by mail (email-verification.ts).
  'POST /send-verification-email',
  'POST /confirm-email',
  // The first run's set-up link (first-admin.ts).
  'POST /set-up',
]);

/** Paths are relative to better-auth's base path, /api/auth. */
export const AUTH_BASE_PATH = '/api/auth';

/** The endpoint a request names (`/sign-in/email`), if it is one we serve. */
export function servedAuthPath(method: string, url: string): string | null {
  const pathname = url.split('?')[0] ?? '';
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  const path = pathname.slice(AUTH_BASE_PATH.length).replace(/\/+$/, '');
  return SERVED.has(`${method} ${path}`) ? path : null;
}
