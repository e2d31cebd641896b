import { sql } from 'drizzle-orm';
import type { LoyaltyReason } from '#domain/loyalty.ts';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

// The one writer of a customer's points: the balance (customers.loyalty_points) and the ledger line that says
// why move together, in one statement of the caller's transaction. The balance never goes below zero.

export type PointsChange = {
  businessId: string;
  customerId: string;
  saleId: string;
  refundId?: string | null;
  /** Points added (positive) or taken (negative). */
  delta: number;
  reason: LoyaltyReason;
  /** Redemptions: the pesewas the points paid for. */
  value?: number;
  userId: string | null;
  at: Date;
};

/**
 * Applies the change when the balance allows it (never below zero). The customer's row is locked by the
 * update, so two sales redeeming the same points queue here and the second sees what the first left.
 * Returns the new balance, or null when the balance is too small (or the business has no such customer).
 */
export async function changePoints(tx: Tx, change: PointsChange): Promise<number | null> {
  if (change.delta === 0) return null;
  const at = change.at.toISOString();
  const [row] = await rows<{ balance_after: number }>(
    tx,
    sql`
    with moved as (
      update customers set loyalty_points = loyalty_points + ${change.delta}, updated_at = ${at}::timestamptz
       where id = ${change.customerId}::uuid and business_id = ${change.businessId}::uuid
         and loyalty_points + ${change.delta} >= 0
      returning loyalty_points
    )
    insert into loyalty_ledger (business_id, customer_id, sale_id, refund_id, delta, balance_after, value, reason,
      user_id, created_at)
    select ${change.businessId}::uuid, ${change.customerId}::uuid, ${change.saleId}::uuid,
      ${change.refundId ?? null}::uuid, ${change.delta}::int, moved.loyalty_points, ${change.value ?? 0}::int,
      ${change.reason}, ${change.userId}::uuid, ${at}::timestamptz
    from moved
    returning balance_after`,
  );
  return row ? Number(row.balance_after) : null;
}

/**
 * Takes back up to `points` (a reversal of points earned): what the customer has already spent cannot be taken,
 * so the reversal stops at their balance. Returns the points actually taken.
 */
export async function takeBackPoints(
  tx: Tx,
  change: Omit<PointsChange, 'delta'> & { points: number },
): Promise<number> {
  if (change.points <= 0) return 0;
  const [customer] = await rows<{ loyalty_points: number }>(
    tx,
    sql`select loyalty_points from customers
     where id = ${change.customerId}::uuid and business_id = ${change.businessId}::uuid for update`,
  );
  const balance = Number(customer?.loyalty_points ?? 0);
  const taken = Math.min(balance, change.points);
  if (taken === 0) return 0;
  await changePoints(tx, { ...change, delta: -taken });
  return taken;
}
