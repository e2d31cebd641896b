import { and, eq, like, sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { businesses, payments, products, transactions } from '../src/server/db/schema/index.ts';
import { DEMO_STAFF } from '../src/server/modules/accounts/demo-staff.ts';
import { describeE2E } from './support/browser.ts';
import { DEMO_SLUG, useE2E, type Width } from './support/harness.ts';
import { useSecondServers } from './support/second-server.ts';
import type { RunningServer } from './support/server.ts';

// Issue 15: the till keeps selling with no network, and every sale made offline reaches the server exactly once.

const WATER = 'Voltic Mineral Water 1.5L'; // ₵6.00, no tax
const CASHIER = DEMO_STAFF.find((person) => person.role === 'cashier')!;

async function stockOf(server: RunningServer, name: string): Promise<number> {
  const [row] = await server.database.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(businesses.slug, DEMO_SLUG), eq(products.name, name)));
  return row!.stock;
}

/** Sales the server holds with an offline receipt number of this till. */
async function offlineSalesOf(server: RunningServer, prefix: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ receipt: transactions.receiptNumber })
    .from(transactions)
    .where(like(transactions.receiptNumber, `${prefix}%`))
    .orderBy(sql`${transactions.receiptNumber}`);
  return rows.map((row) => row.receipt);
}

async function setStock(server: RunningServer, name: string, stock: number): Promise<void> {
  const [shop] = await server.database.db.select().from(businesses).where(eq(businesses.slug, DEMO_SLUG));
  await server.database.db
    .update(products)
    .set({ stockQuantity: stock })
    .where(and(eq(products.businessId, shop!.id), eq(products.name, name)));
}

/** The till's own part of an offline receipt number: OFF- and 12 hex digits of the till's id. */
const prefixOf = (receipt: string) => receipt.replace(/\d+$/, '');

function statusBar(page: Page) {
  return page.getByRole('region', { name: 'Connection status' });
}

/** The till online, with its service worker in charge and its local catalog filled: ready to lose the network. */
async function openOfflineReadyTill(e2e: ReturnType<typeof useE2E>, width: Width = 1280): Promise<Page> {
  const page = await e2e.openAs('cashier', '/app/pos', width);
  await makeOfflineReady(page);
  return page;
}

/** Waits, on an open till, until its service worker is in charge and its local catalog is filled. */
async function makeOfflineReady(page: Page): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker controls pages loaded after it activated: one reload online makes this one of them.
  await page.reload();
  await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 10_000 })
    .toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(
          (slug) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open(`akwaaba-pos:${slug}`);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('meta')) return resolve(false);
                const get = db.transaction('meta').objectStore('meta').get('catalog');
                get.onsuccess = () => resolve(Boolean(get.result));
                get.onerror = () => resolve(false);
              };
              open.onerror = () => resolve(false);
            }),
          DEMO_SLUG,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  await statusBar(page).getByText('Online').waitFor();
}

/** One water, paid in exact cash, through the payment dialog; the receipt shows and is closed. */
async function sellOneWater(page: Page): Promise<string> {
  await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).click();
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Exact ₵6.00' }).click();
  await dialog.getByRole('button', { name: /^Complete sale/ }).click();
  const receipt = page.getByRole('dialog', { name: /^Receipt OFF-/ });
  await receipt.waitFor();
  const number = (await receipt.getByTestId('receipt-number').textContent()) ?? '';
  await receipt.getByRole('button', { name: 'New sale' }).click();
  await receipt.waitFor({ state: 'hidden' });
  return number;
}

async function shot(page: Page, name: string, width: Width) {
  await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
  // The status bar sits at the top of the till: show it, without a toast or a closing dialog over it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 8000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png` });
}

async function shotBoth(page: Page, name: string) {
  await shot(page, name, 360);
  await shot(page, name, 1280);
}

describeE2E('the offline-first till', () => {
  const e2e = useE2E();

  it('sells 3 times with no network, survives a reload offline, and sends exactly 3 sales when back', async () => {
    const before = await stockOf(e2e.server, WATER);
    const page = await openOfflineReadyTill(e2e);
    const context = page.context();
    await shotBoth(page, 'offline-indicator-online');

    await context.setOffline(true);
    await statusBar(page).getByText('Offline', { exact: true }).waitFor();
    const numbers = [await sellOneWater(page), await sellOneWater(page), await sellOneWater(page)];
    const prefix = prefixOf(numbers[0]!);
    expect(prefix).toMatch(/^OFF-[0-9A-F]{12}-$/);
    expect(numbers).toEqual([`${prefix}0001`, `${prefix}0002`, `${prefix}0003`]);
    await statusBar(page)
      .getByText(/^3 sales not yet sent · oldest/)
      .waitFor();
    // The till's own stock already counts them.
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();

    // Card and mobile money need a provider: disabled with the reason.
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).click();
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.getByRole('button', { name: /^Card/ }).click();
    await dialog.getByText(/Needs internet: card and mobile money prompts can’t be sent offline/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await shotBoth(page, 'offline-indicator-offline');

    // A reload with no network: the app and the till come from the service worker and the local copy.
    await page.reload();
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor({ timeout: 15_000 });
    await statusBar(page)
      .getByText(/^3 sales not yet sent/)
      .waitFor();
    expect(await offlineSalesOf(e2e.server, prefix)).toEqual([]);

    // Back online, the answers slowed down so that the syncing state shows.
    await context.route('**/api/v1/sales', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await context.setOffline(false);
    await statusBar(page).getByText('Syncing', { exact: true }).waitFor({ timeout: 10_000 });
    await shotBoth(page, 'offline-indicator-syncing');
    await statusBar(page).getByText('All sales sent').waitFor({ timeout: 30_000 });
    expect(await offlineSalesOf(e2e.server, prefix)).toEqual(numbers);
    expect(await stockOf(e2e.server, WATER)).toBe(before - 3);
  });

  it('opens from the kept page and local copy, and leaves for sign-in once the session turns out to be gone', async () => {
    // A session of its own: the file's shared cashier session must outlive this test.
    const context = await e2e.newContext({ width: 1280 });
    const signIn = await context.request.post(e2e.url('/api/v1/auth/sign-in'), {
      headers: { 'X-Business': DEMO_SLUG },
      data: { email: CASHIER.email, password: CASHIER.password },
    });
    expect(signIn.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(e2e.url(`/app/pos?business=${DEMO_SLUG}`));
    await makeOfflineReady(page);
    // The session ends on the server behind the till's back (as when signed out from another device): the
    // till's kept page, its cached session and its local catalog are all still there.
    const status = await page.evaluate(
      async (slug) =>
        (
          await fetch('/api/v1/auth/sign-out', {
            method: 'POST',
            headers: { Accept: 'application/json', 'X-Business': slug },
          })
        ).status,
      DEMO_SLUG,
    );
    expect(status).toBe(200);
    await page.reload();
    await page.waitForURL(/\/app\/auth/);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).count()).toBe(0);
  });

  it("takes the built files of a repeat visit straight from the worker's kept copies", async () => {
    const page = await openOfflineReadyTill(e2e);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const sources: string[] = [];
    cdp.on('Network.responseReceived', (event) => {
      if (!event.response.url.includes('/assets/')) return;
      // Where the browser's service worker router took the file from ('cache': the kept copy, no fetch event).
      const info = (event.response as { serviceWorkerRouterInfo?: { actualSourceType?: string } })
        .serviceWorkerRouterInfo;
      sources.push(
        `${event.response.serviceWorkerResponseSource}/${info?.actualSourceType ?? 'fetch-event'}`,
      );
    });
    await page.reload();
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
    // The till's first screen: its script files (ten or so) and its styles.
    expect(sources.length).toBeGreaterThanOrEqual(8);
    expect(new Set(sources)).toEqual(new Set(['cache-storage/cache']));
  });

  it('renders the till at once on a repeat visit, with no loading spinner before it', async () => {
    const page = await openOfflineReadyTill(e2e);
    // Every spinner the page shows while it loads, by its accessible name, as it appears.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __spinners?: string[] }).__spinners = seen;
      new MutationObserver(() => {
        for (const spinner of document.querySelectorAll('[role="status"][aria-label]')) {
          const name = spinner.getAttribute('aria-label') ?? '';
          if (!seen.includes(name)) seen.push(name);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
    const spinners = await page.evaluate(() => (window as { __spinners?: string[] }).__spinners);
    // The business, who is signed in and the products come from this device, and the code from the worker's
    // kept copies: nothing to wait for before the first render.
    expect(spinners).toEqual([]);
  });

  it('records each sale once when the connection drops mid-sync, after the server committed', async () => {
    const page = await openOfflineReadyTill(e2e);
    const context = page.context();
    await context.setOffline(true);
    const prefix = prefixOf(await sellOneWater(page));
    await sellOneWater(page);
    await statusBar(page)
      .getByText(/^2 sales not yet sent/)
      .waitFor();

    // The first sale reaches the server and is recorded, but its answer never comes back.
    let cut = 0;
    await context.route('**/api/v1/sales', async (route) => {
      if (cut === 0) {
        cut += 1;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    // Meanwhile another till sold all but one: the second sale finds its water gone.
    const stockBefore = await stockOf(e2e.server, WATER);
    await setStock(e2e.server, WATER, 1);
    await context.setOffline(false);
    await statusBar(page).getByText('All sales sent').waitFor({ timeout: 30_000 });
    expect(cut).toBe(1);
    expect(await offlineSalesOf(e2e.server, prefix)).toEqual([`${prefix}0001`, `${prefix}0002`]);
    // Recorded all the same (the money was taken); stock stops at 0 and the manager sees the shortfall.
    expect(await stockOf(e2e.server, WATER)).toBe(0);
    const manager = await e2e.openAs('manager', '/app/transactions', 1280);
    await manager.getByText('Stock short').first().waitFor();
    await manager.screenshot({ path: 'e2e/screenshots/offline-stock-short-1280.png' });
    await setStock(e2e.server, WATER, stockBefore);
  });

  it('records each sale once when two tabs send the outbox at the same time', async () => {
    const first = await openOfflineReadyTill(e2e);
    const context: BrowserContext = first.context();
    const second = await context.newPage();
    await second.goto(first.url());
    await second.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
    // The cashier sells in the first tab: headless Chromium draws a tab behind another about once a second,
    // which makes every click there wait seconds for the element to be still.
    await first.bringToFront();

    await context.setOffline(true);
    const prefix = prefixOf(await sellOneWater(first));
    await sellOneWater(first);
    await sellOneWater(first);
    // The other tab of the same till sees the same outbox.
    await statusBar(second)
      .getByText(/^3 sales not yet sent/)
      .waitFor();

    await context.setOffline(false);
    // Both tabs try at once, and again by hand.
    await Promise.all([
      statusBar(first).getByText('All sales sent').waitFor({ timeout: 30_000 }),
      statusBar(second).getByText('All sales sent').waitFor({ timeout: 30_000 }),
    ]);
    expect(await offlineSalesOf(e2e.server, prefix)).toEqual([
      `${prefix}0001`,
      `${prefix}0002`,
      `${prefix}0003`,
    ]);
  });

  it('completes a manual mobile money sale offline, recorded confirmed by the cashier when sent', async () => {
    // The shop takes mobile money to its own number (provider 'manual'), set through the API.
    const owner = await e2e.openAs('owner', '/app/settings', 1280);
    const settingsCall = (body: unknown) =>
      owner.evaluate(async (payload) => {
        const response = await fetch('/api/v1/payments/settings', {
          method: payload ? 'PUT' : 'GET',
          headers: { 'Content-Type': 'application/json', 'X-Business': 'demo' },
          ...(payload ? { body: JSON.stringify(payload) } : {}),
        });
        return { status: response.status, json: await response.json() };
      }, body);
    const { settings } = (await settingsCall(null)).json;
    const before = {
      provider: settings.provider,
      mode: settings.mode,
      paystack_base_url: settings.paystack.base_url,
      paystack_terminal_id: settings.paystack.terminal_id,
      network_codes: settings.paystack.network_codes,
      momo_merchant_number: settings.momo_merchant_number,
      momo_merchant_name: settings.momo_merchant_name,
    };
    const manual = {
      ...before,
      provider: 'manual',
      momo_merchant_number: '0245550101',
      momo_merchant_name: null,
    };
    expect((await settingsCall(manual)).status).toBe(200);
    try {
      const page = await openOfflineReadyTill(e2e, 360);
      const context = page.context();
      await context.setOffline(true);
      await statusBar(page).getByText('Offline', { exact: true }).waitFor();
      await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).click();
      await page.keyboard.press('Control+Enter');
      const dialog = page.getByRole('dialog', { name: 'Payment' });
      await dialog.getByRole('button', { name: 'MTN MoMo', exact: true }).click();
      await dialog.getByText('024 555 0101').waitFor();
      await dialog.getByRole('button', { name: /^Complete sale/ }).click();
      await dialog.getByText("Enter the transaction ID from the customer's confirmation SMS").waitFor();
      await dialog.getByLabel('Transaction ID from the SMS').fill('MP241124.1200.E2E001');
      await shotBoth(page, 'offline-manual-momo');
      await dialog.getByRole('button', { name: /^Complete sale/ }).click();
      const receipt = page.getByRole('dialog', { name: /^Receipt OFF-/ });
      await receipt.waitFor();
      const number = (await receipt.getByTestId('receipt-number').textContent()) ?? '';
      await receipt.getByRole('button', { name: 'New sale' }).click();
      await statusBar(page)
        .getByText(/^1 sale not yet sent/)
        .waitFor();

      await context.setOffline(false);
      await statusBar(page).getByText('All sales sent').waitFor({ timeout: 30_000 });
      const rows = await e2e.server.database.db
        .select({
          status: transactions.paymentStatus,
          cashier: transactions.cashierId,
          method: payments.method,
          paid: payments.status,
          reference: payments.reference,
          confirmedBy: payments.confirmedBy,
        })
        .from(transactions)
        .innerJoin(payments, eq(payments.transactionId, transactions.id))
        .where(eq(transactions.receiptNumber, number));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'completed',
        method: 'mtn_momo',
        paid: 'completed',
        reference: 'MP241124.1200.E2E001',
        confirmedBy: rows[0]!.cashier,
      });
    } finally {
      await settingsCall(before);
    }
  });
});

/**
 * A network that is up but reaches no server (a router with no internet, a server down): the browser says
 * online, every request fails. The till's server here is a second process, stopped mid-journey and started
 * again on the same port; on PostgreSQL in both test runs (an embedded database belongs to one process).
 */
describeE2E('the offline-first till when its server stops answering', () => {
  const e2e = useE2E({ postgres: true });
  const startSecond = useSecondServers(e2e);

  it('reloads into the till, sells in cash, and sends the sale once the server answers again', async () => {
    const first = await startSecond();
    const page = await e2e.openAs('cashier', `${first.url}/app/pos?business=demo`, 1280);
    await makeOfflineReady(page);

    await first.stop('SIGKILL');
    // The browser still has its network: only the server is gone. Every read the till tries fails, and what it
    // keeps on disk must still open it, reload after reload.
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor({ timeout: 15_000 });
      await statusBar(page).waitFor();
      // The failed reads have been tried and the copy on disk written after them (pagehide writes it too).
      await page.waitForTimeout(1500);
    }
    // Nothing has been sold yet: the failed reads alone tell the cashier the till is offline.
    await statusBar(page).getByText('Offline', { exact: true }).waitFor();
    const number = await sellOneWater(page);
    const prefix = prefixOf(number);
    expect(prefix).toMatch(/^OFF-[0-9A-F]{12}-$/);
    await statusBar(page).getByText('Offline', { exact: true }).waitFor();
    await statusBar(page)
      .getByText(/^1 sale not yet sent/)
      .waitFor();
    await shotBoth(page, 'offline-server-unreachable');
    expect(await offlineSalesOf(e2e.server, prefix)).toEqual([]);

    await startSecond({ port: first.port });
    await statusBar(page).getByText('All sales sent').waitFor({ timeout: 30_000 });
    await statusBar(page).getByText('Online', { exact: true }).waitFor();
    expect(await offlineSalesOf(e2e.server, prefix)).toEqual([number]);
  });
});
