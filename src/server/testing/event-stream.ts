import { request as httpRequest, type IncomingMessage } from 'node:http';
import { type LiveEvent, parseLiveEvent } from '#domain/live-events.ts';

/** An open GET /api/v1/events as a test reads it: the events and comments received so far. */
export type TestEventStream = {
  status: number;
  /** The JSON body of a refused stream (401, 400). */
  body: string;
  events: LiveEvent[];
  comments: string[];
  /** The SSE `retry:` the server asked for. */
  retry: number | null;
  /** The next event (after those already taken) matching `predicate`, or a rejection after `timeoutMs`. */
  next(predicate?: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Waits until the server ends the stream. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
};

/** Opens the event stream over real HTTP (app.inject cannot stream) and parses it as a browser would. */
export function openEventStream(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<TestEventStream> {
  return new Promise((resolve, reject) => {
    const events: LiveEvent[] = [];
    const comments: string[] = [];
    let taken = 0;
    let retry: number | null = null;
    let buffer = '';
    let isEnded = false;
    const waiters = new Set<() => void>();
    const wake = () => {
      for (const waiter of [...waiters]) waiter();
    };
    const req = httpRequest(`${baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...headers } });
    req.on('error', (error) => {
      if (!isEnded) reject(error);
    });
    req.on('response', (response: IncomingMessage) => {
      response.setEncoding('utf8');
      const status = response.statusCode ?? 0;
      let body = '';
      if (status !== 200) {
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve(Object.assign(stream, { status, body })));
        return;
      }
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const frame = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
            else if (line.startsWith('data: ')) {
              const event = parseLiveEvent(line.slice(6));
              if (event) events.push(event);
            }
          }
          split = buffer.indexOf('\n\n');
        }
        wake();
      });
      response.on('close', () => {
        isEnded = true;
        wake();
      });
      resolve(Object.assign(stream, { status, body }));
    });
    req.end();

    const stream: Omit<TestEventStream, 'status' | 'body'> = {
      events,
      comments,
      get retry() {
        return retry;
      },
      next(predicate = () => true, timeoutMs = 3000) {
        return new Promise((resolveNext, rejectNext) => {
          const check = () => {
            while (taken < events.length) {
              const event = events[taken++]!;
              if (predicate(event)) {
                cleanup();
                resolveNext(event);
                return;
              }
            }
          };
          const timer = setTimeout(() => {
            cleanup();
            rejectNext(
              new Error(`No matching event within ${timeoutMs} ms; received ${JSON.stringify(events)}`),
            );
          }, timeoutMs);
          const cleanup = () => {
            clearTimeout(timer);
            waiters.delete(check);
          };
          waiters.add(check);
          check();
        });
      },
      ended(timeoutMs = 3000) {
        return new Promise((resolveEnd, rejectEnd) => {
          const check = () => {
            if (!isEnded) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolveEnd();
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            rejectEnd(new Error('The stream did not end'));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      },
      close() {
        isEnded = true;
        req.destroy();
      },
    };
  });
}
