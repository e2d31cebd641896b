import { describe, expect, it } from 'vitest';
import { compareText } from '#domain/text-order.ts';
import { syncProductFixture } from '#web/testing/fixtures.ts';
import { catalogPage, indexCatalog, productByCode, unarrangedPage, withChanges } from './catalog-index.ts';

const DRINKS = '00000000-0000-4000-8000-000000000011';

const product = syncProductFixture;

const rows = [
  product(1, 'Milo 400g Tin', { barcode: '6001234500011', sku: 'MILO-400', category_id: DRINKS }),
  product(2, 'Bread', { description: 'Sliced, with milk' }),
  product(3, 'Apple juice', { category_id: DRINKS, stock_quantity: 0 }),
  product(4, 'Old stock', { is_active: false, barcode: '6001234500028' }),
  product(5, 'Coke 50cl', { category_id: DRINKS, stock_quantity: 2, sku: '6001234500011' }),
  product(6, 'Coke 50cl', { category_id: DRINKS }),
];
const index = indexCatalog(rows);
const none = new Map<string, number>();
const all = { search: '', categoryId: null };
const names = (page: { products: { name: string }[] }) => page.products.map((p) => p.name);

describe("the till's local copy, arranged for its reads", () => {
  it('lists active products in stock by name, then id', () => {
    expect(names(catalogPage(index, all, none, 0, 60))).toEqual([
      'Bread',
      'Coke 50cl',
      'Coke 50cl',
      'Milo 400g Tin',
    ]);
    const cokes = catalogPage(index, { search: 'coke', categoryId: null }, none, 0, 60).products;
    expect(cokes.map((p) => p.id.slice(-1))).toEqual(['5', '6']);
  });

  it('takes the sales waiting in the outbox off the stock, and drops what they sold out', () => {
    const pending = new Map([[product(5, '').id, 2]]);
    const page = catalogPage(index, { search: 'coke', categoryId: null }, pending, 0, 60);
    expect(page.products.map((p) => [p.id.slice(-1), p.stock_quantity])).toEqual([['6', 10]]);
  });

  it('finds by text in the name or description, any case, an exact barcode or SKU, and by category', () => {
    expect(names(catalogPage(index, { search: 'i', categoryId: null }, none, 0, 60))).toEqual([
      'Bread',
      'Milo 400g Tin',
    ]);
    expect(names(catalogPage(index, { search: ' MILK ', categoryId: null }, none, 0, 60))).toEqual(['Bread']);
    expect(names(catalogPage(index, { search: '6001234500011', categoryId: null }, none, 0, 60))).toEqual([
      'Coke 50cl',
      'Milo 400g Tin',
    ]);
    expect(names(catalogPage(index, { search: 'MILO-400', categoryId: null }, none, 0, 60))).toEqual([
      'Milo 400g Tin',
    ]);
    // Text in any case, codes exactly: as the server searches.
    expect(names(catalogPage(index, { search: 'milo-400', categoryId: null }, none, 0, 60))).toEqual([]);
    expect(names(catalogPage(index, { search: '400G', categoryId: null }, none, 0, 60))).toEqual([
      'Milo 400g Tin',
    ]);
    expect(names(catalogPage(index, { search: '', categoryId: DRINKS }, none, 0, 60))).toEqual([
      'Coke 50cl',
      'Coke 50cl',
      'Milo 400g Tin',
    ]);
    expect(names(catalogPage(index, { search: 'old stock', categoryId: null }, none, 0, 60))).toEqual([]);
  });

  it('pages by offset and says whether more follow', () => {
    expect(catalogPage(index, all, none, 0, 2)).toMatchObject({ has_more: true });
    expect(names(catalogPage(index, all, none, 2, 2))).toEqual(['Coke 50cl', 'Milo 400g Tin']);
    expect(catalogPage(index, all, none, 2, 2).has_more).toBe(false);
    expect(catalogPage(index, all, none, 4, 2)).toEqual({ products: [], has_more: false });
  });

  it('answers a scanned code by barcode first, then SKU, active products only, whatever their stock', () => {
    expect(productByCode(index, '6001234500011', none)?.name).toBe('Milo 400g Tin');
    expect(productByCode(index, 'MILO-400', none)?.name).toBe('Milo 400g Tin');
    expect(productByCode(index, '6001234500028', none)).toBeNull();
    const soldOut = indexCatalog([product(7, 'Sold out', { barcode: '42', stock_quantity: 1 })]);
    expect(productByCode(soldOut, '42', new Map([[product(7, '').id, 3]]))?.stock_quantity).toBe(0);
  });

  it("follows a sync's changes: stock in place, a rename, a new product and a deactivation in order", () => {
    const copy = indexCatalog([product(1, 'Milo 400g Tin', { barcode: '111' }), product(2, 'Bread')]);
    const sold = withChanges(copy, [product(1, 'Milo 400g Tin', { barcode: '111', stock_quantity: 4 })]);
    expect(sold).toBe(copy);
    expect(productByCode(sold, '111', none)?.stock_quantity).toBe(4);

    const changed = withChanges(sold, [
      product(2, 'Wheat bread', { barcode: '222' }),
      product(3, 'Sugar 1kg'),
      product(1, 'Milo 400g Tin', { barcode: '111', is_active: false }),
    ]);
    expect(names(catalogPage(changed, all, none, 0, 60))).toEqual(['Sugar 1kg', 'Wheat bread']);
    expect(productByCode(changed, '111', none)).toBeNull();
    expect(productByCode(changed, '222', none)?.name).toBe('Wheat bread');
    expect(names(catalogPage(changed, { search: 'wheat', categoryId: null }, none, 0, 60))).toEqual([
      'Wheat bread',
    ]);
  });

  it('gathers the same pages from products handed over in name order as from the arranged copy', () => {
    const filters = [
      all,
      { search: 'i', categoryId: null },
      { search: ' MILK ', categoryId: null },
      { search: '6001234500011', categoryId: null },
      { search: 'MILO-400', categoryId: null },
      { search: 'milo-400', categoryId: null },
      { search: 'coke', categoryId: DRINKS },
      { search: '', categoryId: DRINKS },
      { search: 'old stock', categoryId: null },
      { search: '6001234500028', categoryId: null },
      { search: 'n\u0000', categoryId: null },
    ];
    const pending = new Map([[product(6, '').id, 9]]);
    // As the copy's name index hands them over: inactive products too.
    const byName = [...rows].sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
    for (const filter of filters) {
      for (const [offset, limit] of [
        [0, 60],
        [0, 1],
        [1, 2],
        [3, 2],
      ] as const) {
        const unarranged = unarrangedPage(filter, pending, offset, limit);
        byName.every(unarranged.take);
        expect(unarranged.page(), JSON.stringify({ filter, offset, limit })).toEqual(
          catalogPage(index, filter, pending, offset, limit),
        );
      }
    }
  });
});
