import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../testing/factories.ts';
import { type SignedInMember, signedInShop } from '../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { MIN_COMPRESSED_BYTES, pickEncoding } from './compression.ts';

let t: TestApp;
let owner: SignedInMember;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInShop(t, 'owner');
  for (let i = 0; i < 30; i++) {
    await createProduct(t.database.db, owner.businessId, {
      name: `Milo 400g Tin ${i}`,
      description: 'Chocolate malt drink',
    });
  }
});
afterAll(() => t.close());

const productsPage = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/pos/products?limit=60&offset=0',
    headers: { ...owner.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed API answers', () => {
  it('sends a read of more than a kilobyte in the encoding the browser prefers, the same JSON inside', async () => {
    const plain = await productsPage();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await productsPage('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await productsPage('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    // The answer is still personal: compressing it does not make it cacheable.
    expect(gzip.headers['cache-control']).toBe('no-store');
  });

  it('leaves small answers and the answers to writes as they are', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pos/categories',
      headers: { ...owner.headers, 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();

    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { ...owner.headers, 'accept-encoding': 'br' },
      payload: { name: 'Ideal Milk 160g', price: 650, description: 'x'.repeat(2000) },
    });
    expect(write.statusCode, write.body).toBe(201);
    expect(write.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    expect(write.headers['content-encoding']).toBeUndefined();
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, honours q-values and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
  });
});
