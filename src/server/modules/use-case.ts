import type { AdminRole, Permission, Role } from '#domain/permissions.ts';
import type { Tx } from '../db/client.ts';

/**
 * The one shape of a server use case (docs/module-contract.md): `verbNoun({ businessId, actor, input }, tx)`.
 * It knows nothing of HTTP: the route resolves the business and the signed-in actor, opens the tenant
 * transaction and hands both in; the use case throws its module's AppErrors for expected failures.
 */
export type Actor = {
  userId: string;
  /** The session the request came in on: a person's own sessions list and end relative to it. */
  sessionId: string;
  role: Role;
  permissions: readonly Permission[];
  /** Shown on receipts and in the audit trail. */
  firstName: string;
  lastName: string;
};

export type UseCaseRequest<Input> = { businessId: string; actor: Actor; input: Input };

export type UseCase<Input, Output> = (request: UseCaseRequest<Input>, tx: Tx) => Promise<Output>;

/**
 * The same shape for the provider's internal admins, who belong to no business: the business they act on, if
 * any, is part of the input. Their work runs with the server's own rights (withSystem).
 */
export type AdminUseCaseRequest<Input> = { admin: { adminId: string; role: AdminRole }; input: Input };

/** A caller with no account acting on one business (the onboarding wizard, admitted by its invitation). */
export type GuestUseCaseRequest<Input> = { businessId: string; input: Input };

/** A visitor of the public site: no business, no account. */
export type PublicUseCaseRequest<Input> = { input: Input };
