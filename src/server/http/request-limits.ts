import type { FastifyRequest } from 'fastify';
import { consumeRateLimits, type RateLimitRule } from './rate-limit.ts';
import type { App, AppDeps } from './types.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Routes that make the server send mail or store anonymous messages, and how often each may be used
 * (docs/decisions.md, "Mail and message limits"). Kept here, not on the routes, so that one table shows every
 * such limit; a test checks that each entry still names a route.
 */
export const REQUEST_LIMITS: {
  method: string;
  url: string;
  rules: (request: FastifyRequest) => RateLimitRule[];
}[] = [
  {
    // A till emails a receipt now and then; 25 to outside addresses in a row is someone misusing it.
    method: 'POST',
    url: '/api/v1/sales/:id/email-receipt',
    rules: (request) => [
      {
        key: `receipt-mail:user:${request.staff?.user.id ?? 'none'}`,
        limit: 20,
        windowMs: HOUR,
        what: 'receipt emails',
      },
      // A shop's tills share one address.
      { key: `receipt-mail:ip:${request.ip}`, limit: 60, windowMs: HOUR, what: 'receipt emails' },
    ],
  },
  {
    method: 'POST',
    url: '/api/v1/public/contact-requests',
    rules: (request) => [
      { key: `contact:ip:${request.ip}`, limit: 5, windowMs: HOUR, what: 'contact requests' },
      {
        key: `contact:email:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
        limit: 3,
        windowMs: HOUR,
        what: 'contact requests',
      },
    ],
  },
];

/**
 * Counts each use of a limited route after its access check (so the signed-in person is known) and before
 * its handler; a use over a limit is refused with 429 and a message naming what and how long to wait.
 */
export function registerRequestLimits(app: App, deps: AppDeps): void {
  app.addHook('preHandler', async (request) => {
    const limited = REQUEST_LIMITS.find(
      (entry) => entry.method === request.method && entry.url === request.routeOptions.url,
    );
    if (limited) await consumeRateLimits(deps, limited.rules(request));
  });
}
