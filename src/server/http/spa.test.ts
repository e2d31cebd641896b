import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pos-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<meta name="app-domain" content="__APP_DOMAIN__"><div id="root"></div>',
  );
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist, APP_DOMAIN: 'posgh.com' });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const response = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html uncached, with the product domain filled in, for client routes', async () => {
    for (const url of ['/', '/login', '/app/pos', '/admin-allowed?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('content="posgh.com"');
    }
  });

  it('does not answer missing assets or API paths with the page', async () => {
    expect((await t.app.inject({ url: '/assets/missing-Zz99Yy88.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/v1/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('caches other public files briefly', async () => {
    const response = await t.app.inject({ url: '/favicon.svg' });
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
