import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  type AdminRole,
  adminRoleSatisfies,
  hasPermissions,
  type Permission,
  permissionsOf,
  type Role,
} from '#domain/permissions.ts';
import { isLocalHostname, parseHost } from '#domain/tenancy.ts';
import type { Queryable } from '../db/client.ts';
import { internalAdmins, sessions, users } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import { hashToken, newSessionToken } from './session-token.ts';
import { type BusinessRow, requireBusiness } from './tenancy.ts';
import type { App, AppDeps } from './types.ts';

/**
 * What a route demands of its caller. Every route declares one (a test walks the route table):
 * - public: anyone;
 * - staff: any signed-in, active user of the request's business;
 * - permissions: a staff user holding all of them (roles map to permissions in src/domain);
 * - admin: a signed-in internal admin whose role satisfies it.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'staff' }
  | { kind: 'permissions'; permissions: Permission[] }
  | { kind: 'admin'; role: AdminRole };

export const access = {
  public: { kind: 'public' } as Access,
  staff: { kind: 'staff' } as Access,
  permission: (...permissions: Permission[]): Access => ({ kind: 'permissions', permissions }),
  admin: (role: AdminRole = 'admin'): Access => ({ kind: 'admin', role }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Unsafe methods from another site are refused unless a route (a webhook) says otherwise. */
    allowCrossSite?: boolean;
  }
  interface FastifyInstance {
    /** Every route with what it declared, for the test that no route forgets to (fail closed anyway). */
    routeAccessTable: () => { method: string; url: string; access: Access | undefined }[];
  }
  interface FastifyRequest {
    staff: StaffActor | null;
    admin: AdminActor | null;
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
export type AdminActor = {
  sessionId: string;
  admin: Pick<
    typeof internalAdmins.$inferSelect,
    'id' | 'email' | 'fullName' | 'role' | 'isActive' | 'lastLoginAt'
  >;
};

export const ADMIN_COOKIE = 'pos_admin_session';
/** One cookie per business, so that on localhost (where every business shares a host) each keeps its own. */
export const staffCookieName = (slug: string) => `pos_session_${slug}`;

const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;
/** A staff password session unused this long has ended, whatever its expiry (PIN sessions last 8 h anyway). */
export const STAFF_SESSION_IDLE_MS = 12 * 60 * 60_000;

export const NOT_SIGNED_IN = () => new AppError('NOT_SIGNED_IN', 'Please sign in to continue.', 401);
export const MISSING_PERMISSION = () =>
  // operations §2 access guard text for a missing permission.
  new AppError('FORBIDDEN', "You don't have the required permissions to access this page.", 403);
export const BUSINESS_INACTIVE = () =>
  new AppError(
    'BUSINESS_INACTIVE',
    'This business has been deactivated. Please contact support to reactivate it.',
    403,
  );
export const ADMIN_REQUIRED = () =>
  new AppError('ADMIN_REQUIRED', 'Access denied. Admin privileges required.', 403);

export function registerAccess(app: App, deps: AppDeps): void {
  app.decorateRequest('staff', null);
  app.decorateRequest('admin', null);

  const routes: RouteOptions[] = [];
  // Read when asked: hooks of inner scopes (static files) may still set a route's config after this one ran.
  app.decorate('routeAccessTable', () =>
    routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, access: route.config?.access })),
    ),
  );
  app.addHook('onRoute', (route) => {
    // The docs pages come from a plugin; they are public by nature.
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), access: access.public };
    routes.push(route);
  });

  app.addHook('preHandler', async (request) => {
    if (request.is404) return;
    const declared = request.routeOptions.config.access;
    if (!declared) {
      // Fail closed: a route that forgot to declare its access is not served.
      throw new AppError('ACCESS_UNDECLARED', 'This route is not available.', 500);
    }
    await enforce(request, declared, deps);
  });
}

async function enforce(request: FastifyRequest, declared: Access, deps: AppDeps): Promise<void> {
  switch (declared.kind) {
    case 'public':
      return;
    case 'admin': {
      const actor = await loadAdmin(request, deps);
      if (!actor) throw NOT_SIGNED_IN();
      if (!adminRoleSatisfies(actor.admin.role, declared.role)) {
        throw new AppError(
          'ADMIN_ROLE_REQUIRED',
          `Access denied. This needs the ${declared.role} role; you are ${actor.admin.role}.`,
          403,
        );
      }
      return;
    }
    case 'staff':
    case 'permissions': {
      const actor = await loadStaff(request, deps);
      if (!actor) throw NOT_SIGNED_IN();
      if (declared.kind === 'permissions' && !hasPermissions(actor.permissions, declared.permissions)) {
        throw MISSING_PERMISSION();
      }
      return;
    }
  }
}

/** The signed-in staff member of the request's business, or null. Refuses users of an inactive business. */
export async function loadStaff(request: FastifyRequest, deps: AppDeps): Promise<StaffActor | null> {
  if (request.staff) return request.staff;
  const business = await requireBusiness(request, deps);
  const token = request.cookies[staffCookieName(business.slug)];
  if (!token) return null;
  const now = deps.now();
  const [row] = await deps.database.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.kind, 'user'), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  if (!row || row.session.businessId !== business.id || row.user.businessId !== business.id) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > STAFF_SESSION_IDLE_MS) return null;
  if (!row.user.isActive) return null;
  if (!business.isActive) throw BUSINESS_INACTIVE();
  await touch(deps, row.session.id, row.session.lastSeenAt, now);
  const role = row.user.role as Role;
  request.staff = {
    sessionId: row.session.id,
    authMethod: row.session.authMethod,
    user: { ...row.user, role },
    permissions: permissionsOf(role),
    business,
  };
  return request.staff;
}

export async function requireStaff(request: FastifyRequest, deps: AppDeps): Promise<StaffActor> {
  const actor = await loadStaff(request, deps);
  if (!actor) throw NOT_SIGNED_IN();
  return actor;
}

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
  await touch(deps, row.session.id, row.session.lastSeenAt, now);
  request.admin = { sessionId: row.session.id, admin: row.admin };
  return request.admin;
}

export async function requireAdmin(request: FastifyRequest, deps: AppDeps): Promise<AdminActor> {
  const actor = await loadAdmin(request, deps);
  if (!actor) throw NOT_SIGNED_IN();
  return actor;
}

async function touch(deps: AppDeps, sessionId: string, lastSeenAt: Date, now: Date): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return;
  await deps.database.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

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

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  deps: AppDeps,
  name: string,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isCookieSecure(request, deps),
    expires: expiresAt,
  });
}

export function clearSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  deps: AppDeps,
  name: string,
): void {
  reply.clearCookie(name, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isCookieSecure(request, deps),
  });
}

// Secure everywhere but on localhost and bare IPs, where a shop may run the server over plain HTTP.
function isCookieSecure(request: FastifyRequest, deps: AppDeps): boolean {
  if (deps.config.COOKIE_SECURE !== 'auto') return deps.config.COOKIE_SECURE === 'true';
  const host = parseHost(request.headers.host);
  if (!host) return true;
  return !(isLocalHostname(host.hostname) || host.hostname.endsWith('.localhost'));
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
