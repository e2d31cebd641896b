import { describe, expect, it } from 'vitest';
import {
  amountShort,
  changeDue,
  insufficientAmountMessage,
  needsTerminal,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  quickCashAmounts,
} from './payment-methods.ts';

describe('payment methods (operations §3)', () => {
  it('lists the five methods with their labels; only cash needs no terminal', () => {
    expect(PAYMENT_METHODS).toEqual(['cash', 'card', 'mtn_momo', 'telecel_cash', 'airteltigo_money']);
    expect(PAYMENT_METHODS.map((m) => PAYMENT_METHOD_LABELS[m])).toEqual([
      'Cash',
      'Card',
      'MTN MoMo',
      'Telecel Cash',
      'AirtelTigo Money',
    ]);
    expect(PAYMENT_METHODS.filter(needsTerminal)).toEqual([
      'card',
      'mtn_momo',
      'telecel_cash',
      'airteltigo_money',
    ]);
  });
});

describe('quickCashAmounts', () => {
  it('gives the exact total then the next ₵5, ₵10, ₵20, ₵50 and ₵100 note', () => {
    expect(quickCashAmounts(4275)).toEqual([4275, 4500, 5000, 6000, 10_000]);
    expect(quickCashAmounts(12_345)).toEqual([12_345, 12_500, 13_000, 14_000, 15_000, 20_000]);
  });
  it('drops repeats when the total is already a round amount', () => {
    expect(quickCashAmounts(500)).toEqual([500, 1000, 2000, 5000, 10_000]);
    expect(quickCashAmounts(10_000)).toEqual([10_000]);
  });
  it('offers the notes themselves for a small total', () => {
    expect(quickCashAmounts(150)).toEqual([150, 500, 1000, 2000, 5000, 10_000]);
  });
});

describe('change and shortfall', () => {
  it('gives change only when the amount is over', () => {
    expect(changeDue(4275, 5000)).toBe(725);
    expect(changeDue(4275, 4275)).toBe(0);
    expect(changeDue(4275, 4000)).toBe(0);
    expect(amountShort(4275, 4000)).toBe(275);
  });
  it("reads 'Insufficient amount. Need ₵X more.'", () => {
    expect(insufficientAmountMessage(4275, 4000)).toBe('Insufficient amount. Need ₵2.75 more.');
    expect(insufficientAmountMessage(123_456, 0)).toBe('Insufficient amount. Need ₵1,234.56 more.');
  });
});
