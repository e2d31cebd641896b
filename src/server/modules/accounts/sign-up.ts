import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SignUpResult, signUpInput } from '#domain/schemas/auth.ts';
import { deriveSlug, isValidSlug } from '#domain/slug.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import { businesses } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenant.ts';
import { consumeRateLimit } from '../../http/rate-limit.ts';
import type { AppDeps } from '../../http/types.ts';
import { createBusiness } from '../businesses/index.ts';
import { createStarterCategories } from '../catalog/index.ts';
import { isBusinessNameTaken } from '../public/index.ts';
import { mailEmailVerification } from './email-verification.ts';
import { BUSINESS_NAME_TAKEN, BUSINESS_NAME_UNUSABLE } from './errors.ts';
import { isSameHostAsBusiness } from './links.ts';
import { hashPassword } from './passwords.ts';
import type { SessionUserRow } from './sessions.ts';
import { issueToken } from './tokens.ts';

const HOUR = 60 * 60_000;
/** A hand-off link to the new business's own address is used at once; two minutes is plenty. */
const HANDOFF_MS = 2 * 60_000;

/**
 * platform §4 "Sign-up sequence": the user, the business and the owner row, here in ONE transaction so that
 * no half-created business is ever left behind. The owner gets role owner and every permission (§6); the
 * route signs them in for this first session (on this host, or through the hand-off token on the business's
 * own). The owner's email is verified by a mailed link before anything else (signing in again, mail to
 * others) is allowed.
 */
export async function signUp(
  deps: AppDeps,
  request: FastifyRequest,
  input: z.output<typeof signUpInput>,
): Promise<{
  result: SignUpResult;
  /** Set when this host is the new business's own: the route starts the owner's session here. */
  sessionHere: { owner: SessionUserRow; business: { id: string; slug: string } } | null;
}> {
  // Creating businesses is cheap for a script and costly for the product; a person signs up once.
  await consumeRateLimit(deps, { key: `signup:ip:${request.ip}`, limit: 5, windowMs: HOUR });
  const slug = deriveSlug(input.businessName);
  if (!isValidSlug(slug)) throw BUSINESS_NAME_UNUSABLE();
  const [taken] = await deps.database.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.slug, slug))
    .limit(1);
  // The access page finds a shop by its name too: a name it could not tell from an existing one is taken.
  if (taken || (await isBusinessNameTaken(deps.database.db, input.businessName))) throw BUSINESS_NAME_TAKEN();

  const passwordHash = await hashPassword(input.password);
  const sameHost = isSameHostAsBusiness(request, slug);
  try {
    return await withSystem(deps.database.db, async (tx) => {
      const created = await createBusiness(
        {
          name: input.businessName,
          slug,
          email: input.email,
          phone: input.phone,
          contactPerson: `${input.firstName} ${input.lastName}`,
          owner: {
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            passwordHash,
            // Anyone may type any address: it counts as the owner's once the mailed link is opened.
            emailVerified: false,
          },
        },
        tx,
      );
      if (!created?.owner) throw BUSINESS_NAME_TAKEN();
      const { business, owner } = created;
      // Sign-up asks no business type: the general starter set.
      await createStarterCategories(tx, business.id, null);
      await mailEmailVerification(deps, request, tx, business, {
        id: owner.id,
        email: input.email,
        firstName: input.firstName,
      });
      // The cookie must be set by the new business's own host: elsewhere its page exchanges this token for one.
      const handoffToken = sameHost
        ? null
        : await issueToken(tx, {
            purpose: 'sign_in_handoff',
            userId: owner.id,
            businessId: business.id,
            expiresAt: new Date(deps.now().getTime() + HANDOFF_MS),
          });
      return {
        result: { business: { slug: business.slug, name: business.name }, handoff_token: handoffToken },
        sessionHere: sameHost ? { owner, business } : null,
      };
    });
  } catch (error) {
    // Two sign-ups racing for one name: the database's unique slug decides.
    if (uniqueViolation(error) === 'businesses_slug_key') throw BUSINESS_NAME_TAKEN();
    throw error;
  }
}
