import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.ts';
import { withSystem } from '../db/tenant.ts';
import type { AdminUseCaseRequest } from '../modules/use-case.ts';
import { requireAdmin } from './admin-session.ts';
import type { AppDeps } from './types.ts';

export type AdminScope = Pick<AdminUseCaseRequest<unknown>, 'admin'>;

/** The signed-in internal admin, as a use case names them. */
export async function adminScope(request: FastifyRequest, deps: AppDeps): Promise<AdminScope> {
  const { admin } = await requireAdmin(request, deps);
  return { admin: { adminId: admin.id, role: admin.role } };
}

/** The admin counterpart of inTenant: the signed-in admin, then one transaction with the server's rights. */
export async function asAdmin<T>(
  request: FastifyRequest,
  deps: AppDeps,
  work: (scope: AdminScope, tx: Tx) => Promise<T>,
): Promise<T> {
  const scope = await adminScope(request, deps);
  return withSystem(deps.database.db, (tx) => work(scope, tx));
}
