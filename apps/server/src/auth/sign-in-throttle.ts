import { TOO_MANY_FAILED_ATTEMPTS } from '@quayside/domain/auth-messages';
import { sql } from 'drizzle-orm';
import type { SignInThrottle } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { clientAddress, consumeRateLimit, type RateLimitScope, rateLimitKey, releaseRateLimit } from './rate-limit.ts';

/**
 * One POST /sign-in/email: the account it names (lower-cased e-mail, if any), the client's address,
 * and the device that signed in to that account before (its device cookie's nonce), if any.
 */
export type SignInAttempt = { email: string | null; address: string; device: string | null };
export type SignInOutcome = 'wrong-password' | 'signed-in' | 'other';

/** The e-mail a sign-in names, read as better-auth reads the body (JSON or a form). */
export async function signInEmailOf(request: Request): Promise<string | null> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  let email: unknown;
  try {
    if (type.includes('json')) email = ((await request.clone().json()) as { email?: unknown } | null)?.email;
    else if (type.includes('form')) email = (await request.clone().formData()).get('email');
  } catch {
    return null; // better-auth refuses an unreadable body itself
  }
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

/**
 * Wrong passwords, counted per account whatever the address (5 free, then a wait that doubles
 * from a few seconds up to 15 minutes) and per client address (a fixed budget per window). Right
 * passwords are not counted. Every attempt counts as wrong until better-auth has answered, so a
 * burst of parallel guesses gets no more tries than the same guesses one by one. The counters live
 * in `rate_limits`, shared by every server instance.
 *
 * An attempt from a device that signed in to the account before (sign-in-device.ts) is counted
 * against that device alone, with the same waits, and does not wait for the account: a stranger's
 * guesses from elsewhere cannot keep the owner out, and a stolen device cookie still gets locked.
 */
export function createSignInThrottle(db: Queryable, rules: SignInThrottle) {
  const waitSeconds = (count: ReturnType<typeof sql>) => sql`(case when ${count} < ${rules.freeFailures} then 0
    else least(${rules.longestWaitSeconds}, ${rules.firstWaitSeconds} * power(2, ${count} - ${rules.freeFailures})) end)`;

  /** The counter an attempt's wrong password counts against: the known device's, else the account's. */
  const counterOf = (email: string, device: string | null) =>
    device === null
      ? ({ scope: 'sign-in-account', subject: email } as const)
      : ({ scope: 'sign-in-device', subject: device } as const);

  /** Counts the attempt, unless its counter must still wait: then the seconds left. */
  const beginCounting = async (scope: RateLimitScope, subject: string): Promise<number | null> => {
    const key = rateLimitKey(scope, subject);
    const forgotten = sql`rate_limits.window_started_at <= now() - make_interval(secs => ${rules.forgetAfterSeconds})`;
    const waited = sql`rate_limits.window_started_at + make_interval(secs => ${waitSeconds(sql`rate_limits.count`)}) <= now()`;
    // The row is written only when the attempt may go ahead, so a row back means "allowed": an
    // attempt that must wait changes nothing. (Comparing the stored start with now() instead let
    // attempts through that fell in the same clock tick as the last allowed one.)
    const counted = await db.execute(sql`
      insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        count = case when ${forgotten} then 1 else rate_limits.count + 1 end,
        window_started_at = now()
      where ${forgotten} or ${waited}
      returning 1`);
    if (counted.rows.length > 0) return null;
    const waiting = await db.execute<{ retry_after: number }>(sql`
      select ceil(extract(epoch from window_started_at + make_interval(secs => ${waitSeconds(sql`count`)}) - now()))::int
        as retry_after
      from rate_limits where key = ${key}`);
    return Math.max(1, waiting.rows[0]?.retry_after ?? 1);
  };

  const refuse = (retryAfter: number) => new AppError('rate_limited', TOO_MANY_FAILED_ATTEMPTS, retryAfter);

  return {
    /** Before the password is checked: throws 429 with Retry-After while the account or the address must wait. */
    async begin(attempt: SignInAttempt) {
      const address = clientAddress(attempt.address);
      const byAddress = await consumeRateLimit(db, 'sign-in-address', address, rules.perAddress);
      if (!byAddress.allowed) throw refuse(byAddress.retryAfter ?? rules.perAddress.window);
      if (attempt.email === null) return;
      const counter = counterOf(attempt.email, attempt.device);
      const wait = await beginCounting(counter.scope, counter.subject);
      if (wait !== null) {
        await releaseRateLimit(db, 'sign-in-address', address);
        throw refuse(wait);
      }
    },

    /**
     * After better-auth answered: a wrong password stays counted; a sign-in clears the count it was
     * counted on (a known device's sign-in leaves the account's count to strangers as it was).
     */
    async settle(attempt: SignInAttempt, outcome: SignInOutcome) {
      if (outcome === 'wrong-password') return;
      await releaseRateLimit(db, 'sign-in-address', clientAddress(attempt.address));
      if (attempt.email === null) return;
      const counter = counterOf(attempt.email, attempt.device);
      const key = rateLimitKey(counter.scope, counter.subject);
      if (outcome === 'signed-in') await db.execute(sql`delete from rate_limits where key = ${key}`);
      else await releaseRateLimit(db, counter.scope, counter.subject);
    },
  };
}
