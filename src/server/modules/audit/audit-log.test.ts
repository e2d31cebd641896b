import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../testing/factories.ts';
import { signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the audit log records stock adjustments and price changes', () => {
  it('writes who changed what, before and after, and nothing when nothing changed', async () => {
    const owner = await signedInShop(t, 'owner', { user: { firstName: 'Akosua', lastName: 'Owusu' } });
    const milo = await createProduct(t.database.db, owner.businessId, {
      name: 'Milo',
      price: 5500,
      stockQuantity: 10,
    });
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${milo.id}/stock`,
      headers: owner.headers,
      payload: { operation: 'subtract', quantity: 3, note: 'Broken in the store room' },
    });
    expect(adjust.statusCode).toBe(200);
    const edit = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/products/${milo.id}`, headers: owner.headers, payload });
    expect((await edit({ price: 6000 })).statusCode).toBe(200);
    expect((await edit({ price: 6000, name: 'Milo 400g' })).statusCode).toBe(200);

    const { entries } = (await t.app.inject({ url: '/api/v1/audit-log', headers: owner.headers })).json();
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'price_changed',
        summary: 'Milo: price ₵55.00 → ₵60.00',
        before: { price: 5500 },
        after: { price: 6000 },
        actor_name: 'Akosua Owusu',
      }),
      expect.objectContaining({
        action: 'stock_adjusted',
        summary: 'Milo: stock 10 → 7 (subtract 3)',
        reason: 'Broken in the store room',
      }),
    ]);
  });
});
