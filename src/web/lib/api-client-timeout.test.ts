import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, TIMEOUT_MESSAGE } from './api-client.ts';

// issue 15: a till must never hang on "Processing…": a request with no answer fails after its time limit.

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch that never answers, but stops when its signal aborts (as the browser's does). */
function silentFetch() {
  return vi.fn(
    (_input: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
  );
}

describe('request time limit', () => {
  it('fails a request the server never answers with a clear message', async () => {
    vi.stubGlobal('fetch', silentFetch());
    const request = api.post('/api/v1/sales', { items: [] }, { timeoutMs: 50 });
    const error = await request.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
  });

  it('still lets the caller cancel: a cancelled request stays an abort, not a timeout', async () => {
    vi.stubGlobal('fetch', silentFetch());
    const controller = new AbortController();
    const request = api.get('/api/v1/pos/products', { signal: controller.signal, timeoutMs: 5000 });
    controller.abort();
    const error = await request.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
