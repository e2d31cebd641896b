import { and, eq } from 'drizzle-orm';
import { readReceiptSettings } from '#domain/business-settings.ts';
import { taxRateFromDatabase } from '#domain/catalog/tax-rate.ts';
import type { Me } from '#domain/schemas/auth.ts';
import type { Tx } from '../../db/client.ts';
import { businesses, sessions, users } from '../../db/schema/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { USER_NOT_FOUND } from './errors.ts';

/**
 * GET /api/v1/me: the signed-in person, their role and permissions, their business and this session. Read in
 * a transaction with the server's rights (the session row is not the tenant role's).
 */
export async function describeMe(
  { businessId, actor, input }: UseCaseRequest<{ now: Date }>,
  tx: Tx,
): Promise<Me> {
  const [row] = await tx
    .select({ user: users, business: businesses })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(eq(users.id, actor.userId), eq(users.businessId, businessId)));
  if (!row) throw USER_NOT_FOUND();
  const [session] = await tx
    .select({ expiresAt: sessions.expiresAt, authMethod: sessions.authMethod })
    .from(sessions)
    .where(eq(sessions.id, actor.sessionId));
  const { user, business } = row;
  return {
    user: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      phone: user.phone,
      role: actor.role,
    },
    role: actor.role,
    permissions: [...actor.permissions],
    business: {
      id: business.id,
      name: business.name,
      slug: business.slug,
      theme_colors: business.themeColors,
      logo_url: business.logoUrl,
      pos_features: business.posFeatures,
      prices_include_tax: business.pricesIncludeTax,
      default_tax_rate: taxRateFromDatabase(business.defaultTaxRate),
      receipt: readReceiptSettings(business.receiptSettings),
    },
    email_verified: user.emailVerified,
    // An issued PIN (first login or a new one from a manager) is the one with an expiry; one's own has none.
    pin_choice: {
      due: user.pinHash !== null && user.pinExpiresAt !== null,
      issued_pin_expires_at: user.pinHash && user.pinExpiresAt ? user.pinExpiresAt.toISOString() : null,
    },
    session: {
      id: actor.sessionId,
      auth_method: session?.authMethod ?? 'password',
      expires_at: (session?.expiresAt ?? input.now).toISOString(),
    },
  };
}
