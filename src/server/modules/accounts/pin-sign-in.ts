import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PinSignInResult } from '#domain/schemas/auth.ts';
import { tillDevices, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { BUSINESS_INACTIVE } from '../../http/access-errors.ts';
import { consumeRateLimits, type RateLimitRule, refundRateLimit } from '../../http/rate-limit.ts';
import { requireBusiness } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { INVALID_PIN, PIN_EXPIRED, UNTRUSTED_DEVICE } from './errors.ts';
import { hashPin, loadPinSecret } from './pins.ts';
import { startStaffSession } from './sessions.ts';
import { findTrustedDevice } from './till-devices.ts';

const MINUTE = 60_000;

/**
 * Failed PIN attempts allowed, counted per trusted till (only tills may try PINs at all). A PIN has a million
 * values: at 40 failures a day a till would take on the order of seven years to find one of 10 staff PINs,
 * and one till locked out after wrong PINs does not lock the shop's other tills. A success takes its own
 * attempt back, so only failures count.
 */
export const PIN_LIMITS = {
  perDevice: { limit: 10, windowMs: 15 * MINUTE },
  perDeviceDaily: { limit: 40, windowMs: 24 * 60 * MINUTE },
};

function pinRules(deviceId: string): RateLimitRule[] {
  return [
    { key: `pin:device:${deviceId}`, ...PIN_LIMITS.perDevice },
    { key: `pin:device-day:${deviceId}`, ...PIN_LIMITS.perDeviceDaily },
  ];
}

/**
 * PIN quick login (platform §2, §4, §7 authenticate_and_activate_pin_user): the PIN alone names the person
 * within the business of this address, on a browser trusted as one of its tills (till-devices.ts). After an
 * issued PIN (first login or from a manager) the person chooses their own; the issued one works until then.
 */
export async function pinSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  pin: string,
): Promise<PinSignInResult> {
  const business = await requireBusiness(request, deps);
  if (!business.isActive) throw BUSINESS_INACTIVE();
  const device = await withTenant(deps.database.db, business.id, (tx) =>
    findTrustedDevice(tx, request, business),
  );
  if (!device) throw UNTRUSTED_DEVICE();
  const rules = pinRules(device.id);
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
    // An issued PIN (first login, or a new one from a manager; it has an expiry) asks the person to choose
    // their own. It keeps working until they do or until it expires, so someone who leaves the choosing
    // screen can still sign in (and is asked again); the first login itself completes the account's setup.
    const mustChoosePin = wasFirstLogin || user.pinExpiresAt !== null;
    if (wasFirstLogin) {
      await tx
        .update(users)
        .set({ isFirstLogin: false, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.businessId, business.id)));
    }
    await tx
      .update(tillDevices)
      .set({ lastUsedAt: now })
      .where(and(eq(tillDevices.id, device.id), eq(tillDevices.businessId, business.id)));
    return { user, wasFirstLogin, mustChoosePin };
  });

  for (const rule of rules) await refundRateLimit(deps, rule.key);
  const { user, wasFirstLogin, mustChoosePin } = result;
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
    must_choose_pin: mustChoosePin,
    auth_type: 'pin',
    expires_at: expiresAt.toISOString(),
  };
}
