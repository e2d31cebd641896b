import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateProfileInput } from '#domain/schemas/auth.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { endUserSessions } from '../../http/session-records.ts';
import type { Actor, UseCaseRequest } from '../use-case.ts';
import { USER_NOT_FOUND, WRONG_CURRENT_PASSWORD } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** A person updates their own name and phone; role, email and permissions are not theirs to change. */
export async function updateOwnProfile(
  { businessId, actor, input }: UseCaseRequest<z.output<typeof updateProfileInput> & { now: Date }>,
  tx: Tx,
): Promise<void> {
  const updated = await tx
    .update(users)
    .set({ firstName: input.first_name, lastName: input.last_name, phone: input.phone, updatedAt: input.now })
    .where(and(eq(users.id, actor.userId), eq(users.businessId, businessId)))
    .returning({ id: users.id });
  if (updated.length === 0) throw USER_NOT_FOUND();
}

/**
 * A stolen session cannot guess the current password: five wrong tries per 15 minutes, counted per person
 * (the route consumes it before changeOwnPassword and resets it after a success).
 */
export const passwordChangeLimit = (actor: Actor) => ({
  key: `password-change:user:${actor.userId}`,
  limit: 5,
  windowMs: 15 * 60_000,
});

/**
 * A person changes their own password, proving the current one; every other session of theirs ends. Runs in a
 * transaction with the server's rights (sessions are not the tenant role's to delete).
 */
export async function changeOwnPassword(
  { businessId, actor, input }: UseCaseRequest<{ currentPassword: string; password: string; now: Date }>,
  tx: Tx,
): Promise<void> {
  const own = and(eq(users.id, actor.userId), eq(users.businessId, businessId));
  const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(own);
  if (!row) throw USER_NOT_FOUND();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) throw WRONG_CURRENT_PASSWORD();
  const passwordHash = await hashPassword(input.password);
  await tx.update(users).set({ passwordHash, updatedAt: input.now }).where(own);
  await endUserSessions(tx, actor.userId, actor.sessionId);
}
