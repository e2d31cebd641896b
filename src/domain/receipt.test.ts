import { describe, expect, it } from 'vitest';
import { receiptContent, receiptText } from './receipt.ts';
import { failedSplitSale } from './testing/failed-split-sale.ts';
import { sampleSale } from './testing/sample-sale.ts';

describe('receipt content', () => {
  it('says who sold what, when (business timezone) and how it was paid', () => {
    const content = receiptContent(sampleSale());
    expect(content.businessName).toBe('Demo Shop');
    expect(content.headerLines).toEqual([
      '14 Oxford Street, Osu, Accra',
      'Tel: +233 24 123 4567',
      'Tax ID: C0012345678',
    ]);
    expect(content.details).toEqual([
      { label: 'Receipt', value: 'RCP-1732212345678-ABCDEF' },
      { label: 'Date', value: 'Nov 21, 2025, 14:05' },
      { label: 'Cashier', value: 'Esi Owusu' },
    ]);
    expect(content.items[0]).toEqual({
      id: '7b1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      name: 'Milo 400g Tin',
      quantityText: '2 × ₵55.00',
      total: '₵110.00',
      extras: [{ label: 'Tax 12.5%', value: '₵13.75' }],
    });
    expect(content.items[1]?.extras).toEqual([]);
    expect(content.statusNote).toBeNull();
    expect(content.footer).toBe('Thank you for shopping with us!');
  });

  it('labels a failed and a pending payment and says the sale failed', () => {
    const content = receiptContent(failedSplitSale());
    expect(content.details).toContainEqual({ label: 'Date', value: 'Nov 21, 2025, 23:30' });
    expect(content.details).toContainEqual({ label: 'Customer', value: 'Yaw Mensah' });
    expect(content.totals.map((row) => `${row.label} ${row.value}`)).toEqual([
      'Subtotal ₵128.00',
      'Tax ₵13.75',
      'Discount -₵5.00',
      'Total ₵136.75',
      'Cash ₵50.00',
      'Card (failed) ₵40.00',
      'MTN MoMo (pending) ₵46.75',
      'Amount paid ₵50.00',
      'Change ₵0.00',
    ]);
    expect(content.statusNote).toBe('PAYMENT FAILED');
  });

  it('shows the day of the business, not of the server: 23:30 UTC in Lagos is the next day', () => {
    const sale = failedSplitSale();
    const lagos = receiptContent({ ...sale, business: { ...sale.business, timezone: 'Africa/Lagos' } });
    expect(lagos.details).toContainEqual({ label: 'Date', value: 'Nov 22, 2025, 00:30' });
  });

  it('writes the same content as text lines, in the printed order', () => {
    const text = receiptText(receiptContent(failedSplitSale())).split('\n');
    expect(text.slice(0, 4)).toEqual([
      'Demo Shop',
      '14 Oxford Street, Osu, Accra',
      'Tel: +233 24 123 4567',
      'Tax ID: C0012345678',
    ]);
    expect(text).toContain('Receipt: RCP-1732212345678-ABCDEF');
    expect(text).toContain('  2 × ₵55.00  ₵110.00');
    expect(text).toContain('  Tax 12.5%  ₵13.75');
    expect(text).toContain('Card (failed): ₵40.00');
    expect(text).toContain('*** PAYMENT FAILED ***');
    expect(text.at(-1)).toBe('Thank you for shopping with us!');
  });
});

describe('a refund receipt (REF-)', () => {
  it('says REFUND, keeps the discount and gives the cash handed back', () => {
    const refund = sampleSale({
      receipt_number: 'REF-1732212345999-ZZZZZZ',
      transaction_type: 'refund',
      subtotal: -5500,
      tax_amount: -688,
      discount_amount: 31,
      total_amount: -6157,
      payments: [{ ...cashBack, amount: -6157 }],
    });
    const content = receiptContent(refund);
    expect(content.statusNote).toBe('REFUND');
    expect(content.totals).toEqual([
      { label: 'Subtotal', value: '-₵55.00' },
      { label: 'Tax', value: '-₵6.88' },
      { label: 'Discount kept', value: '+₵0.31' },
      { label: 'Total refunded', value: '-₵61.57', isStrong: true },
      { label: 'Cash handed back', value: '₵61.57' },
    ]);
  });

  it('says how the money went back: sent to the card or MoMo number by the provider, or to send by hand', () => {
    const refund = sampleSale({
      transaction_type: 'refund',
      total_amount: -6000,
      payments: [
        { ...cashBack, method: 'mtn_momo', amount: -2500, provider: 'paystack' },
        { ...cashBack, amount: -1000 },
        { ...cashBack, method: 'card', amount: -1500, provider: 'sandbox' },
        { ...cashBack, method: 'telecel_cash', amount: -1000, provider: 'manual' },
      ],
    });
    expect(receiptContent(refund).totals.slice(-4)).toEqual([
      { label: "Sent back to customer's MTN MoMo number", value: '₵25.00' },
      { label: 'Cash handed back', value: '₵10.00' },
      { label: "Sent back to customer's card", value: '₵15.00' },
      { label: "To send back by MoMo to customer's Telecel Cash number", value: '₵10.00' },
    ]);
  });
});

const cashBack = {
  id: '6a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4c',
  method: 'cash' as const,
  amount: 0,
  amount_tendered: null,
  status: 'completed' as const,
  reference: null,
};

describe('loyalty points on the receipt', () => {
  it('shows the points redeemed apart from the discount, the points earned and the new balance', () => {
    const sale = sampleSale({
      discount_amount: 1250,
      total_amount: 12_925,
      loyalty: {
        points_earned: 129,
        points_redeemed: 1000,
        redeemed_value: 1000,
        points_reversed: 0,
        points_returned: 0,
        balance: 1379,
      },
    });
    const rows = receiptContent(sale).totals.map((row) => `${row.label} ${row.value}`);
    expect(rows).toContain('Discount -₵2.50');
    expect(rows).toContain('Points redeemed (1,000) -₵10.00');
    expect(rows.slice(-2)).toEqual(['Points earned +129', 'Points balance 1,379']);
    expect(receiptText(receiptContent(sale))).toContain('Points balance: 1,379');
  });

  it('shows the points a refund took back and gave back', () => {
    const refund = sampleSale({
      transaction_type: 'refund',
      loyalty: {
        points_earned: 0,
        points_redeemed: 0,
        redeemed_value: 0,
        points_reversed: 49,
        points_returned: 100,
        balance: 247,
      },
    });
    const rows = receiptContent(refund).totals.map((row) => `${row.label} ${row.value}`);
    expect(rows.slice(-3)).toEqual(['Points taken back -49', 'Points given back +100', 'Points balance 247']);
  });

  it('says nothing of points when the sale moved none', () => {
    const rows = receiptContent(sampleSale({ loyalty: null })).totals.map((row) => row.label);
    expect(rows.some((label) => label.startsWith('Points'))).toBe(false);
  });
});
