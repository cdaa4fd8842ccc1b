import { createHmac } from 'node:crypto';
import { isSameSecret } from '../../lib/same-secret.ts';

// An alert e-mail's unsubscribe link works without signing in: its token names the person and is
// signed with the server's secret (AUTH_SECRET), so nobody can make one for someone else.

const signature = (secret: string, personId: number) =>
  createHmac('sha256', secret).update(`quayside-unsubscribe:${personId}`).digest('base64url');

export const unsubscribeToken = (secret: string, personId: number) => `${personId}.${signature(secret, personId)}`;

/** The person a token names, or null when it is not one we signed. */
export function personOfUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const personId = Number(match[1]);
  return isSameSecret(match[2] ?? '', signature(secret, personId)) ? personId : null;
}
