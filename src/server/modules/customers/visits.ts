import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

// operations §4 Customer: after a sale, total_spent, visit_count and last_visit are updated; a refund or a void
// takes them back. The customer may have been deleted since (still counted: the sale is real).

export type Visit = {
  businessId: string;
  customerId: string;
  /** The sale's total, in pesewas. */
  amount: number;
  /** The sale's time: the customer's last visit. */
  at: Date;
};

/**
 * The update that records a visit, as one SQL statement a sale may embed in its own write (a data-modifying
 * CTE), so the checkout's round trips do not grow.
 */
export function recordVisitStatement(visit: Visit): SQL {
  const at = visit.at.toISOString();
  return sql`update customers
       set total_spent = total_spent + ${visit.amount}, visit_count = visit_count + 1,
           last_visit = ${at}::timestamptz, updated_at = ${at}::timestamptz
     where id = ${visit.customerId}::uuid and business_id = ${visit.businessId}::uuid
    returning id`;
}

/** Records a visit on its own; false when the business has no such customer. */
export async function recordVisit(tx: Tx, visit: Visit): Promise<boolean> {
  return (await rows(tx, recordVisitStatement(visit))).length === 1;
}

/**
 * Takes back what a sale added: its amount (a refund: what was refunded) and, for a void, the visit itself.
 * Never below zero; last_visit stays (the customer did come). False when the business has no such customer.
 */
export async function reverseVisit(
  tx: Tx,
  reversal: { businessId: string; customerId: string; amount: number; isVisitUndone: boolean; at: Date },
): Promise<boolean> {
  const updated = await rows(
    tx,
    sql`update customers
       set total_spent = greatest(total_spent - ${reversal.amount}, 0),
           visit_count = greatest(visit_count - ${reversal.isVisitUndone ? 1 : 0}, 0),
           updated_at = ${reversal.at.toISOString()}::timestamptz
     where id = ${reversal.customerId}::uuid and business_id = ${reversal.businessId}::uuid
    returning id`,
  );
  return updated.length === 1;
}
