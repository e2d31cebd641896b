import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { AppError } from './errors.ts';
import {
  consumeRateLimit,
  consumeRateLimits,
  deleteExpiredRateLimits,
  refundRateLimit,
  resetRateLimit,
} from './rate-limit.ts';

let database: Database;
let now = new Date('2026-03-01T10:00:00Z');
const deps = () => ({ database, now: () => now });
const MINUTE = 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('database rate limiter', () => {
  it('allows the limit, then refuses with the minutes left until the window ends', async () => {
    const rule = { key: 'signin:ip:10.0.0.1', limit: 3, windowMs: 15 * MINUTE };
    for (let i = 0; i < 3; i++) await consumeRateLimit(deps(), rule);
    const error = await refusal(consumeRateLimit(deps(), rule));
    expect(error.status).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe('Too many attempts. Try again in 15 minutes.');

    now = new Date(now.getTime() + 14 * MINUTE + 10_000);
    expect((await refusal(consumeRateLimit(deps(), rule))).message).toBe(
      'Too many attempts. Try again in 1 minute.',
    );
    now = new Date(now.getTime() + MINUTE);
    await expect(consumeRateLimit(deps(), rule)).resolves.toBeUndefined();
  });

  it('keeps keys apart', async () => {
    const a = { key: 'pin:business:a', limit: 1, windowMs: MINUTE };
    const b = { key: 'pin:business:b', limit: 1, windowMs: MINUTE };
    await consumeRateLimit(deps(), a);
    await consumeRateLimit(deps(), b);
    await expect(consumeRateLimit(deps(), a)).rejects.toThrow('Too many attempts');
  });

  it('lets no concurrent attempt slip past the limit', async () => {
    const rule = { key: 'signin:account:race', limit: 10, windowMs: MINUTE };
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => consumeRateLimit(deps(), rule)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const rows = await database.query<{ hits: number }>('select hits from rate_limits where key = $1', [
      rule.key,
    ]);
    expect(rows[0]?.hits).toBe(30);
  });

  it('forgets a key on reset and takes back one hit on refund', async () => {
    const rule = { key: 'reset:email:x', limit: 2, windowMs: MINUTE };
    await consumeRateLimit(deps(), rule);
    await consumeRateLimit(deps(), rule);
    await refundRateLimit(deps(), rule.key);
    await consumeRateLimit(deps(), rule);
    await expect(consumeRateLimit(deps(), rule)).rejects.toThrow('Too many attempts');
    await resetRateLimit(deps(), rule.key);
    await consumeRateLimit(deps(), rule);
  });

  it('counts every rule of a set even when one refuses', async () => {
    const ip = { key: 'set:ip', limit: 1, windowMs: MINUTE };
    const account = { key: 'set:account', limit: 5, windowMs: MINUTE };
    await consumeRateLimits(deps(), [ip, account]);
    await expect(consumeRateLimits(deps(), [ip, account])).rejects.toThrow('Too many attempts');
    const rows = await database.query<{ hits: number }>('select hits from rate_limits where key = $1', [
      account.key,
    ]);
    expect(rows[0]?.hits).toBe(2);
  });

  it('removes counters whose window is over', async () => {
    await consumeRateLimit(deps(), { key: 'old:key', limit: 5, windowMs: MINUTE });
    await deleteExpiredRateLimits(database.db, new Date(now.getTime() + 2 * MINUTE));
    const rows = await database.query('select 1 from rate_limits where key = $1', ['old:key']);
    expect(rows).toEqual([]);
  });
});
