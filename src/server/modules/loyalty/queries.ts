import { aliasedTable, and, desc, eq, inArray, or } from 'drizzle-orm';
import type { LoyaltyEntry, SaleLoyalty } from '#domain/schemas/loyalty.ts';
import type { Queryable } from '../../db/client.ts';
import { customers, loyaltyLedger, transactions, users } from '../../db/schema/index.ts';

// The loyalty module's reads, each scoped by businessId.

/** How many ledger lines a customer's history shows (newest first). */
export const LEDGER_PAGE = 100;

/**
 * The points of each sale or refund asked for, for their receipts: a sale's own lines (redeemed, earned, and a
 * void's or failed payment's reversal), a refund's lines. Absent when it moved no points.
 */
export async function loyaltyOfTransactions(
  tx: Queryable,
  businessId: string,
  ids: string[],
): Promise<Map<string, SaleLoyalty>> {
  const found = new Map<string, SaleLoyalty>();
  if (ids.length === 0) return found;
  const rows = await tx
    .select({
      saleId: loyaltyLedger.saleId,
      refundId: loyaltyLedger.refundId,
      delta: loyaltyLedger.delta,
      value: loyaltyLedger.value,
      reason: loyaltyLedger.reason,
      balanceAfter: loyaltyLedger.balanceAfter,
    })
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.businessId, businessId),
        or(inArray(loyaltyLedger.saleId, ids), inArray(loyaltyLedger.refundId, ids)),
      ),
    )
    .orderBy(loyaltyLedger.position);
  const wanted = new Set(ids);
  for (const row of rows) {
    const key = row.refundId ?? row.saleId;
    if (!wanted.has(key)) continue;
    const entry = found.get(key) ?? {
      points_earned: 0,
      points_redeemed: 0,
      redeemed_value: 0,
      points_reversed: 0,
      points_returned: 0,
      balance: 0,
    };
    if (row.reason === 'earned') entry.points_earned += row.delta;
    else if (row.reason === 'redeemed') {
      entry.points_redeemed -= row.delta;
      entry.redeemed_value += row.value;
    } else if (row.delta < 0) entry.points_reversed -= row.delta;
    else entry.points_returned += row.delta;
    entry.balance = row.balanceAfter;
    found.set(key, entry);
  }
  return found;
}

const refunds = aliasedTable(transactions, 'refunds');

/** A customer's balance and latest ledger lines, newest first; null when the business has no such customer. */
export async function customerLedger(
  tx: Queryable,
  businessId: string,
  customerId: string,
): Promise<{ balance: number; entries: LoyaltyEntry[] } | null> {
  const [customer] = await tx
    .select({ balance: customers.loyaltyPoints })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), eq(customers.id, customerId)));
  if (!customer) return null;
  const rows = await tx
    .select({
      line: loyaltyLedger,
      receipt: transactions.receiptNumber,
      refundReceipt: refunds.receiptNumber,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(loyaltyLedger)
    .leftJoin(
      transactions,
      and(eq(transactions.businessId, businessId), eq(transactions.id, loyaltyLedger.saleId)),
    )
    .leftJoin(refunds, and(eq(refunds.businessId, businessId), eq(refunds.id, loyaltyLedger.refundId)))
    .leftJoin(users, and(eq(users.businessId, businessId), eq(users.id, loyaltyLedger.userId)))
    .where(and(eq(loyaltyLedger.businessId, businessId), eq(loyaltyLedger.customerId, customerId)))
    .orderBy(desc(loyaltyLedger.position))
    .limit(LEDGER_PAGE);
  return {
    balance: customer.balance,
    entries: rows.map(({ line, receipt, refundReceipt, firstName, lastName }) => ({
      id: line.id,
      delta: line.delta,
      balance_after: line.balanceAfter,
      reason: line.reason,
      value: line.value,
      sale_id: line.saleId,
      receipt_number: receipt,
      refund_receipt_number: refundReceipt,
      by: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
      created_at: line.createdAt.toISOString(),
    })),
  };
}
