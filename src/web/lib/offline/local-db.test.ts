import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { syncProductFixture } from '#web/testing/fixtures.ts';
import { getAllByIndex, getAllByIndexInChunks, PRODUCT_INDEXES, writeLocal } from './local-db.ts';

describe("the till's local database", () => {
  it('reads a store in index order a part at a time, as in one read, with many values under one key', async () => {
    const slug = 'local-db-chunks-test';
    // Names repeat across the parts' edges, and one name holds more values than a part.
    const names = ['Bread', 'Bread', 'Coke', 'Milo', 'Milo', 'Milo', 'Milo', 'Milo', 'Sugar', 'Zobo'];
    const products = names.map((name, i) => syncProductFixture(10 - i, name));
    await writeLocal(slug, ['products'], (store) => {
      for (const product of products) store('products').put(product);
    });
    const whole = await getAllByIndex(slug, 'products', PRODUCT_INDEXES.name);
    expect(whole.map((p) => (p as { name: string }).name)).toEqual(names);
    for (const chunk of [1, 2, 3, 4, 10, 11]) {
      expect(await getAllByIndexInChunks(slug, 'products', PRODUCT_INDEXES.name, chunk), `${chunk}`).toEqual(
        whole,
      );
    }
    expect(await getAllByIndex(slug, 'products', PRODUCT_INDEXES.name, null, 3)).toEqual(whole.slice(0, 3));
  });
});
