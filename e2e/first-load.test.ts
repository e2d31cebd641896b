import { expect, it } from 'vitest';
import { TILL_FIRST_PRODUCTS_PATH } from '../src/domain/early-reads.ts';
import { describeE2E } from './support/browser.ts';
import { collectConsoleErrors, useE2E } from './support/harness.ts';

type Ask = { path: string; from: string };

describeE2E('the first load of a page of the shop', () => {
  const e2e = useE2E();

  it("starts the till's first reads from the page itself, before its scripts, and the app takes them", async () => {
    const asks: Ask[] = [];
    let errors: string[] = [];
    const page = await e2e.openAs('cashier', '/app/pos', 360, {
      prepare: async (page) => {
        errors = collectConsoleErrors(page);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        cdp.on('Network.requestWillBeSent', (event) => {
          const url = new URL(event.request.url);
          if (!url.pathname.startsWith('/api/')) return;
          // Who asked: the page's own inline script (the page's address) or one of the app's script files.
          const frame = event.initiator.stack?.callFrames[0];
          asks.push({ path: url.pathname + url.search, from: frame ? new URL(frame.url).pathname : '' });
        });
      },
    });
    await page.getByRole('button', { name: /^Add Voltic Mineral Water 1.5L/ }).waitFor();

    // The page itself asked first, for each of the three...
    for (const path of ['/api/v1/public/business', '/api/v1/session', TILL_FIRST_PRODUCTS_PATH]) {
      expect(asks.find((ask) => ask.path === path)?.from, path).toBe('/app/pos');
    }
    // ...and the app took every one of those answers instead of asking again.
    const untaken = await page.evaluate(() => {
      const early = (window as { __earlyReads?: { slug: string; reads: Record<string, unknown> } })
        .__earlyReads;
      return early && { slug: early.slug, paths: Object.keys(early.reads) };
    });
    expect(untaken).toEqual({ slug: 'demo', paths: [] });
    // The inline script ran under the page's Content-Security-Policy: no violation, no other error.
    expect(errors).toEqual([]);
  });

  it('starts nothing on the public site, whose page names no business', async () => {
    const page = await e2e.open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('meta[name="early-reads"]').getAttribute('content')).toBe('');
    expect(await page.evaluate(() => (window as { __earlyReads?: unknown }).__earlyReads)).toBeUndefined();
  });
});
