import { expect, it } from 'vitest';
import { describeE2E, screenshot } from './support/browser.ts';
import { collectConsoleErrors, useE2E } from './support/harness.ts';

const LANDING_HEADLINE = /Run your shop with confidence/;

describeE2E('signed-out pages', () => {
  const e2e = useE2E();

  it('log no console error: the public site, the access page, a shop sign-in page and the admin sign-in', async () => {
    const page = await (await e2e.newContext()).newPage();
    const errors = collectConsoleErrors(page);

    await page.goto(e2e.url('/'));
    await page.getByRole('heading', { level: 1, name: LANDING_HEADLINE }).waitFor();
    await page.waitForLoadState('networkidle');

    await page.goto(e2e.url('/login'));
    await page.getByRole('heading', { level: 1, name: 'Access your business' }).waitFor();
    await page.waitForLoadState('networkidle');

    await page.goto(e2e.url('/app/auth?business=demo'));
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');

    await page.goto(e2e.url('/admin/login'));
    await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(errors).toEqual([]);
  });
});

describeE2E('several businesses on one host (localhost)', () => {
  const e2e = useE2E();

  it('keeps / for the public site, opens new windows in the last shop, and switches shop from the menu', async () => {
    const shop = await e2e.openAs('owner', '/app', 1280);
    await shop.getByRole('navigation', { name: 'Business' }).waitFor();

    // The bare root is the public site, even in a tab that has just been in a shop.
    await shop.goto(e2e.url('/'));
    await shop.getByRole('heading', { level: 1, name: LANDING_HEADLINE }).waitFor();

    // A second window of the same browser, opened without ?business= (as the customer display is), finds the
    // shop this browser last used rather than the public site.
    const display = await shop.context().newPage();
    await display.goto(e2e.url('/app/customer-display'));
    await display.getByText('Demo Shop').first().waitFor();
    expect(new URL(display.url()).pathname.startsWith('/app')).toBe(true);
    expect(await display.getByRole('heading', { name: LANDING_HEADLINE }).count()).toBe(0);
    await shop.bringToFront();

    // Back in the shop, the visible control leads to the access page and on to another shop.
    await shop.goto(e2e.url('/app'));
    await shop.getByRole('button', { name: /^Account menu for / }).click();
    await shop.getByRole('menuitem', { name: 'Switch business' }).click();
    await shop.getByRole('heading', { level: 1, name: 'Access your business' }).waitFor();
    expect(new URL(shop.url()).pathname).toBe('/login');
    await shop.getByLabel('Business name or slug').fill('Kofi Mart');
    await shop.getByRole('button', { name: 'Access business' }).click();
    // Kofi Mart's own sign-in: sessions are per shop, so the Demo Shop owner is not signed in here.
    await shop.getByRole('heading', { level: 1, name: 'Kofi Mart' }).waitFor();
    await shop.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(new URL(shop.url()).pathname).toBe('/app/auth');
    await screenshot(shop, 'switched-business');

    // A new window now opens Kofi Mart, the shop this browser used last.
    const next = await shop.context().newPage();
    await next.goto(e2e.url('/app/customer-display'));
    await next.getByRole('heading', { level: 1, name: 'Kofi Mart' }).waitFor();
  });

  it('offers Switch business in the sidebar on a phone', async () => {
    const page = await e2e.openAs('cashier', '/app/pos', 360);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const link = page.getByRole('dialog').getByRole('link', { name: 'Switch business' });
    await link.waitFor();
    expect(new URL((await link.getAttribute('href'))!).pathname).toBe('/login');
  });
});

describeE2E('single-shop mode (SINGLE_BUSINESS)', () => {
  const e2e = useE2E({ server: { SINGLE_BUSINESS: 'demo' } });
  // A shop's own server is reached by IP on its network.
  const byIp = (path: string) => `http://127.0.0.1:${e2e.server.port}${path}`;

  it('serves the one shop at every address: / is its sign-in, no public site, no other shop', async () => {
    const page = await (await e2e.newContext({ width: 360 })).newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(byIp('/'));
    await page.waitForURL((url) => url.pathname === '/app/auth');
    await page.getByRole('heading', { level: 1, name: 'Demo Shop' }).waitFor();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    // No new businesses from a shop's own server.
    expect(await page.getByRole('button', { name: 'Create a business account' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'single-business-sign-in-360');
    expect(errors).toEqual([]);

    for (const path of ['/login', '/contact', '/app?business=kofi-mart']) {
      await page.goto(byIp(path));
      await page.waitForURL((url) => url.pathname === '/app/auth');
      await page.getByRole('heading', { level: 1, name: 'Demo Shop' }).waitFor();
    }

    // Signed in (at localhost, where the harness's session cookie lives: the host does not matter here).
    const signedIn = await e2e.openAs('owner', '/app', 1280);
    await signedIn.getByRole('navigation', { name: 'Business' }).waitFor();
    await signedIn.getByRole('button', { name: /^Account menu for / }).click();
    await signedIn.getByRole('menuitem', { name: 'My profile and sessions' }).waitFor();
    expect(await signedIn.getByRole('menuitem', { name: 'Switch business' }).count()).toBe(0);
  });
});
