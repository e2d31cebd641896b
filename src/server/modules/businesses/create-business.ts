import { DEFAULT_THEME_COLORS } from '#domain/business.ts';
import { permissionsOf } from '#domain/permissions.ts';
import type { Tx } from '../../db/client.ts';
import { businesses, users } from '../../db/schema/index.ts';

type BusinessInsert = typeof businesses.$inferInsert;

/** The owner created with the business (sign-up); a business made by an admin gets its owner at onboarding. */
export type NewOwner = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string;
  /** False when anyone could have typed the address (self sign-up): it counts once the mailed link is opened. */
  emailVerified?: boolean;
};

/**
 * A new business: its name and address (slug), how to reach it, and any profile columns its creator already
 * knows (the demo shops come fully described). Defaults for everything else are set here, in one place.
 */
export type NewBusiness = Pick<BusinessInsert, 'name' | 'slug'> &
  Partial<Omit<BusinessInsert, 'id' | 'name' | 'slug' | 'createdAt' | 'updatedAt'>> & { owner?: NewOwner };

export type CreatedBusiness = {
  business: typeof businesses.$inferSelect;
  owner: { id: string; businessId: string } | null;
};

/**
 * Creates a business (platform §4 "Sign-up sequence", §7 "Insert business") in the caller's transaction:
 * currency GHS, timezone Africa/Accra, the default theme colours, active; with its owner (role owner and the
 * permissions of §6) when one is given. Returns null, having written nothing, when the slug is taken:
 * each caller words that for its own form.
 */
export async function createBusiness(
  { owner, ...fields }: NewBusiness,
  tx: Tx,
): Promise<CreatedBusiness | null> {
  const [business] = await tx
    .insert(businesses)
    .values({
      currency: 'GHS',
      timezone: 'Africa/Accra',
      themeColors: DEFAULT_THEME_COLORS,
      isActive: true,
      ...fields,
    })
    .onConflictDoNothing({ target: businesses.slug })
    .returning();
  if (!business) return null;
  if (!owner) return { business, owner: null };
  const [created] = await tx
    .insert(users)
    .values({
      businessId: business.id,
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      phone: owner.phone,
      role: 'owner',
      permissions: permissionsOf('owner'),
      passwordHash: owner.passwordHash,
      emailVerified: owner.emailVerified ?? true,
    })
    .returning({ id: users.id, businessId: users.businessId });
  return { business, owner: created! };
}
