import { formatCedis } from './money.ts';

// Loyalty points (issue 16, Loyalty): earned per cedi a customer pays, redeemed at the till as a discount,
// reversed by refunds and voids. Only the math lives here (no zod: the till loads it); the API's shapes are in
// schemas/loyalty.ts, the ledger and balances are the server's.

/** The default earn rate: 1 point for every ₵1 paid. */
export const DEFAULT_POINTS_PER_CEDI = 1;
/** The default redemption value: 100 points pay for ₵1 (so 1 point is worth 1 pesewa). */
export const DEFAULT_POINTS_PER_CEDI_REDEEMED = 100;
export const MAX_POINTS_PER_CEDI = 100;
export const MAX_POINTS_PER_CEDI_REDEEMED = 10_000;
/** The most points one sale may redeem (a typo guard; far above any real balance). */
export const MAX_REDEEM_POINTS = 100_000_000;

export type LoyaltyRates = {
  /** Points earned for each full ₵1 (100 pesewas) paid. */
  points_per_cedi: number;
  /** Points that pay for ₵1 when redeemed. */
  points_per_cedi_redeemed: number;
};

/**
 * Points earned on a sale: whole points for the amount the customer actually paid (the sale's total, after
 * every discount and the points redeemed, tax included), rounded down, so a ₵0.99 sale at 1 point per ₵1 earns
 * nothing. Never negative.
 */
export function pointsEarned(paidPesewas: number, rates: Pick<LoyaltyRates, 'points_per_cedi'>): number {
  if (paidPesewas <= 0) return 0;
  return Math.floor((paidPesewas * rates.points_per_cedi) / 100);
}

/** What `points` pay for, in pesewas, rounded down (the shop never gives away more than the points are worth). */
export function redemptionValue(
  points: number,
  rates: Pick<LoyaltyRates, 'points_per_cedi_redeemed'>,
): number {
  if (points <= 0) return 0;
  return Math.floor((points * 100) / rates.points_per_cedi_redeemed);
}

/**
 * The most points worth redeeming on a sale: no more than the balance, and no more than pays for `payable`
 * pesewas (what the sale's discounts may still take off: the subtotal after discounts; tax is always paid).
 */
export function maxRedeemablePoints(
  balance: number,
  payable: number,
  rates: Pick<LoyaltyRates, 'points_per_cedi_redeemed'>,
): number {
  if (balance <= 0 || payable <= 0) return 0;
  return Math.min(balance, Math.floor((payable * rates.points_per_cedi_redeemed) / 100));
}

export type RedemptionProblem =
  | { code: 'NOT_ENOUGH_POINTS'; message: string }
  | { code: 'REDEMPTION_TOO_LARGE'; message: string }
  | { code: 'REDEMPTION_WORTHLESS'; message: string };

export const notEnoughPointsMessage = (balance: number) =>
  `The customer has only ${balance.toLocaleString('en-GH')} points`;

/** Checks a redemption before the sale is written; the value is what comes off the sale. */
export function checkRedemption(
  points: number,
  balance: number,
  payable: number,
  rates: Pick<LoyaltyRates, 'points_per_cedi_redeemed'>,
): { value: number; problem?: undefined } | { value?: undefined; problem: RedemptionProblem } {
  if (points > balance)
    return { problem: { code: 'NOT_ENOUGH_POINTS', message: notEnoughPointsMessage(balance) } };
  const value = redemptionValue(points, rates);
  if (value <= 0) {
    return {
      problem: {
        code: 'REDEMPTION_WORTHLESS',
        message: `Redeem at least ${Math.ceil(rates.points_per_cedi_redeemed / 100)} points: fewer are worth nothing`,
      },
    };
  }
  if (value > payable) {
    return {
      problem: {
        code: 'REDEMPTION_TOO_LARGE',
        message: `Points can pay for at most ${formatCedis(Math.max(0, payable))} of this sale`,
      },
    };
  }
  return { value };
}

/**
 * The share of a sale's points a refund takes back: proportional to the money refunded, and the refund that
 * leaves nothing of the sale takes exactly what is left, so the refunds of a sale add up to its points.
 */
export function pointsToReverse(input: {
  /** The points the sale earned (or redeemed). */
  points: number;
  /** Already taken back (or given back) by earlier refunds. */
  alreadyReversed: number;
  /** Pesewas refunded now, positive. */
  refunded: number;
  /** The sale's total, pesewas. */
  saleTotal: number;
  isLastRefund: boolean;
}): number {
  const left = Math.max(0, input.points - input.alreadyReversed);
  if (input.isLastRefund) return left;
  if (input.saleTotal <= 0) return 0;
  return Math.min(left, Math.floor((input.points * input.refunded) / input.saleTotal));
}

/** 'Earn 1 point per ₵1 · 100 points = ₵1' */
export function describeRates(rates: LoyaltyRates): string {
  const earn = `${rates.points_per_cedi} ${rates.points_per_cedi === 1 ? 'point' : 'points'} per ₵1`;
  return `Earn ${earn} · ${rates.points_per_cedi_redeemed.toLocaleString('en-GH')} points = ₵1`;
}

export const LOYALTY_REASONS = ['earned', 'redeemed', 'refund', 'void', 'payment_failed'] as const;
export type LoyaltyReason = (typeof LOYALTY_REASONS)[number];
export const LOYALTY_REASON_LABELS: Record<LoyaltyReason, string> = {
  earned: 'Earned',
  redeemed: 'Redeemed',
  refund: 'Refund',
  void: 'Void',
  payment_failed: 'Payment failed',
};
