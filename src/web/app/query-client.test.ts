import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import {
  createQueryClient,
  isRetryableError,
  shouldRetryMutation,
  shouldRetryQuery,
} from './query-client.ts';

const status = (code: number) => new ApiError(code, 'X', 'x');

describe('retry rule (platform §9)', () => {
  it('does not retry client errors 400-499', () => {
    for (const code of [400, 401, 403, 404, 409, 422, 499])
      expect(isRetryableError(status(code))).toBe(false);
  });

  it('retries a request timeout (408) and rate limiting (429)', () => {
    expect(isRetryableError(status(408))).toBe(true);
    expect(isRetryableError(status(429))).toBe(true);
  });

  it('retries server errors, network failures and unknown errors', () => {
    expect(isRetryableError(status(500))).toBe(true);
    expect(isRetryableError(status(503))).toBe(true);
    expect(isRetryableError(status(0))).toBe(true);
    expect(isRetryableError(new TypeError('boom'))).toBe(true);
  });

  it('retries a query up to 3 times', () => {
    expect(shouldRetryQuery(0, status(500))).toBe(true);
    expect(shouldRetryQuery(2, status(500))).toBe(true);
    expect(shouldRetryQuery(3, status(500))).toBe(false);
    expect(shouldRetryQuery(0, status(404))).toBe(false);
  });

  it('retries a mutation once, and never after a client error', () => {
    expect(shouldRetryMutation(0, status(503))).toBe(true);
    expect(shouldRetryMutation(1, status(503))).toBe(false);
    expect(shouldRetryMutation(0, status(400))).toBe(false);
    expect(shouldRetryMutation(0, status(429))).toBe(true);
  });
});

describe('query client defaults (platform §9)', () => {
  it('keeps data fresh for 5 minutes, unused for 10, and refetches on focus and reconnect', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(5 * 60_000);
    expect(defaults.queries?.gcTime).toBe(10 * 60_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(true);
    expect(defaults.queries?.refetchOnReconnect).toBe(true);
    expect(defaults.queries?.retry).toBe(shouldRetryQuery);
    expect(defaults.mutations?.retry).toBe(shouldRetryMutation);
  });
});
