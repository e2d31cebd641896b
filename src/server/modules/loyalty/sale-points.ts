import { and, eq, sql } from 'drizzle-orm';
import { checkRedemption, notEnoughPointsMessage, pointsEarned, pointsToReverse } from '#domain/loyalty.ts';
import type { LoyaltySettings, SaleLoyalty } from '#domain/schemas/loyalty.ts';
import type { Tx } from '../../db/client.ts';
import { customers, loyaltyLedger } from '../../db/schema/index.ts';
import { LOYALTY_ERRORS } from './errors.ts';
import { changePoints, takeBackPoints } from './ledger.ts';
import { readLoyaltyOf, readLoyaltySettings } from './settings.ts';

// What a sale does to its customer's points: redeemed as a discount when it is made, earned when it completes
// (at once for cash, on the provider's confirmation otherwise), given back when its payment fails, reversed by
// its refunds (proportionally) and its void (entirely). Every change through the ledger (ledger.ts).

export type SalePointsPlan = {
  settings: LoyaltySettings;
  customerId: string;
  balance: number;
  /** The points the sale redeems and the pesewas they take off it. */
  redeem: { points: number; value: number } | null;
};

async function balanceOf(tx: Tx, businessId: string, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ points: customers.loyaltyPoints })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), eq(customers.id, customerId)));
  return row?.points ?? 0;
}

/**
 * Before a sale is priced: whether it earns points, and what its redemption takes off. `payable`: what discounts
 * may still take off the sale (its subtotal after discounts). Refuses a redemption with no customer, with the
 * program off, above the balance or above what the sale can take off. Null when the sale has nothing to do
 * with points.
 */
export async function planSalePoints(
  tx: Tx,
  request: { businessId: string; customerId: string | null; redeemPoints: number; payable: number },
): Promise<SalePointsPlan | null> {
  const { businessId, customerId, redeemPoints } = request;
  if (!customerId) {
    if (redeemPoints > 0) throw LOYALTY_ERRORS.customerRequired();
    return null;
  }
  const { settings, balance } = await readLoyaltyOf(tx, businessId, customerId);
  if (!settings.is_enabled) {
    if (redeemPoints > 0) throw LOYALTY_ERRORS.programOff();
    return null;
  }
  if (redeemPoints <= 0) return { settings, customerId, balance, redeem: null };
  const checked = checkRedemption(redeemPoints, balance, request.payable, settings);
  if (checked.problem) throw LOYALTY_ERRORS.redemption(checked.problem);
  return { settings, customerId, balance, redeem: { points: redeemPoints, value: checked.value } };
}

/**
 * After the sale is written, in its transaction: takes the redeemed points (refused if a sale committed
 * meanwhile left too few: this whole sale then rolls back) and, for a completed sale, adds what it earned.
 */
export async function recordSalePoints(
  tx: Tx,
  plan: SalePointsPlan | null,
  sale: { businessId: string; saleId: string; total: number; isComplete: boolean; userId: string; at: Date },
): Promise<SaleLoyalty | null> {
  if (!plan) return null;
  const base = { businessId: sale.businessId, customerId: plan.customerId, saleId: sale.saleId, at: sale.at };
  let balance = plan.balance;
  if (plan.redeem) {
    const after = await changePoints(tx, {
      ...base,
      delta: -plan.redeem.points,
      reason: 'redeemed',
      value: plan.redeem.value,
      userId: sale.userId,
    });
    if (after === null) {
      const now = await balanceOf(tx, sale.businessId, plan.customerId);
      throw LOYALTY_ERRORS.redemption({ code: 'NOT_ENOUGH_POINTS', message: notEnoughPointsMessage(now) });
    }
    balance = after;
  }
  const earned = sale.isComplete ? pointsEarned(sale.total, plan.settings) : 0;
  if (earned > 0) {
    balance =
      (await changePoints(tx, { ...base, delta: earned, reason: 'earned', userId: sale.userId })) ?? balance;
  }
  return {
    points_earned: earned,
    points_redeemed: plan.redeem?.points ?? 0,
    redeemed_value: plan.redeem?.value ?? 0,
    points_reversed: 0,
    points_returned: 0,
    balance,
  };
}

type SaleForPoints = { businessId: string; id: string; customerId: string | null; totalAmount: number };

/** What the ledger holds of a sale: points earned and redeemed, and what refunds and voids reversed of them. */
async function saleTotals(tx: Tx, businessId: string, saleId: string) {
  const [row] = await tx
    .select({
      earned: sql<number>`coalesce(sum(${loyaltyLedger.delta}) filter (where ${loyaltyLedger.reason} = 'earned'), 0)::int`,
      redeemed: sql<number>`coalesce(-sum(${loyaltyLedger.delta}) filter (where ${loyaltyLedger.reason} = 'redeemed'), 0)::int`,
      taken: sql<number>`coalesce(-sum(${loyaltyLedger.delta}) filter (where ${loyaltyLedger.reason} in ('refund', 'void', 'payment_failed') and ${loyaltyLedger.delta} < 0), 0)::int`,
      returned: sql<number>`coalesce(sum(${loyaltyLedger.delta}) filter (where ${loyaltyLedger.reason} in ('refund', 'void', 'payment_failed') and ${loyaltyLedger.delta} > 0), 0)::int`,
    })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.businessId, businessId), eq(loyaltyLedger.saleId, saleId)));
  return {
    earned: Number(row?.earned ?? 0),
    redeemed: Number(row?.redeemed ?? 0),
    taken: Number(row?.taken ?? 0),
    returned: Number(row?.returned ?? 0),
  };
}

/**
 * A pending sale's payment completed: it earns its points now, if the program is still on. Once per sale (a
 * repeated confirmation finds the points already earned).
 */
export async function earnOnCompletion(
  tx: Tx,
  sale: SaleForPoints,
  userId: string | null,
  at: Date,
): Promise<void> {
  if (!sale.customerId) return;
  const settings = await readLoyaltySettings(tx, sale.businessId);
  if (!settings.is_enabled) return;
  const totals = await saleTotals(tx, sale.businessId, sale.id);
  if (totals.earned > 0) return;
  const earned = pointsEarned(sale.totalAmount, settings);
  if (earned === 0) return;
  await changePoints(tx, {
    businessId: sale.businessId,
    customerId: sale.customerId,
    saleId: sale.id,
    delta: earned,
    reason: 'earned',
    userId,
    at,
  });
}

/**
 * Reverses a sale's points: a refund takes back its share of the points earned and gives back its share of the
 * points redeemed (the last refund exactly what is left); a void, or a payment that failed, all of them.
 */
export async function reverseSalePoints(
  tx: Tx,
  request: {
    sale: SaleForPoints;
    reason: 'refund' | 'void' | 'payment_failed';
    refundId?: string | null;
    /** Pesewas refunded now (positive); a void or a failure reverses everything. */
    refunded?: number;
    isLast: boolean;
    userId: string | null;
    at: Date;
  },
): Promise<void> {
  const { sale } = request;
  if (!sale.customerId) return;
  const totals = await saleTotals(tx, sale.businessId, sale.id);
  if (totals.earned === 0 && totals.redeemed === 0) return;
  const share = (points: number, already: number) =>
    pointsToReverse({
      points,
      alreadyReversed: already,
      refunded: request.refunded ?? sale.totalAmount,
      saleTotal: sale.totalAmount,
      isLastRefund: request.isLast,
    });
  const change = {
    businessId: sale.businessId,
    customerId: sale.customerId,
    saleId: sale.id,
    refundId: request.refundId ?? null,
    reason: request.reason,
    userId: request.userId,
    at: request.at,
  };
  // Redeemed points come back first, so taking back the earned ones rarely meets a balance already spent.
  const giveBack = share(totals.redeemed, totals.returned);
  if (giveBack > 0) await changePoints(tx, { ...change, delta: giveBack });
  await takeBackPoints(tx, { ...change, points: share(totals.earned, totals.taken) });
}
