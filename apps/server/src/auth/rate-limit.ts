import { sql } from 'drizzle-orm';
import type { RateRule } from '../config.ts';
import type { Queryable } from '../db/client.ts';

/**
 * Counts one request against `key` in a fixed window and says whether it may proceed.
 * One atomic statement in the database, so every server instance shares the count.
 */
export async function consumeRateLimit(db: Queryable, key: string, rule: RateRule) {
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
