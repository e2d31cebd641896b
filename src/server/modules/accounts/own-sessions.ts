import { and, desc, eq, gt } from 'drizzle-orm';
import type { SessionSummary } from '#domain/schemas/auth.ts';
import type { Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { endUserSessions } from '../../http/session-records.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { SESSION_NOT_FOUND } from './errors.ts';

// A person's own sessions: listed, ended one by one or all at once. The sessions table is not the tenant
// role's, so these run in a transaction with the server's rights and filter by the person themselves.

/** The signed-in person's live sessions, newest first, this one marked. */
export async function listOwnSessions(
  { actor, input }: UseCaseRequest<{ now: Date }>,
  tx: Tx,
): Promise<SessionSummary[]> {
  const rows = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), gt(sessions.expiresAt, input.now)))
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
export async function endOwnSession(
  { actor, input }: UseCaseRequest<{ sessionId: string }>,
  tx: Tx,
): Promise<void> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, actor.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw SESSION_NOT_FOUND();
}

/** "Sign out everywhere": every session of the person ends, this one too. */
export async function endAllOwnSessions({ actor }: UseCaseRequest<unknown>, tx: Tx): Promise<void> {
  await endUserSessions(tx, actor.userId);
}
