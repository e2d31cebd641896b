import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../testing/factories.ts';
import { expectError, type SignedInMember, signedInShop } from '../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let owner: SignedInMember;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInShop(t, 'owner');
});
afterAll(() => t.close());

describe('error responses declared in route schemas', () => {
  it('sends a declared 404 body as it is, not as a 500 from response validation', async () => {
    const response = await t.app.inject({
      url: '/api/v1/products/00000000-0000-4000-8000-000000000000',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'PRODUCT_NOT_FOUND', message: 'Product not found' } });
  });

  it('keeps the fields of a declared 409 and of a schema 400', async () => {
    await createProduct(t.database.db, owner.businessId, { sku: 'RICE-5KG', name: 'Rice 5kg' });
    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: owner.headers,
      payload: { name: 'Other rice', price: 100, sku: 'RICE-5KG' },
    });
    const error = expectError(clash, 409, 'SKU_TAKEN', 'SKU RICE-5KG is already used by "Rice 5kg"');
    expect(error.fields).toEqual({ sku: 'SKU RICE-5KG is already used by "Rice 5kg"' });

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: owner.headers,
      payload: { price: 100 },
    });
    expect(expectError(invalid, 400, 'VALIDATION_FAILED').fields).toHaveProperty('name');
  });

  it('answers access failures with their own bodies on routes that declare them', async () => {
    const signedOut = await t.app.inject({
      url: '/api/v1/products',
      headers: { 'x-business': owner.business.slug },
    });
    expectError(signedOut, 401, 'NOT_SIGNED_IN', 'Please sign in to continue.');
    const cashier = await signedInShop(t, 'cashier');
    expectError(
      await t.app.inject({ url: '/api/v1/products', headers: cashier.headers }),
      403,
      'FORBIDDEN',
      "You don't have the required permissions to access this page.",
    );
  });

  it('shows each route’s 4xx answers in the API document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
    // The route's own 409, its input's 400, and what staff access brings: 401, 403, 404.
    expect(statuses('/api/v1/products', 'post')).toEqual(['201', '400', '401', '403', '404', '409']);
    expect(statuses('/api/v1/products/{id}', 'delete')).toEqual(['400', '401', '403', '404']);
    expect(document.paths['/api/v1/products/{id}']?.get?.responses['404']).toMatchObject({
      content: { 'application/json': { schema: { properties: { error: { type: 'object' } } } } },
    });
  });
});
