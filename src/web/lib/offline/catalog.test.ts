import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { PosProductsResponse, Sale } from '#domain/schemas/sales.ts';
import type { SyncCatalogResponse, SyncProduct } from '#domain/schemas/sync.ts';
import { syncProductFixture } from '#web/testing/fixtures.ts';
import {
  applyCatalog,
  catalogMeta,
  EARLY_READ_ROWS,
  localCategories,
  localPosProducts,
  localProductByCode,
} from './catalog.ts';
import { localDbName } from './local-db.ts';
import { addToOutbox } from './outbox.ts';

// The till's grid from its local copy lists products in the server's order, so that the grid does not
// reorder itself when the till goes offline or comes back.

const product = syncProductFixture;

const names = (page: { products: { name: string }[] }) => page.products.map((p) => p.name);

/** A sync's answer of products alone: a delta from `cursor`, or the whole copy. */
const productsSynced = (cursor: string, products: SyncProduct[], full = false): SyncCatalogResponse => ({
  cursor,
  full,
  products,
  categories: [],
  customers: [],
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
    // That first page came from the name index while the copy was read; the same page from the whole copy:
    await localProductByCode(slug, 'no such code');
    expect(await localPosProducts(slug, { search: '', categoryId: null }, 0, 60)).toEqual({
      products,
      has_more: false,
    });
    expect(
      (await localPosProducts(slug, { search: '', categoryId: null }, 1, 2)).products.map((p) => p.name),
    ).toEqual(['Milo 400g Tin', 'apple juice']);
  });

  it('reads what a sync changed at once, and keeps its revision through a sync that changed nothing', async () => {
    const slug = 'catalog-revision-test';
    const milo = product(1, 'Milo 400g Tin', { barcode: '6001234500011' });
    await applyCatalog(slug, productsSynced('1', [milo], true));
    expect((await localProductByCode(slug, '6001234500011'))?.name).toBe('Milo 400g Tin');
    const first = (await catalogMeta(slug))?.revision;

    expect(await applyCatalog(slug, productsSynced('2', []))).toBe(false);
    expect((await catalogMeta(slug))?.revision).toBe(first);
    expect((await catalogMeta(slug))?.cursor).toBe('2');

    const renamed = { ...milo, name: 'Milo 500g Tin', stock_quantity: 3 };
    const added = product(2, 'Bread');
    expect(await applyCatalog(slug, productsSynced('3', [renamed, added]))).toBe(true);
    expect((await catalogMeta(slug))?.revision).not.toBe(first);
    expect((await localProductByCode(slug, '6001234500011'))?.name).toBe('Milo 500g Tin');
    const { products } = await localPosProducts(slug, { search: '', categoryId: null }, 0, 60);
    expect(products.map((p) => [p.name, p.stock_quantity])).toEqual([
      ['Bread', 10],
      ['Milo 500g Tin', 3],
    ]);

    const gone = { ...added, is_active: false };
    await applyCatalog(slug, productsSynced('4', [gone]));
    expect(
      (await localPosProducts(slug, { search: '', categoryId: null }, 0, 60)).products.map((p) => p.name),
    ).toEqual(['Milo 500g Tin']);
  });

  it('opens a copy written by the release before the name index, and lists it by name', async () => {
    const slug = 'catalog-upgrade-test';
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(localDbName(slug), 1);
      request.onupgradeneeded = () => {
        for (const store of ['products', 'categories', 'customers', 'outbox']) {
          request.result.createObjectStore(store, { keyPath: 'id' });
        }
        request.result.createObjectStore('meta');
        const transaction = request.transaction!;
        transaction.objectStore('products').put(product(1, 'Sugar 1kg'));
        transaction.objectStore('products').put(product(2, 'Milo 400g Tin'));
        transaction
          .objectStore('meta')
          .put({ cursor: '7', synced_at: '2026-11-30T10:00:00.000Z' }, 'catalog');
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const { products } = await localPosProducts(slug, { search: '', categoryId: null }, 0, 60);
    expect(products.map((p) => p.name)).toEqual(['Milo 400g Tin', 'Sugar 1kg']);
    expect(
      (await localPosProducts(slug, { search: 'sugar', categoryId: null }, 0, 60)).products,
    ).toHaveLength(1);
  });

  it('answers a scan as the till opens from the code indexes: the active product, barcode first', async () => {
    const slug = 'catalog-scan-at-open-test';
    await applyCatalog(
      slug,
      productsSynced(
        '1',
        [
          product(1, 'Old Milo', { barcode: '6001234500011', is_active: false }),
          product(2, 'Milo 400g Tin', { barcode: '6001234500011' }),
          product(3, 'Coke 50cl', { sku: '6001234500011' }),
          product(4, 'Sugar 1kg', { sku: 'SUG-1' }),
        ],
        true,
      ),
    );
    expect((await localProductByCode(slug, '6001234500011'))?.name).toBe('Milo 400g Tin');
    expect((await localProductByCode(slug, 'SUG-1'))?.name).toBe('Sugar 1kg');
    expect(await localProductByCode(slug, 'sug-1')).toBeNull();
  });

  it('answers a search as the till opens from the first products by name, or else from the whole copy', async () => {
    const slug = 'catalog-search-at-open-test';
    const items = Array.from({ length: EARLY_READ_ROWS + 10 }, (_, i) =>
      product(i + 1, `Item ${String(i).padStart(5, '0')}`, { description: i % 2 ? 'blue' : null }),
    );
    await applyCatalog(
      slug,
      productsSynced(
        '1',
        [...items, product(EARLY_READ_ROWS + 20, 'Zobo drink 1L', { sku: 'ZOBO-1' })],
        true,
      ),
    );
    // The till holds one business's copy in memory: reading another's first makes each search one at opening.
    const other = 'catalog-search-at-open-other';
    await applyCatalog(other, productsSynced('1', [product(1, 'Bread')], true));
    const atOpen = async (text: string, offset = 0, limit = 3) => {
      await localProductByCode(other, 'no such code');
      return localPosProducts(slug, { search: text, categoryId: null }, offset, limit);
    };
    // Settled by the first products: a page filled early, the next page after it.
    const blue = await atOpen('BLUE');
    expect(names(blue)).toEqual(['Item 00001', 'Item 00003', 'Item 00005']);
    expect(blue.has_more).toBe(true);
    expect(names(await atOpen('BLUE', 1, 2))).toEqual(['Item 00003', 'Item 00005']);
    // Not settled by them: matches past the first products, and a code, from the whole copy.
    expect(names(await atOpen('drink'))).toEqual(['Zobo drink 1L']);
    expect(names(await atOpen('ZOBO-1'))).toEqual(['Zobo drink 1L']);
    const late = await atOpen('item 0200', 0, 60);
    expect(names(late)).toHaveLength(10);
    expect(late.has_more).toBe(false);
  });

  it('asks the server meanwhile for a page only the whole copy answers as the till opens, and reads the copy if it fails', async () => {
    const slug = 'catalog-meanwhile-test';
    const items = Array.from({ length: EARLY_READ_ROWS + 10 }, (_, i) =>
      product(i + 1, `Item ${String(i).padStart(5, '0')}`, { description: i % 2 ? 'blue' : null }),
    );
    const zobo = product(EARLY_READ_ROWS + 20, 'Zobo drink 1L', { sku: 'ZOBO-1' });
    await applyCatalog(slug, productsSynced('1', [...items, zobo], true));
    const other = 'catalog-meanwhile-other';
    await applyCatalog(other, productsSynced('1', [product(1, 'Bread')], true));
    const asked: string[] = [];
    const serverPage = (name: string) => ({
      products: [{ ...zobo, name }],
      total: null,
      has_more: false,
    });
    const atOpen = async (text: string, meanwhile: () => Promise<PosProductsResponse>) => {
      await localProductByCode(other, 'no such code');
      return localPosProducts(slug, { search: text, categoryId: null }, 0, 3, () => {
        asked.push(text);
        return meanwhile();
      });
    };
    // The first products settle it: the server is not asked.
    expect(names(await atOpen('BLUE', async () => serverPage('from the server')))).toEqual([
      'Item 00001',
      'Item 00003',
      'Item 00005',
    ]);
    expect(asked).toEqual([]);
    // Only the whole copy settles it: the server's answer, or the copy's when the server fails or never answers.
    expect(names(await atOpen('drink', async () => serverPage('Zobo drink 1L, from the server')))).toEqual([
      'Zobo drink 1L, from the server',
    ]);
    expect(names(await atOpen('drink', () => Promise.reject(new Error('offline'))))).toEqual([
      'Zobo drink 1L',
    ]);
    expect(names(await atOpen('ZOBO-1', () => new Promise(() => {})))).toEqual(['Zobo drink 1L']);
    expect(asked).toEqual(['drink', 'drink', 'ZOBO-1']);
    // A sale waiting in the outbox took stock the server does not know of: the copy alone answers.
    await addToOutbox(slug, (seq) => ({
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      created_at: new Date().toISOString(),
      body: { items: [{ product_id: zobo.id, quantity: 1, unit_price: zobo.price }], payments: [] },
      sale: {} as Sale,
    }));
    expect(names(await atOpen('drink', async () => serverPage('from the server')))).toEqual([
      'Zobo drink 1L',
    ]);
    expect(asked).toEqual(['drink', 'drink', 'ZOBO-1']);
  });

  it('reads the whole copy again when a sync wrote it between two parts of the reading', async () => {
    const slug = 'catalog-read-during-sync-test';
    // Three parts of the reading (5,000 products each): the sync lands once the second has been asked for,
    // and renames a product of the third so that it moves into the first, read already.
    const count = 10_010;
    const items = Array.from({ length: count }, (_, i) =>
      product(i + 1, `Item ${String(i).padStart(5, '0')}`),
    );
    await applyCatalog(slug, productsSynced('1', items, true));
    const renamed = items[10_005]!;
    let synced: Promise<boolean> | undefined;
    const getAll = IDBIndex.prototype.getAll;
    const spy = vi.spyOn(IDBIndex.prototype, 'getAll').mockImplementation(function (this: IDBIndex, ...args) {
      const [range, rows] = args;
      if (!synced && range && Number(rows) >= 5_000) {
        synced = applyCatalog(slug, productsSynced('2', [{ ...renamed, name: 'Aaa renamed' }]));
      }
      return getAll.apply(this, args);
    });
    try {
      const read = await localPosProducts(slug, { search: '', categoryId: null }, 0, count);
      expect(synced).toBeDefined();
      expect(read.products.filter((p) => p.id === renamed.id).map((p) => p.name)).toEqual(['Aaa renamed']);
      expect(read.products).toHaveLength(count);
    } finally {
      spy.mockRestore();
      await synced;
    }
  });
});
