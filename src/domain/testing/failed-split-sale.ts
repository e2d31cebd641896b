import type { Sale } from '../schemas/sales.ts';
import { sampleSale } from './sample-sale.ts';

/** A split sale whose card part failed while the mobile-money part still waits, with a customer and a discount. */
export function failedSplitSale(): Sale {
  return sampleSale({
    payment_status: 'failed',
    payment_method: 'split',
    discount_amount: 500,
    total_amount: 13_675,
    amount_paid: 5000,
    change_given: 0,
    customer: { id: 'c01c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Yaw Mensah', phone: null, email: null },
    created_at: '2025-11-21T23:30:05.000Z',
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
        method: 'card',
        amount: 4000,
        amount_tendered: null,
        status: 'failed',
        reference: null,
      },
      {
        id: '6c1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        method: 'mtn_momo',
        amount: 4675,
        amount_tendered: null,
        status: 'pending',
        reference: null,
      },
    ],
  });
}
