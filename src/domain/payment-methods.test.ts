import { describe, expect, it } from 'vitest';
import {
  methodsWithFeatures,
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

  it('takes mobile money only with the mobile_payments POS feature', () => {
    expect(methodsWithFeatures(['inventory_management', 'customer_management'])).toEqual(['cash', 'card']);
    expect(methodsWithFeatures(['mobile_payments'])).toEqual(PAYMENT_METHODS);
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
