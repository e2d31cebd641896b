import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { internalAdmins, sessions } from '../db/schema/index.ts';
import { NOT_SIGNED_IN } from './access-errors.ts';
import { ADMIN_COOKIE } from './session-cookies.ts';
import { touchSession } from './session-records.ts';
import { hashToken } from './session-token.ts';
import type { AppDeps } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminActor | null;
  }
}

export type AdminActor = {
  sessionId: string;
  admin: Pick<
    typeof internalAdmins.$inferSelect,
    'id' | 'email' | 'fullName' | 'role' | 'isActive' | 'lastLoginAt'
  >;
};

/** The signed-in internal admin, or null. */
export async function loadAdmin(request: FastifyRequest, deps: AppDeps): Promise<AdminActor | null> {
  if (request.admin) return request.admin;
  const token = request.cookies[ADMIN_COOKIE];
  if (!token) return null;
  const now = deps.now();
  const [row] = await deps.database.db
    .select({ session: sessions, admin: internalAdmins })
    .from(sessions)
    .innerJoin(internalAdmins, eq(internalAdmins.id, sessions.adminId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.kind, 'admin'), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  if (!row?.admin.isActive) return null;
  await touchSession(deps, row.session.id, row.session.lastSeenAt, now);
  request.admin = { sessionId: row.session.id, admin: row.admin };
  return request.admin;
}

export async function requireAdmin(request: FastifyRequest, deps: AppDeps): Promise<AdminActor> {
  const actor = await loadAdmin(request, deps);
  if (!actor) throw NOT_SIGNED_IN();
  return actor;
}
