import {
  onboardingDone,
  onboardingInput,
  onboardingQuery,
  onboardingStart,
} from '#domain/schemas/onboarding.ts';
import { withTenant } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { setSessionCookie, staffCookieName } from '../../http/session-cookies.ts';
import { createSession } from '../../http/session-records.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hashPassword, PASSWORD_SESSION_MS } from '../accounts/index.ts';
import { completeOnboarding } from './complete-onboarding.ts';
import { requireOnboardingBusiness } from './invitations.ts';
import { startOnboarding } from './start-onboarding.ts';

// Business onboarding (platform §2 "Business onboarding"): reached from the invitation link, without an
// account; the invitation token is what admits the caller.
export async function onboardingRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/onboarding',
    {
      config: { access: access.public },
      schema: {
        tags: ['onboarding'],
        summary: 'What the onboarding wizard needs, if the invitation is valid',
        querystring: onboardingQuery,
        response: { 200: onboardingStart, ...errorResponses(403, 404, 409, 410) },
      },
    },
    async (request) => {
      const business = await requireOnboardingBusiness(request, deps);
      return withTenant(deps.database.db, business.id, (tx) =>
        startOnboarding(
          { businessId: business.id, input: { business, invite: request.query.invite, now: deps.now() } },
          tx,
        ),
      );
    },
  );

  app.post(
    '/api/v1/onboarding',
    {
      config: { access: access.public },
      schema: {
        tags: ['onboarding'],
        summary: 'Complete onboarding: create the owner, save the business, sign the owner in',
        body: onboardingInput,
        response: { 201: onboardingDone, ...errorResponses(403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const business = await requireOnboardingBusiness(request, deps);
      // Hashed before the transaction: the slow part holds no locks.
      const passwordHash = await hashPassword(request.body.password);
      const now = deps.now();
      const owner = await withTenant(deps.database.db, business.id, (tx) =>
        completeOnboarding({ businessId: business.id, input: { ...request.body, passwordHash, now } }, tx),
      );
      // Signed in as by a password sign-in, with the same lifetime (the sign-in time is set with the owner).
      const expiresAt = new Date(now.getTime() + PASSWORD_SESSION_MS);
      const token = await createSession(
        deps.database.db,
        request,
        { kind: 'user', userId: owner.id, businessId: business.id, authMethod: 'password' },
        expiresAt,
      );
      setSessionCookie(reply, request, deps, staffCookieName(business.slug), token, expiresAt);
      return reply.status(201).send({
        user: { id: owner.id, email: owner.email, full_name: owner.fullName, role: 'owner' as const },
        redirect_to: '/app/dashboard',
      });
    },
  );
}
