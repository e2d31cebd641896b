import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { signInInput } from '#domain/schemas/auth.ts';
import { users } from '../../db/schema/index.ts';
import { BUSINESS_INACTIVE } from '../../http/access-errors.ts';
import { guardSignIn } from '../../http/sign-in-guard.ts';
import { type BusinessRow, requireBusiness } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { renderMail } from '../mail/index.ts';
import { resendEmailVerification } from './email-verification.ts';
import {
  ACCOUNT_DEACTIVATED,
  EMAIL_NOT_VERIFIED,
  INVALID_CREDENTIALS,
  NO_ACCESS_TO_BUSINESS,
} from './errors.ts';
import { businessLink } from './links.ts';
import { verifyPassword } from './passwords.ts';
import type { SessionUserRow } from './sessions.ts';

/**
 * Password sign-in on a business's address (platform §5, §8). The person must belong to that business; a
 * person of another business whose password is right is told they have no access here, and gets no session.
 * Failures are limited per address and per account and address (http/sign-in-guard.ts), and the account
 * holder is told by mail when someone's guesses get an address refused.
 */
export async function signIn(
  deps: AppDeps,
  request: FastifyRequest,
  input: z.output<typeof signInInput>,
): Promise<{ user: SessionUserRow; business: BusinessRow }> {
  const business = await requireBusiness(request, deps);
  const guard = await guardSignIn(deps, 'signin', `${business.id}:${input.email}`, request.ip);

  const db = deps.database.db;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, business.id), sql`lower(${users.email}) = ${input.email}`))
    .limit(1);

  if (!user) {
    await refuseOutsider(deps, business, input);
    await guard.failed();
    throw INVALID_CREDENTIALS();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const { shouldNotify } = await guard.failed();
    if (shouldNotify && user.isActive) await mailFailedSignInNotice(deps, request, business, user);
    throw INVALID_CREDENTIALS();
  }
  if (!business.isActive) throw BUSINESS_INACTIVE();
  if (!user.isActive) throw ACCOUNT_DEACTIVATED();

  await guard.succeeded();
  if (!user.emailVerified) {
    // A self-signed-up owner signs in again only once the mailed link proved the address theirs.
    const isNewLinkSent = await resendEmailVerification(deps, request, business, user);
    throw EMAIL_NOT_VERIFIED(user.email, isNewLinkSent);
  }
  // The route starts the session and sets its cookie.
  return { user, business };
}

/** Tells the account holder that wrong passwords are being tried, and how to get in regardless. */
async function mailFailedSignInNotice(
  deps: AppDeps,
  request: FastifyRequest,
  business: { id: string; name: string; slug: string },
  user: { firstName: string; email: string },
): Promise<void> {
  const url = businessLink(deps, request, business.slug, '/app/auth');
  const content = renderMail({
    businessName: business.name,
    heading: 'Wrong passwords were tried on your account',
    paragraphs: [
      `Hello ${user.firstName},`,
      `Someone tried several wrong passwords for your ${business.name} account (${user.email}), from the internet address ${request.ip}. None of them was accepted.`,
      'For a while, sign-in to your account is refused from where the guesses came from. If you cannot sign in, choose "Forgot password?" on the sign-in page: the reset link we mail you signs you in.',
      'If it was not you, nothing was changed; if your password is easy to guess, choose a new one.',
    ],
    action: { label: 'Open the sign-in page', url },
  });
  await deps.mailer.enqueue({
    to: user.email,
    subject: `Wrong passwords tried on your ${business.name} account`,
    kind: 'sign_in_failures',
    businessId: business.id,
    ...content,
  });
}

/**
 * No account of this business has the email. If the email and password are right for an account of another
 * business, say so in the spec's words (only someone who knows the password learns that); otherwise take as
 * long as a password check and let the caller answer "invalid".
 */
async function refuseOutsider(
  deps: AppDeps,
  business: { id: string; slug: string },
  input: { email: string; password: string },
): Promise<void> {
  const elsewhere = await deps.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(ne(users.businessId, business.id), sql`lower(${users.email}) = ${input.email}`))
    .limit(3);
  if (elsewhere.length === 0) {
    // Takes as long as a real check (verifyPassword checks a decoy), then answers "invalid".
    await verifyPassword(null, input.password);
    return;
  }
  for (const account of elsewhere) {
    if (await verifyPassword(account.passwordHash, input.password))
      throw NO_ACCESS_TO_BUSINESS(business.slug);
  }
}
