import type { FastifyRequest, RouteOptions } from 'fastify';
import type { PosFeature } from '#domain/business.ts';
import { type AdminRole, adminRoleSatisfies, hasPermissions, type Permission } from '#domain/permissions.ts';
import { POS_FEATURE_LABELS } from '#domain/schemas/onboarding.ts';
import {
  ADMIN_ROLE_REQUIRED,
  FEATURE_TURNED_OFF,
  MISSING_PERMISSION,
  NOT_SIGNED_IN,
} from './access-errors.ts';
import { loadAdmin } from './admin-session.ts';
import { AppError } from './errors.ts';
import { loadStaff } from './staff-session.ts';
import type { App, AppDeps } from './types.ts';

/**
 * What a route demands of its caller. Every route declares one (a test walks the route table):
 * - public: anyone;
 * - staff: any signed-in, active user of the request's business;
 * - permissions: a staff user holding all of them (roles map to permissions in src/domain);
 * - anyPermission: a staff user holding at least one of them;
 * - admin: a signed-in internal admin whose role satisfies it.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'staff' }
  | { kind: 'permissions'; permissions: Permission[] }
  | { kind: 'anyPermission'; permissions: Permission[] }
  | { kind: 'admin'; role: AdminRole };

export const access = {
  public: { kind: 'public' } as Access,
  staff: { kind: 'staff' } as Access,
  permission: (...permissions: Permission[]): Access => ({ kind: 'permissions', permissions }),
  anyPermission: (...permissions: Permission[]): Access => ({ kind: 'anyPermission', permissions }),
  admin: (role: AdminRole = 'admin'): Access => ({ kind: 'admin', role }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The POS feature the route belongs to (Settings → Business, platform §9): with it turned off, the business's
     * staff are refused, as its screens are hidden.
     */
    feature?: PosFeature;
    /** Unsafe methods from another site are refused unless a route (a webhook) says otherwise. */
    allowCrossSite?: boolean;
  }
  interface FastifyInstance {
    /** Every route with what it declared, for the test that no route forgets to (fail closed anyway). */
    routeAccessTable: () => { method: string; url: string; access: Access | undefined }[];
  }
}

/** Whether held permissions satisfy a declaration's permissions (all of them, or any one). */
export function satisfies(held: readonly string[], declared: Access): boolean {
  switch (declared.kind) {
    case 'permissions':
      return hasPermissions(held, declared.permissions);
    case 'anyPermission':
      return declared.permissions.some((permission) => held.includes(permission));
    default:
      return true;
  }
}

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
        throw ADMIN_ROLE_REQUIRED(declared.role, actor.admin.role);
      }
      return;
    }
    case 'staff':
    case 'permissions':
    case 'anyPermission': {
      const actor = await loadStaff(request, deps);
      if (!actor) throw NOT_SIGNED_IN();
      if (!satisfies(actor.permissions, declared)) throw MISSING_PERMISSION();
      const feature = request.routeOptions.config.feature;
      if (feature && !actor.business.posFeatures.includes(feature)) {
        throw FEATURE_TURNED_OFF(POS_FEATURE_LABELS[feature]);
      }
      return;
    }
  }
}
