import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

describeE2E('the built app is served', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the landing page with its title from the server', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await page.waitForSelector('h1');
    expect(await page.locator('meta[name="app-domain"]').getAttribute('content')).toBe('localhost');
    await page.close();
  });
});
