import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { permissionsForRole } from '#domain/business-settings.ts';
import type { Permission, Role } from '#domain/permissions.ts';
import { sessions, users } from '../db/schema/index.ts';
import { BUSINESS_INACTIVE, NOT_SIGNED_IN } from './access-errors.ts';
import { staffCookieName } from './session-cookies.ts';
import { touchSession } from './session-records.ts';
import { hashToken } from './session-token.ts';
import { type BusinessRow, requireBusiness } from './tenancy.ts';
import type { AppDeps } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffActor | null;
  }
}

export type StaffUser = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'isActive'
>;
export type StaffActor = {
  sessionId: string;
  authMethod: 'password' | 'pin';
  user: StaffUser & { role: Role };
  permissions: Permission[];
  business: BusinessRow;
};

/** A staff password session unused this long has ended, whatever its expiry (PIN sessions last 8 h anyway). */
export const STAFF_SESSION_IDLE_MS = 12 * 60 * 60_000;

/** The signed-in staff member of the request's business, or null. Refuses users of an inactive business. */
export async function loadStaff(request: FastifyRequest, deps: AppDeps): Promise<StaffActor | null> {
  if (request.staff) return request.staff;
  const business = await requireBusiness(request, deps);
  const token = request.cookies[staffCookieName(business.slug)];
  if (!token) return null;
  const now = deps.now();
  const tokenHash = hashToken(token);
  const load = async () => {
    const [found] = await deps.database.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, 'user')))
      .limit(1);
    return found ? { sessionId: found.session.id, userId: found.user.id, ...found } : null;
  };
  // Held briefly and dropped on any change to the session or the person (http/auth-cache.ts); expiry and
  // idleness are checked here on every request, against the app's clock.
  const row = deps.authCache ? await deps.authCache.session(tokenHash, load) : await load();
  if (!row || row.session.expiresAt.getTime() <= now.getTime()) return null;
  if (row.session.businessId !== business.id || row.user.businessId !== business.id) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > STAFF_SESSION_IDLE_MS) return null;
  if (!row.user.isActive) return null;
  if (!business.isActive) throw BUSINESS_INACTIVE();
  if (await touchSession(deps, row.session.id, row.session.lastSeenAt, now)) {
    deps.authCache?.updateSession<typeof row>(tokenHash, (held) => ({
      ...held,
      session: { ...held.session, lastSeenAt: now },
    }));
  }
  const role = row.user.role as Role;
  request.staff = {
    sessionId: row.session.id,
    authMethod: row.session.authMethod,
    user: { ...row.user, role },
    // Settings → Roles: the business row is read (or held) fresh for this request, and dropped from the cache the
    // moment its role settings change (migration 0140), so a changed role applies on the next request.
    permissions: permissionsForRole(role, business.rolePermissions),
    business,
  };
  return request.staff;
}

export async function requireStaff(request: FastifyRequest, deps: AppDeps): Promise<StaffActor> {
  const actor = await loadStaff(request, deps);
  if (!actor) throw NOT_SIGNED_IN();
  return actor;
}
