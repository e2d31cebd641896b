import { and, eq, sql } from 'drizzle-orm';
import { OVERRIDE_PERMISSION } from '#domain/discount-limit.ts';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { Approver } from '../audit/index.ts';
import type { Actor } from '../use-case.ts';
import { SALE_ERRORS } from './errors.ts';

// What a refund and a void share: the approval rule and the lock on the sale.

/** A refund or void by someone without the permission needs a manager's or owner's PIN in the same request. */
export function requireOverride(actor: Actor, approver: Approver | null | undefined): void {
  if (!actor.permissions.includes(OVERRIDE_PERMISSION) && !approver) throw SALE_ERRORS.approvalRequired();
}

/**
 * Locks the sale's row for the rest of the transaction: a second refund or void of the same sale waits here and
 * then sees what the first did, so exactly one of two concurrent reversals of the last units succeeds.
 */
export async function lockSale(tx: Tx, businessId: string, saleId: string) {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.businessId, businessId), eq(transactions.id, saleId)))
    .for('update');
  if (!row) throw SALE_ERRORS.saleNotFound();
  return row;
}

/** Whether any refund points at the sale. */
export async function hasRefunds(tx: Tx, businessId: string, saleId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(transactions)
    .where(
      and(
        eq(transactions.businessId, businessId),
        eq(transactions.originalTransactionId, saleId),
        eq(transactions.transactionType, 'refund'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
