import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { createUser, staffCookie } from '../../testing/factories.ts';
import { businessHeaders, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createProduct, createShop } from './test-fixtures.ts';

let t: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  other = await createShop(t);
});
afterAll(() => t.close());

const park = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/parked-carts',
    headers,
    payload: payload as Record<string, unknown>,
  });

async function cartOf(productId: string) {
  return {
    items: [
      {
        product_id: productId,
        name: 'Peak Milk Tin',
        unit_price: 1250,
        tax_rate: 12.5,
        quantity: 3,
        discount_amount: 50,
      },
    ],
    discount_amount: 100,
    customer: null,
  };
}

describe('parked carts', () => {
  it('parks a cart with a note, shows it to every till of the shop with its age, and reserves no stock', async () => {
    const milk = await createProduct(t.database.db, shop.business.id, { stockQuantity: 3 });
    const response = await park(shop.headers, {
      note: 'Lady in the blue dress',
      cart: await cartOf(milk.id),
    });
    expect(response.statusCode).toBe(201);
    const { parked_cart } = response.json();
    // 3 × 12.50 = 37.50; tax 4.6875 → 4.69; discounts 0.50 + 1.00.
    expect(parked_cart).toEqual({
      id: expect.any(String),
      note: 'Lady in the blue dress',
      cart: await cartOf(milk.id),
      item_count: 3,
      total_amount: 3750 + 469 - 150,
      parked_by: { id: shop.user.id, name: 'Kofi Asare' },
      created_at: expect.any(String),
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, milk.id));
    expect(row?.stockQuantity).toBe(3);

    // A second till (another cashier of the same shop) sees it.
    const colleague = await createUser(t.database.db, shop.business.id, {
      role: 'cashier',
      firstName: 'Esi',
      lastName: 'Ofori',
    });
    const colleagueHeaders = businessHeaders(
      shop.business.slug,
      await staffCookie(t.database.db, colleague, shop.business.slug),
    );
    const listed = await t.app.inject({ url: '/api/v1/parked-carts', headers: colleagueHeaders });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().parked_carts).toEqual([parked_cart]);

    // …and another business does not.
    const theirs = await t.app.inject({ url: '/api/v1/parked-carts', headers: other.headers });
    expect(theirs.json().parked_carts).toEqual([]);
    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/parked-carts/${parked_cart.id}`,
      headers: other.headers,
    });
    expect(stolen.statusCode).toBe(404);

    // Resuming takes it off the shelf; a second resume is told it is gone.
    const resumed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/parked-carts/${parked_cart.id}`,
      headers: colleagueHeaders,
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().parked_cart).toEqual(parked_cart);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/parked-carts/${parked_cart.id}`,
      headers: shop.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual({
      code: 'PARKED_CART_NOT_FOUND',
      message: 'This parked sale was already resumed',
    });
    expect(
      (await t.app.inject({ url: '/api/v1/parked-carts', headers: shop.headers })).json().parked_carts,
    ).toEqual([]);
  });

  it('lists the newest first', async () => {
    const item = await createProduct(t.database.db, shop.business.id);
    const first = (await park(shop.headers, { note: 'first', cart: await cartOf(item.id) })).json()
      .parked_cart;
    t.clock.advance(1000);
    const second = (await park(shop.headers, { note: 'second', cart: await cartOf(item.id) })).json()
      .parked_cart;
    const listed = (await t.app.inject({ url: '/api/v1/parked-carts', headers: shop.headers })).json()
      .parked_carts;
    expect(listed.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
  });

  it('refuses an empty cart, and a product of another business or none, changing nothing', async () => {
    const empty = await park(shop.headers, { note: 'x', cart: { items: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Cart is empty');
    const foreign = await createProduct(t.database.db, other.business.id);
    for (const productId of [foreign.id, randomUUID()]) {
      const response = await park(shop.headers, { note: 'x', cart: await cartOf(productId) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'PRODUCT_NOT_FOUND',
        message: 'Product not found',
        fields: { 'cart.items.0.product_id': 'Product not found' },
      });
    }
    const listed = (await t.app.inject({ url: '/api/v1/parked-carts', headers: other.headers })).json()
      .parked_carts;
    expect(listed).toEqual([]);
  });

  it('needs a signed-in staff member', async () => {
    const response = await t.app.inject({
      url: '/api/v1/parked-carts',
      headers: businessHeaders(shop.business.slug),
    });
    expect(response.statusCode).toBe(401);
  });
});
