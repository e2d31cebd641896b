import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api-client.ts';
import { PROBE_MS, useOnline } from './status.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unreachable = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));

describe('whether the till can reach the server', () => {
  it('shows Offline once a read finds no server, though the browser has a network, and Online once it answers again', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(unreachable);
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);

    // A read of any screen (nothing waits in the outbox).
    await act(() => api.get('/api/v1/pos/products').catch(() => undefined));
    expect(result.current).toBe(false);

    // Nothing else asks the server: it is asked whether it is back, and is not yet.
    await act(() => vi.advanceTimersByTimeAsync(PROBE_MS));
    expect(fetchMock).toHaveBeenLastCalledWith('/healthz', expect.objectContaining({ cache: 'no-store' }));
    expect(result.current).toBe(false);

    // It is back: the next question finds it, and the till says so without anyone doing anything.
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{"status":"ok"}', { status: 200 })));
    await act(() => vi.advanceTimersByTimeAsync(PROBE_MS));
    expect(result.current).toBe(true);
    const calls = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(PROBE_MS * 3));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('stays Online when the caller cancels its own read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('Aborted', 'AbortError'))),
    );
    const { result } = renderHook(() => useOnline());
    await act(() => api.get('/api/v1/pos/products').catch(() => undefined));
    expect(result.current).toBe(true);
  });

  describe('from one web test to the next', () => {
    it('leaves the server unreachable at the end of a test', async () => {
      vi.stubGlobal('fetch', vi.fn(unreachable));
      const { result } = renderHook(() => useOnline());
      await act(() => api.get('/api/v1/pos/products').catch(() => undefined));
      expect(result.current).toBe(false);
    });

    it('starts the next test online, with nobody asking the server whether it is back', async () => {
      vi.useFakeTimers();
      const fetchMock = vi.fn(unreachable);
      vi.stubGlobal('fetch', fetchMock);
      const { result } = renderHook(() => useOnline());
      expect(result.current).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(PROBE_MS * 2));
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
