import { describe, expect, it } from 'vitest';
import { type Cart, cartTotals, EMPTY_CART } from './cart.ts';
import { includedLineTax, isTaxIncludedSale, priceCart } from './pricing.ts';
import { isTaxIncludedReceipt, receiptContent } from './receipt.ts';
import { sampleSale } from './testing/sample-sale.ts';

// Settings → Tax: prices entered with the tax in them. The same functions price the till's cart and the server's
// sale, so the two always agree to the pesewa.

describe('includedLineTax (line total × rate / (100 + rate), half-up per line)', () => {
  it('takes 12.5 % out of ₵11.25 as ₵1.25 exactly', () => {
    expect(includedLineTax(1125, 12.5)).toBe(125);
  });
  it('rounds a half pesewa up and less than half down', () => {
    // 100 × 12.5 / 112.5 = 11.11 → 11; 1000 × 15 / 115 = 130.43 → 130; 9 × 12.5 / 112.5 = 1.0 → 1
    expect(includedLineTax(100, 12.5)).toBe(11);
    expect(includedLineTax(1000, '15.00')).toBe(130);
    // 45 × 12.5 / 112.5 = 5.0 exactly; 85 × 25 / 125 = 17; 3 × 50 / 150 = 1.0; 1 × 50 / 150 = 0.33 → 0
    expect(includedLineTax(45, 12.5)).toBe(5);
    expect(includedLineTax(1, 50)).toBe(0);
    // 3 × 100 / 200 = 1.5 → 2 (the half goes up)
    expect(includedLineTax(3, 100)).toBe(2);
  });
  it('mirrors a sale for a refund and is zero at 0 %', () => {
    expect(includedLineTax(-3, 100)).toBe(-2);
    expect(includedLineTax(5000, 0)).toBe(0);
  });
});

describe('priceCart with tax-inclusive prices', () => {
  const lines = [
    { unit_price: 1125, quantity: 2, tax_rate: 12.5 },
    { unit_price: 600, quantity: 3, tax_rate: 0 },
    { unit_price: 999, quantity: 1, tax_rate: '15.00' },
  ];

  it('keeps the shelf prices as the total; subtotal is the price before tax', () => {
    const totals = priceCart({ lines, pricesIncludeTax: true });
    // tax: 2250 × 12.5/112.5 = 250; 0; 999 × 15/115 = 130.30 → 130
    expect(totals.tax_amount).toBe(380);
    expect(totals.lines.map((line) => line.total_price)).toEqual([2250, 1800, 999]);
    expect(totals.subtotal).toBe(2250 + 1800 + 999 - 380);
    expect(totals.total_amount).toBe(5049);
    expect(totals.total_amount).toBe(totals.subtotal + totals.tax_amount - totals.discount_amount);
  });

  it('adds the tax on top when prices are entered without it (the default)', () => {
    const totals = priceCart({ lines });
    // 2250 × 12.5 % = 281.25 → 281; 999 × 15 % = 149.85 → 150
    expect(totals).toMatchObject({ subtotal: 5049, tax_amount: 431, total_amount: 5480 });
  });

  it('takes discounts off the shelf price and never below the tax', () => {
    const totals = priceCart({
      lines: [{ unit_price: 1125, quantity: 2, tax_rate: 12.5, discount_amount: 250 }],
      cartDiscount: 10_000,
      pricesIncludeTax: true,
    });
    // before tax 2000, line discount 250, the cart discount is capped at 2000 − 250 = 1750
    expect(totals).toMatchObject({
      subtotal: 2000,
      tax_amount: 250,
      discount_amount: 2000,
      total_amount: 250,
    });
  });

  it('prices the till cart the same way the server prices the sale', () => {
    const cart: Cart = {
      ...EMPTY_CART,
      lines: [
        {
          product: { id: 'p1', name: 'Milo', price: 1125, tax_rate: 12.5, stock_quantity: 9 },
          quantity: 2,
          discount_amount: 0,
        },
      ],
    } as Cart;
    expect(cartTotals(cart, { pricesIncludeTax: true })).toMatchObject({
      tax_amount: 250,
      total_amount: 2250,
    });
    expect(cartTotals(cart)).toMatchObject({ tax_amount: 281, total_amount: 2531 });
  });
});

describe('a stored sale knows how it was priced', () => {
  it('is tax-inclusive only when its subtotal is its line totals less its tax', () => {
    expect(isTaxIncludedSale({ subtotal: 2000, tax_amount: 250 }, 2250)).toBe(true);
    expect(isTaxIncludedSale({ subtotal: 2250, tax_amount: 281 }, 2250)).toBe(false);
    expect(isTaxIncludedSale({ subtotal: 2250, tax_amount: 0 }, 2250)).toBe(false);
    // A refund (negative figures) reads the same way.
    expect(isTaxIncludedSale({ subtotal: -2000, tax_amount: -250 }, -2250)).toBe(true);
  });

  it('says so on the receipt: the subtotal is before tax and each line tax is included', () => {
    const sale = sampleSale({
      subtotal: 11_000 - 1222,
      tax_amount: 1222,
      total_amount: 11_000,
      items: [{ ...sampleSale().items[0]!, tax_amount: 1222, total_price: 11_000 }],
    });
    expect(isTaxIncludedReceipt(sale)).toBe(true);
    const content = receiptContent(sale);
    expect(content.totals[0]).toEqual({ label: 'Subtotal before tax', value: '₵97.78' });
    expect(content.items[0]?.extras[0]).toEqual({ label: 'Incl. tax 12.5%', value: '₵12.22' });
    expect(receiptContent(sampleSale()).totals[0]?.label).toBe('Subtotal');
  });
});
