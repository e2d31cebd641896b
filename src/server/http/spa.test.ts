import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILL_FIRST_PRODUCTS_PATH } from '#domain/early-reads.ts';
import { precompressDir } from '../../../scripts/precompress.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { DOCUMENT_ONLY_HEADERS } from './security-headers.ts';

const INLINE_SCRIPT = 'window.started = true;';
const SCRIPT = `export const greeting = ${JSON.stringify('Akwaaba! '.repeat(400))};\n`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pos-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<head><meta name="app-domain" content="__APP_DOMAIN__"><meta name="early-reads" content="__EARLY_READS__"><script>${INLINE_SCRIPT}</script><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><div id="root"></div>${'<!-- padding -->'.repeat(50)}`,
  );
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'tiny-Ef56Gh78.js'), '1');
  writeFileSync(join(dist, 'assets', 'logo-Ij90Kl12.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dist, 'assets', 'badge-Qr56St78.svg'), '<svg/>');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true },
      'app/composed-business-app.tsx': {
        file: 'assets/composed-business-app-Mn34Op56.js',
        imports: ['index.html', '_sheet-Qr78St90.js'],
      },
      '_sheet-Qr78St90.js': { file: 'assets/sheet-Qr78St90.js' },
      'features/pos/index.tsx': { file: 'assets/pos-Uv12Wx34.js', imports: ['_sheet-Qr78St90.js'] },
    }),
  );
  // What the build does (vite.config.ts): brotli and gzip copies beside every text file.
  precompressDir(dist);
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

  it('sends a hashed file without the headers only a page acts on, and the page with them', async () => {
    const script = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    for (const name of DOCUMENT_ONLY_HEADERS) expect(script.headers[name], name).toBeUndefined();
    // What a script or a stylesheet does heed stays.
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    // A page, an unhashed file, and a hashed image a browser could open as a document (an SVG can hold script).
    for (const url of ['/app/pos', '/favicon.svg', '/assets/badge-Qr56St78.svg']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(response.headers[name], `${url} ${name}`).toBeDefined();
      }
    }
  });

  it('serves index.html to be revalidated, with the product domain filled in, for client routes', async () => {
    for (const url of ['/', '/login', '/app/pos', '/admin-allowed?x=1', '/index.html']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(response.body, url).toContain('content="posgh.com"');
    }
  });

  it('answers a revalidation of an unchanged index.html with 304 and no body', async () => {
    const first = await t.app.inject({ url: '/app/pos' });
    const again = await t.app.inject({
      url: '/app/pos',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({ url: '/app/pos', headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
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

describe('compressed transfer', () => {
  it('sends scripts as brotli to a browser that takes it, gzip to one that takes only gzip', async () => {
    const br = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that asks for no compression', async () => {
    const plain = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
    const refused = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);
  });

  it('sends a file whose compressed copy would be larger as it is, and images untouched', async () => {
    const tiny = await t.app.inject({
      url: '/assets/tiny-Ef56Gh78.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('1');
    const image = await t.app.inject({
      url: '/assets/logo-Ij90Kl12.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
  });

  it('compresses index.html too, with the placeholders filled in', async () => {
    const response = await t.app.inject({ url: '/app/pos', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('content="posgh.com"');
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('content="posgh.com"');
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js.br', '/assets/index-Ab12Cd34.js.gz']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('keeps the connection open between requests (keep-alive)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // Which local port each request left from: the same port means the same TCP connection.
    const get = () =>
      new Promise<{ port: number; header: string | undefined }>((resolve, reject) => {
        const req = httpRequest({ port, host: '127.0.0.1', path: '/favicon.svg', agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ port: req.socket?.localPort ?? -1, header: String(res.headers['keep-alive']) }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await get();
      const second = await get();
      expect(second.port).toBe(first.port);
      expect(first.header).toBe('timeout=72');
    } finally {
      agent.destroy();
    }
  });
});

describe('naming the first screen’s chunks in the page', () => {
  const preloads = (body: string) =>
    [...body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it('preloads the business app and the till for the till, the business app for other app pages', async () => {
    const till = await t.app.inject({ url: '/app/pos?business=demo' });
    expect(preloads(till.body)).toEqual([
      '/assets/composed-business-app-Mn34Op56.js',
      '/assets/sheet-Qr78St90.js',
      '/assets/pos-Uv12Wx34.js',
    ]);
    const app = await t.app.inject({ url: '/app/products' });
    expect(preloads(app.body)).toEqual([
      '/assets/composed-business-app-Mn34Op56.js',
      '/assets/sheet-Qr78St90.js',
    ]);
    expect(preloads((await t.app.inject({ url: '/' })).body)).toEqual([]);
    expect(preloads((await t.app.inject({ url: '/application' })).body)).toEqual([]);
    // Each page its own ETag, so a cache never answers one page with another's.
    expect(till.headers.etag).not.toBe(app.headers.etag);
  });
});

describe('the first reads named in the page', () => {
  const earlyReads = (body: string) => /name="early-reads" content="([^"]*)"/.exec(body)?.[1];

  it('names the business and its first reads on the till and the business app, nothing elsewhere', async () => {
    const till = await t.app.inject({ url: '/app/pos?business=demo' });
    expect(earlyReads(till.body)).toBe(
      `demo /api/v1/public/business /api/v1/session ${TILL_FIRST_PRODUCTS_PATH}`,
    );
    const products = await t.app.inject({ url: '/app/products', headers: { host: 'kofi-mart.posgh.com' } });
    expect(earlyReads(products.body)).toBe('kofi-mart /api/v1/public/business /api/v1/session');
    // The public site; an app page whose business the address does not name; a slug that is not one.
    for (const url of ['/?business=demo', '/app/pos', '/app/pos?business=%22%3E%3Cscript%3E']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(earlyReads(page.body), url).toBe('');
    }
    // Each business's page is its own, with its own ETag.
    const other = await t.app.inject({ url: '/app/pos?business=kofi-mart' });
    expect(other.headers.etag).not.toBe(till.headers.etag);
  });

  it("lets the page's inline script run by its hash, on the page alone", async () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    const page = await t.app.inject({ url: '/app/pos?business=demo' });
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' ${hash}`);
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(String(asset.headers['content-security-policy'])).not.toContain('sha256-');
    const api = await t.app.inject({ url: '/api/v1/missing' });
    expect(String(api.headers['content-security-policy'])).not.toContain('sha256-');
  });
});
