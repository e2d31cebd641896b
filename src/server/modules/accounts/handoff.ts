import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenant.ts';
import { consumeRateLimit } from '../../http/rate-limit.ts';
import { requireBusiness } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { INVALID_HANDOFF } from './errors.ts';
import { startStaffSession } from './sessions.ts';
import { consumeToken } from './tokens.ts';

/**
 * After sign-up on another host (the public site), the new business's own page trades the single-use
 * hand-off token for a session cookie of its own host.
 */
export async function redeemHandoff(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<void> {
  const business = await requireBusiness(request, deps);
  await consumeRateLimit(deps, { key: `handoff:ip:${request.ip}`, limit: 20, windowMs: 15 * 60_000 });
  await withSystem(deps.database.db, async (tx) => {
    const used = await consumeToken(tx, {
      token,
      purpose: 'sign_in_handoff',
      businessId: business.id,
      now: deps.now(),
    });
    if (!used) throw INVALID_HANDOFF();
    const [user] = await tx
      .select({ id: users.id, businessId: users.businessId, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.id, used.userId), eq(users.businessId, business.id)));
    if (!user?.isActive || !business.isActive) throw INVALID_HANDOFF();
    await startStaffSession(tx, deps, request, reply, user, business, 'password');
  });
}
