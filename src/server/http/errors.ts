import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * An expected failure with a code (SCREAMING_SNAKE, grouped by module) and a message fit to show a person:
 * the spec's text where it has one. Only this layer turns it into HTTP.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A module's error codes, listed once with the HTTP status each answers with; the function it returns builds
 * an AppError whose status is derived from its code, so no call site can pick another.
 */
export function errorCodes<const Statuses extends Record<string, number>>(statuses: Statuses) {
  const build = (code: Extract<keyof Statuses, string>, message: string, fields?: Record<string, string>) =>
    new AppError(code, message, statuses[code], fields);
  return Object.assign(build, { statuses });
}

/** Codes every module shares (a field that fails a rule the schema cannot check). */
export const COMMON_ERROR_STATUS = { VALIDATION_FAILED: 400 } as const;

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** A validation failure of one field, in the same shape as schema failures. */
export function fieldError(field: string, message: string, code = 'VALIDATION_FAILED'): AppError {
  return new AppError(code, message, 400, { [field]: message });
}

const GENERIC_SERVER_MESSAGE = 'Something went wrong on our side. Please try again.';

// Fastify's own client errors keep their status but get a message a person can read.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_ASYNC_CONSTRAINT: 'The address is not valid.',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'The request is not valid.';
      return reply.status(400).send(errorBody('VALIDATION_FAILED', first, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(errorBody('INTERNAL_ERROR', GENERIC_SERVER_MESSAGE));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return reply.status(status).send(errorBody('INTERNAL_ERROR', GENERIC_SERVER_MESSAGE));
    }
    const code = error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST');
    const message =
      (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message ?? 'The request is not valid.';
    return reply.status(status).send(errorBody(status === 429 ? 'RATE_LIMITED' : code, message));
  });
}

/**
 * An error as the log may keep it. A failed query (drizzle's DrizzleQueryError) carries its SQL parameters
 * in `params` and in its message and stack: customers' names, phones and emails. They are left out, and so
 * are the database's own message and `detail` under it, which quote values too ('invalid input syntax for
 * type integer: "…"', 'Key (email)=(…) already exists'); the query text, SQLSTATE code and constraint stay.
 * Other errors pass unchanged.
 */
export function loggableError(error: unknown, isUnderQuery = false, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 3) return error;
  const failed = error as Error & { params?: unknown; query?: unknown; code?: unknown };
  const isFailedQuery = Array.isArray(failed.params) && typeof failed.query === 'string';
  if (!isFailedQuery && !isUnderQuery) return error;
  const message = isFailedQuery
    ? `Failed query: ${failed.query}`
    : `database error ${String(failed.code ?? 'without a code')}`;
  const cause = error.cause === undefined ? undefined : loggableError(error.cause, true, depth + 1);
  const logged = new Error(message, cause === undefined ? undefined : { cause }) as Error &
    Record<string, unknown>;
  logged.name = error.name;
  // The stack's first line repeats the message; the frames below it name no value.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  logged.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  // The database's facts that name no value, lifted from the cause so that the log line shows them.
  const under = (cause ?? {}) as Record<string, unknown>;
  for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const) {
    const value = (error as unknown as Record<string, unknown>)[key] ?? under[key];
    if (typeof value === 'string') logged[key] = value;
  }
  return logged;
}
