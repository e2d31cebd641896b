import { eq } from 'drizzle-orm';
import { permissionsOf } from '#domain/permissions.ts';
import { type Onboarding, splitFullName } from '#domain/schemas/onboarding.ts';
import type { Tx } from '../../db/client.ts';
import { businesses, users } from '../../db/schema/index.ts';
import { createStarterCategories } from '../catalog/index.ts';
import type { GuestUseCaseRequest } from '../use-case.ts';
import { ONBOARDING_BUSINESS_NOT_FOUND, OWNER_EMAIL_TAKEN } from './errors.ts';
import { markInvitationUsed, refuseIfOnboarded, requireValidInvitation } from './invitations.ts';

export type OnboardedOwner = { id: string; email: string; fullName: string };

/**
 * Onboarding submission (platform §2, §7): in ONE transaction, as the business's tenant, it creates the owner
 * (role owner with the owner's permissions), writes the business's details and settings, sets is_onboarded
 * and onboarded_at, and uses up the invitation. Any failure leaves all of it undone. The password comes
 * hashed: the caller hashes it before the transaction, so the slow part holds no locks.
 */
export async function completeOnboarding(
  {
    businessId,
    input: { passwordHash, now, ...input },
  }: GuestUseCaseRequest<Onboarding & { passwordHash: string; now: Date }>,
  tx: Tx,
): Promise<OnboardedOwner> {
  // The row lock makes a second, simultaneous submission wait, then find the business onboarded.
  const [locked] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
  if (!locked?.isActive) throw ONBOARDING_BUSINESS_NOT_FOUND();
  await refuseIfOnboarded(tx, locked);
  const invitation = await requireValidInvitation(tx, businessId, input.invite, now, { forUpdate: true });

  const { firstName, lastName } = splitFullName(input.owner_full_name);
  const [owner] = await tx
    .insert(users)
    .values({
      businessId: businessId,
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
    .where(eq(businesses.id, businessId));
  await markInvitationUsed(tx, invitation, owner.id, now);
  await createStarterCategories(tx, businessId, input.business_type);
  return { id: owner.id, email: owner.email, fullName: owner.fullName ?? input.owner_full_name };
}
