import { describe, expect, it } from 'vitest';
import {
  amountShort,
  cashChange,
  changeDue,
  insufficientAmountMessage,
  remainingToPay,
  settle,
} from './settlement.ts';

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

describe('settling a sale (operations §4, §5)', () => {
  it('completes an all-cash sale and gives the change of the notes handed over', () => {
    expect(settle(4275, [{ method: 'cash', amount: 4275, tendered: 5000 }])).toEqual({
      settlement: { paymentMethod: 'cash', isComplete: true, amountPaid: 5000, changeGiven: 725 },
    });
  });

  it('leaves a sale with a non-cash part pending and records it as split', () => {
    const tenders = [
      { method: 'mtn_momo' as const, amount: 3250 },
      { method: 'cash' as const, amount: 6750, tendered: 10_000 },
    ];
    expect(settle(10_000, tenders)).toEqual({
      settlement: { paymentMethod: 'split', isComplete: false, amountPaid: 10_000, changeGiven: 3250 },
    });
    expect(cashChange(tenders)).toBe(3250);
    expect(remainingToPay(10_000, tenders)).toBe(0);
    expect(remainingToPay(12_000, tenders)).toBe(2000);
  });

  it('refuses payments that fall short with the spec message', () => {
    const result = settle(10_000, [{ method: 'cash', amount: 9000 }]);
    expect(result.problem).toEqual({
      code: 'INSUFFICIENT_AMOUNT',
      field: 'payments',
      total: 10_000,
      paid: 9000,
    });
  });

  it('refuses cash handed over below its own share', () => {
    const result = settle(5000, [{ method: 'cash', amount: 5000, tendered: 4000 }]);
    expect(result.problem).toEqual({
      code: 'INSUFFICIENT_AMOUNT',
      field: 'payments.0.amount_tendered',
      total: 5000,
      paid: 4000,
    });
  });

  it('refuses payments above the total, an amount received on a card, and a ₵0.00 split part', () => {
    expect(settle(5000, [{ method: 'card', amount: 6000 }]).problem).toEqual({
      code: 'PAYMENTS_EXCEED_TOTAL',
      field: 'payments',
      message: 'The payments come to ₵10.00 more than the total of ₵50.00. Check the cart and try again.',
    });
    expect(settle(5000, [{ method: 'card', amount: 5000, tendered: 5000 }]).problem).toEqual({
      code: 'INVALID_PAYMENT',
      field: 'payments.0.amount_tendered',
      message: 'Amount received applies to cash payments only',
    });
    expect(
      settle(5000, [
        { method: 'card', amount: 5000 },
        { method: 'cash', amount: 0 },
      ]).problem,
    ).toEqual({
      code: 'INVALID_PAYMENT',
      field: 'payments.1.amount',
      message: 'Each payment of a split sale must be more than ₵0.00',
    });
  });
});
