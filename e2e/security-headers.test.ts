import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ean13CheckDigit } from '../src/domain/barcode.ts';
import { writeBarcodeVideo } from './fixtures/barcode-video.ts';
import { CHROMIUM_PATH, describeE2E } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The Demo Shop's water, which the fake camera shows so that the scanner really runs its WebAssembly.
const WATER = 'Voltic Mineral Water 1.5L';
const WATER_BARCODE = `603100000001${ean13CheckDigit('603100000001')}`;

declare global {
  interface Window {
    reportViolation?: (text: string) => void;
  }
}

describeE2E('the app under its Content-Security-Policy', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let videoDir: string;
  const violations: string[] = [];

  beforeAll(async () => {
    videoDir = mkdtempSync(join(tmpdir(), 'csp-camera-'));
    const video = join(videoDir, 'barcode.y4m');
    writeBarcodeVideo(video, WATER_BARCODE);
    [server, browser] = await Promise.all([
      startServer(),
      chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      }),
    ]);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['camera'], { origin: server.url });
    // Both ways a browser tells of a refused script, style, image or connection.
    await context.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        window.reportViolation?.(
          `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}`,
        );
      });
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (videoDir) rmSync(videoDir, { recursive: true, force: true });
  });

  async function visit(path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => {
      if (/Content Security Policy|Refused to/i.test(error.message)) violations.push(error.message);
    });
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    return page;
  }

  it('runs the public site, sign-in, the till with its camera scanner, products and the customer display without a violation', async () => {
    const landing = await visit('/');
    await landing.getByRole('heading', { level: 1, name: /Run your shop with confidence/ }).waitFor();
    await landing.close();

    const access = await visit('/login');
    await access.getByRole('button', { name: 'Demo Shop' }).waitFor();
    await access.close();

    const signIn = await visit('/app/auth?business=demo');
    const form = signIn.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email', { exact: true }).fill('owner@demo.shop');
    await form.getByLabel('Password', { exact: true }).fill('Owner@2026');
    await form.getByRole('button', { name: /sign in/i }).click();
    await signIn.waitForURL((url) => !url.pathname.startsWith('/app/auth'));
    await signIn.close();

    const till = await visit('/app/pos?business=demo');
    await till.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
    await till.getByRole('button', { name: 'Scan' }).click();
    // Found means the zxing WebAssembly was compiled and ran under the policy.
    await till
      .getByRole('dialog', { name: 'Scan barcode' })
      .getByText(`Found ${WATER_BARCODE}`)
      .waitFor({ timeout: 20_000 });
    await till.close();

    const products = await visit('/app/products?business=demo');
    await products.getByRole('heading', { name: 'Product Management' }).waitFor();
    await products.getByTestId('product-card').first().waitFor();
    // A Radix dialog inserts its scroll-lock <style>: styles must be allowed as the app needs them.
    await products.getByRole('button', { name: 'Add Product' }).click();
    await products.getByRole('dialog').waitFor();
    await products.close();

    const display = await visit('/app/customer-display?business=demo');
    await display.waitForLoadState('networkidle');
    await display.close();

    const docs = await visit('/api/docs/');
    await docs.getByText('Akwaaba POS API').first().waitFor();
    await docs.close();

    expect(violations).toEqual([]);
  });
});
