import type { Sale } from '../schemas/sales.ts';

/** A completed cash sale as the API returns it, for tests of the receipt (printed and mailed) and the dialogs. */
export function sampleSale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: '5f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    receipt_number: 'RCP-1732212345678-ABCDEF',
    transaction_type: 'sale',
    payment_status: 'completed',
    payment_method: 'cash',
    subtotal: 12_800,
    tax_amount: 1375,
    discount_amount: 0,
    total_amount: 14_175,
    amount_paid: 20_000,
    change_given: 5825,
    payments: [
      {
        id: '6a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        method: 'cash',
        amount: 14_175,
        amount_tendered: 20_000,
        status: 'completed',
        reference: null,
      },
    ],
    items: [
      {
        id: '7b1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        product_id: '8c1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        product_name: 'Milo 400g Tin',
        quantity: 2,
        unit_price: 5500,
        tax_rate: 12.5,
        tax_amount: 1375,
        discount_amount: 0,
        total_price: 11_000,
      },
      {
        id: '9d1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        product_id: 'ae1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        product_name: 'Voltic Mineral Water 1.5L',
        quantity: 3,
        unit_price: 600,
        tax_rate: 0,
        tax_amount: 0,
        discount_amount: 0,
        total_price: 1800,
      },
    ],
    customer: null,
    cashier: { id: 'bf1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', first_name: 'Esi', last_name: 'Owusu' },
    business: {
      name: 'Demo Shop',
      address: '14 Oxford Street, Osu, Accra',
      phone: '+233 24 123 4567',
      tax_id: 'C0012345678',
      receipt_footer: 'Thank you for shopping with us!',
      timezone: 'Africa/Accra',
      currency: 'GHS',
    },
    notes: null,
    created_at: '2025-11-21T14:05:09.000Z',
    ...overrides,
  };
}
