import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateProfileInput } from '#domain/schemas/auth.ts';
import { users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { endUserSessions, type StaffActor } from '../../http/access.ts';
import { consumeRateLimit, resetRateLimit } from '../../http/rate-limit.ts';
import type { AppDeps } from '../../http/types.ts';
import { USER_NOT_FOUND, WRONG_CURRENT_PASSWORD } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** A person updates their own name and phone; role, email and permissions are not theirs to change. */
export async function updateOwnProfile(
  deps: AppDeps,
  actor: StaffActor,
  input: z.output<typeof updateProfileInput>,
): Promise<void> {
  const businessId = actor.business.id;
  const updated = await withTenant(deps.database.db, businessId, (tx) =>
    tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        updatedAt: deps.now(),
      })
      .where(and(eq(users.id, actor.user.id), eq(users.businessId, businessId)))
      .returning({ id: users.id }),
  );
  if (updated.length === 0) throw USER_NOT_FOUND();
}

/**
 * A person changes their own password, proving the current one; every other session of theirs ends. A
 * stolen session cannot guess the current password: five wrong tries per 15 minutes.
 */
export async function changeOwnPassword(
  deps: AppDeps,
  actor: StaffActor,
  input: { currentPassword: string; password: string },
): Promise<void> {
  const key = `password-change:user:${actor.user.id}`;
  await consumeRateLimit(deps, { key, limit: 5, windowMs: 15 * 60_000 });
  const businessId = actor.business.id;
  const [row] = await withTenant(deps.database.db, businessId, (tx) =>
    tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, actor.user.id), eq(users.businessId, businessId))),
  );
  if (!row) throw USER_NOT_FOUND();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) throw WRONG_CURRENT_PASSWORD();
  const passwordHash = await hashPassword(input.password);
  await withTenant(deps.database.db, businessId, (tx) =>
    tx
      .update(users)
      .set({ passwordHash, updatedAt: deps.now() })
      .where(and(eq(users.id, actor.user.id), eq(users.businessId, businessId))),
  );
  await endUserSessions(deps.database.db, actor.user.id, actor.sessionId);
  await resetRateLimit(deps, key);
}
