import { parseHost } from '#domain/tenancy.ts';
import { AppError } from './errors.ts';
import type { App } from './types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site (CSRF), on top of SameSite=Lax cookies. Browsers send
 * Origin on every cross-site POST; a request without it comes from a non-browser client, which has no cookies
 * to abuse.
 */
export function registerOriginCheck(app: App): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.allowCrossSite) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      throw crossSite();
    }
    const host = parseHost(request.headers.host);
    if (!host || originHost !== (host.port ? `${host.hostname}:${host.port}` : host.hostname))
      throw crossSite();
  });
}

function crossSite(): AppError {
  return new AppError('CROSS_SITE_REQUEST', 'This request came from another site and was refused.', 403);
}
