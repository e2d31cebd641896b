import type { FastifyRequest } from 'fastify';
import { buildBusinessUrl, isLocalHostname, parseHost } from '#domain/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';

/**
 * An address in a business's app for a mail (a reset link). The Host header is the client's to choose, so it
 * decides nothing on a real domain: there the link is built from PUBLIC_URL or APP_DOMAIN. Only when the
 * product runs on localhost does the request's own address (port included) make the link.
 */
export function businessLink(deps: AppDeps, request: FastifyRequest, slug: string, path: string): string {
  const { PUBLIC_URL, APP_DOMAIN } = deps.config;
  if (PUBLIC_URL) {
    const url = new URL(PUBLIC_URL);
    return buildBusinessUrl(
      slug,
      { protocol: url.protocol, hostname: url.hostname, port: url.port },
      APP_DOMAIN,
      path,
    );
  }
  const host = parseHost(request.headers.host);
  const isLocalProduct = isLocalHostname(APP_DOMAIN);
  if (isLocalProduct && host && (isLocalHostname(host.hostname) || host.hostname.endsWith('.localhost'))) {
    return buildBusinessUrl(
      slug,
      { protocol: `${request.protocol}:`, hostname: host.hostname, port: host.port },
      APP_DOMAIN,
      path,
    );
  }
  return buildBusinessUrl(slug, { protocol: 'https:', hostname: APP_DOMAIN, port: '' }, APP_DOMAIN, path);
}

/**
 * Whether a session cookie set on this response reaches the given business's pages. On localhost and IPs
 * every business shares the host; on a real domain each business has its own subdomain.
 */
export function isSameHostAsBusiness(request: FastifyRequest, slug: string): boolean {
  const host = parseHost(request.headers.host);
  if (!host) return false;
  if (isLocalHostname(host.hostname)) return true;
  return request.tenantSlug === slug;
}
