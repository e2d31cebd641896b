import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { businessInvitations, users } from '../../db/schema/index.ts';
import { hashToken } from '../../http/session-token.ts';
import { findBusinessBySlug } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import {
  ALREADY_ONBOARDED,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  ONBOARDING_BUSINESS_NOT_FOUND,
} from './errors.ts';

type InvitationRow = typeof businessInvitations.$inferSelect;

/** The active business named by the request, or the onboarding page's 'Business Not Found'. */
export async function requireOnboardingBusiness(request: FastifyRequest, deps: AppDeps) {
  const business = request.tenantSlug ? await findBusinessBySlug(deps, request.tenantSlug) : null;
  if (!business?.isActive) throw ONBOARDING_BUSINESS_NOT_FOUND();
  return business;
}

/** platform §2: a business with an owner is onboarded already; its people sign in instead. */
export async function refuseIfOnboarded(
  tx: Tx,
  business: { id: string; isOnboarded: boolean },
): Promise<void> {
  if (business.isOnboarded) throw ALREADY_ONBOARDED();
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, business.id), eq(users.role, 'owner')))
    .limit(1);
  if (owner) throw ALREADY_ONBOARDED();
}

/**
 * The invitation of this business that the token names, if it is unused and unexpired. `forUpdate` locks it
 * for the transaction that uses it up.
 */
export async function requireValidInvitation(
  tx: Tx,
  businessId: string,
  token: string,
  now: Date,
  { forUpdate = false } = {},
): Promise<InvitationRow> {
  if (!token) throw INVITATION_INVALID();
  const query = tx
    .select()
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.businessId, businessId),
        eq(businessInvitations.tokenHash, hashToken(token)),
      ),
    )
    .limit(1);
  const [invitation] = forUpdate ? await query.for('update') : await query;
  if (!invitation || invitation.usedAt) throw INVITATION_INVALID();
  if (invitation.expiresAt.getTime() <= now.getTime()) throw INVITATION_EXPIRED();
  return invitation;
}

/** Marks the invitation used by the new owner. */
export async function markInvitationUsed(
  tx: Tx,
  invitation: { id: string; businessId: string },
  userId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(businessInvitations)
    .set({ usedAt: now, usedByUserId: userId })
    .where(
      and(
        eq(businessInvitations.businessId, invitation.businessId),
        eq(businessInvitations.id, invitation.id),
        sql`${businessInvitations.usedAt} is null`,
      ),
    );
}
