import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AdminSignIn } from '#domain/schemas/admin.ts';
import { internalAdmins, sessions, users } from '../../db/schema/index.ts';
import { ADMIN_REQUIRED } from '../../http/access-errors.ts';
import { createSession } from '../../http/session-records.ts';
import { hashToken } from '../../http/session-token.ts';
import { guardSignIn } from '../../http/sign-in-guard.ts';
import type { AppDeps } from '../../http/types.ts';
import { verifyPassword } from '../accounts/index.ts';
import { renderMail } from '../mail/index.ts';
import { INVALID_CREDENTIALS } from './errors.ts';

/** An admin session lasts one working day; the admin signs in again after it. */
export const ADMIN_SESSION_MS = 8 * 3_600_000;

// A business user may have the same email in several shops; checking a handful is enough.
const BUSINESS_ACCOUNTS_CHECKED = 5;

export type AdminRow = typeof internalAdmins.$inferSelect;

/**
 * Admin sign-in (platform §5 "Admin sign-in", §8). Someone whose password is right but who is not an active
 * internal admin (a shop's staff, a deactivated admin) is told 'Access denied. Admin privileges required.';
 * anything else wrong reads 'Invalid email or password.', so the form does not reveal who is an admin.
 * Failures are limited as staff sign-in's are (http/sign-in-guard.ts).
 */
export async function signInAdmin(
  deps: AppDeps,
  request: FastifyRequest,
  input: AdminSignIn,
): Promise<{ admin: AdminRow; token: string; expiresAt: Date }> {
  const db = deps.database.db;
  const guard = await guardSignIn(deps, 'admin-signin', input.email, request.ip);

  const [admin] = await db
    .select()
    .from(internalAdmins)
    .where(sql`lower(${internalAdmins.email}) = ${input.email}`)
    .limit(1);
  const isPasswordRight = await verifyPassword(admin?.passwordHash, input.password);

  if (admin && isPasswordRight && admin.isActive) {
    await guard.succeeded();
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
  const { shouldNotify } = await guard.failed();
  if (shouldNotify && admin?.isActive) await mailFailedSignInNotice(deps, admin);
  throw INVALID_CREDENTIALS();
}

/** Tells the admin that wrong passwords are being tried on the admin account. */
async function mailFailedSignInNotice(deps: AppDeps, admin: AdminRow): Promise<void> {
  const content = renderMail({
    businessName: 'Akwaaba POS',
    heading: 'Wrong passwords were tried on your admin account',
    paragraphs: [
      `Hello ${admin.fullName},`,
      `Someone tried several wrong passwords for your admin account (${admin.email}). None of them was accepted.`,
      'For a while, sign-in is refused from where the guesses came from; from your usual machine you can still sign in. If it was not you, tell a super admin and choose a stronger password.',
    ],
  });
  await deps.mailer.enqueue({
    to: admin.email,
    subject: 'Wrong passwords tried on your Akwaaba POS admin account',
    kind: 'sign_in_failures',
    ...content,
  });
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
