import { describe, expect, it } from 'vitest';
import { sampleSale } from '#domain/testing/sample-sale.ts';
import { cashierName, itemQuantityText, receiptTotals } from './receipt-format.ts';

describe('receipt totals', () => {
  it('lists subtotal, tax, total, the cash handed over, amount paid and change', () => {
    expect(receiptTotals(sampleSale())).toEqual([
      { label: 'Subtotal', value: '₵128.00' },
      { label: 'Tax', value: '₵13.75' },
      { label: 'Total', value: '₵141.75', isStrong: true },
      { label: 'Cash', value: '₵200.00' },
      { label: 'Amount paid', value: '₵200.00' },
      { label: 'Change', value: '₵58.25' },
    ]);
  });

  it('shows a discount and each part of a split payment with its status', () => {
    const rows = receiptTotals(
      sampleSale({
        discount_amount: 500,
        total_amount: 13_675,
        amount_paid: 5000,
        change_given: 0,
        payment_status: 'pending',
        payment_method: 'split',
        payments: [
          {
            id: '6a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
            method: 'cash',
            amount: 5000,
            amount_tendered: 5000,
            status: 'completed',
            reference: null,
          },
          {
            id: '6b1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
            method: 'mtn_momo',
            amount: 8675,
            amount_tendered: null,
            status: 'pending',
            reference: null,
          },
        ],
      }),
    );
    expect(rows.map((row) => `${row.label} ${row.value}`)).toEqual([
      'Subtotal ₵128.00',
      'Tax ₵13.75',
      'Discount -₵5.00',
      'Total ₵136.75',
      'Cash ₵50.00',
      'MTN MoMo (pending) ₵86.75',
      'Amount paid ₵50.00',
      'Change ₵0.00',
    ]);
  });
});

describe('receipt details', () => {
  it('writes quantities and the cashier', () => {
    expect(itemQuantityText(2, 5500)).toBe('2 × ₵55.00');
    expect(cashierName(sampleSale())).toBe('Esi Owusu');
  });
});
