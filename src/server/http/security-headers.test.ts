import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createUser, staffCookie } from '../testing/factories.ts';
import { businessHeaders, createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let ownerCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const shop = await createBusiness(t.database.db, { slug: 'headers-shop' });
  const owner = await createUser(t.database.db, shop.id, { role: 'owner' });
  ownerCookie = await staffCookie(t.database.db, owner, 'headers-shop');
});
afterAll(() => t.close());

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  it('puts a strict Content-Security-Policy and the other headers on every response', async () => {
    for (const url of ['/healthz', '/api/v1/no-such-thing', '/api/v1/public/businesses/headers-shop']) {
      const response = await t.app.inject({ url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('sends HSTS only over TLS, never on plain HTTP', async () => {
    const plain = await t.app.inject({ url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded protocol is not believed.
    const claimed = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps every signed-in API answer out of caches', async () => {
    const me = await t.app.inject({
      url: '/api/v1/me',
      headers: businessHeaders('headers-shop', ownerCookie),
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/api/v1/me', headers: businessHeaders('headers-shop') });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('still serves the API docs page, whose scripts are files of this origin', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.body).not.toMatch(/<script>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});

describe('security headers behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());

  it('sends HSTS when the proxy says the request came over https', async () => {
    const secure = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
