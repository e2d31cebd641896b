import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { createCustomer, createProduct } from '../../testing/factories.ts';
import { expectError, signedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cash, postSale } from '../sales/test-fixtures.ts';
import { percentChange } from './queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;
const DAY = 24 * 60 * 60_000;

describe('GET /api/v1/dashboard (operations §2 Dashboard)', () => {
  it('adds up takings by Africa/Accra day around midnight, nets refunds, ignores voids; cards, recent sales, low stock', async () => {
    const owner = await signedInShop(t, 'owner', { business: { timezone: 'Africa/Accra' } });
    const item = await createProduct(db(), owner.businessId, {
      name: 'Gari 1kg',
      price: 100,
      taxRate: '0',
      stockQuantity: 500,
      minStockLevel: 5,
    });
    for (const [name, stock] of [
      ['Milo', 2],
      ['Sugar', 0],
      ['Rice', 5],
      ['Oil', 1],
    ] as const) {
      await createProduct(db(), owner.businessId, { name, stockQuantity: stock, minStockLevel: 5 });
    }
    const regular = await createCustomer(db(), owner.businessId, { name: 'Ama' });
    await createCustomer(db(), owner.businessId, { name: 'Kojo', phone: null, email: null });

    const sell = async (cedis: number, customerId?: string) => {
      const response = await postSale(t, owner.headers, {
        items: [{ product_id: item.id, quantity: cedis }],
        payments: [cash(cedis * 100)],
        customer_id: customerId,
      });
      expect(response.statusCode).toBe(201);
      return response.json().sale.id as string;
    };
    const moveTo = (id: string, at: Date) =>
      db().update(transactions).set({ createdAt: at }).where(eq(transactions.id, id));

    // Accra is UTC+0 all year: its midnight is UTC midnight.
    const now = new Date();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const justAfter = await sell(10, regular.id); // today 00:00:30
    const justBefore = await sell(20); // yesterday 23:59:30
    const twoDaysAgo = await sell(40);
    const refunded = await sell(5); // today, then refunded in full: nets to 0
    const voided = await sell(7); // today, then voided: counts for nothing
    await moveTo(justAfter, new Date(midnight.getTime() + 30_000));
    await moveTo(justBefore, new Date(midnight.getTime() - 30_000));
    await moveTo(twoDaysAgo, new Date(midnight.getTime() - 2 * DAY + 3_600_000));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${refunded}/refund`,
      headers: owner.headers,
      payload: {},
    });
    expect(refund.statusCode).toBe(201);
    const voiding = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${voided}/void`,
      headers: owner.headers,
      payload: {},
    });
    expect(voiding.statusCode).toBe(200);

    const response = await t.app.inject({ url: '/api/v1/dashboard', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // By hand: today 10 + 5 − 5 = ₵10.00; yesterday ₵20.00 → −50 %.
    const day = now.getUTCDate();
    const monthHasYesterday = day >= 2;
    const monthHasTwoDaysAgo = day >= 3;
    expect(body).toMatchObject({
      today_sales: 1000,
      yesterday_sales: 2000,
      today_change_percent: -50,
      total_products: 5,
      low_stock_count: 4,
      active_customers: 1,
      total_customers: 2,
      month_revenue: 1000 + (monthHasYesterday ? 2000 : 0) + (monthHasTwoDaysAgo ? 4000 : 0),
      month_count: 1 + (monthHasYesterday ? 1 : 0) + (monthHasTwoDaysAgo ? 1 : 0),
    });
    expect(body.recent.map((r: { id: string }) => r.id)).toEqual([
      expect.any(String),
      expect.any(String),
      justAfter,
      justBefore,
      twoDaysAgo,
    ]);
    expect(new Set(body.recent.slice(0, 2).map((r: { id: string }) => r.id))).toEqual(
      new Set([refunded, voided]),
    );
    expect(body.recent[2]).toMatchObject({ item_count: 10, payment_method: 'cash', total_amount: 1000 });
    expect(body.low_stock.map((p: { name: string }) => p.name)).toEqual(['Sugar', 'Oil', 'Milo']);
  });

  it('is for those who see reports: a cashier is refused', async () => {
    const owner = await signedInShop(t, 'owner');
    const cashier = await signedInMember(t, owner.business, 'cashier');
    expectError(await t.app.inject({ url: '/api/v1/dashboard', headers: cashier.headers }), 403, 'FORBIDDEN');
  });

  it('gives the change from yesterday with one decimal, none when yesterday had no takings', () => {
    expect(percentChange(1500, 1000)).toBe(50);
    expect(percentChange(1000, 3000)).toBe(-66.7);
    expect(percentChange(500, 0)).toBeNull();
  });
});
