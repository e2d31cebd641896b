import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AdminSignIn } from '#domain/schemas/admin.ts';
import { internalAdmins, sessions, users } from '../../db/schema/index.ts';
import { ADMIN_REQUIRED, createSession } from '../../http/access.ts';
import {
  consumeRateLimits,
  type RateLimitRule,
  refundRateLimit,
  resetRateLimit,
} from '../../http/rate-limit.ts';
import { hashToken } from '../../http/session-token.ts';
import type { AppDeps } from '../../http/types.ts';
import { verifyPassword } from '../accounts/index.ts';
import { INVALID_CREDENTIALS } from './errors.ts';

/** An admin session lasts one working day; the admin signs in again after it. */
export const ADMIN_SESSION_MS = 8 * 3_600_000;

// As staff sign-in: 5 failures per account, 30 attempts per address (an office shares one IP), in 15 minutes.
const SIGN_IN_WINDOW_MS = 15 * 60_000;
const FAILURES_PER_EMAIL = 5;
const ATTEMPTS_PER_IP = 30;
// A business user may have the same email in several shops; checking a handful is enough.
const BUSINESS_ACCOUNTS_CHECKED = 5;

export type AdminRow = typeof internalAdmins.$inferSelect;

export const emailRateLimitKey = (email: string) => `admin-signin:email:${email}`;

/**
 * Admin sign-in (platform §5 "Admin sign-in", §8). Someone whose password is right but who is not an active
 * internal admin (a shop's staff, a deactivated admin) is told 'Access denied. Admin privileges required.';
 * anything else wrong reads 'Invalid email or password.', so the form does not reveal who is an admin.
 */
export async function signInAdmin(
  deps: AppDeps,
  request: FastifyRequest,
  input: AdminSignIn,
): Promise<{ admin: AdminRow; token: string; expiresAt: Date }> {
  const db = deps.database.db;
  const emailKey = emailRateLimitKey(input.email);
  const ipKey = `admin-signin:ip:${request.ip}`;
  const rules: RateLimitRule[] = [
    { key: ipKey, limit: ATTEMPTS_PER_IP, windowMs: SIGN_IN_WINDOW_MS },
    { key: emailKey, limit: FAILURES_PER_EMAIL, windowMs: SIGN_IN_WINDOW_MS },
  ];
  await consumeRateLimits(deps, rules);

  const [admin] = await db
    .select()
    .from(internalAdmins)
    .where(sql`lower(${internalAdmins.email}) = ${input.email}`)
    .limit(1);
  const isPasswordRight = await verifyPassword(admin?.passwordHash, input.password);

  if (admin && isPasswordRight && admin.isActive) {
    await resetRateLimit(deps, emailKey);
    await refundRateLimit(deps, ipKey);
    const now = deps.now();
    const expiresAt = new Date(now.getTime() + ADMIN_SESSION_MS);
    const [updated] = await db
      .update(internalAdmins)
      .set({ lastLoginAt: now })
      .where(eq(internalAdmins.id, admin.id))
      .returning();
    const token = await createSession(db, request, { kind: 'admin', adminId: admin.id }, expiresAt);
    return { admin: updated ?? admin, token, expiresAt };
  }
  if (admin && isPasswordRight) throw ADMIN_REQUIRED();
  if (!admin && (await isBusinessUserPassword(deps, input.email, input.password))) throw ADMIN_REQUIRED();
  throw INVALID_CREDENTIALS();
}

async function isBusinessUserPassword(deps: AppDeps, email: string, password: string): Promise<boolean> {
  const accounts = await deps.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(BUSINESS_ACCOUNTS_CHECKED);
  for (const account of accounts) {
    if (await verifyPassword(account.passwordHash, password)) return true;
  }
  return false;
}

/** Ends the admin session named by the cookie's token, if there is one. */
export async function signOutAdmin(deps: AppDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  await deps.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
