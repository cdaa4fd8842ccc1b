import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValue } from '../lib/cookie.ts';

/** Where the browser sends the device cookie: the sign-in endpoint only, never the rest of the API. */
export const DEVICE_COOKIE_PATH = '/api/auth/sign-in';
export const DEVICE_COOKIE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const NONCE_BYTES = 16;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Device cookies: a browser (or API client) that has signed in to an account before carries a
 * cookie signed for that account, so its sign-ins are throttled on their own and a stranger's wrong
 * passwords for the same account do not hold it up. The value is `nonce.signature`, the signature
 * an HMAC of the nonce and the lower-cased e-mail: the e-mail is not in the cookie, and a cookie
 * issued for one account is worth nothing for another.
 */
export function createSignInDevices(options: { authSecret: string; publicUrl: string }) {
  const isSecure = options.publicUrl.startsWith('https://');
  // __Secure- (as better-auth names its cookies over https): a plain-http page cannot overwrite it.
  const cookieName = `${isSecure ? '__Secure-' : ''}quayside.sign_in_device`;
  // A key of its own, so a device signature can never stand in for any other use of the secret.
  const key = createHmac('sha256', options.authSecret).update('quayside sign-in device cookie').digest();
  const signatureOf = (nonce: string, email: string) =>
    createHmac('sha256', key).update(`${nonce}:${email}`).digest('base64url');

  return {
    /** The device the request's cookie names, if it was signed for this account (else null: an unknown device). */
    trustedDevice(cookieHeader: string | undefined, email: string | null): string | null {
      if (!cookieHeader || email === null) return null;
      const value = cookieValue(cookieHeader, cookieName);
      const [nonce = '', signature = '', ...rest] = (value ?? '').split('.');
      if (rest.length > 0 || !NONCE_PATTERN.test(nonce)) return null;
      // Compared as text: base64url decoding ignores stray characters, so decoded bytes could match.
      const given = Buffer.from(signature);
      const expected = Buffer.from(signatureOf(nonce, email));
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },

    /** The Set-Cookie for a new device cookie, after a successful sign-in to this account. */
    issue(email: string): string {
      const nonce = randomBytes(NONCE_BYTES).toString('base64url');
      const value = `${nonce}.${signatureOf(nonce, email)}`;
      return [
        `${cookieName}=${value}`,
        `Max-Age=${DEVICE_COOKIE_LIFETIME_SECONDS}`,
        `Path=${DEVICE_COOKIE_PATH}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(isSecure ? ['Secure'] : []),
      ].join('; ');
    },
  };
}
