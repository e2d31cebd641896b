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

  it("is the production build a shop's browser gets, not React's development runtime", async () => {
    const page = await (await e2e.newContext()).newPage();
    const loading: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) loading.push(response.text());
    });
    await page.goto(e2e.url('/login'));
    await page.waitForSelector('h1');
    const scripts = await Promise.all(loading);
    expect(scripts.length).toBeGreaterThan(0);
    // Only React's development runtime carries its warnings; the production one has none of them.
    expect(scripts.filter((source) => source.includes('react-devtools'))).toEqual([]);
  });
});
