import {
  onboardingDone,
  onboardingInput,
  onboardingQuery,
  onboardingStart,
} from '#domain/schemas/onboarding.ts';
import { withTenant } from '../../db/tenant.ts';
import { access, createSession, setSessionCookie, staffCookieName } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { PASSWORD_SESSION_MS } from '../accounts/index.ts';
import { completeOnboarding } from './complete-onboarding.ts';
import { refuseIfOnboarded, requireOnboardingBusiness, requireValidInvitation } from './invitations.ts';

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
        response: { 200: onboardingStart },
      },
    },
    async (request) => {
      const business = await requireOnboardingBusiness(request, deps);
      const invitation = await withTenant(deps.database.db, business.id, async (tx) => {
        await refuseIfOnboarded(tx, business);
        return requireValidInvitation(tx, business.id, request.query.invite, deps.now());
      });
      return {
        business: {
          id: business.id,
          name: business.name,
          slug: business.slug,
          email: business.email,
          phone: business.phone,
          address: business.address,
          contact_person: business.contactPerson,
          business_description: business.businessDescription,
          business_type: business.businessType,
          operating_hours: business.operatingHours,
          logo_url: business.logoUrl,
          tax_id: business.taxId,
          receipt_footer: business.receiptFooter,
          currency: business.currency,
          timezone: business.timezone,
          pos_features: business.posFeatures,
        },
        invitation: { sent_to: invitation.sentTo, expires_at: invitation.expiresAt.toISOString() },
      };
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
        response: { 201: onboardingDone },
      },
    },
    async (request, reply) => {
      const business = await requireOnboardingBusiness(request, deps);
      const owner = await completeOnboarding(deps, business, request.body);
      // Signed in as by a password sign-in, with the same lifetime (the sign-in time is set with the owner).
      const now = deps.now();
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
