import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncCatalogResponse } from '#domain/schemas/sync.ts';
import { customers, products } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  cash,
  createCategory,
  createCustomer,
  createProduct,
  createShop,
  postSale,
} from '../sales/test-fixtures.ts';

let t: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  other = await createShop(t);
});
afterAll(() => t.close());

async function sync(headers: Record<string, string>, cursor?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/sync/catalog${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
    headers,
  });
  return {
    status: response.statusCode,
    body: response.json() as SyncCatalogResponse,
    headers: response.headers,
  };
}

describe('GET /api/v1/sync/catalog', () => {
  it('gives everything without a cursor, then only what changed since, deactivations included', async () => {
    const db = t.database.db;
    const b = shop.business.id;
    const drinks = await createCategory(db, b, 'Drinks', 1);
    const water = await createProduct(db, b, {
      name: 'Sync Water',
      categoryId: drinks.id,
      stockQuantity: 10,
      price: 600,
    });
    const bread = await createProduct(db, b, { name: 'Sync Bread', stockQuantity: 3, price: 1200 });
    const ama = await createCustomer(db, b, { name: 'Ama Sync', phone: '+233241234567' });

    const first = await sync(shop.headers);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.full).toBe(true);
    expect(first.body.products.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Sync Water', 'Sync Bread']),
    );
    expect(first.body.products.find((p) => p.id === water.id)).toMatchObject({
      price: 600,
      stock_quantity: 10,
      is_active: true,
      category: { id: drinks.id, name: 'Drinks' },
    });
    expect(first.body.categories.map((c) => c.name)).toContain('Drinks');
    expect(first.body.customers.map((c) => c.id)).toContain(ama.id);

    // Nothing changed: nothing comes back. Rows repeat only while a write that began before them was still
    // running when the cursor was taken, and on a shared PostgreSQL that can be another test file's, in
    // another database (transaction ids are the server's). So ask again, each time from the cursor given,
    // until those writes are over; a cursor that filtered nothing would never give an empty answer.
    let quiet = await sync(shop.headers, first.body.cursor);
    for (let asked = 1; asked < 50 && quiet.body.products.length > 0; asked++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      quiet = await sync(shop.headers, quiet.body.cursor);
    }
    expect(quiet.body.full).toBe(false);
    expect(quiet.body.products).toEqual([]);

    // A price change, a sale's stock and a deactivation all reach the till.
    await withTenant(db, b, (tx) => tx.update(products).set({ price: 650 }).where(eq(products.id, water.id)));
    const sold = await postSale(t, shop.headers, {
      items: [{ product_id: bread.id, quantity: 1 }],
      payments: [cash(1350)],
    });
    expect(sold.statusCode).toBe(201);
    await withTenant(db, b, (tx) =>
      tx
        .update(customers)
        .set({ isActive: false })
        .where(and(eq(customers.id, ama.id), eq(customers.businessId, b))),
    );
    const changed = await sync(shop.headers, quiet.body.cursor);
    const byId = new Map(changed.body.products.map((p) => [p.id, p]));
    expect(byId.get(water.id)?.price).toBe(650);
    expect(byId.get(bread.id)?.stock_quantity).toBe(2);
    expect(changed.body.customers).toEqual([expect.objectContaining({ id: ama.id, is_active: false })]);
  });

  it('never gives one business the rows of another', async () => {
    const mine = await createProduct(t.database.db, other.business.id, {
      name: 'Other Shop Only',
      stockQuantity: 4,
    });
    await createCustomer(t.database.db, other.business.id, { name: 'Other Shop Customer' });
    const theirs = await sync(shop.headers);
    expect(theirs.body.products.map((p) => p.id)).not.toContain(mine.id);
    expect(theirs.body.customers.map((c) => c.name)).not.toContain('Other Shop Customer');
    const own = await sync(other.headers);
    expect(own.body.products.map((p) => p.id)).toEqual([mine.id]);
  });

  it('refuses a cursor that is not one, and anyone signed out', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sync/catalog?cursor=abc',
      headers: shop.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Cursor is not valid/);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sync/catalog',
      headers: { 'x-business': shop.business.slug },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
