import { findUnsafeText, INVISIBLE_CHARACTERS_MESSAGE } from '#domain/schemas/fields.ts';
import { type AppError, fieldError } from './errors.ts';
import type { App } from './types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer when a path parameter holds unsafe characters, for a route whose parameter is an address
     * with its own answer for one that names nothing (a business slug: 404). The check itself always runs.
     */
    unsafePathAnswer?: (params: Record<string, string>) => AppError;
  }
}

/**
 * One rule for every route, present and future: no text in a request's path parameters, query or body may
 * carry a NUL or a lone UTF-16 surrogate (PostgreSQL refuses the first and the others are not text). The
 * first such field is named, in the same shape as a schema failure, before the route's schema runs.
 */
export function registerInputCharacterCheck(app: App): void {
  app.addHook('preValidation', async (request) => {
    const parts: [unknown, string][] = [
      [request.params, 'params'],
      [request.query, 'query'],
      [request.body, 'body'],
    ];
    for (const [value, name] of parts) {
      const found = findUnsafeText(value);
      if (found === null) continue;
      const answer = request.routeOptions.config.unsafePathAnswer;
      if (name === 'params' && answer) throw answer(request.params as Record<string, string>);
      throw fieldError(found || name, INVISIBLE_CHARACTERS_MESSAGE);
    }
  });
}
