import type { Permission } from './permissions.ts';

// Discount control (issue 10): the owner sets the largest discount given without approval, as a percent of a
// line and of the sale; above it, or for a refund or void, a manager or owner approves on the spot with their
// PIN. Those who hold OVERRIDE_PERMISSION (managers and owners) need no approval.

export const DEFAULT_DISCOUNT_LIMIT_PERCENT = 10;

/** Who may refund, void or discount above the limit without anyone else's PIN. */
export const OVERRIDE_PERMISSION: Permission = 'process_refunds';

type PricedLine = { total_price: number; discount_amount: number; product_name?: string };

export type DiscountExcess =
  | { kind: 'line'; index: number; percent: number }
  | { kind: 'sale'; percent: number };

/** The discount as a percent of what it discounts, one decimal (0 when nothing is discounted). */
export function discountPercent(discount: number, of: number): number {
  if (of <= 0 || discount <= 0) return 0;
  return Math.round((discount * 1000) / of) / 10;
}

/**
 * The first discount above the limit: a line's discount over `limit` % of the line, or the sale's discounts
 * (lines plus cart) over `limit` % of the subtotal. Null when all are within it. Integer math, no rounding.
 */
export function findDiscountExcess(
  totals: { lines: readonly PricedLine[]; subtotal: number; discount_amount: number },
  limitPercent: number,
): DiscountExcess | null {
  for (const [index, line] of totals.lines.entries()) {
    if (line.discount_amount * 100 > limitPercent * line.total_price) {
      return { kind: 'line', index, percent: discountPercent(line.discount_amount, line.total_price) };
    }
  }
  if (totals.discount_amount * 100 > limitPercent * totals.subtotal) {
    return { kind: 'sale', percent: discountPercent(totals.discount_amount, totals.subtotal) };
  }
  return null;
}
