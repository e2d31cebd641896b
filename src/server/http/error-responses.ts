import type { RouteOptions } from 'fastify';
import { errorResponse } from '#domain/schemas/api-error.ts';
import type { Access } from './access.ts';
import type { App } from './types.ts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 502;

/** Response schemas for the failures a route answers with besides those its access brings (see below). */
export function errorResponses(
  ...statuses: ErrorStatus[]
): Partial<Record<ErrorStatus, typeof errorResponse>> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse]));
}

// What every route of an access kind can answer, whatever it does: a request that fails its schema (400),
// one without a session (401), a deactivated business or a missing permission (403), an unknown business (404).
function statusesOf(access: Access | undefined, route: RouteOptions): ErrorStatus[] {
  const schema = route.schema ?? {};
  const statuses: ErrorStatus[] = schema.body || schema.querystring || schema.params ? [400] : [];
  switch (access?.kind) {
    case 'staff':
    case 'permissions':
    case 'anyPermission':
      return [...statuses, 401, 403, 404];
    case 'admin':
      return [...statuses, 401, 403];
    default:
      return statuses;
  }
}

/**
 * Declares the error body on every route that has a schema, for the statuses its access and input
 * bring, next to those the route declared itself. Registered before the routes, like the access table.
 */
export function registerErrorResponses(app: App): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    route.schema.response ??= {};
    const response = route.schema.response as Record<string, unknown>;
    for (const status of statusesOf(route.config?.access, route)) response[status] ??= errorResponse;
  });
}
