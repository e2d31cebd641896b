import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.ts';
import { withSystem, withTenant } from '../db/tenant.ts';
import type { Actor } from '../modules/use-case.ts';
import { requireStaff, type StaffActor } from './staff-session.ts';
import type { BusinessRow } from './tenancy.ts';
import type { AppDeps } from './types.ts';

/** Who is asking and for which business: what a route hands a use case besides its input. */
export type StaffScope = { businessId: string; actor: Actor; business: BusinessRow };

export function actorOf(staff: StaffActor): Actor {
  return {
    userId: staff.user.id,
    sessionId: staff.sessionId,
    role: staff.user.role,
    permissions: staff.permissions,
    firstName: staff.user.firstName,
    lastName: staff.user.lastName,
  };
}

/** The signed-in staff member's scope, without a transaction (for work that opens its own, page by page). */
export async function staffScope(request: FastifyRequest, deps: AppDeps): Promise<StaffScope> {
  const staff = await requireStaff(request, deps);
  return { businessId: staff.business.id, actor: actorOf(staff), business: staff.business };
}

/**
 * The one way a route runs staff work: the signed-in member of the request's business, then one tenant
 * transaction (row-level security scoped to that business) around `work`. A GET only reads: its transaction is
 * read-only, so the database refuses a write in it, and its COMMIT is not waited for; `keepsFigures` for a GET
 * that keeps what it computed (the reports' closed days) and so writes.
 */
export async function inTenant<T>(
  request: FastifyRequest,
  deps: AppDeps,
  work: (scope: StaffScope, tx: Tx) => Promise<T>,
  { keepsFigures = false } = {},
): Promise<T> {
  const scope = await staffScope(request, deps);
  const readOnly = (request.method === 'GET' || request.method === 'HEAD') && !keepsFigures;
  return withTenant(deps.database.db, scope.businessId, (tx) => work(scope, tx), { readOnly });
}

/**
 * Like inTenant, but in a transaction with the server's own rights: for a person's own account, whose sessions
 * live in a table the tenant role may not read. The work filters by the scope's business and user itself.
 */
export async function inOwnAccount<T>(
  request: FastifyRequest,
  deps: AppDeps,
  work: (scope: StaffScope, tx: Tx) => Promise<T>,
): Promise<T> {
  const scope = await staffScope(request, deps);
  return withSystem(deps.database.db, (tx) => work(scope, tx));
}
