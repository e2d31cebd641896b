import { taxRateBasisPoints } from './catalog/tax-rate.ts';

// Price, tax and discount math, the same for the till's cart and the server's sale creation (operations §5, §9).
// Everything is integer pesewas; tax rates are basis points (12.5 % → 1250), read from the API's
// percentage exactly (no floating point).
//
// Rounding rule (operations §9, written up in docs/tax-rounding.md):
//   line total    = quantity × unit price
//   line tax      = unit price × quantity × rate / 100, rounded half-up (half away from zero, so a
//                   refund's negative line mirrors its sale) to the pesewa, PER LINE; the cart's tax
//                   is the sum of its lines' taxes
//   line discount = floored at 0 and never more than the line total
//   cart discount = floored at 0 and never more than the subtotal left after line discounts
//   total         = subtotal + tax − (line discounts + cart discount)
// Tax is charged on the undiscounted line, as §9 states it.
//
// Tax-inclusive prices (Settings → Tax, issue 16): the shelf price already holds the tax. Then
//   line total    = quantity × unit price (what the customer pays for the line, tax in it)
//   line tax      = line total × rate / (100 + rate), rounded half-up to the pesewa, PER LINE
//   subtotal      = Σ line totals − tax (the price before tax), so total = subtotal + tax − discount still holds
//                   and the total is exactly the shelf prices less the discounts.

/** '12.50' or 12.5 → 1250 basis points. Throws on anything that is not 0–100 with at most 2 decimals. */
export function parseTaxRate(rate: number | string): number {
  const basisPoints = taxRateBasisPoints(rate);
  if (basisPoints === null) throw new RangeError(`Invalid tax rate: ${String(rate)}`);
  return basisPoints;
}

/** 1250 → 12.5, the percentage the API shows. */
export function taxRateToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** numerator / denominator rounded half away from zero, exactly (bigint). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** operations §9: price × quantity × rate / 100, rounded half-up to the pesewa. */
export function lineTax(unitPrice: number, quantity: number, taxRate: number | string): number {
  const basisPoints = parseTaxRate(taxRate);
  return Number(divideRoundHalfUp(BigInt(unitPrice) * BigInt(quantity) * BigInt(basisPoints), 10_000n));
}

/** The tax held in a tax-inclusive line total: total × rate / (100 + rate), rounded half-up to the pesewa. */
export function includedLineTax(lineTotal: number, taxRate: number | string): number {
  const basisPoints = BigInt(parseTaxRate(taxRate));
  return Number(divideRoundHalfUp(BigInt(lineTotal) * basisPoints, 10_000n + basisPoints));
}

/** How the business enters its prices: with the tax on top (the default) or with the tax in them. */
export type TaxMode = { pricesIncludeTax?: boolean };

/** operations §5: discounts are floored at 0, and a discount never exceeds what it discounts. */
export function clampDiscount(discount: number | undefined, limit: number): number {
  const value = Math.trunc(discount ?? 0);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(value, Math.max(0, Math.abs(limit)));
}

export type LineInput = {
  unit_price: number;
  quantity: number;
  /** Percentage as the API gives it: 12.5 or '12.50'. */
  tax_rate: number | string;
  discount_amount?: number;
};

export type PricedLine = {
  unit_price: number;
  quantity: number;
  tax_rate: number;
  /** quantity × unit price (operations §9 line total). */
  total_price: number;
  tax_amount: number;
  discount_amount: number;
};

export function priceLine(line: LineInput, mode: TaxMode = {}): PricedLine {
  const totalPrice = line.unit_price * line.quantity;
  return {
    unit_price: line.unit_price,
    quantity: line.quantity,
    tax_rate: taxRateToPercent(parseTaxRate(line.tax_rate)),
    total_price: totalPrice,
    tax_amount: mode.pricesIncludeTax
      ? includedLineTax(totalPrice, line.tax_rate)
      : lineTax(line.unit_price, line.quantity, line.tax_rate),
    discount_amount: clampDiscount(line.discount_amount, totalPrice),
  };
}

export type CartTotals<L extends LineInput = LineInput> = {
  lines: (Omit<L, keyof PricedLine> & PricedLine)[];
  subtotal: number;
  tax_amount: number;
  /** Line discounts plus the cart discount, each clamped. */
  discount_amount: number;
  /** The cart discount after clamping. */
  cart_discount_amount: number;
  total_amount: number;
};

export function priceCart<L extends LineInput>({
  lines,
  cartDiscount,
  pricesIncludeTax = false,
}: {
  lines: readonly L[];
  cartDiscount?: number;
} & TaxMode): CartTotals<L> {
  const priced = lines.map((line) => ({ ...line, ...priceLine(line, { pricesIncludeTax }) }));
  const linesTotal = priced.reduce((sum, line) => sum + line.total_price, 0);
  const taxAmount = priced.reduce((sum, line) => sum + line.tax_amount, 0);
  const subtotal = pricesIncludeTax ? linesTotal - taxAmount : linesTotal;
  const lineDiscounts = priced.reduce((sum, line) => sum + line.discount_amount, 0);
  const cartDiscountAmount = clampDiscount(cartDiscount, Math.max(0, subtotal - lineDiscounts));
  const discountAmount = lineDiscounts + cartDiscountAmount;
  return {
    lines: priced,
    subtotal,
    tax_amount: taxAmount,
    discount_amount: discountAmount,
    cart_discount_amount: cartDiscountAmount,
    total_amount: subtotal + taxAmount - discountAmount,
  };
}

/**
 * Whether a stored sale was priced tax-inclusive: only then is its subtotal less than the sum of its line totals
 * (by exactly its tax). A refund needs to know, to give back the shelf price and not the shelf price plus tax.
 */
export function isTaxIncludedSale(
  sale: { subtotal: number; tax_amount: number },
  lineTotals: number,
): boolean {
  return sale.tax_amount !== 0 && sale.subtotal === lineTotals - sale.tax_amount;
}
