import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PIN_SESSION_MS } from '#domain/pin.ts';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { setSessionCookie, staffCookieName } from '../../http/session-cookies.ts';
import { createSession } from '../../http/session-records.ts';
import { STAFF_SESSION_IDLE_MS } from '../../http/staff-session.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';

// Session lifetimes. A password session lasts at most 7 days and ends after 12 hours without use (checked in
// http/staff-session.ts); a PIN session lasts 8 hours from sign-in (platform §4), the length of a till shift.
export const PASSWORD_SESSION_MS = 7 * 24 * 60 * 60_000;
export { PIN_SESSION_MS, STAFF_SESSION_IDLE_MS };

export type SessionUserRow = Pick<typeof users.$inferSelect, 'id' | 'businessId'>;

/** Opens a session for a person of a business and sets its cookie on this response. */
export async function startStaffSession(
  db: Queryable,
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUserRow,
  business: Pick<BusinessRow, 'id' | 'slug'>,
  authMethod: 'password' | 'pin',
): Promise<{ expiresAt: Date }> {
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + (authMethod === 'pin' ? PIN_SESSION_MS : PASSWORD_SESSION_MS));
  const token = await createSession(
    db,
    request,
    { kind: 'user', userId: user.id, businessId: business.id, authMethod },
    expiresAt,
  );
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  setSessionCookie(reply, request, deps, staffCookieName(business.slug), token, expiresAt);
  return { expiresAt };
}
