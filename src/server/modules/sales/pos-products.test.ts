import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createCategory, createProduct, createShop } from './test-fixtures.ts';

let t: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;
let ids: Record<string, string>;
let drinks: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  other = await createShop(t);
  const db = t.database.db;
  const b = shop.business.id;
  drinks = await createCategory(db, b, 'Drinks', 2);
  const food = await createCategory(db, b, 'Food', 1);
  await createCategory(db, b, 'Old stock', 0, false);
  ids = {
    malt: (
      await createProduct(db, b, {
        name: 'Malta Guinness',
        categoryId: drinks.id,
        barcode: '5000213101230',
        sku: 'MALT-0330',
        stockQuantity: 12,
        price: 900,
        taxRate: '12.50',
        minStockLevel: 6,
        description: 'Non-alcoholic malt drink',
      })
    ).id,
    water: (
      await createProduct(db, b, {
        name: 'Voltic Water 1.5L',
        categoryId: drinks.id,
        barcode: '6034000123456',
        stockQuantity: 30,
        description: 'Mineral water',
      })
    ).id,
    gari: (
      await createProduct(db, b, { name: 'Gari 1kg', categoryId: food.id, sku: 'GARI-1KG', stockQuantity: 4 })
    ).id,
    empty: (
      await createProduct(db, b, {
        name: 'Milo 400g',
        categoryId: drinks.id,
        barcode: '7613035123456',
        stockQuantity: 0,
      })
    ).id,
    gone: (
      await createProduct(db, b, {
        name: 'Discontinued Malt',
        barcode: '1111111111116',
        stockQuantity: 5,
        isActive: false,
      })
    ).id,
    percent: (await createProduct(db, b, { name: '50% Off Soap', stockQuantity: 3 })).id,
  };
  await createProduct(db, other.business.id, {
    name: 'Malta Guinness (other shop)',
    barcode: '9999999999994',
    stockQuantity: 9,
  });
});
afterAll(() => t.close());

const list = async (query = '') => {
  const response = await t.app.inject({ url: `/api/v1/pos/products${query}`, headers: shop.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    products: { id: string; name: string }[];
    has_more: boolean;
  };
};

describe('GET /api/v1/pos/products', () => {
  it('lists active products with stock by name, hiding zero stock (operations §2), with their category', async () => {
    const body = await list();
    expect(body.products.map((p) => p.name)).toEqual([
      '50% Off Soap',
      'Gari 1kg',
      'Malta Guinness',
      'Voltic Water 1.5L',
    ]);
    expect(body.has_more).toBe(false);
    expect(body.products[2]).toEqual({
      id: ids.malt,
      name: 'Malta Guinness',
      description: 'Non-alcoholic malt drink',
      price: 900,
      tax_rate: 12.5,
      stock_quantity: 12,
      min_stock_level: 6,
      barcode: '5000213101230',
      sku: 'MALT-0330',
      image_url: null,
      category: { id: drinks.id, name: 'Drinks' },
    });
  });

  it('searches name or description (case-insensitive contains), or barcode or SKU exactly (operations §5)', async () => {
    expect((await list('?search=MALT')).products.map((p) => p.name)).toEqual(['Malta Guinness']);
    expect((await list('?search=mineral')).products.map((p) => p.name)).toEqual(['Voltic Water 1.5L']);
    expect((await list('?search=6034000123456')).products.map((p) => p.name)).toEqual(['Voltic Water 1.5L']);
    expect((await list('?search=GARI-1KG')).products.map((p) => p.name)).toEqual(['Gari 1kg']);
    expect((await list('?search=603400012')).products).toEqual([]);
    // % is text, not a pattern.
    expect((await list(`?search=${encodeURIComponent('50%')}`)).products.map((p) => p.name)).toEqual([
      '50% Off Soap',
    ]);
  });

  it('filters by category and pages with limit and offset', async () => {
    expect((await list(`?category_id=${drinks.id}`)).products.map((p) => p.name)).toEqual([
      'Malta Guinness',
      'Voltic Water 1.5L',
    ]);
    const page = await list('?limit=2&offset=1');
    expect(page.products.map((p) => p.name)).toEqual(['Gari 1kg', 'Malta Guinness']);
    expect(page.has_more).toBe(true);
    expect(await list('?limit=2&offset=2')).toMatchObject({ has_more: false });
  });

  it('says whether a search has another page, without the sold out or the inactive', async () => {
    // 'm': Malta Guinness, and Voltic Water by its description; Milo (no stock) and Discontinued Malt are not.
    expect(await list('?search=m&limit=1')).toMatchObject({
      products: [{ name: 'Malta Guinness' }],
      has_more: true,
    });
    expect(await list('?search=m&limit=1&offset=1')).toMatchObject({
      products: [{ name: 'Voltic Water 1.5L' }],
      has_more: false,
    });
    expect(await list('?search=m&limit=2')).toMatchObject({ has_more: false });
  });

  it("never shows another business's products", async () => {
    expect((await list('?search=9999999999994')).products).toEqual([]);
  });

  it("lists only the products asked for by id (a parked sale's), still without the sold out, the inactive or another shop's", async () => {
    const [otherShops] = await t.database.query<{ id: string }>(
      'select id from products where business_id = $1',
      [other.business.id],
    );
    const asked = [ids.gari, ids.malt, ids.empty, ids.gone, otherShops!.id];
    const body = await list(`?ids=${asked.join(',')}`);
    expect(body.products.map((p) => p.name)).toEqual(['Gari 1kg', 'Malta Guinness']);
    expect(body.has_more).toBe(false);
    const bad = await t.app.inject({ url: '/api/v1/pos/products?ids=not-a-product', headers: shop.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Product ids must be UUIDs');
    const tooMany = Array.from({ length: 201 }, () => crypto.randomUUID()).join(',');
    const refused = await t.app.inject({ url: `/api/v1/pos/products?ids=${tooMany}`, headers: shop.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('At most 200 products at a time');
  });

  it('refuses a bad limit with a clear message', async () => {
    const response = await t.app.inject({ url: '/api/v1/pos/products?limit=5000', headers: shop.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Limit must be at most 500');
  });
});

describe('GET /api/v1/pos/products/by-code/:code', () => {
  const byCode = (code: string, headers = shop.headers) =>
    t.app.inject({ url: `/api/v1/pos/products/by-code/${encodeURIComponent(code)}`, headers });

  it('finds an active product by barcode or SKU, whatever its stock', async () => {
    expect((await byCode('5000213101230')).json().product.id).toBe(ids.malt);
    expect((await byCode('GARI-1KG')).json().product.id).toBe(ids.gari);
    expect((await byCode('7613035123456')).json().product).toMatchObject({
      id: ids.empty,
      stock_quantity: 0,
    });
  });

  it("takes a barcode match over another product's SKU, also when that one has no barcode", async () => {
    const own = await createShop(t);
    const db = t.database.db;
    const code = '4006381333931';
    // First by name, and with no barcode: a NULL comparison sorts first in a descending order.
    await createProduct(db, own.business.id, { name: 'Aardvark Labels', sku: code, stockQuantity: 2 });
    const scanned = await createProduct(db, own.business.id, {
      name: 'Zobo Drink',
      barcode: code,
      stockQuantity: 5,
    });
    expect((await byCode(code, own.headers)).json().product.id).toBe(scanned.id);
  });

  it("answers 404 'Product not found' for an unknown, inactive or other business's code", async () => {
    for (const code of ['0000000000000', '1111111111116', '9999999999994']) {
      const response = await byCode(code);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    }
  });
});

describe('GET /api/v1/pos/categories', () => {
  it('lists the active categories by sort order', async () => {
    const response = await t.app.inject({ url: '/api/v1/pos/categories', headers: shop.headers });
    expect(response.json().categories.map((c: { name: string }) => c.name)).toEqual(['Food', 'Drinks']);
    const theirs = await t.app.inject({ url: '/api/v1/pos/categories', headers: other.headers });
    expect(theirs.json().categories).toEqual([]);
  });
});
