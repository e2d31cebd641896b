import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '#domain/live-events.ts';

// The browser's end of the server's live event stream (GET /api/v1/events, Server-Sent Events; see
// src/server/modules/events/index.ts). EventSource reconnects by itself after a dropped connection and sends
// Last-Event-ID, so the server replays what was missed; when the server refuses or the browser gives up, this
// opens a new EventSource after a growing pause, naming the last event received in ?last_event_id=.

export type LiveEventsStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export type LiveEventsOptions = {
  /** The business (every stream belongs to one); null or false `enabled` keeps the stream closed. */
  slug: string | null;
  /** This till's id: events of scope till:<id> too. */
  till?: string | null;
  /** Follow till <id>'s customer display: events of scope display:<id>. */
  display?: string | null;
  enabled?: boolean;
  onEvent: (event: LiveEvent) => void;
  /** Events may have been missed (the server said so): read what the page shows afresh. */
  onResync?: () => void;
};

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** The stream's address: the business travels in ?business= (an EventSource cannot send headers). */
export function liveEventsUrl(options: {
  slug: string;
  till?: string | null;
  display?: string | null;
  lastEventId?: string | null;
}): string {
  const params = new URLSearchParams({ business: options.slug });
  if (options.till) params.set('till', options.till);
  if (options.display) params.set('display', options.display);
  if (options.lastEventId) params.set('last_event_id', options.lastEventId);
  return `/api/v1/events?${params}`;
}

type Source = Pick<EventSource, 'close' | 'readyState'> & {
  onopen: ((this: EventSource, ev: Event) => unknown) | null;
  onmessage: ((this: EventSource, ev: MessageEvent) => unknown) | null;
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
};

/**
 * Subscribes while mounted; returns the connection's state for the page to show (e.g. "Reconnecting…").
 * The callbacks may change between renders without reconnecting.
 */
export function useLiveEvents(options: LiveEventsOptions): LiveEventsStatus {
  const { slug, till = null, display = null, enabled = true } = options;
  const [status, setStatus] = useState<LiveEventsStatus>('connecting');
  const handlers = useRef(options);
  handlers.current = options;

  useEffect(() => {
    if (!slug || !enabled || typeof EventSource === 'undefined') {
      setStatus('closed');
      return;
    }
    let source: Source | null = null;
    let lastEventId: string | null = null;
    let retryMs = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let reader: Promise<typeof import('#domain/live-events.ts')> | null = null;

    const connect = () => {
      setStatus(lastEventId === null ? 'connecting' : 'reconnecting');
      const next = new EventSource(liveEventsUrl({ slug, till, display, lastEventId })) as Source;
      source = next;
      next.onopen = () => {
        retryMs = FIRST_RETRY_MS;
        setStatus('open');
      };
      next.onmessage = (message) => {
        // The reader (zod) loads with the first event rather than with the page; events keep their order, as
        // each waits on the same module.
        reader ??= import('#domain/live-events.ts');
        void reader.then(({ parseLiveEvent }) => {
          const event = stopped ? null : parseLiveEvent(String(message.data));
          if (!event) return;
          lastEventId = event.id;
          if (event.type === 'stream.resync') handlers.current.onResync?.();
          else handlers.current.onEvent(event);
        });
      };
      next.onerror = () => {
        if (stopped) return;
        // CONNECTING: the browser retries by itself (and sends Last-Event-ID). CLOSED: it gave up (a refusal
        // such as 401, or a network failure), so try again later with a fresh EventSource.
        if (next.readyState === 2) {
          next.close();
          setStatus('reconnecting');
          timer = setTimeout(connect, retryMs);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        } else {
          setStatus('reconnecting');
        }
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [slug, till, display, enabled]);

  return status;
}
