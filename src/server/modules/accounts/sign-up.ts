import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_THEME_COLORS } from '#domain/business.ts';
import { permissionsOf } from '#domain/permissions.ts';
import type { SignUpResult, signUpInput } from '#domain/schemas/auth.ts';
import { deriveSlug, isValidSlug } from '#domain/slug.ts';
import { businesses, users } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenant.ts';
import { consumeRateLimit } from '../../http/rate-limit.ts';
import type { AppDeps } from '../../http/types.ts';
import { BUSINESS_NAME_TAKEN, BUSINESS_NAME_UNUSABLE, uniqueViolation } from './errors.ts';
import { isSameHostAsBusiness } from './links.ts';
import { hashPassword } from './passwords.ts';
import { startStaffSession } from './sessions.ts';
import { issueToken } from './tokens.ts';

const HOUR = 60 * 60_000;
/** A hand-off link to the new business's own address is used at once; two minutes is plenty. */
const HANDOFF_MS = 2 * 60_000;

/**
 * platform §4 "Sign-up sequence": the user, the business and the owner row, here in ONE transaction so that
 * no half-created business is ever left behind. The owner gets role owner and its nine permissions (§6) and
 * is signed in.
 */
export async function signUp(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: z.output<typeof signUpInput>,
): Promise<SignUpResult> {
  // Creating businesses is cheap for a script and costly for the product; a person signs up once.
  await consumeRateLimit(deps, { key: `signup:ip:${request.ip}`, limit: 5, windowMs: HOUR });
  const slug = deriveSlug(input.businessName);
  if (!isValidSlug(slug)) throw BUSINESS_NAME_UNUSABLE();
  const [taken] = await deps.database.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.slug, slug))
    .limit(1);
  if (taken) throw BUSINESS_NAME_TAKEN();

  const passwordHash = await hashPassword(input.password);
  const sameHost = isSameHostAsBusiness(request, slug);
  try {
    return await withSystem(deps.database.db, async (tx) => {
      const [business] = await tx
        .insert(businesses)
        .values({
          name: input.businessName,
          slug,
          email: input.email,
          phone: input.phone,
          contactPerson: `${input.firstName} ${input.lastName}`,
          themeColors: DEFAULT_THEME_COLORS,
        })
        .returning({ id: businesses.id, slug: businesses.slug, name: businesses.name });
      const [owner] = await tx
        .insert(users)
        .values({
          businessId: business!.id,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          role: 'owner',
          permissions: permissionsOf('owner'),
          passwordHash,
        })
        .returning({ id: users.id, businessId: users.businessId });
      let handoffToken: string | null = null;
      if (sameHost) {
        await startStaffSession(tx, deps, request, reply, owner!, business!, 'password');
      } else {
        // The cookie must be set by the new business's own host: its page exchanges this token for one.
        handoffToken = await issueToken(tx, {
          purpose: 'sign_in_handoff',
          userId: owner!.id,
          businessId: business!.id,
          expiresAt: new Date(deps.now().getTime() + HANDOFF_MS),
        });
      }
      return { business: { slug: business!.slug, name: business!.name }, handoff_token: handoffToken };
    });
  } catch (error) {
    // Two sign-ups racing for one name: the database's unique slug decides.
    if (uniqueViolation(error) === 'businesses_slug_key') throw BUSINESS_NAME_TAKEN();
    throw error;
  }
}
