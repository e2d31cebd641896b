import type { ApiErrorBody } from '#domain/schemas/api-error.ts';
import { forgetEarlyReads, takeEarlyRead } from './early-reads.ts';
import { isOnline, reportNetworkFailure, reportNetworkSuccess } from './offline/status.ts';
import { getBusinessSlug } from './tenancy.ts';

export const NETWORK_ERROR_MESSAGE = 'Network error. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server did not answer in time. Check your connection and try again.';
/** No request waits longer than this for an answer: a till must never hang on "Processing…". */
export const REQUEST_TIMEOUT_MS = 15_000;
const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** A failed API call: the server's `{error:{code,message,fields}}`, or status 0 when nothing came back. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// Checked by hand rather than with zod so the entry chunk stays small; the shape is ARCHITECTURE "Errors".
function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RequestOptions = {
  signal?: AbortSignal;
  /** How long to wait for the answer (REQUEST_TIMEOUT_MS unless told). */
  timeoutMs?: number;
  headers?: Record<string, string>;
};

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const slug = getBusinessSlug();
  if (slug) headers['X-Business'] = slug;

  // A read the page started before this code arrived answers the first ask for it (early-reads.ts).
  const early = method === 'GET' ? takeEarlyRead(path, slug) : undefined;
  if (method !== 'GET') forgetEarlyReads();

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? anySignal([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  let payload: unknown;
  try {
    response =
      (early && (await untilAborted(early, signal))) ||
      (await fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
    payload = await readJson(response);
  } catch (error) {
    if (timeout.signal.aborted && !options.signal?.aborted) {
      throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
    }
    // An abort is the caller's own doing (TanStack Query cancelling); it must stay recognisable as one.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The browser has a network but the server did not answer: every screen shows Offline until one does.
    if (isOnline()) reportNetworkFailure();
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
  reportNetworkSuccess();

  if (!response.ok) {
    if (isErrorBody(payload)) {
      const { code, message, fields } = payload.error;
      throw new ApiError(response.status, code, message, fields);
    }
    throw new ApiError(response.status, 'HTTP_ERROR', UNEXPECTED_ERROR_MESSAGE);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

/** The promise's outcome, or an AbortError as soon as the signal aborts (as fetch does with its signal). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = () => new DOMException('The request was cancelled.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(aborted()), { once: true });
    promise.then(resolve, reject);
  });
}

/** One signal aborted when any of them is (AbortSignal.any where the browser has it). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const any = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (any) return any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}
