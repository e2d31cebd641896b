import { eq } from 'drizzle-orm';
import { permissionsOf } from '#domain/permissions.ts';
import { type Onboarding, splitFullName } from '#domain/schemas/onboarding.ts';
import { businesses, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { hashPassword } from '../accounts/index.ts';
import { ONBOARDING_BUSINESS_NOT_FOUND, OWNER_EMAIL_TAKEN } from './errors.ts';
import { markInvitationUsed, refuseIfOnboarded, requireValidInvitation } from './invitations.ts';

export type OnboardedOwner = { id: string; email: string; fullName: string };

/**
 * Onboarding submission (platform §2, §7): in ONE transaction, as the business's tenant, it creates the owner
 * (role owner with the owner's permissions), writes the business's details and settings, sets is_onboarded
 * and onboarded_at, and uses up the invitation. Any failure leaves all of it undone.
 */
export async function completeOnboarding(
  deps: AppDeps,
  business: BusinessRow,
  input: Onboarding,
): Promise<OnboardedOwner> {
  // Hashed before the transaction: the slow part holds no locks.
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  return withTenant(deps.database.db, business.id, async (tx) => {
    // The row lock makes a second, simultaneous submission wait, then find the business onboarded.
    const [locked] = await tx.select().from(businesses).where(eq(businesses.id, business.id)).for('update');
    if (!locked?.isActive) throw ONBOARDING_BUSINESS_NOT_FOUND();
    await refuseIfOnboarded(tx, locked);
    const invitation = await requireValidInvitation(tx, business.id, input.invite, now, { forUpdate: true });

    const { firstName, lastName } = splitFullName(input.owner_full_name);
    const [owner] = await tx
      .insert(users)
      .values({
        businessId: business.id,
        email: input.owner_email,
        firstName,
        lastName,
        phone: input.owner_phone ?? null,
        role: 'owner',
        permissions: permissionsOf('owner'),
        isActive: true,
        passwordHash,
        // The owner is signed in straight after (routes.ts).
        lastLoginAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    if (!owner) throw OWNER_EMAIL_TAKEN();

    await tx
      .update(businesses)
      .set({
        businessDescription: input.business_description,
        businessType: input.business_type,
        address: input.address ?? locked.address,
        operatingHours: input.operating_hours ?? null,
        logoUrl: input.logo_url ?? null,
        currency: input.currency,
        timezone: input.timezone,
        posFeatures: input.pos_features,
        taxId: input.tax_id ?? null,
        receiptFooter: input.receipt_footer ?? null,
        isOnboarded: true,
        onboardedAt: now,
        updatedAt: now,
      })
      .where(eq(businesses.id, business.id));
    await markInvitationUsed(tx, invitation, owner.id, now);
    return { id: owner.id, email: owner.email, fullName: owner.fullName ?? input.owner_full_name };
  });
}
