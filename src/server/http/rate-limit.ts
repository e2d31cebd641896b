import { eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import type { AppDeps } from './types.ts';

/**
 * Attempt limits kept in the database, so that they hold across every server instance.
 *
 * A rule counts hits under a key ('signin:ip:1.2.3.4', 'pin:business:<id>') in a fixed window that starts
 * with the first hit. `consumeRateLimit` counts one hit with a single atomic upsert and refuses the hit once
 * the count passes the limit, so concurrent attempts cannot slip through between a check and a write.
 * To count only failures, consume first and `refundRateLimit` after a success.
 */
export type RateLimitRule = {
  key: string;
  /** Hits allowed in one window; the next one is refused. */
  limit: number;
  windowMs: number;
  /** What is counted, for the refusal ("Too many receipt emails. …"); attempts unless said. */
  what?: string;
};

type RateLimitDeps = Pick<AppDeps, 'database' | 'now'>;

export const RATE_LIMITED = (retryAfterMs: number, what = 'attempts') => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(
    'RATE_LIMITED',
    `Too many ${what}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    429,
  );
};

/** Counts one attempt; throws RATE_LIMITED (429) once more than `limit` attempts fell in the window. */
export async function consumeRateLimit(deps: RateLimitDeps, rule: RateLimitRule): Promise<void> {
  await countRateLimit(deps, rule);
}

/** As consumeRateLimit, and returns the count in the window, this attempt included. */
export async function countRateLimit(deps: RateLimitDeps, rule: RateLimitRule): Promise<number> {
  const now = deps.now();
  const windowEndsAt = new Date(now.getTime() + rule.windowMs);
  const expired = sql`${rateLimits.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await deps.database.db
    .insert(rateLimits)
    .values({ key: rule.key, hits: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowEndsAt: rateLimits.windowEndsAt });
  if (row && row.hits > rule.limit) throw RATE_LIMITED(row.windowEndsAt.getTime() - now.getTime(), rule.what);
  return row?.hits ?? 1;
}

/** A key's count and window end while its window lasts, without counting anything; null when none runs. */
export async function readRateLimit(
  deps: RateLimitDeps,
  key: string,
): Promise<{ hits: number; windowEndsAt: Date } | null> {
  const [row] = await deps.database.db
    .select({ hits: rateLimits.hits, windowEndsAt: rateLimits.windowEndsAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  if (!row || row.windowEndsAt.getTime() <= deps.now().getTime()) return null;
  return row;
}

/** Consumes several rules; all are counted even when an earlier one refuses, then the first refusal is thrown. */
export async function consumeRateLimits(deps: RateLimitDeps, rules: RateLimitRule[]): Promise<void> {
  const results = await Promise.allSettled(rules.map((rule) => consumeRateLimit(deps, rule)));
  const refused = results.find((result) => result.status === 'rejected');
  if (refused) throw refused.reason;
}

/** Takes back one hit (the attempt succeeded and only failures should count). */
export async function refundRateLimit(deps: RateLimitDeps, key: string): Promise<void> {
  await deps.database.db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a key's hits (after a successful sign-in of that account, for example). */
export async function resetRateLimit(deps: RateLimitDeps, key: string): Promise<void> {
  await deps.database.db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Removes counters whose window is over; called now and then so the table does not grow without end. */
export async function deleteExpiredRateLimits(db: Queryable, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now));
}
