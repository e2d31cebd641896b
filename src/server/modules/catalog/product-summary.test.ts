import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createProduct } from '../../testing/factories.ts';
import { SET_STOCK_AS_THE_LEDGER_DOES } from '../../testing/ledger-stock-write.ts';
import { type SignedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestDatabase, postgresServerUrl } from '../../testing/test-database.ts';
import { productSummary } from './catalog-figures.ts';
import { catalogMirrors } from './catalog-mirror.ts';

// The product screen's cards over a whole catalog are kept between requests (figures-cache.ts), and a big
// catalog's search cards counted in memory (catalog-mirror.ts): they must still change with every write to a
// product, at once.

describe('the product cards over a whole catalog', () => {
  let t: TestApp;
  let owner: SignedInMember;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInShop(t, 'owner');
  });
  afterAll(() => t.close());

  const summary = async (query = '') => {
    const response = await t.app.inject({ url: `/api/v1/products/summary${query}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total_products: number; low_stock_count: number; total_value: number };
  };
  const send = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers = owner.headers,
  ) => {
    const response = await t.app.inject({ method, url, headers, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  };

  it('follow a new product, a price, a stock change and a deletion at once', async () => {
    const { product } = await send('POST', '/api/v1/products', { name: 'Milo 400g Tin', price: 4500 });
    await send('POST', '/api/v1/products', { name: 'Gari 1kg', price: 1200, stock_quantity: 10 });
    expect(await summary()).toMatchObject({ total_products: 2, total_value: 12_000 });
    expect(await summary()).toMatchObject({ total_products: 2, total_value: 12_000 });

    await send('POST', `/api/v1/products/${product.id}/stock`, { operation: 'add', quantity: 2 });
    expect(await summary()).toMatchObject({ total_products: 2, total_value: 21_000 });

    await send('PATCH', `/api/v1/products/${product.id}`, { price: 5000 });
    expect(await summary()).toMatchObject({ total_value: 22_000 });

    await send('PATCH', `/api/v1/products/${product.id}`, { min_stock_level: 5 });
    expect(await summary('?low_stock=true')).toMatchObject({ total_products: 1, low_stock_count: 1 });

    await send('DELETE', `/api/v1/products/${product.id}`);
    expect(await summary()).toMatchObject({ total_products: 1, total_value: 12_000 });
    expect(await summary('?low_stock=true')).toMatchObject({ total_products: 0 });
  });

  it('over a category and over low stock follow moves of stock that cross the minimum, in and out', async () => {
    const { headers } = await signedInShop(t, 'owner');
    const sendAs = (method: 'GET' | 'POST', url: string, payload?: object) =>
      send(method, url, payload, headers);
    const { category } = await sendAs('POST', '/api/v1/categories', { name: 'Drinks' });
    const categoryId = category.id as string;
    const { product: malt } = await sendAs('POST', '/api/v1/products', {
      name: 'Malta Guinness',
      price: 1000,
      stock_quantity: 10,
      min_stock_level: 5,
      category_id: categoryId,
    });
    const { product: soap } = await sendAs('POST', '/api/v1/products', {
      name: 'Key Soap',
      price: 200,
      stock_quantity: 3,
      min_stock_level: 5,
    });
    const cards = async () => ({
      all: await sendAs('GET', '/api/v1/products/summary'),
      drinks: await sendAs('GET', `/api/v1/products/summary?category_id=${categoryId}`),
      low: await sendAs('GET', '/api/v1/products/summary?low_stock=true'),
    });
    const figures = (total: number, low: number, value: number) => ({
      total_products: total,
      low_stock_count: low,
      total_value: value,
    });
    expect(await cards()).toMatchObject({
      all: figures(2, 1, 10_600),
      drinks: figures(1, 0, 10_000),
      low: figures(1, 1, 600),
    });

    await sendAs('POST', `/api/v1/products/${malt.id}/stock`, { operation: 'subtract', quantity: 6 });
    expect(await cards()).toMatchObject({
      all: figures(2, 2, 4_600),
      drinks: figures(1, 1, 4_000),
      low: figures(2, 2, 4_600),
    });

    await sendAs('POST', `/api/v1/products/${soap.id}/stock`, { operation: 'add', quantity: 10 });
    await sendAs('POST', `/api/v1/products/${malt.id}/stock`, { operation: 'add', quantity: 2 });
    expect(await cards()).toMatchObject({
      all: figures(2, 0, 8_600),
      drinks: figures(1, 0, 6_000),
      low: figures(0, 0, 0),
    });
  });
});

describe('the product cards on PostgreSQL, beside a write still in flight', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase(postgresServerUrl());
  });
  afterAll(() => database.close());

  // The figures kept between requests, and a search's figures counted from a catalog kept in memory (here for
  // any catalog): both are brought up to date from the writes their snapshot did not see.
  const mirrors = catalogMirrors({ minProducts: 1, maxProducts: 1_000, countAgainAfter: 60_000 });
  const readers: [string, (businessId: string) => Promise<{ total_value: number } | undefined>][] = [
    [
      'the cards of a whole catalog',
      (businessId) =>
        withTenant(database.db, businessId, (tx) => productSummary(tx, businessId, { low_stock: false })),
    ],
    [
      'the cards of a search counted in memory',
      (businessId) =>
        withTenant(database.db, businessId, (tx) =>
          mirrors.searchFigures(tx, businessId, { search: 'milk', low_stock: false }),
        ),
    ],
  ];

  it.each(readers)(
    '%s take in a write that began before them once it commits after them',
    async (_, read) => {
      const { id: businessId } = await createBusiness(database.db);
      const early = await createProduct(database.db, businessId, {
        name: 'Milk A',
        price: 1000,
        stockQuantity: 1,
      });
      const late = await createProduct(database.db, businessId, {
        name: 'Milk B',
        price: 100,
        stockQuantity: 1,
      });
      expect(await read(businessId)).toMatchObject({ total_value: 1100 });

      const writer = new pg.Client({ connectionString: database.url });
      await writer.connect();
      try {
        await writer.query('BEGIN');
        await writer.query(SET_STOCK_AS_THE_LEDGER_DOES, [early.id, 3]);
        // The product changed too: read whole again, its move is in it and must not be added on top.
        await writer.query('UPDATE products SET name = $2 WHERE id = $1', [early.id, 'Milk A 1L']);
        // A later transaction writes and commits first: the newest write is now younger than the one in flight.
        await database.query(SET_STOCK_AS_THE_LEDGER_DOES, [late.id, 2]);
        // Read while the early write is in flight: these figures cannot include it.
        expect(await read(businessId)).toMatchObject({ total_value: 1200 });
        await writer.query('COMMIT');
      } finally {
        await writer.end();
      }
      expect(await read(businessId)).toMatchObject({ total_value: 3200 });
    },
  );
});
