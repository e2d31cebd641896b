import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenant.ts';
import { consumeRateLimit, consumeRateLimits } from '../../http/rate-limit.ts';
import { endUserSessions } from '../../http/session-records.ts';
import { requireBusiness } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { renderMail } from '../mail/index.ts';
import { INVALID_RESET_LINK } from './errors.ts';
import { businessLink } from './links.ts';
import { hashPassword } from './passwords.ts';
import { startStaffSession } from './sessions.ts';
import { consumeToken, findLiveToken, issueToken, voidTokens } from './tokens.ts';

const MINUTE = 60_000;
export const RESET_LINK_MS = 60 * MINUTE;

/**
 * platform §2/§7 "Password reset by email": a single-use link that expires in an hour. The answer is the
 * same whether or not the email belongs to someone, so the form cannot be used to find out who works where.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  request: FastifyRequest,
  email: string,
): Promise<void> {
  const business = await requireBusiness(request, deps);
  await consumeRateLimits(deps, [
    { key: `reset:ip:${request.ip}`, limit: 10, windowMs: 15 * MINUTE },
    // Keeps anyone from filling a person's inbox; keyed by the address whether or not it exists.
    { key: `reset:email:${business.id}:${email}`, limit: 3, windowMs: 60 * MINUTE },
  ]);
  const [user] = await deps.database.db
    .select({ id: users.id, firstName: users.firstName, email: users.email, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.businessId, business.id), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (!user?.isActive || !business.isActive) return;

  const now = deps.now();
  await withSystem(deps.database.db, async (tx) => {
    await voidTokens(tx, user.id, 'password_reset', now);
    const token = await issueToken(tx, {
      purpose: 'password_reset',
      userId: user.id,
      businessId: business.id,
      expiresAt: new Date(now.getTime() + RESET_LINK_MS),
    });
    // In the fragment, so the token never reaches a server log or a Referer header.
    const url = `${businessLink(deps, request, business.slug, '/app/reset-password')}#token=${token}`;
    const content = renderMail({
      businessName: business.name,
      heading: 'Reset your password',
      paragraphs: [
        `Hello ${user.firstName},`,
        `Someone asked to reset the password of your ${business.name} account (${user.email}). If it was you, choose a new password with the button below.`,
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url },
      footnote: 'The link works once and expires in 1 hour.',
    });
    await deps.mailer.enqueue(
      {
        to: user.email,
        subject: `Reset your ${business.name} password`,
        kind: 'password_reset',
        businessId: business.id,
        ...content,
      },
      tx,
    );
  });
}

/** Whether a reset link can still be used (the reset page checks when it opens). */
export async function checkResetLink(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
): Promise<{ expiresAt: Date }> {
  const business = await requireBusiness(request, deps);
  await consumeRateLimit(deps, { key: `reset-check:ip:${request.ip}`, limit: 30, windowMs: 15 * MINUTE });
  const live = await findLiveToken(deps.database.db, {
    token,
    purpose: 'password_reset',
    businessId: business.id,
    now: deps.now(),
  });
  if (!live) throw INVALID_RESET_LINK();
  return live;
}

/**
 * Sets the new password from a reset link: the link is used up, every session of the person ends (whoever
 * knew the old password is out), and this browser is signed in afresh.
 */
export async function resetPassword(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { token: string; password: string },
): Promise<void> {
  const business = await requireBusiness(request, deps);
  await consumeRateLimit(deps, { key: `reset-confirm:ip:${request.ip}`, limit: 10, windowMs: 15 * MINUTE });
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  await withSystem(deps.database.db, async (tx) => {
    const used = await consumeToken(tx, {
      token: input.token,
      purpose: 'password_reset',
      businessId: business.id,
      now,
    });
    if (!used) throw INVALID_RESET_LINK();
    const [user] = await tx
      .update(users)
      // Opening the mailed link proves the address too (a self-signed-up owner's first reset verifies it).
      .set({ passwordHash, emailVerified: true, updatedAt: now })
      .where(and(eq(users.id, used.userId), eq(users.businessId, business.id), eq(users.isActive, true)))
      .returning({ id: users.id, businessId: users.businessId });
    if (!user) throw INVALID_RESET_LINK();
    await endUserSessions(tx, user.id);
    if (business.isActive) await startStaffSession(tx, deps, request, reply, user, business, 'password');
  });
}
