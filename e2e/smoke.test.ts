import { expect, it } from 'vitest';
import { describeE2E } from './support/browser.ts';
import { useE2E } from './support/harness.ts';

describeE2E('the built app is served', () => {
  const e2e = useE2E();

  it('renders the landing page with its title from the server', async () => {
    const page = await (await e2e.newContext()).newPage();
    const response = await page.goto(e2e.url('/'));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await page.waitForSelector('h1');
    expect(await page.locator('meta[name="app-domain"]').getAttribute('content')).toBe('localhost');
  });
});
