import { describe, expect, it } from 'vitest';
import { createSaleInput } from '#domain/schemas/sales.ts';
import { buildOfflineSale, canSellOffline } from './offline-sale.ts';

const water = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Voltic 1.5L',
  price: 600,
  tax_rate: 0,
  stock_quantity: 5,
};
const milo = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Milo 400g',
  price: 5500,
  tax_rate: 12.5,
  stock_quantity: 5,
};
const business = {
  name: 'Demo Shop',
  address: 'Osu, Accra',
  phone: null,
  tax_id: null,
  receipt_footer: null,
  timezone: 'Africa/Accra',
  currency: 'GHS',
};

describe('an offline sale', () => {
  const built = buildOfflineSale({
    cart: {
      lines: [
        { product: water, quantity: 2, discount_amount: 0 },
        { product: milo, quantity: 1, discount_amount: 0 },
      ],
      discount_amount: 0,
      customer: null,
    },
    payments: [{ method: 'cash', amount: 7388, tendered: 7500 }],
    saleId: '33333333-3333-4333-8333-333333333333',
    tillId: '3f2a9c1b-77d0-4e11-9a2b-0123456789ab',
    sequence: 3,
    at: new Date('2026-11-24T09:30:00Z'),
    business,
    cashier: { id: '44444444-4444-4444-8444-444444444444', first_name: 'Ama', last_name: 'Mensah' },
  });

  it('prints the receipt the server will record: totals, change and the offline number', () => {
    expect(built.sale.receipt_number).toBe('OFF-3F2A9C1B77D0-0003');
    // ₵12.00 + ₵55.00 + ₵6.88 tax
    expect(built.sale.total_amount).toBe(7388);
    expect(built.sale.change_given).toBe(112);
    expect(built.sale.items.map((item) => item.unit_price)).toEqual([600, 5500]);
    expect(built.sale.created_at).toBe('2026-11-24T09:30:00.000Z');
  });

  it('sends the charged prices, its time and its id, in a body the server accepts', () => {
    const parsed = createSaleInput.safeParse(built.body);
    expect(parsed.success).toBe(true);
    expect(built.body.id).toBe('33333333-3333-4333-8333-333333333333');
    expect(built.body.items.map((item) => item.unit_price)).toEqual([600, 5500]);
    expect(built.body.offline).toEqual({
      created_at: '2026-11-24T09:30:00.000Z',
      receipt_number: 'OFF-3F2A9C1B77D0-0003',
      till_id: '3f2a9c1b-77d0-4e11-9a2b-0123456789ab',
    });
  });

  it('is paid in cash or manual mobile money with its transaction ID, never by card or a MoMo prompt', () => {
    expect(canSellOffline([{ method: 'cash', amount: 100 }])).toBe(true);
    expect(
      canSellOffline([
        { method: 'cash', amount: 50 },
        { method: 'mtn_momo', amount: 50, reference: 'MP241124.0930.B71234' },
      ]),
    ).toBe(true);
    expect(
      canSellOffline([
        { method: 'cash', amount: 50 },
        { method: 'card', amount: 50 },
      ]),
    ).toBe(false);
    expect(canSellOffline([{ method: 'mtn_momo', amount: 50, phone: '+233241234567' }])).toBe(false);
    expect(canSellOffline([{ method: 'telecel_cash', amount: 50 }])).toBe(false);
    expect(canSellOffline([])).toBe(false);
  });

  it('records manual mobile money as taken and confirmed by the cashier', () => {
    const momo = buildOfflineSale({
      cart: {
        lines: [{ product: water, quantity: 1, discount_amount: 0 }],
        discount_amount: 0,
        customer: null,
      },
      payments: [{ method: 'telecel_cash', amount: 600, reference: ' 0012345678 ' }],
      saleId: '55555555-5555-4555-8555-555555555555',
      tillId: '3f2a9c1b-77d0-4e11-9a2b-0123456789ab',
      sequence: 4,
      at: new Date('2026-11-24T09:40:00Z'),
      business,
      cashier: { id: '44444444-4444-4444-8444-444444444444', first_name: 'Ama', last_name: 'Mensah' },
    });
    expect(createSaleInput.safeParse(momo.body).success).toBe(true);
    expect(momo.body.payments).toEqual([{ method: 'telecel_cash', amount: 600, reference: '0012345678' }]);
    expect(momo.sale.payment_status).toBe('completed');
    expect(momo.sale.amount_paid).toBe(600);
    expect(momo.sale.change_given).toBe(0);
    expect(momo.sale.payments[0]).toMatchObject({
      method: 'telecel_cash',
      status: 'completed',
      reference: '0012345678',
      is_confirmed_by_cashier: true,
    });
  });
});
