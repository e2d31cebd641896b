import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { hashToken, newSessionToken } from './session-token.ts';
import type { AppDeps } from './types.ts';

// The sessions table: rows created at sign-in, touched on use, ended on sign-out or expiry.

const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

export type NewSession =
  | { kind: 'user'; userId: string; businessId: string; authMethod: 'password' | 'pin' }
  | { kind: 'admin'; adminId: string };

/** Stores a new session and returns its token, to be set as a cookie with setSessionCookie. */
export async function createSession(
  db: Queryable,
  request: FastifyRequest,
  session: NewSession,
  expiresAt: Date,
): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    kind: session.kind,
    userId: session.kind === 'user' ? session.userId : null,
    businessId: session.kind === 'user' ? session.businessId : null,
    adminId: session.kind === 'admin' ? session.adminId : null,
    authMethod: session.kind === 'user' ? session.authMethod : 'password',
    expiresAt,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });
  return token;
}

/**
 * Records that a session is in use; written at most every few minutes so reads stay reads. True when it
 * wrote.
 */
export async function touchSession(
  deps: AppDeps,
  sessionId: string,
  lastSeenAt: Date,
  now: Date,
): Promise<boolean> {
  if (now.getTime() - lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return false;
  await deps.database.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  return true;
}

/** Removes expired sessions; called now and then so the table does not grow without end. */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** Ends every session of a user but, optionally, one (after a password change or "sign out everywhere"). */
export async function endUserSessions(
  db: Queryable,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
        : eq(sessions.userId, userId),
    );
}

/** Ends the session a cookie's token names (sign-out); nothing happens for an unknown token. */
export async function deleteSessionByToken(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
