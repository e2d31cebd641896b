import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, stockMovements } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { expectError, signedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  planSaleStock,
  readSaleProducts,
  returnStock,
  StockChangedError,
  saleProductsJson,
  takeStockForSale,
} from './index.ts';
import { runStockStatement } from './stock-ledger.ts';

let t: TestApp;
let shop: { id: string; slug: string };
let owner: { id: string; businessId: string };
let ownerHeaders: Record<string, string>;
let cashierHeaders: Record<string, string>;
let other: { id: string; slug: string };
let otherHeaders: Record<string, string>;
let drinks: string;
let otherCategory: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const signedIn = await signedInShop(t, 'owner', { business: { slug: 'kofi-mart' } });
  shop = signedIn.business;
  owner = signedIn.user;
  ownerHeaders = signedIn.headers;
  cashierHeaders = (await signedInMember(t, signedIn.business, 'cashier')).headers;
  const otherShop = await signedInShop(t, 'owner', { business: { slug: 'ama-shop' } });
  other = otherShop.business;
  otherHeaders = otherShop.headers;
  [{ id: drinks }] = (await db
    .insert(categories)
    .values({ businessId: shop.id, name: 'Drinks' })
    .returning()) as unknown as [{ id: string }];
  [{ id: otherCategory }] = (await db
    .insert(categories)
    .values({ businessId: other.id, name: 'Theirs' })
    .returning()) as unknown as [{ id: string }];
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>, headers = ownerHeaders) {
  return t.app.inject({ method: 'POST', url: '/api/v1/products', headers, payload: body });
}
async function createOk(body: Record<string, unknown>) {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: string; [key: string]: unknown };
}
async function list(query: string, headers = ownerHeaders) {
  const response = await t.app.inject({ url: `/api/v1/products?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    products: { id: string; name: string }[];
    total: number;
    total_is_capped: boolean;
    next_cursor: string | null;
  };
}
async function countProducts(businessId = shop.id) {
  return (await t.database.db.select().from(products).where(eq(products.businessId, businessId))).length;
}

describe('creating products', () => {
  it('creates with only name and price, taking the defaults (tax 12.5 %, minimum stock 5, stock 0)', async () => {
    const product = await createOk({ name: 'Kalypo Juice', price: 350 });
    expect(product).toMatchObject({
      name: 'Kalypo Juice',
      price: 350,
      cost_price: 0,
      tax_rate: 12.5,
      stock_quantity: 0,
      min_stock_level: 5,
      category: null,
      category_id: null,
      is_active: true,
      barcode: null,
      sku: null,
      description: null,
      image_url: null,
    });
  });

  it('returns every field of the product with its category', async () => {
    const product = await createOk({
      name: 'Coca-Cola 500ml',
      description: 'Chilled soft drink',
      category_id: drinks,
      barcode: '6031000000017',
      sku: 'COCACOLA-A1B2',
      price: 800,
      cost_price: 550,
      tax_rate: 15,
      stock_quantity: 48,
      min_stock_level: 12,
      image_url: 'https://images.example.com/coke.png',
    });
    expect(product).toMatchObject({
      category: { id: drinks, name: 'Drinks' },
      category_id: drinks,
      tax_rate: 15,
      stock_quantity: 48,
      image_url: 'https://images.example.com/coke.png',
    });
    expect(typeof product.created_at).toBe('string');
    const history = await t.app.inject({
      url: `/api/v1/products/${product.id}/stock-movements`,
      headers: ownerHeaders,
    });
    expect(history.json().movements).toMatchObject([
      { delta: 48, quantity_after: 48, reason: 'initial', user: { id: owner.id, name: 'Ama Mensah' } },
    ]);
  });

  it.each([
    [{ name: '', price: 100 }, 'name', 'Product name is required'],
    [{ name: 'x'.repeat(10_000), price: 100 }, 'name', 'Product name must be at most 200 characters'],
    [{ name: 'Milo', price: -1 }, 'price', 'Price must be positive'],
    [{ name: 'Milo', price: '12.50' }, 'price', 'Price must be positive'],
    [{ name: 'Milo', price: 12.5 }, 'price', 'Price must be a whole number of pesewas'],
    [{ name: 'Milo' }, 'price', 'Selling price is required'],
    [{ name: 'Milo', price: 100, cost_price: -5 }, 'cost_price', 'Cost price must be positive'],
    [{ name: 'Milo', price: 100, tax_rate: 101 }, 'tax_rate', 'Tax rate must be between 0 and 100'],
    [{ name: 'Milo', price: 100, tax_rate: 12.345 }, 'tax_rate', 'Tax rate must be between 0 and 100'],
    [{ name: 'Milo', price: 100, stock_quantity: -3 }, 'stock_quantity', 'Stock quantity must be positive'],
    [
      { name: 'Milo', price: 100, stock_quantity: 'many' },
      'stock_quantity',
      'Stock quantity must be positive',
    ],
    [
      { name: 'Milo', price: 100, min_stock_level: -1 },
      'min_stock_level',
      'Minimum stock level must be positive',
    ],
    [
      { name: 'Milo', price: 100, image_url: 'javascript:alert(1)' },
      'image_url',
      'Please enter a valid image URL (http:// or https://)',
    ],
    [
      { name: 'Milo', price: 100, image_url: 'not a url' },
      'image_url',
      'Please enter a valid image URL (http:// or https://)',
    ],
    [
      { name: 'Milo', price: 100, barcode: 'has space' },
      'barcode',
      'Barcode must be 1 to 64 letters, digits or symbols, without spaces',
    ],
  ])('refuses %j with "%s: %s" and creates nothing', async (body, field, message) => {
    const before = await countProducts();
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      fields: { [field]: message },
    });
    expect(await countProducts()).toBe(before);
  });

  it("refuses another business's category as not found", async () => {
    const before = await countProducts();
    const response = await create({ name: 'Sneaky', price: 100, category_id: otherCategory });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Category not found',
      fields: { category_id: 'Category not found' },
    });
    expect(await countProducts()).toBe(before);
  });

  it('refuses a barcode or SKU an active product already has with 409, and frees them when it is deleted', async () => {
    const first = await createOk({
      name: 'Milo 400g',
      price: 5500,
      barcode: '6034000123456',
      sku: 'MILO400G-0001',
    });
    const byBarcode = await create({ name: 'Milo copy', price: 1, barcode: '6034000123456' });
    expect(byBarcode.statusCode).toBe(409);
    expect(byBarcode.json().error).toEqual({
      code: 'BARCODE_TAKEN',
      message: 'Barcode 6034000123456 is already used by "Milo 400g"',
      fields: { barcode: 'Barcode 6034000123456 is already used by "Milo 400g"' },
    });
    const bySku = await create({ name: 'Milo copy', price: 1, sku: 'MILO400G-0001' });
    expect(bySku.statusCode).toBe(409);
    expect(bySku.json().error.fields).toEqual({ sku: 'SKU MILO400G-0001 is already used by "Milo 400g"' });
    // Another business may use the same codes.
    const elsewhere = await create({ name: 'Milo', price: 1, barcode: '6034000123456' }, otherHeaders);
    expect(elsewhere.statusCode).toBe(201);

    await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${first.id}`, headers: ownerHeaders });
    expect(
      (await create({ name: 'Milo 400g (new pack)', price: 5600, barcode: '6034000123456' })).statusCode,
    ).toBe(201);
  });

  it('refuses a deactivated category for a new product', async () => {
    const [old] = await t.database.db
      .insert(categories)
      .values({ businessId: shop.id, name: 'Old stock', isActive: false })
      .returning();
    const response = await create({ name: 'Tin', price: 100, category_id: old!.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      category_id: 'This category has been deactivated; choose another one',
    });
  });
});

describe('searching and listing', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const { headers } = await signedInShop(t, 'owner', { business: { slug: 'search-shop' } });
    ids = {};
    for (const body of [
      {
        name: 'Ideal Milk Tin',
        description: 'Evaporated milk 160g',
        price: 700,
        barcode: '6001234000011',
        sku: 'IDEAL-0001',
      },
      {
        name: 'Peak Milk Powder',
        description: null,
        price: 4500,
        barcode: '6001234000028',
        sku: 'PEAK-0002',
      },
      {
        name: 'Gari 1kg',
        description: 'Made from cassava, not milky',
        price: 1500,
        barcode: '123',
        sku: 'GARI-100%',
      },
      {
        name: 'Sardines',
        description: 'In tomato sauce',
        price: 1200,
        stock_quantity: 2,
        min_stock_level: 5,
      },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        headers,
        payload: body,
      });
      ids[body.name] = response.json().product.id;
    }
    ownerOfSearch = headers;
  });
  let ownerOfSearch: Record<string, string>;
  const names = async (query: string) => (await list(query, ownerOfSearch)).products.map((p) => p.name);

  it('matches name or description containing the text, in any case, ordered by name', async () => {
    expect(await names('search=MILK')).toEqual(['Gari 1kg', 'Ideal Milk Tin', 'Peak Milk Powder']);
    expect(await names('search=tomato')).toEqual(['Sardines']);
  });

  it('never matches across the end of the name and the start of the description', async () => {
    // "Sardines" + "In tomato sauce": the search text keeps the two apart.
    expect(await names('search=sardinesin')).toEqual([]);
    expect(await names('search=sardines in')).toEqual([]);
  });

  it('finds a product by its new name after a rename, and no longer by the old one', async () => {
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${ids['Sardines']}`,
      headers: ownerOfSearch,
      payload: { name: 'Titus Sardines' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names('search=titus')).toEqual(['Titus Sardines']);
    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${ids['Sardines']}`,
      headers: ownerOfSearch,
      payload: { name: 'Sardines' },
    });
    expect(back.statusCode).toBe(200);
    expect(await names('search=titus')).toEqual([]);
  });

  it('matches barcode and SKU only exactly', async () => {
    expect(await names('search=6001234000028')).toEqual(['Peak Milk Powder']);
    expect(await names('search=600123400002')).toEqual([]);
    expect(await names('search=IDEAL-0001')).toEqual(['Ideal Milk Tin']);
    expect(await names('search=ideal-0001')).toEqual([]);
    expect(await names('search=123')).toEqual(['Gari 1kg']);
  });

  it('takes % and _ in the search literally', async () => {
    expect(await names('search=GARI-100%25')).toEqual(['Gari 1kg']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=_')).toEqual([]);
  });

  it('filters low stock (at or below the minimum) and pages with a total', async () => {
    expect(await names('low_stock=true')).toEqual([
      'Gari 1kg',
      'Ideal Milk Tin',
      'Peak Milk Powder',
      'Sardines',
    ]);
    const page = await list('limit=2&offset=2', ownerOfSearch);
    expect(page.total).toBe(4);
    expect(page.products.map((p) => p.name)).toEqual(['Peak Milk Powder', 'Sardines']);
  });

  it('computes the four cards on the server over the listed products', async () => {
    const response = await t.app.inject({
      url: '/api/v1/products/summary?search=milk',
      headers: ownerOfSearch,
    });
    expect(response.json()).toEqual({
      total_products: 3,
      low_stock_count: 3,
      total_value: 0,
      categories_count: 0,
    });
  });

  it('refuses a malformed filter with a clear message', async () => {
    const response = await t.app.inject({ url: '/api/v1/products?category_id=abc', headers: ownerOfSearch });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Category not found');
    const tooMany = await t.app.inject({ url: '/api/v1/products?limit=5000', headers: ownerOfSearch });
    expect(tooMany.json().error.message).toBe('limit must be at most 200');
  });

  it('pages by position (keyset), with and without a search, to the last page', async () => {
    const walk = async (query: string) => {
      const seen: string[] = [];
      let after: string | null = '';
      while (after !== null) {
        const page = await list(`${query}&limit=1${after ? `&after=${after}` : ''}`, ownerOfSearch);
        seen.push(...page.products.map((p) => p.name));
        after = page.next_cursor;
        if (seen.length > 10) throw new Error('paging does not end');
      }
      return seen;
    };
    expect(await walk('low_stock=true')).toEqual([
      'Gari 1kg',
      'Ideal Milk Tin',
      'Peak Milk Powder',
      'Sardines',
    ]);
    expect(await walk('search=milk')).toEqual(['Gari 1kg', 'Ideal Milk Tin', 'Peak Milk Powder']);
    const first = (await list('search=milk&limit=2', ownerOfSearch)) as {
      total: number;
      next_cursor: string;
    };
    expect(first.total).toBe(3);
    const rest = await list(`search=milk&limit=2&after=${first.next_cursor}`, ownerOfSearch);
    expect(rest.products.map((p) => p.name)).toEqual(['Peak Milk Powder']);
  });

  it('refuses a position that is not one with a clear message', async () => {
    for (const after of ['nonsense', 'WzEsMl0', encodeURIComponent(btoa('["a","not-a-uuid"]'))]) {
      const response = await t.app.inject({ url: `/api/v1/products?after=${after}`, headers: ownerOfSearch });
      expect(response.statusCode, after).toBe(400);
      expect(response.json().error.message).toBe('after is not a position in this list');
    }
  });

  it('finds a code only on an active product: a deleted one with the same barcode is not found', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: ownerOfSearch,
      payload: { name: 'Old Tin', price: 100, barcode: '999000111' },
    });
    const id = created.json().product.id;
    expect(await names('search=999000111')).toEqual(['Old Tin']);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${id}`, headers: ownerOfSearch });
    expect(await names('search=999000111')).toEqual([]);
  });

  it('filters by category', async () => {
    await createOk({ name: 'Fanta Orange', price: 700, category_id: drinks });
    const rows = await list(`category_id=${drinks}`);
    expect(rows.products.map((p) => p.name)).toEqual(['Coca-Cola 500ml', 'Fanta Orange']);
  });
});

describe('editing and deleting', () => {
  it('changes the fields given, clears with null, and logs a stock change as "set"', async () => {
    const product = await createOk({
      name: 'Omo 1kg',
      price: 2500,
      description: 'Detergent',
      stock_quantity: 10,
    });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: ownerHeaders,
      payload: { price: 2600, description: null, stock_quantity: 7, category_id: drinks },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product).toMatchObject({
      name: 'Omo 1kg',
      price: 2600,
      description: null,
      stock_quantity: 7,
      category: { name: 'Drinks' },
    });
    const history = await t.app.inject({
      url: `/api/v1/products/${product.id}/stock-movements`,
      headers: ownerHeaders,
    });
    expect(
      history.json().movements.map((m: { reason: string; delta: number }) => [m.reason, m.delta]),
    ).toEqual([
      ['set', -3],
      ['initial', 10],
    ]);
  });

  it('deletes softly: the row stays inactive, and the product is gone from the list and by id', async () => {
    const product = await createOk({ name: 'Soon gone', price: 100 });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product.id}`,
      headers: ownerHeaders,
    });
    expect(deleted.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.isActive).toBe(false);
    expect((await list('search=Soon gone')).products).toEqual([]);
    const byId = await t.app.inject({ url: `/api/v1/products/${product.id}`, headers: ownerHeaders });
    expect(byId.statusCode).toBe(404);
    expect(byId.json().error).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product.id}`,
      headers: ownerHeaders,
    });
    expectError(again, 404, 'PRODUCT_NOT_FOUND', 'Product not found');
  });
});

describe('stock', () => {
  const stock = (id: string, payload: Record<string, unknown>, headers = ownerHeaders) =>
    t.app.inject({ method: 'POST', url: `/api/v1/products/${id}/stock`, headers, payload });

  it('adds, subtracts (floored at 0) and sets, writing who, how much, why and the result', async () => {
    const product = await createOk({ name: 'Bread', price: 1000, stock_quantity: 5 });
    expect(
      (await stock(product.id, { operation: 'add', quantity: 10, note: 'Delivery' })).json().product
        .stock_quantity,
    ).toBe(15);
    expect(
      (await stock(product.id, { operation: 'subtract', quantity: 20 })).json().product.stock_quantity,
    ).toBe(0);
    expect((await stock(product.id, { operation: 'set', quantity: 8 })).json().product.stock_quantity).toBe(
      8,
    );
    const rows = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id))
      .orderBy(stockMovements.createdAt);
    expect(rows.map((r) => [r.reason, r.delta, r.quantityAfter, r.userId, r.note])).toEqual([
      ['initial', 5, 5, owner.id, null],
      ['add', 10, 15, owner.id, 'Delivery'],
      ['subtract', -15, 0, owner.id, null],
      ['set', 8, 8, owner.id, null],
    ]);
  });

  it('refuses an unknown operation with "Invalid operation" and a missing product with "Product not found"', async () => {
    const product = await createOk({ name: 'Eggs', price: 150 });
    const invalid = await stock(product.id, { operation: 'multiply', quantity: 2 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Invalid operation');
    const missing = await stock('00000000-0000-4000-8000-000000000000', { operation: 'add', quantity: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Product not found');
    const negative = await stock(product.id, { operation: 'add', quantity: -4 });
    expect(negative.json().error.message).toBe('Quantity must be a whole number of 0 or more');
  });

  it('lets a sale take stock only down to zero, logging the sale, through the entry checkout uses', async () => {
    const sugar = await createOk({ name: 'Sugar', price: 900, stock_quantity: 3 });
    const salt = await createOk({ name: 'Salt', price: 300, stock_quantity: 10 });
    const saleId = '11111111-1111-4111-8111-111111111111';
    const at = new Date('2026-11-22T22:20:05Z');
    const taken = await withTenant(t.database.db, shop.id, (tx) =>
      takeStockForSale(
        tx,
        shop.id,
        [
          { productId: sugar.id, quantity: 2 },
          { productId: salt.id, quantity: 4 },
        ],
        { referenceId: saleId, userId: owner.id, at },
      ),
    );
    expect(taken.stocked?.get(sugar.id)).toEqual({
      name: 'Sugar',
      price: 900,
      cost: 0,
      taxRate: '12.50',
      stockAfter: 1,
    });
    expect(taken.stocked?.get(salt.id)?.stockAfter).toBe(6);

    // Asking for more than is left changes nothing: the whole sale is refused, and says which line.
    const refused = await withTenant(t.database.db, shop.id, (tx) =>
      takeStockForSale(
        tx,
        shop.id,
        [
          { productId: salt.id, quantity: 1 },
          { productId: sugar.id, quantity: 2 },
        ],
        { referenceId: saleId, userId: owner.id, at },
      ),
    );
    expect(refused.problem).toEqual({ code: 'INSUFFICIENT_STOCK', index: 1, available: 1 });
    // Another business's product is not found, whatever its stock.
    const foreign = await withTenant(t.database.db, other.id, (tx) =>
      takeStockForSale(tx, other.id, [{ productId: salt.id, quantity: 1 }], {
        referenceId: saleId,
        userId: owner.id,
        at,
      }),
    );
    expect(foreign.problem).toEqual({ code: 'PRODUCT_NOT_FOUND', index: 0 });

    const stockOf = async (id: string) =>
      (await t.database.db.select().from(products).where(eq(products.id, id)))[0]?.stockQuantity;
    expect(await stockOf(sugar.id)).toBe(1);
    expect(await stockOf(salt.id)).toBe(6);
    const ledger = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.referenceId, saleId));
    expect(
      ledger.map((r) => [
        r.productId,
        r.reason,
        r.delta,
        r.quantityAfter,
        r.userId,
        r.createdAt.toISOString(),
      ]),
    ).toEqual(
      expect.arrayContaining([
        [sugar.id, 'sale', -2, 1, owner.id, at.toISOString()],
        [salt.id, 'sale', -4, 6, owner.id, at.toISOString()],
      ]),
    );
    expect(ledger).toHaveLength(2);
  });

  it('takes a sale priced from an unlocked read only if its products did not change meanwhile', async () => {
    const beans = await createOk({ name: 'Beans 1kg', price: 1500, stock_quantity: 5 });
    const saleId = '33333333-3333-4333-8333-333333333333';
    const at = new Date('2026-11-24T10:00:00Z');
    const read = async () =>
      readSaleProducts(
        await withTenant(t.database.db, shop.id, async (tx) => {
          const result = (await tx.execute(
            sql`select ${saleProductsJson(shop.id, [beans.id])} as read`,
          )) as unknown as {
            rows: { read: unknown }[];
          };
          return result.rows[0]?.read;
        }),
      );
    const write = (products: Awaited<ReturnType<typeof read>>, quantity: number) =>
      withTenant(t.database.db, shop.id, async (tx) => {
        const plan = planSaleStock(shop.id, [{ productId: beans.id, quantity }], products, {
          referenceId: saleId,
          userId: owner.id,
          at,
        });
        if (plan.problem) return plan.problem;
        await runStockStatement(tx, plan.write);
        return 'taken';
      });
    const stockOf = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, beans.id)))[0]?.stockQuantity;

    // Read at 5 in stock; another till takes 4 before this sale of 3 is written: nothing moves.
    const stale = await read();
    await withTenant(t.database.db, shop.id, (tx) =>
      takeStockForSale(tx, shop.id, [{ productId: beans.id, quantity: 4 }], {
        referenceId: saleId,
        userId: owner.id,
        at,
      }),
    );
    await expect(write(stale, 3)).rejects.toBeInstanceOf(StockChangedError);
    expect(await stockOf()).toBe(1);
    // Read again, the shortfall is a refusal with what is left.
    expect(await write(await read(), 3)).toEqual({ code: 'INSUFFICIENT_STOCK', index: 0, available: 1 });

    // Read at ₵15.00; the price goes up before the write: the sale is not taken at the old price.
    const before = await read();
    await t.database.db.update(products).set({ price: 1800 }).where(eq(products.id, beans.id));
    await expect(write(before, 1)).rejects.toBeInstanceOf(StockChangedError);
    expect(await stockOf()).toBe(1);
    // At the price read now, it is.
    expect(await write(await read(), 1)).toBe('taken');
    expect(await stockOf()).toBe(0);
    const ledger = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, beans.id));
    expect(
      ledger.filter((row) => row.reason === 'sale').map((row) => [row.delta, row.quantityAfter]),
    ).toEqual(
      expect.arrayContaining([
        [-4, 1],
        [-1, 0],
      ]),
    );
  });

  it('gives a refunded or voided sale back to stock, writing damaged units off', async () => {
    const rice = await createOk({ name: 'Rice 5kg', price: 9000, stock_quantity: 5 });
    const oil = await createOk({ name: 'Oil 1L', price: 2500, stock_quantity: 2 });
    const refundId = '22222222-2222-4222-8222-222222222222';
    const result = await withTenant(t.database.db, shop.id, (tx) =>
      returnStock(
        tx,
        shop.id,
        [
          { productId: rice.id, quantity: 2 },
          { productId: oil.id, quantity: 1, isDamaged: true },
          { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
        {
          reason: 'refund',
          referenceId: refundId,
          userId: owner.id,
          at: new Date(),
          note: 'Customer return',
        },
      ),
    );
    expect(result.missing).toEqual(['00000000-0000-4000-8000-000000000000']);
    const [riceRow] = await t.database.db.select().from(products).where(eq(products.id, rice.id));
    const [oilRow] = await t.database.db.select().from(products).where(eq(products.id, oil.id));
    expect(riceRow?.stockQuantity).toBe(7);
    expect(oilRow?.stockQuantity).toBe(2);
    const ledger = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.referenceId, refundId))
      .orderBy(stockMovements.id);
    expect(ledger.map((r) => [r.productId, r.reason, r.delta, r.quantityAfter, r.note]).sort()).toEqual(
      [
        [rice.id, 'refund', 2, 7, 'Customer return'],
        [oil.id, 'refund', 1, 3, 'Customer return'],
        [oil.id, 'write_off', -1, 2, 'Customer return'],
      ].sort(),
    );
  });
});

describe('counting a long list', () => {
  it('counts up to 1,000 and then says there are more; walks every page of a search by position', async () => {
    const { business, headers } = await signedInShop(t, 'owner', { business: { slug: 'big-shop' } });
    await t.database.query(
      `insert into products (business_id, name, price)
         select $1, 'Milk ' || lpad(g::text, 4, '0'), 100 from generate_series(1, 1005) g`,
      [business.id],
    );
    await t.database.query(
      `insert into products (business_id, name, price) select $1, 'Rice ' || g, 100 from generate_series(1, 3) g`,
      [business.id],
    );
    const get = async (query: string) =>
      (await t.app.inject({ url: `/api/v1/products?${query}`, headers })).json() as {
        products: { name: string }[];
        total: number;
        total_is_capped: boolean;
        next_cursor: string | null;
      };
    const all = await get('limit=10');
    expect([all.total, all.total_is_capped]).toEqual([1000, true]);
    const milk = await get('search=milk&limit=10');
    expect([milk.total, milk.total_is_capped]).toEqual([1000, true]);
    const rice = await get('search=rice&limit=2');
    expect([rice.total, rice.total_is_capped]).toEqual([3, false]);
    // Deep in the list by position: exactly the right products, then the end.
    let page = await get('search=milk&limit=200');
    const names = [...page.products.map((p) => p.name)];
    while (page.next_cursor) {
      page = await get(`search=milk&limit=200&after=${page.next_cursor}`);
      names.push(...page.products.map((p) => p.name));
    }
    expect(names).toHaveLength(1005);
    expect(names.at(-1)).toBe('Milk 1005');
    expect(new Set(names).size).toBe(1005);
  });
});

describe('tenancy and permissions', () => {
  it("gives another business 404 on this business's product, and changes nothing", async () => {
    const product = await createOk({ name: 'Private', price: 100 });
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/products/${product.id}` },
      { method: 'PATCH' as const, url: `/api/v1/products/${product.id}`, payload: { price: 1 } },
      { method: 'DELETE' as const, url: `/api/v1/products/${product.id}` },
      {
        method: 'POST' as const,
        url: `/api/v1/products/${product.id}/stock`,
        payload: { operation: 'set', quantity: 99 },
      },
      { method: 'GET' as const, url: `/api/v1/products/${product.id}/stock-movements` },
    ]) {
      const response = await t.app.inject({ ...request, headers: otherHeaders });
      expectError(response, 404, 'PRODUCT_NOT_FOUND', 'Product not found');
    }
    expect((await list('search=Private', otherHeaders)).products).toEqual([]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ price: 100, isActive: true, stockQuantity: 0 });
  });

  it('refuses a cashier (no manage_products) with the spec text', async () => {
    const response = await t.app.inject({ url: '/api/v1/products', headers: cashierHeaders });
    expectError(response, 403, 'FORBIDDEN', "You don't have the required permissions to access this page.");
  });
});

describe('categories', () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await signedInShop(t, 'manager', { business: { slug: 'category-shop' } }));
  });
  const add = (name: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/categories', headers, payload: { name } });
  const names = async (query = '') =>
    (await t.app.inject({ url: `/api/v1/categories${query}`, headers }))
      .json()
      .categories.map((c: { name: string }) => c.name);

  it('creates categories in order, renames, refuses a duplicate name, reorders and deactivates', async () => {
    const a = (await add('Beverages')).json().category;
    const b = (await add('Snacks')).json().category;
    const c = (await add('Toiletries')).json().category;
    expect([a.sort_order, b.sort_order, c.sort_order]).toEqual([0, 1, 2]);
    const duplicate = await add('  snacks ');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toEqual({ name: 'A category named "Snacks" already exists' });
    const empty = await add('   ');
    expect(empty.json().error.message).toBe('Category name is required');

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/categories/${b.id}`,
      headers,
      payload: { name: 'Snacks & Sweets' },
    });
    expect(renamed.json().category.name).toBe('Snacks & Sweets');

    const reordered = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/categories/order',
      headers,
      payload: { ids: [c.id, a.id, b.id] },
    });
    expect(reordered.json().categories.map((x: { name: string }) => x.name)).toEqual([
      'Toiletries',
      'Beverages',
      'Snacks & Sweets',
    ]);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/categories/${c.id}`,
      headers,
      payload: { is_active: false },
    });
    expect(await names()).toEqual(['Beverages', 'Snacks & Sweets']);
    expect(await names('?include_inactive=true')).toEqual(['Toiletries', 'Beverages', 'Snacks & Sweets']);
  });

  it("refuses another business's category in a reorder or a rename with 404", async () => {
    const reorder = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/categories/order',
      headers,
      payload: { ids: [otherCategory] },
    });
    expect(reorder.statusCode).toBe(404);
    expect(reorder.json().error.message).toBe('Category not found');
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/categories/${otherCategory}`,
      headers,
      payload: { name: 'Mine' },
    });
    expect(rename.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(categories).where(eq(categories.id, otherCategory));
    expect(row?.name).toBe('Theirs');
  });

  it('lets any staff read active categories, but only managers see inactive ones or change them', async () => {
    expect((await t.app.inject({ url: '/api/v1/categories', headers: cashierHeaders })).statusCode).toBe(200);
    expectError(
      await t.app.inject({ url: '/api/v1/categories?include_inactive=true', headers: cashierHeaders }),
      403,
      'FORBIDDEN',
      "You don't have the required permissions to access this page.",
    );
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: cashierHeaders,
      payload: { name: 'X' },
    });
    expectError(create, 403, 'FORBIDDEN');
  });

  it('counts the active products of each category', async () => {
    const rows = (await t.app.inject({ url: '/api/v1/categories', headers: ownerHeaders })).json().categories;
    const count = (await list(`category_id=${drinks}`)).total;
    expect(rows.find((c: { id: string }) => c.id === drinks).product_count).toBe(count);
  });
});

describe('labels', () => {
  it('gives name, price and codes of the chosen products in the order asked, and nothing of another business', async () => {
    const a = await createOk({ name: 'Label A', price: 100, barcode: 'LBL-A' });
    const b = await createOk({ name: 'Label B', price: 250 });
    const response = await t.app.inject({
      url: `/api/v1/products/labels?ids=${b.id},${a.id}`,
      headers: ownerHeaders,
    });
    expect(response.json().labels).toEqual([
      { id: b.id, name: 'Label B', price: 250, barcode: null, sku: null },
      { id: a.id, name: 'Label A', price: 100, barcode: 'LBL-A', sku: null },
    ]);
    const theirs = await t.app.inject({ url: `/api/v1/products/labels?ids=${a.id}`, headers: otherHeaders });
    expect(theirs.json().labels).toEqual([]);
  });
});
