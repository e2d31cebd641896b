import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '#domain/live-events.ts';
import { liveEventsUrl, useLiveEvents } from './live-events.ts';

/** Events are read by a module loaded with the first one: let it load and the events through. */
const eventsRead = () => act(() => vi.dynamicImportSettled());

// A stand-in for the browser's EventSource: records each one opened and lets the test play the server.
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(event: Omit<LiveEvent, 'created_at'>) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ ...event, created_at: 'now' }) }));
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

const TILL = '6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';
const status = (id: string) =>
  ({
    id,
    type: 'sale.payment_status',
    scope: `till:${TILL}`,
    data: {
      sale_id: TILL,
      receipt_number: `RCP-${id}`,
      payment_status: 'completed',
      payment_method: 'mtn_momo',
    },
  }) as const;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveEvents', () => {
  it('opens the business stream for its till and hands each valid event to the page', async () => {
    const onEvent = vi.fn();
    const { result } = renderHook(() => useLiveEvents({ slug: 'kofi-mart', till: TILL, onEvent }));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe(`/api/v1/events?business=kofi-mart&till=${TILL}`);
    expect(result.current).toBe('connecting');
    act(() => source.open());
    expect(result.current).toBe('open');
    act(() => {
      source.send(status('4'));
      source.onmessage?.(new MessageEvent('message', { data: '{"type":"unknown.kind"}' }));
    });
    await eventsRead();
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent.mock.calls[0]![0]).toMatchObject({ id: '4', data: { receipt_number: 'RCP-4' } });
  });

  it('asks the page to read afresh on a resync instead of passing it on', async () => {
    const onEvent = vi.fn();
    const onResync = vi.fn();
    renderHook(() => useLiveEvents({ slug: 'kofi-mart', onEvent, onResync }));
    act(() =>
      FakeEventSource.opened[0]!.send({ id: '9', type: 'stream.resync', scope: 'business', data: {} }),
    );
    await eventsRead();
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('opens a new stream from the last event received when the browser gives up, waiting longer each time', async () => {
    const { result } = renderHook(() => useLiveEvents({ slug: 'kofi-mart', till: TILL, onEvent: () => {} }));
    const first = FakeEventSource.opened[0]!;
    act(() => {
      first.open();
      first.send(status('41'));
    });
    await eventsRead();
    act(() => first.fail(2));
    expect(result.current).toBe('reconnecting');
    expect(first.closed).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened[1]!.url).toBe(
      `/api/v1/events?business=kofi-mart&till=${TILL}&last_event_id=41`,
    );
    act(() => FakeEventSource.opened[1]!.fail(2));
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('leaves a dropped connection to the browser while it is reconnecting by itself, and closes on unmount', () => {
    const { unmount } = renderHook(() => useLiveEvents({ slug: 'kofi-mart', onEvent: () => {} }));
    const source = FakeEventSource.opened[0]!;
    act(() => source.fail(0));
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toHaveLength(1);
    unmount();
    expect(source.closed).toBe(true);
  });

  it('stays closed without a business', () => {
    const { result } = renderHook(() => useLiveEvents({ slug: null, onEvent: () => {} }));
    expect(result.current).toBe('closed');
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});

it('builds the stream address with the display followed', () => {
  expect(liveEventsUrl({ slug: 'demo', display: TILL })).toBe(`/api/v1/events?business=demo&display=${TILL}`);
});
