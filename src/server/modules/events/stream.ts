import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveEvent } from '#domain/live-events.ts';

/** A comment line every so often keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting after the stream drops (the SSE `retry:` field). */
export const RECONNECT_MS = 3_000;

/** One event in the SSE wire format: its id (for Last-Event-ID) and the event as JSON. */
export function formatEvent(event: LiveEvent): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
}

export type OpenStream = {
  write(event: LiveEvent): void;
  end(): void;
  /** Resolves when the client goes away or the stream is ended. */
  closed: Promise<void>;
};

/**
 * Takes the response over from Fastify and opens the event stream on it: the headers the app would have
 * sent (security headers), the SSE ones, the reconnect delay, then a heartbeat comment every HEARTBEAT_MS.
 */
export function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs = HEARTBEAT_MS,
): OpenStream {
  reply.hijack();
  const raw = reply.raw;
  const appHeaders = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    ),
  );
  raw.writeHead(200, {
    ...appHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies must pass each event on at once.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
  let ended = false;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const heartbeat = setInterval(() => {
    if (!ended) raw.write(': heartbeat\n\n');
  }, heartbeatMs);
  const finish = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    resolveClosed();
  };
  request.raw.on('close', finish);
  raw.on('close', finish);
  raw.on('error', finish);
  return {
    write(event) {
      if (!ended) raw.write(formatEvent(event));
    },
    end() {
      if (ended) return;
      finish();
      raw.end();
    },
    closed,
  };
}
