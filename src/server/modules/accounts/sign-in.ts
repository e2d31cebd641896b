import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { signInInput } from '#domain/schemas/auth.ts';
import { users } from '../../db/schema/index.ts';
import { BUSINESS_INACTIVE } from '../../http/access.ts';
import { consumeRateLimits, refundRateLimit, resetRateLimit } from '../../http/rate-limit.ts';
import { requireBusiness } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { ACCOUNT_DEACTIVATED, INVALID_CREDENTIALS, NO_ACCESS_TO_BUSINESS } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { startStaffSession } from './sessions.ts';

const WINDOW_MS = 15 * 60_000;
// Per IP: a shop's staff share one connection, so this is generous; per account it stops password guessing.
export const SIGN_IN_LIMITS = { perIp: 30, perAccount: 5, windowMs: WINDOW_MS };

/**
 * Password sign-in on a business's address (platform §5, §8). The person must belong to that business; a
 * person of another business whose password is right is told they have no access here, and gets no session.
 */
export async function signIn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: z.output<typeof signInInput>,
): Promise<{ userId: string }> {
  const business = await requireBusiness(request, deps);
  const ipKey = `signin:ip:${request.ip}`;
  const accountKey = `signin:account:${business.id}:${input.email}`;
  await consumeRateLimits(deps, [
    { key: ipKey, limit: SIGN_IN_LIMITS.perIp, windowMs: WINDOW_MS },
    { key: accountKey, limit: SIGN_IN_LIMITS.perAccount, windowMs: WINDOW_MS },
  ]);

  const db = deps.database.db;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, business.id), sql`lower(${users.email}) = ${input.email}`))
    .limit(1);

  if (!user) {
    await refuseOutsider(deps, business, input);
    throw INVALID_CREDENTIALS();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw INVALID_CREDENTIALS();
  if (!business.isActive) throw BUSINESS_INACTIVE();
  if (!user.isActive) throw ACCOUNT_DEACTIVATED();

  await resetRateLimit(deps, accountKey);
  await refundRateLimit(deps, ipKey);
  await startStaffSession(db, deps, request, reply, user, business, 'password');
  return { userId: user.id };
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
