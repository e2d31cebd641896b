import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { permissionsOf, type Role } from '#domain/permissions.ts';
import {
  type Employee,
  type EmployeeList,
  type employeeCreateInput,
  ISSUED_PIN_TTL_MS,
} from '#domain/schemas/employees.ts';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import { users } from '../../db/schema/index.ts';
import { assignNewPin } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import {
  EMPLOYEE_EMAIL_TAKEN,
  EMPLOYEE_INACTIVE,
  EMPLOYEE_NOT_FOUND,
  LAST_OWNER,
  NOT_PENDING,
  NOT_YOURSELF,
  OWNER_ONLY,
} from './errors.ts';

// Employee management (operations §2, §4 Employee, §6): the staff of one business. Every use case runs in the
// caller's tenant transaction and writes its audit line there, so the line exists exactly when the change does.

type UserRow = typeof users.$inferSelect;
type Clock = { now: Date };
type PinWork = Clock & { pinSecret: string };

/** What a new PIN gives the route: the person, the PIN in clear (shown once, mailed) and its expiry. */
export type IssuedPin = { employee: Employee; row: UserRow; pin: string; expiresAt: Date };

const fullName = (row: Pick<UserRow, 'firstName' | 'lastName'>) => `${row.firstName} ${row.lastName}`.trim();

export function toEmployee(row: UserRow, now: Date): Employee {
  const pinStatus = !row.pinHash
    ? 'none'
    : !row.pinExpiresAt
      ? 'own'
      : row.pinExpiresAt <= now
        ? 'expired'
        : 'active';
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    role: row.role,
    is_active: row.isActive,
    is_first_login: row.isFirstLogin,
    pin_status: pinStatus,
    pin_expires_at: row.pinHash ? (row.pinExpiresAt?.toISOString() ?? null) : null,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** operations §7 get_pending_employees and the active list: pending is everyone whose first login is ahead. */
export async function listEmployees(tx: Tx, businessId: string, now: Date): Promise<EmployeeList> {
  const rows = await tx
    .select()
    .from(users)
    .where(eq(users.businessId, businessId))
    .orderBy(desc(users.isActive), asc(users.firstName), asc(users.lastName), asc(users.email));
  const employees = rows.map((row) => toEmployee(row, now));
  return {
    active: employees.filter((person) => !person.is_first_login),
    pending: employees
      .filter((person) => person.is_first_login)
      .sort((a, b) => b.created_at.localeCompare(a.created_at)),
  };
}

async function findEmployee(tx: Tx, businessId: string, id: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw EMPLOYEE_NOT_FOUND();
  return row;
}

/** Whether someone other than `exceptId` is an active owner who has finished setting up. */
async function hasAnotherActiveOwner(tx: Tx, businessId: string, exceptId: string): Promise<boolean> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.businessId, businessId),
        eq(users.role, 'owner'),
        eq(users.isActive, true),
        eq(users.isFirstLogin, false),
        ne(users.id, exceptId),
      ),
    );
  return (row?.count ?? 0) > 0;
}

/**
 * Locks the business's owners, always in the same order, before a change that could leave it with none: two
 * owners deactivating each other at the same moment then run one after the other, and the second is refused.
 */
async function lockOwners(tx: Tx, businessId: string): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.role, 'owner')))
    .orderBy(asc(users.id))
    .for('update');
}

type Acting = Pick<UseCaseRequest<unknown>, 'actor'>;

/** A manager may look after cashiers and managers; only an owner acts on an owner's account. */
function assertMayActOn({ actor }: Acting, target: UserRow, what: string): void {
  if (target.role === 'owner' && actor.role !== 'owner') throw OWNER_ONLY(what);
}

function assertMayGrant({ actor }: Acting, role: Role): void {
  if (role === 'owner' && actor.role !== 'owner') throw OWNER_ONLY('make someone an owner');
}

/**
 * operations §7 create_employee_account: a new person with a generated six-digit PIN, unique in the business,
 * valid for three days and good for one first login. The route mails it after the transaction commits.
 */
export async function createEmployee(
  { businessId, actor, input }: UseCaseRequest<z.output<typeof employeeCreateInput> & PinWork>,
  tx: Tx,
): Promise<IssuedPin> {
  assertMayGrant({ actor }, input.role);
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, businessId), sql`lower(${users.email}) = ${input.email}`))
    .limit(1);
  if (taken) throw EMPLOYEE_EMAIL_TAKEN(input.email);
  let row: UserRow;
  try {
    [row] = (await tx
      .insert(users)
      .values({
        businessId,
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        role: input.role,
        permissions: permissionsOf(input.role),
        isActive: true,
        isFirstLogin: true,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning()) as [UserRow];
  } catch (error) {
    if (uniqueViolation(error) !== null) throw EMPLOYEE_EMAIL_TAKEN(input.email);
    throw error;
  }
  const expiresAt = new Date(input.now.getTime() + ISSUED_PIN_TTL_MS);
  const { pin } = await assignNewPin(
    tx,
    input.pinSecret,
    { userId: row.id, businessId },
    {
      expiresAt,
      isFirstLogin: true,
    },
  );
  const saved = await findEmployee(tx, businessId, row.id);
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'employee_created',
      subject: { type: 'user', id: row.id },
      summary: `Added ${fullName(row)} (${row.email}) as ${row.role}`,
      after: { email: row.email, role: row.role },
    },
  );
  return { employee: toEmployee(saved, input.now), row: saved, pin, expiresAt };
}

/**
 * operations §7 regenerate_user_pin: a new issued PIN (three days, single use) replacing any earlier one. A
 * pending employee keeps their first login; anyone else chooses their own PIN again after using it.
 */
export async function regenerateEmployeePin(
  { businessId, actor, input }: UseCaseRequest<{ id: string } & PinWork>,
  tx: Tx,
): Promise<IssuedPin> {
  const target = await findEmployee(tx, businessId, input.id);
  assertMayActOn({ actor }, target, 'give an owner a new PIN');
  if (!target.isActive) throw EMPLOYEE_INACTIVE();
  const expiresAt = new Date(input.now.getTime() + ISSUED_PIN_TTL_MS);
  const { pin } = await assignNewPin(
    tx,
    input.pinSecret,
    { userId: target.id, businessId },
    {
      expiresAt,
      isFirstLogin: target.isFirstLogin,
    },
  );
  const saved = await findEmployee(tx, businessId, target.id);
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'employee_pin_regenerated',
      subject: { type: 'user', id: target.id },
      summary: `Gave ${fullName(target)} a new PIN`,
    },
  );
  return { employee: toEmployee(saved, input.now), row: saved, pin, expiresAt };
}

/** Deactivate: is_active false; the route then ends the person's sessions. Never yourself or the last owner. */
export async function deactivateEmployee(
  { businessId, actor, input }: UseCaseRequest<{ id: string } & Clock>,
  tx: Tx,
): Promise<Employee> {
  await lockOwners(tx, businessId);
  const target = await findEmployee(tx, businessId, input.id);
  if (target.id === actor.userId) throw NOT_YOURSELF('deactivate');
  assertMayActOn({ actor }, target, 'deactivate an owner');
  if (!target.isActive) return toEmployee(target, input.now);
  if (target.role === 'owner' && !(await hasAnotherActiveOwner(tx, businessId, target.id))) {
    throw LAST_OWNER('deactivate');
  }
  const saved = await setActive(tx, businessId, target.id, false, input.now);
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'employee_deactivated',
      subject: { type: 'user', id: target.id },
      summary: `Deactivated ${fullName(target)}`,
      before: { is_active: true },
      after: { is_active: false },
    },
  );
  return toEmployee(saved, input.now);
}

export async function reactivateEmployee(
  { businessId, actor, input }: UseCaseRequest<{ id: string } & Clock>,
  tx: Tx,
): Promise<Employee> {
  const target = await findEmployee(tx, businessId, input.id);
  assertMayActOn({ actor }, target, 'reactivate an owner');
  if (target.isActive) return toEmployee(target, input.now);
  const saved = await setActive(tx, businessId, target.id, true, input.now);
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'employee_reactivated',
      subject: { type: 'user', id: target.id },
      summary: `Reactivated ${fullName(target)}`,
      before: { is_active: false },
      after: { is_active: true },
    },
  );
  return toEmployee(saved, input.now);
}

async function setActive(tx: Tx, businessId: string, id: string, isActive: boolean, now: Date) {
  const [row] = await tx
    .update(users)
    .set({ isActive, updatedAt: now })
    .where(and(eq(users.businessId, businessId), eq(users.id, id)))
    .returning();
  return row!;
}

/** operations §4: a pending employee is deleted outright; anyone who has signed in is deactivated instead. */
export async function removePendingEmployee(
  { businessId, actor, input }: UseCaseRequest<{ id: string }>,
  tx: Tx,
): Promise<void> {
  const target = await findEmployee(tx, businessId, input.id);
  if (target.id === actor.userId) throw NOT_YOURSELF('remove');
  assertMayActOn({ actor }, target, 'remove an owner');
  if (!target.isFirstLogin || target.lastLoginAt) throw NOT_PENDING();
  await tx.delete(users).where(and(eq(users.businessId, businessId), eq(users.id, target.id)));
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'employee_removed',
      subject: { type: 'user', id: target.id },
      summary: `Removed ${fullName(target)} (${target.email}) before their first sign-in`,
      before: { email: target.email, role: target.role },
    },
  );
}

/** Change role: permissions follow the role. A manager cannot promote to owner nor change an owner. */
export async function changeEmployeeRole(
  { businessId, actor, input }: UseCaseRequest<{ id: string; role: Role } & Clock>,
  tx: Tx,
): Promise<Employee> {
  await lockOwners(tx, businessId);
  const target = await findEmployee(tx, businessId, input.id);
  if (target.id === actor.userId) throw NOT_YOURSELF('change the role of');
  assertMayActOn({ actor }, target, "change an owner's role");
  assertMayGrant({ actor }, input.role);
  if (target.role === input.role) return toEmployee(target, input.now);
  if (
    target.role === 'owner' &&
    target.isActive &&
    !target.isFirstLogin &&
    !(await hasAnotherActiveOwner(tx, businessId, target.id))
  ) {
    throw LAST_OWNER('change the role of');
  }
  const [saved] = await tx
    .update(users)
    .set({ role: input.role, permissions: permissionsOf(input.role), updatedAt: input.now })
    .where(and(eq(users.businessId, businessId), eq(users.id, target.id)))
    .returning();
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'employee_role_changed',
      subject: { type: 'user', id: target.id },
      summary: `Changed ${fullName(target)} from ${target.role} to ${input.role}`,
      before: { role: target.role },
      after: { role: input.role },
    },
  );
  return toEmployee(saved!, input.now);
}
