import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLocalHostname, parseHost } from '#domain/tenancy.ts';
import type { AppDeps } from './types.ts';

export const ADMIN_COOKIE = 'pos_admin_session';
/** One cookie per business, so that on localhost (where every business shares a host) each keeps its own. */
export const staffCookieName = (slug: string) => `pos_session_${slug}`;

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  deps: AppDeps,
  name: string,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isCookieSecure(request, deps),
    expires: expiresAt,
  });
}

export function clearSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  deps: AppDeps,
  name: string,
): void {
  reply.clearCookie(name, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isCookieSecure(request, deps),
  });
}

// Secure everywhere but on localhost and bare IPs, where a shop may run the server over plain HTTP.
function isCookieSecure(request: FastifyRequest, deps: AppDeps): boolean {
  if (deps.config.COOKIE_SECURE !== 'auto') return deps.config.COOKIE_SECURE === 'true';
  const host = parseHost(request.headers.host);
  if (!host) return true;
  return !(isLocalHostname(host.hostname) || host.hostname.endsWith('.localhost'));
}
