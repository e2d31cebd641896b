import { z } from 'zod';
import { contactRequestInput, publicBusiness } from '#domain/schemas/contact-request.ts';
import { withSystem } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { businessNotFound, findBusinessBySlug, requireBusiness } from '../../http/tenancy.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { BUSINESS_LOOKUP_FAILED } from './errors.ts';
import { listShowcase, lookupBusiness, saveContactRequest, toPublicBusiness } from './service.ts';

const businessResponse = z.object({ business: publicBusiness });

// The public site: what a visitor without an account may ask.
export async function publicRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;

  app.get(
    '/api/v1/public/business',
    {
      config: { access: access.public },
      schema: {
        tags: ['public'],
        summary: 'The business named by the host (subdomain, or X-Business / ?business= on localhost)',
        response: { 200: businessResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ business: toPublicBusiness(await requireBusiness(request, deps)) }),
  );

  app.get(
    '/api/v1/public/businesses/:slug',
    {
      // A slug that cannot exist names no business, as any unknown slug (tenancy rule).
      config: { access: access.public, unsafePathAnswer: (params) => businessNotFound(params.slug ?? '') },
      schema: {
        tags: ['public'],
        summary: 'A business by its slug',
        params: z.object({ slug: z.string().max(1000) }),
        response: { 200: businessResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const slug = request.params.slug.toLowerCase();
      const row = await findBusinessBySlug(deps, slug);
      if (!row) throw businessNotFound(slug);
      return { business: toPublicBusiness(row) };
    },
  );

  app.get(
    '/api/v1/public/business-lookup',
    {
      config: { access: access.public },
      schema: {
        tags: ['public'],
        summary: 'Find an active business by slug or name (business access page)',
        querystring: z.object({ q: z.string().max(200, 'Business name is too long').default('') }),
        response: {
          200: z.object({ business: z.object({ slug: z.string(), name: z.string() }) }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const found = await lookupBusiness(db, request.query.q);
      if (!found) throw BUSINESS_LOOKUP_FAILED();
      return { business: found };
    },
  );

  app.get(
    '/api/v1/public/showcase',
    {
      config: { access: access.public },
      schema: {
        tags: ['public'],
        summary: 'Sample businesses offered for quick access on the business access page',
        response: {
          200: z.object({
            businesses: z.array(
              z.object({ slug: z.string(), name: z.string(), business_type: z.string().nullable() }),
            ),
          }),
        },
      },
    },
    async () => ({ businesses: await listShowcase(db, deps.config.SHOWCASE_SLUGS) }),
  );

  app.post(
    '/api/v1/public/contact-requests',
    {
      config: { access: access.public },
      schema: {
        tags: ['public'],
        summary: 'A get-started request from the contact page, kept for the admins',
        body: contactRequestInput,
        response: {
          201: z.object({ contact_request: z.object({ id: z.uuid(), created_at: z.iso.datetime() }) }),
        },
      },
    },
    async (request, reply) => {
      const saved = await withSystem(db, (tx) => saveContactRequest({ input: request.body }, tx));
      return reply
        .status(201)
        .send({ contact_request: { id: saved.id, created_at: saved.created_at.toISOString() } });
    },
  );
}
