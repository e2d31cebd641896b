import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PinSignInResult } from '#domain/schemas/auth.ts';
import { users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { BUSINESS_INACTIVE } from '../../http/access-errors.ts';
import { consumeRateLimits, type RateLimitRule, refundRateLimit } from '../../http/rate-limit.ts';
import { requireBusiness } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { INVALID_PIN, PIN_EXPIRED } from './errors.ts';
import { hashPin, loadPinSecret } from './pins.ts';
import { startStaffSession } from './sessions.ts';

const MINUTE = 60_000;

/**
 * Failed PIN attempts allowed. A PIN has a million values, so the business-wide limits are what matter: at 40
 * failures a day, finding one of 10 staff PINs by trying takes on the order of seven years on average, and
 * changing IP address does not help. A success takes its own attempt back, so only failures count.
 */
export const PIN_LIMITS = {
  perIp: { limit: 10, windowMs: 15 * MINUTE },
  perBusiness: { limit: 10, windowMs: 15 * MINUTE },
  perBusinessDaily: { limit: 40, windowMs: 24 * 60 * MINUTE },
};

function pinRules(ip: string, businessId: string): RateLimitRule[] {
  return [
    { key: `pin:ip:${ip}`, ...PIN_LIMITS.perIp },
    { key: `pin:business:${businessId}`, ...PIN_LIMITS.perBusiness },
    { key: `pin:business-day:${businessId}`, ...PIN_LIMITS.perBusinessDaily },
  ];
}

/**
 * PIN quick login (platform §2, §4, §7 authenticate_and_activate_pin_user): the PIN alone names the person
 * within the business of this address. A first-login PIN is cleared after this first use.
 */
export async function pinSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  pin: string,
): Promise<PinSignInResult> {
  const business = await requireBusiness(request, deps);
  if (!business.isActive) throw BUSINESS_INACTIVE();
  const rules = pinRules(request.ip, business.id);
  await consumeRateLimits(deps, rules);

  const secret = await loadPinSecret(deps.database, deps.config.PIN_SECRET);
  const now = deps.now();
  const result = await withTenant(deps.database.db, business.id, async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.businessId, business.id), eq(users.pinHash, hashPin(secret, business.id, pin))))
      .limit(1);
    if (!user?.isActive) throw INVALID_PIN();
    if (user.pinExpiresAt && user.pinExpiresAt <= now) throw PIN_EXPIRED();
    const wasFirstLogin = user.isFirstLogin;
    if (wasFirstLogin) {
      await tx
        .update(users)
        .set({ pinHash: null, pinExpiresAt: null, isFirstLogin: false, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.businessId, business.id)));
    }
    return { user, wasFirstLogin };
  });

  for (const rule of rules) await refundRateLimit(deps, rule.key);
  const { user, wasFirstLogin } = result;
  const { expiresAt } = await startStaffSession(
    deps.database.db,
    deps,
    request,
    reply,
    user,
    business,
    'pin',
  );
  return {
    success: true,
    user_email: user.email,
    user_name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    user_role: user.role,
    user_id: user.id,
    business_id: business.id,
    is_first_login: wasFirstLogin,
    // The account is active from this sign-in on; nothing is left pending.
    is_pending: false,
    auth_type: 'pin',
    expires_at: expiresAt.toISOString(),
  };
}
