import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createUser, staffCookie } from '../testing/factories.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// Single-shop mode (SINGLE_BUSINESS): a shop's own server on its network serves its one business at every
// address, reached by IP, by name, or by whatever host the shop's router hands out.
let t: TestApp;
let dist: string;
let cornerCookie: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pos-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<meta name="app-domain" content="__APP_DOMAIN__"><meta name="single-business" content="__SINGLE_BUSINESS__">',
  );
  t = await createTestApp({ SINGLE_BUSINESS: 'corner', SERVE_WEB: 'true', WEB_DIST_DIR: dist });
  const corner = await createBusiness(t.database.db, { slug: 'corner', name: 'Corner Shop' });
  await createBusiness(t.database.db, { slug: 'other', name: 'Other Shop' });
  cornerCookie = await staffCookie(t.database.db, await createUser(t.database.db, corner.id), 'corner');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('single-shop mode', () => {
  it('serves the one business at any host, without naming it', async () => {
    for (const host of ['192.168.1.20:3000', 'localhost:3000', 'till.local', 'other.localhost:3000']) {
      const response = await t.app.inject({ url: '/api/v1/public/business', headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.json().business.slug, host).toBe('corner');
    }
  });

  it('accepts its own slug in X-Business or ?business=', async () => {
    for (const request of [
      { url: '/api/v1/public/business', headers: { host: '192.168.1.20', 'x-business': 'Corner' } },
      { url: '/api/v1/public/business?business=corner', headers: { host: '192.168.1.20' } },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(200);
      expect(response.json().business.slug).toBe('corner');
    }
  });

  it('refuses an API call that names another business, even one that exists', async () => {
    for (const request of [
      { url: '/api/v1/public/business', headers: { host: '192.168.1.20', 'x-business': 'other' } },
      { url: '/api/v1/public/business?business=other', headers: { host: '192.168.1.20' } },
      { url: '/api/v1/me', headers: { host: '192.168.1.20', 'x-business': 'other', cookie: cornerCookie } },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'BUSINESS_NOT_FOUND', message: 'Business with slug "other" not found' },
      });
    }
  });

  it('signs its own people in by their cookie at a bare IP', async () => {
    const response = await t.app.inject({
      url: '/api/v1/me',
      headers: { host: '192.168.1.20:3000', cookie: cornerCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().business.slug).toBe('corner');
  });

  it('tells the web app the business in the page, whatever the page address', async () => {
    for (const url of ['/', '/login', '/app/pos?business=other']) {
      const response = await t.app.inject({ url, headers: { host: '192.168.1.20:3000' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<meta name="single-business" content="corner">');
    }
  });
});

describe('several businesses (the default)', () => {
  it('leaves the single-business tag empty', async () => {
    const many = await createTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });
    try {
      const response = await many.app.inject({ url: '/' });
      expect(response.body).toContain('<meta name="single-business" content="">');
    } finally {
      await many.close();
    }
  });
});
