import { createHmac, timingSafeEqual } from 'node:crypto';

export type RegistrationToken =
  | { status: 'valid'; email: string; userId: string }
  | { status: 'expired' }
  | { status: 'invalid' };

/**
 * Reads the link token better-auth signs for e-mail verification (an HS256 JWT of
 * `{email, userId}` with the auth secret). Checked here rather than by better-auth's GET
 * /verify-email, which would confirm an address with the link alone; an expired link is told
 * apart from a forged or mangled one so the screen can say what to do.
 */
export function readRegistrationToken(token: string, secret: string, now = Date.now()): RegistrationToken {
  const [header, payload, signature, extra] = token.split('.');
  if (!header || !payload || !signature || extra !== undefined) return { status: 'invalid' };
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
  const claims = parseJson(header)?.alg === 'HS256' ? parseJson(payload) : null;
  if (!claims || typeof claims.email !== 'string' || typeof claims.userId !== 'string') return { status: 'invalid' };
  // A token made for changing an address is not a registration link.
  if (claims.updateTo !== undefined || typeof claims.exp !== 'number') return { status: 'invalid' };
  if (claims.exp * 1000 <= now) return { status: 'expired' };
  return { status: 'valid', email: claims.email.toLowerCase(), userId: claims.userId };
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
