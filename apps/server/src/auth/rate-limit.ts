import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { RateRule } from '../config.ts';
import type { Queryable } from '../db/client.ts';

/** What a counter counts; the prefix of its key, and how long its row is worth keeping. */
export type RateLimitScope =
  | 'auth'
  | 'eligibility'
  | 'sign-in-address'
  | 'sign-in-account'
  | 'sign-in-device'
  | 'tracking';

/**
 * A counter's key: its scope, then a digest of whom it counts (an address, an e-mail, better-auth's
 * "address|path"). Fixed length whatever the client sent, and no address or e-mail stored in the clear.
 */
export const rateLimitKey = (scope: RateLimitScope, subject: string) =>
  `${scope}:${createHash('sha256').update(subject).digest('base64url')}`;

/** One IPv6 client usually holds a whole /64: count it as one address. */
export function clientAddress(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  if (tailGroups.some((group) => group.includes('.'))) return ip.toLowerCase(); // IPv4-mapped
  const missing = ip.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * Counts one request against a counter in a fixed window and says whether it may proceed.
 * One atomic statement in the database, so every server instance shares the count.
 */
export async function consumeRateLimit(db: Queryable, scope: RateLimitScope, subject: string, rule: RateRule) {
  const key = rateLimitKey(scope, subject);
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_started_at <= now() - make_interval(secs => ${rule.window})
        then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => ${rule.window})
        then now() else rate_limits.window_started_at end
    returning count,
      ceil(extract(epoch from window_started_at + make_interval(secs => ${rule.window}) - now()))::int as retry_after`);
  const row = result.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  const allowed = row.count <= rule.max;
  return { allowed, retryAfter: allowed ? null : Math.max(1, row.retry_after) };
}

/** Takes back one count (a request that turned out not to be what the counter counts). */
export async function releaseRateLimit(db: Queryable, scope: RateLimitScope, subject: string) {
  await db.execute(
    sql`update rate_limits set count = greatest(count - 1, 0) where key = ${rateLimitKey(scope, subject)}`,
  );
}

/** Seconds after its window started that a counter of each scope is of no more use. */
export type RateLimitLifetimes = Record<RateLimitScope, number>;

/**
 * Deletes counters whose window has long passed. A key of no known scope (left by an older
 * version) is kept a day.
 */
export async function deleteExpiredRateLimits(db: Queryable, lifetimes: RateLimitLifetimes) {
  const result = await db.execute(sql`
    delete from rate_limits where window_started_at < now() - make_interval(secs =>
      coalesce((${JSON.stringify(lifetimes)}::jsonb ->> split_part(key, ':', 1))::int, 86400))`);
  return result.rowCount ?? 0;
}

/** Runs `deleteExpiredRateLimits` at most once a minute, from whichever request comes along. */
export function expiredRateLimitSweeper(db: Queryable, lifetimes: RateLimitLifetimes, everyMs = 60_000) {
  let lastSweep = 0;
  return async () => {
    if (Date.now() - lastSweep < everyMs) return;
    lastSweep = Date.now();
    await deleteExpiredRateLimits(db, lifetimes);
  };
}
