import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { businesses } from '../src/server/db/schema/index.ts';
import { createUser, staffCookie } from '../src/server/testing/factories.ts';
import { describeE2E } from './support/browser.ts';
import { useE2E } from './support/harness.ts';

// Two businesses open in two tabs of one browser on one origin (localhost with ?business=, as on a shop
// server reached by its IP) keep their own cart and their own cached lists, also after reloads: every
// browser-storage key holding business data carries the business (docs/web-boundaries.md).

const DEMO_ONLY = 'Alvaro Pear 330ml'; // first of the Demo Shop's products by name; Kofi Mart has none
const KOFI_ONLY = 'Indomie Onion Chicken 70g';

describeE2E('two businesses in two tabs of one browser', () => {
  const e2e = useE2E();
  const cookies: { name: string; value: string }[] = [];

  beforeAll(async () => {
    const db = e2e.server.database.db;
    for (const slug of ['demo', 'kofi-mart']) {
      const [shop] = await db.select().from(businesses).where(eq(businesses.slug, slug));
      const owner = await createUser(db, shop!.id, { role: 'owner' });
      const [name, value] = (await staffCookie(db, owner, slug)).split('=');
      cookies.push({ name: name!, value: value! });
    }
  });

  async function tabsOfOneBrowser(path: string): Promise<[Page, Page]> {
    const context = await e2e.newContext({ height: 900 });
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, domain: 'localhost', path: '/' })));
    const demo = await context.newPage();
    await demo.goto(e2e.url(`${path}?business=demo`));
    const kofi = await context.newPage();
    await kofi.goto(e2e.url(`${path}?business=kofi-mart`));
    return [demo, kofi];
  }

  const addButton = (page: Page, name: string) =>
    page.getByRole('button', { name: new RegExp(`^Add ${name}`) });
  const cartLine = (page: Page, name: string) =>
    page.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name });

  it('keeps a cart per business, also after reloads', async () => {
    const [demo, kofi] = await tabsOfOneBrowser('/app/pos');
    await addButton(demo, DEMO_ONLY).click();
    await cartLine(demo, DEMO_ONLY).waitFor();

    await kofi.bringToFront();
    await addButton(kofi, KOFI_ONLY).waitFor();
    expect(await kofi.getByText('Cart is empty').first().isVisible()).toBe(true);
    await addButton(kofi, KOFI_ONLY).click();
    await cartLine(kofi, KOFI_ONLY).waitFor();

    for (const page of [demo, kofi]) {
      await page.bringToFront();
      await page.reload();
      await page.getByRole('list', { name: 'Cart items' }).waitFor();
    }
    await cartLine(demo, DEMO_ONLY).waitFor();
    expect(await cartLine(demo, KOFI_ONLY).count()).toBe(0);
    await cartLine(kofi, KOFI_ONLY).waitFor();
    expect(await cartLine(kofi, DEMO_ONLY).count()).toBe(0);
  });

  it('keeps the product lists apart, also after reloads', async () => {
    const [demo, kofi] = await tabsOfOneBrowser('/app/products');
    const card = (page: Page, name: string) => page.getByTestId('product-card').filter({ hasText: name });
    await card(demo, DEMO_ONLY).waitFor();
    await card(kofi, KOFI_ONLY).waitFor();
    // Both caches are written (at most once a second) before the reloads restore them.
    await demo.waitForTimeout(1500);

    for (const page of [demo, kofi]) {
      await page.bringToFront();
      await page.reload();
      await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    }
    await card(demo, DEMO_ONLY).waitFor();
    await card(kofi, KOFI_ONLY).waitFor();
    expect(await card(demo, KOFI_ONLY).count()).toBe(0);
    expect(await card(kofi, DEMO_ONLY).count()).toBe(0);
    expect(await demo.getByText('Total Products').locator('..').textContent()).toContain('52');
    expect(await kofi.getByText('Total Products').locator('..').textContent()).toContain('5');
  });
});
