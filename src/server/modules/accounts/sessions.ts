import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PIN_SESSION_MS } from '#domain/pin.ts';
import type { Me, SessionSummary } from '#domain/schemas/auth.ts';
import type { Queryable } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import {
  createSession,
  endUserSessions,
  STAFF_SESSION_IDLE_MS,
  type StaffActor,
  setSessionCookie,
  staffCookieName,
} from '../../http/access.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { SESSION_NOT_FOUND } from './errors.ts';

// Session lifetimes. A password session lasts at most 7 days and ends after 12 hours without use (checked in
// http/access.ts); a PIN session lasts 8 hours from sign-in (platform §4), the length of a till shift.
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

/** GET /api/v1/me: the signed-in person, their role and permissions, their business and this session. */
export async function describeActor(deps: AppDeps, actor: StaffActor): Promise<Me> {
  const [session] = await deps.database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, actor.sessionId));
  const { user, business } = actor;
  return {
    user: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      phone: user.phone,
      role: user.role,
    },
    role: user.role,
    permissions: actor.permissions,
    business: { id: business.id, name: business.name, slug: business.slug },
    session: {
      id: actor.sessionId,
      auth_method: actor.authMethod,
      expires_at: (session?.expiresAt ?? deps.now()).toISOString(),
    },
  };
}

/** The signed-in person's live sessions, newest first, this one marked. */
export async function listSessions(deps: AppDeps, actor: StaffActor): Promise<SessionSummary[]> {
  const rows = await deps.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, actor.user.id), gt(sessions.expiresAt, deps.now())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    auth_method: row.authMethod,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    is_current: row.id === actor.sessionId,
  }));
}

/** Ends one of the signed-in person's own sessions; another person's session is "not found". */
export async function endOwnSession(deps: AppDeps, actor: StaffActor, sessionId: string): Promise<void> {
  const ended = await deps.database.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.user.id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw SESSION_NOT_FOUND();
}

export async function endAllSessions(deps: AppDeps, userId: string): Promise<void> {
  await endUserSessions(deps.database.db, userId);
}
