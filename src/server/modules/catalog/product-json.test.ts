import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, product, productList } from '#domain/schemas/catalog.ts';
import { rows } from '../../db/rows.ts';
import { categories } from '../../db/schema/index.ts';
import { type SignedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The database writes each product's JSON (product-rows.ts) and the product list sends it as it is, unchecked
// on the way out: here it is held to the API's schema, field by field, against the product's row.

let t: TestApp;
let shop: SignedInMember;
beforeAll(async () => {
  t = await createTestApp();
  shop = await signedInShop(t);
});
afterAll(() => t.close());

/** The product as the API describes it, worked out from its row here (timestamps truncated to milliseconds). */
async function expectedProduct(id: string): Promise<Product> {
  const [row] = await rows<Record<string, unknown>>(
    t.database.db,
    sql`select p.*, c.name as category_name,
        (extract(epoch from date_trunc('milliseconds', p.created_at)) * 1000)::bigint::text as created_ms,
        (extract(epoch from date_trunc('milliseconds', p.updated_at)) * 1000)::bigint::text as updated_ms
        from products p left join categories c on c.id = p.category_id and c.business_id = p.business_id
       where p.id = ${id}`,
  );
  const at = (milliseconds: unknown) => new Date(Number(milliseconds)).toISOString();
  return {
    id,
    name: row!.name as string,
    description: row!.description as string | null,
    barcode: row!.barcode as string | null,
    sku: row!.sku as string | null,
    price: row!.price as number,
    cost_price: row!.cost_price as number,
    tax_rate: Number(row!.tax_rate),
    stock_quantity: row!.stock_quantity as number,
    min_stock_level: row!.min_stock_level as number,
    category: row!.category_name
      ? { id: row!.category_id as string, name: row!.category_name as string }
      : null,
    category_id: row!.category_id as string | null,
    is_active: true,
    image_url: row!.image_url as string | null,
    created_at: at(row!.created_ms),
    updated_at: at(row!.updated_ms),
  };
}

async function created(body: Record<string, unknown>): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: shop.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product.id;
}

describe("a product's JSON, written by the database", () => {
  it('is the schema exactly, in the list and by id: texts, nulls, rates, categories and timestamps', async () => {
    const [{ id: drinks }] = (await t.database.db
      .insert(categories)
      .values({ businessId: shop.businessId, name: 'Drinks "cold" \\ ₵' })
      .returning()) as unknown as [{ id: string }];
    const ids = [
      await created({
        name: 'Ama\'s "Best" \\ Milo 🇬🇭 tab\there',
        description: 'line one\nline two — ₵12.50',
        category_id: drinks,
        barcode: '6031000000017',
        sku: 'MILO-1',
        price: 1250,
        cost_price: 900,
        tax_rate: 17.25,
        stock_quantity: 3,
        min_stock_level: 5,
        image_url: 'https://images.example.com/milo.png',
      }),
      await created({ name: 'Plain Bread', price: 500, tax_rate: 0 }),
      await created({ name: 'Whole Rate', price: 100, tax_rate: 100 }),
      await created({ name: 'Default Rate', price: 100 }),
    ];
    // Microseconds the API rounds down to the millisecond, as JavaScript's dates do.
    await t.database.query(
      `UPDATE products SET created_at = '2026-03-04 05:06:07.999999+00', updated_at = '2026-03-04 05:06:08.000500+00'
        WHERE id = $1`,
      [ids[0]],
    );

    const response = await t.app.inject({ url: '/api/v1/products?limit=24', headers: shop.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = productList.strict().parse(response.json());
    for (const item of listed.products) product.strict().parse(item);
    const expected = await Promise.all(ids.map(expectedProduct));
    expect(listed).toEqual({
      products: [...expected].sort((a, b) => (a.name < b.name ? -1 : 1)),
      total: 4,
      total_is_capped: false,
      next_cursor: null,
    });
    expect(expected[0]).toMatchObject({
      tax_rate: 17.25,
      created_at: '2026-03-04T05:06:07.999Z',
      updated_at: '2026-03-04T05:06:08.000Z',
      category: { id: drinks, name: 'Drinks "cold" \\ ₵' },
    });
    expect(expected.map((item) => item.tax_rate)).toEqual([17.25, 0, 100, 12.5]);

    for (const item of expected) {
      const one = await t.app.inject({ url: `/api/v1/products/${item.id}`, headers: shop.headers });
      expect(product.strict().parse(one.json().product)).toEqual(item);
    }
  });

  it("shows no category when the product's category is not the business's own", async () => {
    const id = await created({ name: 'Orphan', price: 100 });
    const other = await signedInShop(t);
    const [{ id: theirs }] = (await t.database.db
      .insert(categories)
      .values({ businessId: other.businessId, name: 'Theirs' })
      .returning()) as unknown as [{ id: string }];
    await t.database.query('UPDATE products SET category_id = $1 WHERE id = $2', [theirs, id]);
    const response = await t.app.inject({ url: '/api/v1/products?search=orphan', headers: shop.headers });
    expect(response.json().products).toMatchObject([{ id, category: null, category_id: theirs }]);
  });
});
