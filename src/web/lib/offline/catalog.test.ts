import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SyncProduct } from '#domain/schemas/sync.ts';
import { applyCatalog, localCategories, localPosProducts } from './catalog.ts';

// The till's grid from its local copy lists products in the server's order, so that the grid does not
// reorder itself when the till goes offline or comes back.

const product = (n: number, name: string): SyncProduct => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  description: null,
  price: 600,
  tax_rate: 0,
  stock_quantity: 10,
  min_stock_level: 5,
  barcode: null,
  sku: null,
  image_url: null,
  category: null,
  category_id: null,
  is_active: true,
});

describe("the till's local copy", () => {
  it("lists products and categories in the server's order: by code point, capitals first", async () => {
    const slug = 'catalog-order-test';
    await applyCatalog(slug, {
      cursor: '1',
      full: true,
      products: [
        product(1, 'apple juice'),
        product(2, 'Ébène soap'),
        product(3, 'Banana chips'),
        product(4, 'Milo 400g Tin'),
      ],
      categories: [
        { id: '00000000-0000-4000-8000-000000000011', name: 'drinks', sort_order: 0, is_active: true },
        { id: '00000000-0000-4000-8000-000000000012', name: 'Biscuits', sort_order: 0, is_active: true },
      ],
      customers: [],
    });
    const { products } = await localPosProducts(slug, { search: '', categoryId: null }, 0, 60);
    expect(products.map((p) => p.name)).toEqual([
      'Banana chips',
      'Milo 400g Tin',
      'apple juice',
      'Ébène soap',
    ]);
    expect((await localCategories(slug)).map((c) => c.name)).toEqual(['Biscuits', 'drinks']);
  });
});
