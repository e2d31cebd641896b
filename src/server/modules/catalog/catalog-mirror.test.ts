import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFilters } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { createProduct } from '../../testing/factories.ts';
import { type SignedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { productSummary } from './catalog-figures.ts';
import { type CatalogMirrors, catalogMirrors } from './catalog-mirror.ts';

// The cards of a search counted from a catalog kept in memory must be the database's own, after every kind of
// write. Here every catalog is big enough to keep (minProducts 1); the database's figures are productSummary's
// for these small shops (product_summary_figures).

type Search = Partial<ProductFilters> & { search: string };

const limits = { minProducts: 1, maxProducts: 1_000, countAgainAfter: 60_000 };

describe('the cards of a search from a catalog kept in memory', () => {
  let t: TestApp;
  let owner: SignedInMember;
  let mirrors: CatalogMirrors;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInShop(t, 'owner');
  });
  afterAll(() => t.close());

  const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...owner.headers, 'idempotency-key': randomUUID() },
      payload,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  };
  const inMemory = (filters: Search, shop = owner.businessId) =>
    withTenant(t.database.db, shop, (tx) =>
      mirrors.searchFigures(tx, shop, { low_stock: false, ...filters }),
    );
  const inDatabase = (filters: Search, shop = owner.businessId) =>
    withTenant(t.database.db, shop, (tx) => productSummary(tx, shop, { low_stock: false, ...filters }));

  let drinks: string;
  const searches = (): Search[] => [
    { search: 'malt' },
    { search: 'MALT', low_stock: true },
    { search: 'malt', category_id: drinks },
    { search: 'soap' },
    { search: 'a' },
    { search: 'guinness\n' },
    { search: '100%' },
    { search: 'tin_' },
    { search: 'bar-001' },
    { search: 'SKU-SOAP' },
    { search: 'nothing like it' },
  ];
  const expectSame = async () => {
    for (const filters of searches()) {
      expect(await inMemory(filters), JSON.stringify(filters)).toEqual(await inDatabase(filters));
    }
  };

  it('equal the database’s after sales, stock moves, edits, new products and deletions', async () => {
    mirrors = catalogMirrors(limits);
    ({
      category: { id: drinks },
    } = await send('POST', '/api/v1/categories', { name: 'Drinks' }));
    const { product: malt } = await send('POST', '/api/v1/products', {
      name: 'Malta Guinness',
      description: 'Bottle, 330 ml',
      price: 1000,
      tax_rate: 0,
      stock_quantity: 10,
      min_stock_level: 5,
      category_id: drinks,
      barcode: 'BAR-001',
    });
    const { product: soap } = await send('POST', '/api/v1/products', {
      name: 'Key Soap',
      description: 'Tin_ of 100% olive oil soap',
      price: 200,
      tax_rate: 0,
      stock_quantity: 3,
      sku: 'SKU-SOAP',
    });
    await expectSame();
    expect(await inMemory({ search: 'malt' })).toMatchObject({ total_products: 1, total_value: 10_000 });

    await send('POST', '/api/v1/sales', {
      items: [
        { product_id: malt.id, quantity: 6 },
        { product_id: soap.id, quantity: 1 },
      ],
      payments: [{ method: 'cash', amount: 6_200 }],
    });
    await expectSame();
    expect(await inMemory({ search: 'malt', low_stock: true })).toMatchObject({ low_stock_count: 1 });

    await send('POST', `/api/v1/products/${soap.id}/stock`, { operation: 'add', quantity: 20 });
    await send('POST', `/api/v1/products/${malt.id}/stock`, { operation: 'set', quantity: 7 });
    await expectSame();

    // A change of the text, the price, the category and the minimum in one write, with a change of stock.
    await send('PATCH', `/api/v1/products/${soap.id}`, {
      name: 'Malt Soap',
      price: 250,
      category_id: drinks,
      min_stock_level: 30,
      stock_quantity: 25,
    });
    await expectSame();
    expect(await inMemory({ search: 'malt' })).toMatchObject({ total_products: 2 });

    await send('POST', '/api/v1/products', { name: 'Malt Drink Tin', price: 900, stock_quantity: 4 });
    await expectSame();
    await send('DELETE', `/api/v1/products/${malt.id}`);
    await expectSame();
    expect(await inMemory({ search: 'bar-001' })).toMatchObject({ total_products: 0 });
    await send('POST', '/api/v1/categories', { name: 'Soaps' });
    await expectSame();
    // An empty search (the screen trims its search and then asks for the whole catalog) matches every product,
    // as LIKE '%%' does.
    expect(await inMemory({ search: '' })).toEqual(await inDatabase({ search: '' }));
  });

  it('add a move once when several searches bring the catalog up to date at the same time', async () => {
    mirrors = catalogMirrors(limits);
    const { product } = await send('POST', '/api/v1/products', { name: 'Milo 400g Tin', price: 4500 });
    await inMemory({ search: 'milo' });
    await send('POST', `/api/v1/products/${product.id}/stock`, { operation: 'add', quantity: 2 });
    // Two searches each in a transaction of its own, whose statements wait until both have begun.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const gated = (tx: Tx) =>
      ({ execute: async (query: SQL) => gate.then(() => tx.execute(query)) }) as unknown as Tx;
    const searches = Array.from({ length: 2 }, () =>
      withTenant(t.database.db, owner.businessId, (tx) =>
        mirrors.searchFigures(gated(tx), owner.businessId, { search: 'milo', low_stock: false }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    open();
    await Promise.all(searches);
    expect(await inMemory({ search: 'milo' })).toEqual(await inDatabase({ search: 'milo' }));
    expect(await inMemory({ search: 'milo' })).toMatchObject({ total_value: 4500 * 2 });
  });

  it('sum values past 2^53 as the database does', async () => {
    mirrors = catalogMirrors(limits);
    const { businessId } = await signedInShop(t, 'owner');
    // Each product's value and their sum in doubles would be 1,999,999,864,000,004,600; exactly, …4,400.
    for (const [price, stockQuantity] of [
      [999_999_999, 999_999_999],
      [999_999_937, 999_999_929],
    ] as const) {
      await createProduct(t.database.db, businessId, { name: 'Gold bar', price, stockQuantity });
    }
    const figures = await inMemory({ search: 'gold' }, businessId);
    expect(figures).toEqual(await inDatabase({ search: 'gold' }, businessId));
    expect(figures?.total_value).toBe(Number(999_999_999n * 999_999_999n + 999_999_937n * 999_999_929n));
  });

  it('leave a small catalog to the database, and keep no more products than allowed in all', async () => {
    mirrors = catalogMirrors({ ...limits, minProducts: 3, maxProducts: 4 });
    const small = await signedInShop(t, 'owner');
    await createProduct(t.database.db, small.businessId, { name: 'Sugar 1kg' });
    expect(await inMemory({ search: 'sugar' }, small.businessId)).toBeUndefined();

    const shops = [await signedInShop(t, 'owner'), await signedInShop(t, 'owner')];
    for (const shop of shops) {
      for (const name of ['Rice 5kg', 'Rice 1kg', 'Beans'])
        await createProduct(t.database.db, shop.businessId, { name });
    }
    // The first shop's catalog is let go when the second one's is read (3 + 3 > 4); both stay exact.
    for (const shop of [...shops, ...shops]) {
      expect(await inMemory({ search: 'rice' }, shop.businessId)).toEqual(
        await inDatabase({ search: 'rice' }, shop.businessId),
      );
      expect(mirrors.keptProducts()).toBe(3);
    }
  });
});
