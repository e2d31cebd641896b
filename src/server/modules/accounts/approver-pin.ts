import { and, eq } from 'drizzle-orm';
import { permissionsForRole } from '#domain/business-settings.ts';
import type { Permission } from '#domain/permissions.ts';
import { businesses, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { errorCodes } from '../../http/errors.ts';
import { consumeRateLimits, type RateLimitRule, refundRateLimit } from '../../http/rate-limit.ts';
import type { AppDeps } from '../../http/types.ts';
import { hashPin, loadPinSecret } from './pins.ts';

// A manager or owner authorising one action on the spot (a refund, a void, a discount above the limit) by
// typing their PIN at the same till. The PIN names the approver within the business; a wrong PIN counts
// against the same kind of limits as PIN sign-in, so approvals cannot be used to guess PINs.

const approvalError = errorCodes({ APPROVER_PIN_INVALID: 403, APPROVER_NOT_ALLOWED: 403 });
export const APPROVAL_ERROR_STATUS = approvalError.statuses;

export const APPROVER_PIN_INVALID = () =>
  approvalError('APPROVER_PIN_INVALID', 'That PIN does not belong to an active manager or owner', {
    approver_pin: 'That PIN does not belong to an active manager or owner',
  });
export const APPROVER_NOT_ALLOWED = () =>
  approvalError('APPROVER_NOT_ALLOWED', 'That person may not approve this', {
    approver_pin: 'That person may not approve this',
  });

const MINUTE = 60_000;
export const APPROVER_PIN_LIMITS = {
  perIp: { limit: 10, windowMs: 15 * MINUTE },
  perBusiness: { limit: 10, windowMs: 15 * MINUTE },
  perBusinessDaily: { limit: 40, windowMs: 24 * 60 * MINUTE },
};

function approverRules(ip: string, businessId: string): RateLimitRule[] {
  return [
    { key: `approver-pin:ip:${ip}`, ...APPROVER_PIN_LIMITS.perIp },
    { key: `approver-pin:business:${businessId}`, ...APPROVER_PIN_LIMITS.perBusiness },
    { key: `approver-pin:business-day:${businessId}`, ...APPROVER_PIN_LIMITS.perBusinessDaily },
  ];
}

export type VerifiedApprover = { userId: string; firstName: string; lastName: string };

/**
 * The active manager or owner of `businessId` whose PIN this is, holding `permission`; refused otherwise
 * (wrong PIN, another business's PIN, a cashier's PIN, a PIN issued by someone else and not yet replaced). Only failures count
 * against the limits. Runs before the action's own transaction (it writes the attempt counters).
 */
export async function verifyApproverPin(
  deps: Pick<AppDeps, 'database' | 'now' | 'config'>,
  request: { businessId: string; ip: string; pin: string; permission: Permission },
): Promise<VerifiedApprover> {
  const rules = approverRules(request.ip, request.businessId);
  await consumeRateLimits(deps, rules);
  const secret = await loadPinSecret(deps.database, deps.config.PIN_SECRET);
  const [person] = await withTenant(deps.database.db, request.businessId, (tx) =>
    tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        isActive: users.isActive,
        pinExpiresAt: users.pinExpiresAt,
        rolePermissions: businesses.rolePermissions,
      })
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(
        and(
          eq(users.businessId, request.businessId),
          eq(users.pinHash, hashPin(secret, request.businessId, request.pin)),
        ),
      )
      .limit(1),
  );
  // A PIN a manager issued (it has an expiry) works once, to sign in and choose one's own: whoever issued it
  // knows it, so it never approves anything.
  if (!person?.isActive || person.role === 'cashier' || person.pinExpiresAt !== null) {
    throw APPROVER_PIN_INVALID();
  }
  // The business's own role settings (Settings → Roles) decide, as for the person's own requests.
  if (!permissionsForRole(person.role, person.rolePermissions).includes(request.permission))
    throw APPROVER_NOT_ALLOWED();
  for (const rule of rules) await refundRateLimit(deps, rule.key);
  return { userId: person.id, firstName: person.firstName, lastName: person.lastName };
}
