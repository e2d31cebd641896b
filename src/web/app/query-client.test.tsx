import { dehydrate, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';
import { fakeApi } from '#web/testing/fake-api.ts';
import { AppProviders } from './providers.tsx';

const PRODUCTS = 'GET /api/v1/products';

import {
  createPersistOptions,
  createQueryClient,
  flushablePersister,
  isRetryableError,
  PERSIST_BUSTER,
  PERSIST_MAX_AGE,
  queryCacheStorageKey,
  restoreQueryCache,
  saveQueryCache,
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

/** A screen showing the products' stock, read under the registry's key and the spec's cache time. */
function StockView({ slug }: { slug: string }) {
  const { data } = useQuery({
    queryKey: queryKeys.products.all(slug),
    queryFn: () => fetch('/api/v1/products', { method: 'GET' }).then((response) => response.json()),
    staleTime: CACHE_TIMES.products,
  });
  return <p>{data ? `Stock ${data.stock}` : 'Nothing yet'}</p>;
}

describe('persisted query cache (platform §9), never older than the server', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** A Storage held in memory, so each test starts from an empty browser. */
  function memoryStorage(): Storage {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => {
        items.delete(key);
      },
      setItem: (key, value) => {
        items.set(key, value);
      },
    };
  }

  /** What an earlier page load of `slug` left on disk: a products list read just now with `stock`. */
  function persistEarlierLoad(storage: Storage, slug: string, stock: number) {
    const earlier = createQueryClient();
    earlier.setQueryData(queryKeys.products.all(slug), { stock });
    const { persister } = createPersistOptions(slug, storage);
    persister.persistClient({
      timestamp: Date.now(),
      buster: PERSIST_BUSTER,
      clientState: dehydrate(earlier),
    });
    // On disk now, not when the throttle (at most one write a second, platform §9) lets it through.
    persister.flush();
    expect(storage.getItem(queryCacheStorageKey(slug))).not.toBeNull();
  }

  /** The app's own providers, restoring from `storage` as a page load does from localStorage. */
  function renderApp(slug: string, storage: Storage) {
    vi.stubGlobal('localStorage', storage);
    return render(
      <AppProviders slug={slug}>
        <StockView slug={slug} />
      </AppProviders>,
    );
  }

  it('keeps one cache per business under its own key', () => {
    expect(queryCacheStorageKey('demo')).toBe('pos-query-cache:demo');
    expect(queryCacheStorageKey('kofi-mart')).toBe('pos-query-cache:kofi-mart');
    expect(queryCacheStorageKey(null)).not.toBe(queryCacheStorageKey('demo'));
  });

  it('shows the restored copy at once, then reads the server again although it looked fresh', async () => {
    const storage = memoryStorage();
    persistEarlierLoad(storage, 'demo', 10);
    let answer: (stock: number) => void = () => {};
    const api = fakeApi({
      [PRODUCTS]: () =>
        new Promise<Response>((resolve) => (answer = (stock) => resolve(Response.json({ stock })))),
    });

    renderApp('demo', storage);

    expect(await screen.findByText('Stock 10')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(PRODUCTS)).toHaveLength(1));
    answer(9);
    expect(await screen.findByText('Stock 9')).toBeTruthy();
  });

  it('has the restored copy in the very first render, before any effect or answer', () => {
    const storage = memoryStorage();
    persistEarlierLoad(storage, 'demo', 10);
    fakeApi({ [PRODUCTS]: () => new Promise<Response>(() => {}) });

    renderApp('demo', storage);

    // No waiting: a repeat visit's first render is the page, not a spinner before it.
    expect(screen.getByText('Stock 10')).toBeTruthy();
  });

  /** What `write` makes of a copy on disk, restored by a page load of 'demo'. */
  function restoreAfter(write: (kept: Record<string, unknown>) => unknown) {
    const storage = memoryStorage();
    persistEarlierLoad(storage, 'demo', 10);
    const key = queryCacheStorageKey('demo');
    const kept = JSON.parse(storage.getItem(key) ?? '{}');
    const written = write(kept);
    storage.setItem(key, typeof written === 'string' ? written : JSON.stringify(written));
    const restored = createQueryClient();
    restoreQueryCache(restored, createPersistOptions('demo', storage));
    return { data: restored.getQueryData(queryKeys.products.all('demo')), onDisk: storage.getItem(key) };
  }

  it('restores a copy kept within a day, of this version', () => {
    expect(restoreAfter((kept) => kept)).toMatchObject({ data: { stock: 10 } });
  });

  it('removes, without showing it, a copy older than a day, of another version, undated or unreadable', () => {
    const stale = (kept: Record<string, unknown>) => ({
      ...kept,
      timestamp: Date.now() - PERSIST_MAX_AGE - 1,
    });
    const otherVersion = (kept: Record<string, unknown>) => ({ ...kept, buster: '0.9.0' });
    const undated = ({ timestamp: _, ...kept }: Record<string, unknown>) => kept;
    const unreadable = () => '{"buster": "1.0.0", "timest';
    for (const write of [stale, otherVersion, undated, unreadable]) {
      expect(restoreAfter(write)).toEqual({ data: undefined, onDisk: null });
    }
  });

  it('puts what the page read on disk at once when the page is left, not a second later', async () => {
    const storage = memoryStorage();
    fakeApi({ [PRODUCTS]: () => Response.json({ stock: 7 }) });
    renderApp('demo', storage);
    expect(await screen.findByText('Stock 7')).toBeTruthy();
    expect(storage.getItem(queryCacheStorageKey('demo'))).toBeNull(); // still held back by the throttle
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.getItem(queryCacheStorageKey('demo'))).toContain('"stock":7');
  });

  it('writes nothing back once the cache was removed (signing out)', () => {
    const storage = memoryStorage();
    const persister = flushablePersister(storage, 'cache');
    const client = createQueryClient();
    client.setQueryData(queryKeys.products.all('demo'), { stock: 3 });
    persister.persistClient({
      timestamp: Date.now(),
      buster: PERSIST_BUSTER,
      clientState: dehydrate(client),
    });
    persister.removeClient();
    persister.flush();
    expect(storage.getItem('cache')).toBeNull();
  });

  /** Saves `client` as the app does (its dehydrate rule), on disk at once, and restores it into a new client. */
  function saveAndRestore(client: ReturnType<typeof createQueryClient>) {
    const storage = memoryStorage();
    const saving = createPersistOptions('demo', storage);
    saveQueryCache(client, saving);
    saving.persister.flush();
    const restored = createQueryClient();
    restoreQueryCache(restored, createPersistOptions('demo', storage));
    return restored;
  }

  /** A query that read `data`, then failed to read again with `error`. */
  async function readThenFailed(client: ReturnType<typeof createQueryClient>, data: unknown, error: Error) {
    const key = queryKeys.products.all('demo');
    client.setQueryData(key, data);
    await client
      .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(error), staleTime: 0, retry: false })
      .catch(() => {});
    expect(client.getQueryState(key)?.status).toBe('error');
    return key;
  }

  it('keeps what a query read when its next read found no network (connected, reaching nothing)', async () => {
    const client = createQueryClient();
    const key = await readThenFailed(
      client,
      { stock: 7 },
      new ApiError(0, 'NETWORK_ERROR', 'Network error. Check your connection and try again.'),
    );
    const restored = saveAndRestore(client);
    expect(restored.getQueryData(key)).toEqual({ stock: 7 });
    // Kept as the data it read: the failure stays with the page that had it.
    expect(restored.getQueryState(key)).toMatchObject({ status: 'success', error: null });
  });

  it('does not keep what a query read once the server refused to answer it again', async () => {
    const client = createQueryClient();
    const key = await readThenFailed(client, { stock: 7 }, new ApiError(403, 'FORBIDDEN', 'Access denied'));
    const restored = saveAndRestore(client);
    expect(restored.getQueryData(key)).toBeUndefined();
  });

  it('never shows the cache of one business in another', async () => {
    const storage = memoryStorage();
    persistEarlierLoad(storage, 'demo', 10);
    fakeApi({ [PRODUCTS]: () => new Promise<Response>(() => {}) });

    renderApp('kofi-mart', storage);

    expect(await screen.findByText('Nothing yet')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Stock 10')).toBeNull();
    expect(storage.getItem(queryCacheStorageKey('demo'))).toContain('"stock":10');
  });
});
