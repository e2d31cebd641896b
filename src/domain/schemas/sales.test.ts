import { describe, expect, it } from 'vitest';
import { createSaleInput, parkCartInput, posProductsQuery } from './sales.ts';

const productId = '0b7d3c1e-6f2a-4b8e-9a4d-2f1e0c9b8a71';
const cash = { method: 'cash', amount: 1000, amount_tendered: 2000 };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('createSaleInput', () => {
  it('accepts a cash sale and drops client totals; a line keeps only the price an offline till charged', () => {
    const parsed = createSaleInput.parse({
      items: [{ product_id: productId, quantity: 2, unit_price: 1, total_price: 2 }],
      total_amount: 1,
      payments: [cash],
    });
    // The price is read only for a sale made offline (checked against the day's prices); online the server
    // prices every line itself (sales.test.ts: a client's price of ₵0.01 changes nothing).
    expect(parsed.items).toEqual([{ product_id: productId, quantity: 2, unit_price: 1 }]);
    expect('total_amount' in parsed).toBe(false);
  });
  it("refuses an empty cart with 'Cart is empty'", () => {
    expect(firstMessage(createSaleInput.safeParse({ items: [], payments: [cash] }))).toBe('Cart is empty');
    expect(firstMessage(createSaleInput.safeParse({ payments: [cash] }))).toBe('Cart is empty');
  });
  it.each([0, -1, 1.5])('refuses quantity %s', (quantity) => {
    expect(
      firstMessage(
        createSaleInput.safeParse({ items: [{ product_id: productId, quantity }], payments: [cash] }),
      ),
    ).toBe('Quantity must be a whole number of at least 1');
  });
  it('refuses an absurd quantity', () => {
    expect(
      firstMessage(
        createSaleInput.safeParse({ items: [{ product_id: productId, quantity: 1e9 }], payments: [cash] }),
      ),
    ).toBe('Quantity must be at most 10000');
  });
  it('refuses an unknown method and negative or fractional amounts', () => {
    expect(
      firstMessage(
        createSaleInput.safeParse({
          items: [{ product_id: productId, quantity: 1 }],
          payments: [{ method: 'bitcoin', amount: 1 }],
        }),
      ),
    ).toMatch(/^Payment method must be one of/);
    expect(
      firstMessage(
        createSaleInput.safeParse({
          items: [{ product_id: productId, quantity: 1 }],
          payments: [{ method: 'cash', amount: -1 }],
        }),
      ),
    ).toBe('Payment amount cannot be negative');
    expect(
      firstMessage(
        createSaleInput.safeParse({
          items: [{ product_id: productId, quantity: 1 }],
          payments: [{ method: 'cash', amount: 1.5 }],
        }),
      ),
    ).toBe('Payment amount must be a whole number of pesewas');
  });
});

describe('posProductsQuery', () => {
  it('reads numbers from the query string and defaults them', () => {
    expect(posProductsQuery.parse({ limit: '20', search: '  ' })).toEqual({
      limit: 20,
      offset: 0,
      search: undefined,
    });
  });
});

describe('parkCartInput', () => {
  it('defaults discounts and the customer', () => {
    const parsed = parkCartInput.parse({
      note: 'Blue shirt man',
      cart: {
        items: [{ product_id: productId, name: 'Rice', unit_price: 100, tax_rate: 12.5, quantity: 1 }],
      },
    });
    expect(parsed.cart.discount_amount).toBe(0);
    expect(parsed.cart.customer).toBeNull();
    expect(parsed.cart.items[0]?.discount_amount).toBe(0);
  });
});
