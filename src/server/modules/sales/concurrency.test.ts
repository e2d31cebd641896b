import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements, transactionItems, transactions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cash, createProduct, createShop, postSale } from './test-fixtures.ts';

// Truly concurrent on PostgreSQL (TEST_DATABASE_URL; a pool of 20 connections); serialised on PGlite.
let t: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
});
afterAll(() => t.close());

describe('concurrent checkouts', () => {
  it("sells exactly the last 5 units to 50 buyers at once; the other 45 get 409 'Insufficient stock'", async () => {
    const item = await createProduct(t.database.db, shop.business.id, {
      name: 'Last Bag of Gari',
      price: 2500,
      taxRate: '0',
      stockQuantity: 5,
    });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        postSale(t, shop.headers, {
          items: [{ product_id: item.id, quantity: 1 }],
          payments: [cash(2500, 5000)],
        }),
      ),
    );
    const byStatus = new Map<number, number>();
    for (const r of responses) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: 5, 409: 45 });
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json().error.code).toBe('INSUFFICIENT_STOCK');
      expect(r.json().error.message).toBe('Insufficient stock');
      expect(r.json().error.fields['items.0.quantity']).toMatch(/^Only [0-4] units available\.$/);
    }

    const [row] = await t.database.db.select().from(products).where(eq(products.id, item.id));
    expect(row?.stockQuantity).toBe(0);
    const sold = await t.database.db
      .select()
      .from(transactionItems)
      .where(eq(transactionItems.productId, item.id));
    expect(sold).toHaveLength(5);
    const movements = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, item.id));
    expect(movements.map((m) => m.quantityAfter).sort()).toEqual([0, 1, 2, 3, 4]);
    const receipts = responses.filter((r) => r.statusCode === 201).map((r) => r.json().sale.receipt_number);
    expect(new Set(receipts).size).toBe(5);
  });

  it('makes one sale of ten identical requests with the same Idempotency-Key at once', async () => {
    const item = await createProduct(t.database.db, shop.business.id, {
      price: 100,
      taxRate: '0',
      stockQuantity: 20,
    });
    const key = randomUUID();
    const body = { items: [{ product_id: item.id, quantity: 2 }], payments: [cash(200)] };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postSale(t, shop.headers, body, key)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(responses.map((r) => r.json().sale.id)).size).toBe(1);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, item.id));
    expect(row?.stockQuantity).toBe(18);
    const sales = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, responses[0]?.json().sale.id));
    expect(sales).toHaveLength(1);
  });

  it('never deadlocks when buyers take the same products in opposite orders', async () => {
    const a = await createProduct(t.database.db, shop.business.id, {
      price: 100,
      taxRate: '0',
      stockQuantity: 100,
    });
    const b = await createProduct(t.database.db, shop.business.id, {
      price: 100,
      taxRate: '0',
      stockQuantity: 100,
    });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const items = [
          { product_id: a.id, quantity: 1 },
          { product_id: b.id, quantity: 1 },
        ];
        return postSale(t, shop.headers, { items: i % 2 ? items.reverse() : items, payments: [cash(200)] });
      }),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await t.database.db.select().from(products).where(eq(products.businessId, shop.business.id));
    expect(rows.find((r) => r.id === a.id)?.stockQuantity).toBe(70);
    expect(rows.find((r) => r.id === b.id)?.stockQuantity).toBe(70);
  });
});
