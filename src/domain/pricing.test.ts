import { describe, expect, it } from 'vitest';
import { clampDiscount, divideRoundHalfUp, lineTax, parseTaxRate, priceCart, priceLine } from './pricing.ts';

describe('parseTaxRate', () => {
  it('reads the API percentage into basis points exactly', () => {
    expect(parseTaxRate(12.5)).toBe(1250);
    expect(parseTaxRate('12.50')).toBe(1250);
    expect(parseTaxRate('12.5')).toBe(1250);
    expect(parseTaxRate(0)).toBe(0);
    expect(parseTaxRate('0.00')).toBe(0);
    expect(parseTaxRate(100)).toBe(10_000);
    expect(parseTaxRate(0.1)).toBe(10);
    expect(parseTaxRate(15.01)).toBe(1501);
    expect(parseTaxRate(21.9)).toBe(2190);
  });
  it('refuses negatives, more than 100, more than two decimals and words', () => {
    for (const bad of [-1, 100.01, 12.345, Number.NaN, Number.POSITIVE_INFINITY, 'abc', '', '1e2']) {
      expect(() => parseTaxRate(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('divideRoundHalfUp', () => {
  it('rounds halves away from zero and everything else to the nearest', () => {
    expect(divideRoundHalfUp(5n, 10n)).toBe(1n);
    expect(divideRoundHalfUp(4n, 10n)).toBe(0n);
    expect(divideRoundHalfUp(15n, 10n)).toBe(2n);
    expect(divideRoundHalfUp(-5n, 10n)).toBe(-1n);
    expect(divideRoundHalfUp(-4n, 10n)).toBe(0n);
    expect(divideRoundHalfUp(20n, 10n)).toBe(2n);
  });
});

describe('lineTax (operations §9: price × quantity × rate / 100, half-up per line)', () => {
  it('charges 12.5 % on ₵85.50 as ₵10.69 (1068.75 rounds up)', () => {
    expect(lineTax(8550, 1, 12.5)).toBe(1069);
  });
  it('rounds a half pesewa up and less than half down', () => {
    expect(lineTax(4, 1, 12.5)).toBe(1); // 0.5 → 1
    expect(lineTax(3, 1, 12.5)).toBe(0); // 0.375 → 0
    expect(lineTax(100, 1, 0.5)).toBe(1); // 0.5 → 1
  });
  it('multiplies before rounding, so three of an item is not three rounded taxes', () => {
    expect(lineTax(4, 3, 12.5)).toBe(2); // 1.5 → 2, not 3 × 1
  });
  it('is zero at 0 % and the full price at 100 %', () => {
    expect(lineTax(700, 4, '0.00')).toBe(0);
    expect(lineTax(700, 4, 100)).toBe(2800);
  });
  it('mirrors a sale for a refund (negative quantity)', () => {
    expect(lineTax(8550, -1, 12.5)).toBe(-1069);
  });
  it('stays exact for large amounts where floating point would drift', () => {
    expect(lineTax(999_999_999, 10_000, 12.5)).toBe(1_249_999_998_750);
  });
});

describe('clampDiscount (operations §5: floored at 0)', () => {
  it('floors at 0 and caps at what it discounts', () => {
    expect(clampDiscount(-500, 1000)).toBe(0);
    expect(clampDiscount(undefined, 1000)).toBe(0);
    expect(clampDiscount(Number.NaN, 1000)).toBe(0);
    expect(clampDiscount(300, 1000)).toBe(300);
    expect(clampDiscount(5000, 1000)).toBe(1000);
    expect(clampDiscount(250.7, 1000)).toBe(250);
  });
});

describe('priceLine', () => {
  it('gives line total, tax and clamped discount', () => {
    expect(priceLine({ unit_price: 8550, quantity: 2, tax_rate: '12.50', discount_amount: 50_000 })).toEqual({
      unit_price: 8550,
      quantity: 2,
      tax_rate: 12.5,
      total_price: 17_100,
      tax_amount: 2138, // 2137.5 → 2138
      discount_amount: 17_100,
    });
  });
});

describe('priceCart', () => {
  it('adds lines: total = subtotal + tax − discount', () => {
    const totals = priceCart({
      lines: [
        { unit_price: 8550, quantity: 1, tax_rate: 12.5, discount_amount: 550 },
        { unit_price: 700, quantity: 3, tax_rate: 0 },
      ],
      cartDiscount: 1000,
    });
    expect(totals.subtotal).toBe(10_650);
    expect(totals.tax_amount).toBe(1069);
    expect(totals.discount_amount).toBe(1550);
    expect(totals.cart_discount_amount).toBe(1000);
    expect(totals.total_amount).toBe(10_650 + 1069 - 1550);
    expect(totals.lines.map((l) => l.total_price)).toEqual([8550, 2100]);
  });
  it('caps the cart discount at the subtotal left after line discounts, so the total never drops below the tax', () => {
    const totals = priceCart({
      lines: [{ unit_price: 1000, quantity: 1, tax_rate: 12.5, discount_amount: 400 }],
      cartDiscount: 99_999,
    });
    expect(totals.cart_discount_amount).toBe(600);
    expect(totals.discount_amount).toBe(1000);
    expect(totals.total_amount).toBe(125);
  });
  it('floors a negative cart discount at 0', () => {
    expect(
      priceCart({ lines: [{ unit_price: 1000, quantity: 1, tax_rate: 0 }], cartDiscount: -300 }).total_amount,
    ).toBe(1000);
  });
  it('is all zeros for no lines', () => {
    expect(priceCart({ lines: [] })).toEqual({
      lines: [],
      subtotal: 0,
      tax_amount: 0,
      discount_amount: 0,
      cart_discount_amount: 0,
      total_amount: 0,
    });
  });
  it('keeps the caller’s extra line fields', () => {
    const totals = priceCart({ lines: [{ unit_price: 100, quantity: 1, tax_rate: 0, product_id: 'x' }] });
    expect(totals.lines[0]?.product_id).toBe('x');
  });
});
