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
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(errorBody('INTERNAL_ERROR', GENERIC_SERVER_MESSAGE));
    }
    const code = error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST');
    const message =
      (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message ?? 'The request is not valid.';
    return reply.status(status).send(errorBody(status === 429 ? 'RATE_LIMITED' : code, message));
  });
}
