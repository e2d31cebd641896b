import { z } from 'zod';
import {
  adminBusiness,
  adminProfile,
  adminSignInInput,
  businessListQuery,
  businessListResponse,
  contactRequestListResponse,
  createBusinessInput,
  internalAdminListResponse,
  invitationSentResponse,
  slugCheckQuery,
  slugCheckResponse,
} from '#domain/schemas/admin.ts';
import { access } from '../../http/access.ts';
import { adminScope, asAdmin } from '../../http/admin-scope.ts';
import { loadAdmin, requireAdmin } from '../../http/admin-session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { ADMIN_COOKIE, clearSessionCookie, setSessionCookie } from '../../http/session-cookies.ts';
import type { App, AppDeps } from '../../http/types.ts';
import {
  checkSlug,
  countBusinesses,
  createBusiness,
  listBusinesses,
  setBusinessActive,
} from './businesses.ts';
import { listContactRequests, listInternalAdmins, toAdminProfile } from './queries.ts';
import { sendInvitation } from './send-invitation.ts';
import { signInAdmin, signOutAdmin } from './sign-in.ts';

const businessParams = z.object({ id: z.uuid({ error: 'This business does not exist.' }) });
const profileResponse = z.object({ admin: adminProfile });
const sessionProbeResponse = z.object({ admin: adminProfile.nullable() });
const businessResponse = z.object({ business: adminBusiness });

// The provider's admin area (platform §2 "Admin dashboard", §7 "Admin"). Who may do what:
// any admin lists, creates, invites and reactivates; deactivating a shop, which stops its till at once,
// and seeing who has access to this area need a super_admin.
export async function adminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;

  app.post(
    '/api/v1/admin/sign-in',
    {
      config: { access: access.public },
      schema: {
        tags: ['admin'],
        summary: 'Admin sign-in; sets the admin session cookie',
        body: adminSignInInput,
        response: { 200: profileResponse, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { admin, token, expiresAt } = await signInAdmin(deps, request, request.body);
      setSessionCookie(reply, request, deps, ADMIN_COOKIE, token, expiresAt);
      return { admin: toAdminProfile(admin) };
    },
  );

  app.post(
    '/api/v1/admin/sign-out',
    {
      // Anyone may end the session their own cookie names, signed in still or not.
      config: { access: access.public },
      schema: { tags: ['admin'], summary: 'Admin sign-out', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await signOutAdmin(deps, request.cookies[ADMIN_COOKIE]);
      clearSessionCookie(reply, request, deps, ADMIN_COOKIE);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/admin/me',
    {
      config: { access: access.admin('admin') },
      schema: { tags: ['admin'], summary: 'The signed-in admin', response: { 200: profileResponse } },
    },
    async (request) => ({ admin: toAdminProfile((await requireAdmin(request, deps)).admin) }),
  );

  app.get(
    '/api/v1/admin/session',
    {
      config: { access: access.public },
      schema: {
        tags: ['admin'],
        summary: 'The signed-in admin, or null: the sign-in page asks without a 401 in the console',
        response: { 200: sessionProbeResponse },
      },
    },
    async (request) => {
      const actor = await loadAdmin(request, deps);
      return { admin: actor ? toAdminProfile(actor.admin) : null };
    },
  );

  app.get(
    '/api/v1/admin/businesses',
    {
      config: { access: access.admin('admin') },
      schema: {
        tags: ['admin'],
        summary: 'Every business, newest first, with the active and inactive counts',
        querystring: businessListQuery,
        response: { 200: businessListResponse },
      },
    },
    async (request) => {
      const [businesses, counts] = await Promise.all([
        listBusinesses(db, request.query.search),
        countBusinesses(db),
      ]);
      return { businesses, counts };
    },
  );

  app.get(
    '/api/v1/admin/slug-check',
    {
      config: { access: access.admin('admin') },
      schema: {
        tags: ['admin'],
        summary: 'The web address a business name gives, and whether it is free',
        querystring: slugCheckQuery,
        response: { 200: slugCheckResponse },
      },
    },
    async (request) => checkSlug(db, request.query.name),
  );

  app.post(
    '/api/v1/admin/businesses',
    {
      config: { access: access.admin('admin') },
      schema: {
        tags: ['admin'],
        summary: 'Create a business (slug derived from its name)',
        body: createBusinessInput,
        response: { 201: businessResponse, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const business = await asAdmin(request, deps, (scope, tx) =>
        createBusiness({ ...scope, input: request.body }, tx),
      );
      return reply.status(201).send({ business });
    },
  );

  app.post(
    '/api/v1/admin/businesses/:id/activate',
    {
      config: { access: access.admin('admin') },
      schema: {
        tags: ['admin'],
        summary: 'Activate a business; its staff can use it again',
        params: businessParams,
        response: { 200: businessResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      business: await asAdmin(request, deps, (scope, tx) =>
        setBusinessActive(
          { ...scope, input: { businessId: request.params.id, isActive: true, now: deps.now() } },
          tx,
        ),
      ),
    }),
  );

  app.post(
    '/api/v1/admin/businesses/:id/deactivate',
    {
      config: { access: access.admin('super_admin') },
      schema: {
        tags: ['admin'],
        summary: 'Deactivate a business; its staff are refused from their next request (super_admin)',
        params: businessParams,
        response: { 200: businessResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      business: await asAdmin(request, deps, (scope, tx) =>
        setBusinessActive(
          { ...scope, input: { businessId: request.params.id, isActive: false, now: deps.now() } },
          tx,
        ),
      ),
    }),
  );

  app.post(
    '/api/v1/admin/businesses/:id/invitations',
    {
      config: { access: access.admin('admin') },
      schema: {
        tags: ['admin'],
        summary: "Mail the business's contact an onboarding invitation",
        params: businessParams,
        response: { 201: invitationSentResponse, ...errorResponses(404, 409, 502) },
      },
    },
    async (request, reply) => {
      const { admin } = await adminScope(request, deps);
      const sent = await sendInvitation(deps, request, {
        businessId: request.params.id,
        adminId: admin.adminId,
      });
      return reply.status(201).send(sent);
    },
  );

  app.get(
    '/api/v1/admin/contact-requests',
    {
      config: { access: access.admin('admin') },
      schema: {
        tags: ['admin'],
        summary: 'Get-started requests from the public site, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: contactRequestListResponse },
      },
    },
    async (request) => ({ contact_requests: await listContactRequests(db, request.query.limit) }),
  );

  app.get(
    '/api/v1/admin/admins',
    {
      config: { access: access.admin('super_admin') },
      schema: {
        tags: ['admin'],
        summary: 'Who has access to the admin area (super_admin)',
        response: { 200: internalAdminListResponse },
      },
    },
    async () => ({ admins: await listInternalAdmins(db) }),
  );
}
