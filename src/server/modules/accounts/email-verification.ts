import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { consumeRateLimit } from '../../http/rate-limit.ts';
import { requireBusiness } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { renderMail } from '../mail/index.ts';
import { INVALID_VERIFICATION_LINK } from './errors.ts';
import { businessLink } from './links.ts';
import { consumeToken, issueToken, voidTokens } from './tokens.ts';

/** A verification link stays usable for a week: a new shop owner may not read mail every day. */
export const VERIFICATION_LINK_MS = 7 * 24 * 60 * 60_000;

type Business = { id: string; name: string; slug: string };
type Person = { id: string; email: string; firstName: string };

/**
 * Mails a person a link that proves the address is theirs (docs/decisions.md, "Sign-up verifies the owner's
 * email"); earlier links stop working. Written in the caller's transaction, so a failed sign-up mails nothing.
 */
export async function mailEmailVerification(
  deps: AppDeps,
  request: FastifyRequest,
  tx: Queryable,
  business: Business,
  person: Person,
): Promise<void> {
  const now = deps.now();
  await voidTokens(tx, person.id, 'email_verification', now);
  const token = await issueToken(tx, {
    purpose: 'email_verification',
    userId: person.id,
    businessId: business.id,
    expiresAt: new Date(now.getTime() + VERIFICATION_LINK_MS),
  });
  // In the fragment, so the token never reaches a server log or a Referer header.
  const url = `${businessLink(deps, request, business.slug, '/app/verify-email')}#token=${token}`;
  const content = renderMail({
    businessName: business.name,
    heading: 'Confirm your email address',
    paragraphs: [
      `Hello ${person.firstName},`,
      `${business.name} was created on Akwaaba POS with this email address (${person.email}). Confirm that it is yours with the button below.`,
      'Until you do, you cannot sign in again or email receipts. If you did not sign up, ignore this email.',
    ],
    action: { label: 'Confirm my email', url },
    footnote: 'The link works once and expires in 7 days.',
  });
  await deps.mailer.enqueue(
    {
      to: person.email,
      subject: `Confirm your email for ${business.name}`,
      kind: 'email_verification',
      businessId: business.id,
      ...content,
    },
    tx,
  );
}

/**
 * Mails a fresh link to a person whose address is not verified yet (after a refused sign-in, or from the
 * banner), at most 3 times an hour so that nobody can fill their inbox.
 */
export async function resendEmailVerification(
  deps: AppDeps,
  request: FastifyRequest,
  business: Business,
  person: Person,
): Promise<boolean> {
  try {
    await consumeRateLimit(deps, { key: `verify-mail:user:${person.id}`, limit: 3, windowMs: 60 * 60_000 });
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
    throw error;
  }
  await withSystem(deps.database.db, (tx) => mailEmailVerification(deps, request, tx, business, person));
  return true;
}

/** Uses a verification link of the request's business: the person's email counts as theirs from now on. */
export async function verifyEmail(deps: AppDeps, request: FastifyRequest, token: string): Promise<void> {
  const business = await requireBusiness(request, deps);
  await consumeRateLimit(deps, { key: `verify:ip:${request.ip}`, limit: 20, windowMs: 15 * 60_000 });
  await withSystem(deps.database.db, async (tx) => {
    const used = await consumeToken(tx, {
      token,
      purpose: 'email_verification',
      businessId: business.id,
      now: deps.now(),
    });
    if (!used) throw INVALID_VERIFICATION_LINK();
    await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: deps.now() })
      .where(and(eq(users.id, used.userId), eq(users.businessId, business.id)));
  });
}

/** Whether a person's email is verified (everyone but a self-signed-up owner who has not opened the link). */
export async function isEmailVerified(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.emailVerified ?? false;
}
