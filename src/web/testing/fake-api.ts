import { vi } from 'vitest';

// One fake of the HTTP API for web tests: routes by "METHOD /path", records every call, and answers a
// request nobody set up with the server's 404 shape, so a page reading something unexpected shows it.

export type FakeRequest = { method: string; url: URL; body: unknown; headers: Headers };
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response> | unknown;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The server's error body (`{ error: { code, message, fields? } }`) with its status. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Response {
  return jsonResponse(status, { error: { code, message, ...(fields ? { fields } : {}) } });
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Installs the fake as `fetch` for this test (undone by vi.unstubAllGlobals). A handler returns a Response,
 * or any other value to answer it as 200 JSON. Later `on` calls replace earlier ones for the same route.
 */
export function fakeApi(routes: Record<string, FakeHandler> = {}) {
  const handlers = new Map<string, FakeHandler>(Object.entries(routes));
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      url,
      body: parseBody(init?.body),
      headers: new Headers(init?.headers),
    };
    calls.push(request);
    const handler = handlers.get(`${method} ${url.pathname}`);
    if (!handler) return errorResponse(404, 'NOT_FOUND', `${method} ${url.pathname}`);
    const answer = await handler(request);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls,
    on(route: string, handler: FakeHandler) {
      handlers.set(route, handler);
    },
    /** The calls made to one route, e.g. `callsTo('POST /api/v1/customers')`. */
    callsTo(route: string): FakeRequest[] {
      return calls.filter((call) => `${call.method} ${call.url.pathname}` === route);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
