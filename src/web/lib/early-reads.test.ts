import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';
import { EARLY_READ_MAX_AGE_MS } from './early-reads.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** What index.html's script leaves behind on a page of `slug` after starting these reads. */
function pageStarted(slug: string, reads: Record<string, Promise<Response | null>>) {
  window.__earlyReads = { slug, reads };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.__earlyReads = undefined;
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('early reads', () => {
  it('answers the first ask for a read the page started, once; the next ask goes to the server', async () => {
    window.history.replaceState(null, '', '/app/pos?business=demo');
    pageStarted('demo', { '/api/v1/session': Promise.resolve(jsonResponse(200, { me: { id: 'early' } })) });
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { me: { id: 'asked' } }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.get('/api/v1/session')).resolves.toEqual({ me: { id: 'early' } });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/api/v1/session')).resolves.toEqual({ me: { id: 'asked' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("turns the early answer's errors into the same ApiError as a read of its own", async () => {
    window.history.replaceState(null, '', '/app?business=demo');
    const body = { error: { code: 'BUSINESS_NOT_FOUND', message: 'Business with slug "demo" not found' } };
    pageStarted('demo', { '/api/v1/public/business': Promise.resolve(jsonResponse(404, body)) });
    vi.stubGlobal('fetch', vi.fn());

    const error = await api.get('/api/v1/public/business').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'BUSINESS_NOT_FOUND' });
  });

  it('asks the server itself when the early read failed, is for another address or business, or is too old', async () => {
    window.history.replaceState(null, '', '/app/pos?business=demo');
    const fetchMock = vi.fn().mockImplementation(async () => jsonResponse(200, { from: 'server' }));
    vi.stubGlobal('fetch', fetchMock);
    const early = () => Promise.resolve(jsonResponse(200, { from: 'early' }));

    // The page's own read failed (no network then): resolved as null.
    pageStarted('demo', { '/api/v1/session': Promise.resolve(null) });
    await expect(api.get('/api/v1/session')).resolves.toEqual({ from: 'server' });

    // Another business's page (a tab that switched), and another address.
    pageStarted('kofi-mart', { '/api/v1/session': early() });
    await expect(api.get('/api/v1/session')).resolves.toEqual({ from: 'server' });
    pageStarted('demo', { '/api/v1/pos/products?limit=60&offset=0': early() });
    await expect(api.get('/api/v1/pos/products?limit=60&offset=60')).resolves.toEqual({ from: 'server' });

    // Long after the page began loading.
    pageStarted('demo', { '/api/v1/session': early() });
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_READ_MAX_AGE_MS + 1);
    await expect(api.get('/api/v1/session')).resolves.toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('forgets every early read at the first write, so none shows data older than that write', async () => {
    window.history.replaceState(null, '', '/app/pos?business=demo');
    pageStarted('demo', {
      '/api/v1/pos/products?limit=60&offset=0': Promise.resolve(jsonResponse(200, { stock: 10 })),
    });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(201, { sale: 'ok' }))
      .mockResolvedValueOnce(jsonResponse(200, { stock: 9 }));
    vi.stubGlobal('fetch', fetchMock);

    await api.post('/api/v1/sales', { items: [] });
    await expect(api.get('/api/v1/pos/products?limit=60&offset=0')).resolves.toEqual({ stock: 9 });
  });

  it('gives up waiting on an early read when the caller cancels', async () => {
    window.history.replaceState(null, '', '/app?business=demo');
    pageStarted('demo', { '/api/v1/session': new Promise<Response | null>(() => {}) });
    vi.stubGlobal('fetch', vi.fn());
    const controller = new AbortController();
    const read = api.get('/api/v1/session', { signal: controller.signal });
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });
});
