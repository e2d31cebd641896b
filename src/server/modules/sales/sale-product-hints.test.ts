import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, transactions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { saleProductHints } from './sale-product-hints.ts';
import { cash, createProduct, createShop, postSale } from './test-fixtures.ts';

// The till sells the same products all day: the server keeps the products of its last checkouts and prices the
// next sale of them before it reaches the database (one round trip; sale-commit.test.ts counts them). Only a
// hint: whatever changed since — on this server or another — the sale is made at the product as it is.

let t: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t, 'owner');
});
afterAll(() => t.close());

const sell = (productId: string, quantity: number, amount: number, key?: string) =>
  postSale(t, shop.headers, { items: [{ product_id: productId, quantity }], payments: [cash(amount)] }, key);

const stockOf = async (productId: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, productId)))[0]?.stockQuantity;

/** A product of the shop (no tax) sold once already, so that this server keeps it. */
async function productSoldOnce(fields: {
  price: number;
  stockQuantity: number;
  name?: string;
  costPrice?: number;
}) {
  const product = await createProduct(t.database.db, shop.business.id, { ...fields, taxRate: '0' });
  expect((await sell(product.id, 1, fields.price)).statusCode).toBe(201);
  return product;
}

/** The same product written behind the server's back, as another server instance would. */
const update = (productId: string, change: Partial<typeof products.$inferInsert>) =>
  t.database.db.update(products).set(change).where(eq(products.id, productId));

describe('a sale of products sold before on this server', () => {
  it('is made at the product as it is now: a new name, cost and price made elsewhere', async () => {
    const milo = await productSoldOnce({
      name: 'Milo 400g Tin',
      price: 4500,
      costPrice: 3000,
      stockQuantity: 20,
    });
    await update(milo.id, { name: 'Milo 400g Tin (new look)', costPrice: 3200 });
    const renamed = await sell(milo.id, 1, 4500);
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json().sale.items[0]).toMatchObject({ product_name: 'Milo 400g Tin (new look)' });
    const [line] = await t.database.query<{ unit_cost: number }>(
      'select unit_cost from transaction_items where transaction_id = $1',
      [renamed.json().sale.id],
    );
    expect(line?.unit_cost).toBe(3200);
    await update(milo.id, { price: 4800 });
    // Tendered at the old price: refused at the new one, as any sale would be.
    expect((await sell(milo.id, 1, 4500)).json()).toMatchObject({ error: { code: 'INSUFFICIENT_AMOUNT' } });
    expect((await sell(milo.id, 1, 4800)).statusCode).toBe(201);
    expect(await stockOf(milo.id)).toBe(17);
  });

  it('trusts the stock it finds, not the stock it read: a restock sells, a shortfall is refused with what is left', async () => {
    const sugar = await productSoldOnce({ price: 1000, stockQuantity: 1 });
    await update(sugar.id, { stockQuantity: 5 });
    expect((await sell(sugar.id, 3, 3000)).statusCode).toBe(201);
    await update(sugar.id, { stockQuantity: 1 });
    const short = await sell(sugar.id, 2, 2000);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      error: { code: 'INSUFFICIENT_STOCK', fields: { 'items.0.quantity': 'Only 1 units available.' } },
    });
    expect(await stockOf(sugar.id)).toBe(1);
  });

  it('refuses a product deleted since', async () => {
    const bread = await productSoldOnce({ price: 1500, stockQuantity: 9 });
    await update(bread.id, { isActive: false });
    expect((await sell(bread.id, 1, 1500)).json()).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
    expect(await stockOf(bread.id)).toBe(8);
  });

  it('retried with its Idempotency-Key, answers the first sale and takes the stock once', async () => {
    const oil = await productSoldOnce({ price: 2500, stockQuantity: 10 });
    const key = randomUUID();
    const first = await sell(oil.id, 2, 5000, key);
    const again = await sell(oil.id, 2, 5000, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().sale.id).toBe(first.json().sale.id);
    expect(await stockOf(oil.id)).toBe(7);
    const made = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, first.json().sale.id));
    expect(made).toHaveLength(1);
  });
});

describe('the hints', () => {
  const product = (id: string) => ({
    id,
    name: id,
    price: 100,
    cost: 50,
    taxRate: '0',
    stock: 1,
    isActive: true,
    version: '1',
  });

  it("answer only when every product is kept, and only the business's own", () => {
    const hints = saleProductHints(10);
    hints.set('shop-a', [product('rice'), product('soap')]);
    expect([...(hints.get('shop-a', ['rice', 'soap']) ?? []).keys()]).toEqual(['rice', 'soap']);
    expect(hints.get('shop-a', ['rice', 'milk'])).toBeNull();
    expect(hints.get('shop-b', ['rice'])).toBeNull();
    hints.forget('shop-a', ['soap']);
    expect(hints.get('shop-a', ['soap'])).toBeNull();
  });

  it('keep the most recently read up to their capacity', () => {
    const hints = saleProductHints(2);
    hints.set('shop', [product('a'), product('b')]);
    hints.set('shop', [product('a')]);
    hints.set('shop', [product('c')]);
    expect(hints.get('shop', ['b'])).toBeNull();
    expect(hints.get('shop', ['a', 'c'])).not.toBeNull();
  });
});
