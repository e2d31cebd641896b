import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isValidSlug } from '#domain/slug.ts';
import { parseHost, resolveBusinessSlug } from '#domain/tenancy.ts';
import { businesses } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import type { App, AppDeps } from './types.ts';

export type BusinessRow = typeof businesses.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The business slug named by the Host (or X-Business / ?business= on localhost); null on the public site.
     * In single-shop mode (SINGLE_BUSINESS) always that business.
     */
    tenantSlug: string | null;
    hostIsValid: boolean;
    /** Memo of the business row loaded for this request. */
    tenantBusiness: BusinessRow | null | undefined;
  }
}

export function businessNotFound(slug: string): AppError {
  // platform §8 'Business missing'. The slug is echoed back as data only (JSON-encoded).
  return new AppError('BUSINESS_NOT_FOUND', `Business with slug "${slug.slice(0, 100)}" not found`, 404);
}

export function registerTenancy(app: App, deps: AppDeps): void {
  app.decorateRequest('tenantSlug', null);
  app.decorateRequest('hostIsValid', true);
  app.decorateRequest('tenantBusiness', undefined);
  app.addHook('onRequest', async (request) => {
    const host = parseHost(
      request.headers['x-forwarded-host'] && deps.config.TRUST_PROXY
        ? String(request.headers['x-forwarded-host'])
        : request.headers.host,
    );
    if (!host) {
      request.hostIsValid = false;
      return;
    }
    const query = request.query as Record<string, unknown> | undefined;
    const header = request.headers['x-business'];
    const businessParam =
      typeof header === 'string' ? header : typeof query?.business === 'string' ? query.business : null;
    const single = deps.config.SINGLE_BUSINESS;
    if (single) {
      request.tenantSlug = single;
      // Single-shop mode serves one business whatever the address. An API call that names another one is
      // refused rather than quietly answered with this shop's data (a sale meant for another shop must not
      // land here); a page naming another one is simply this shop's page.
      const named = businessParam?.trim().toLowerCase();
      if (named && named !== single && isApiPath(request.url)) throw businessNotFound(named);
      return;
    }
    request.tenantSlug = resolveBusinessSlug({
      hostname: host.hostname,
      appDomain: deps.config.APP_DOMAIN,
      businessParam,
    });
  });
}

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/** The business of the request, or a 404 in the spec's words. Active or not: callers decide. */
export async function requireBusiness(request: FastifyRequest, deps: AppDeps): Promise<BusinessRow> {
  if (!request.hostIsValid)
    throw new AppError('INVALID_HOST', 'The Host header of the request is not valid.', 400);
  const slug = request.tenantSlug;
  if (!slug) throw new AppError('BUSINESS_REQUIRED', 'This address does not name a business.', 404);
  if (request.tenantBusiness === undefined) {
    request.tenantBusiness = deps.authCache
      ? await deps.authCache.business(slug, () => findBusinessBySlug(deps, slug))
      : await findBusinessBySlug(deps, slug);
  }
  if (!request.tenantBusiness) throw businessNotFound(slug);
  return request.tenantBusiness;
}

export async function findBusinessBySlug(
  deps: Pick<AppDeps, 'database'>,
  slug: string,
): Promise<BusinessRow | null> {
  if (!isValidSlug(slug)) return null;
  const [row] = await deps.database.db.select().from(businesses).where(eq(businesses.slug, slug)).limit(1);
  return row ?? null;
}
