import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, viewShot } from './support/browser.ts';
import { type E2E, useE2E, type Width } from './support/harness.ts';
import { useSecondServers } from './support/second-server.ts';

// operations §2 Dual-screen cashier terminal and Customer display, §4 Display mode and Cross-window messages.

const WATER = 'Voltic Mineral Water 1.5L'; // ₵6.00, no tax
const MILO = 'Milo 400g Tin'; // ₵55.00 + 12.5 % tax
const ALVARO = 'Alvaro Pear 330ml'; // 4 in stock: the v2 low-stock badge

function addButton(page: Page, name: string) {
  return page.getByRole('button', { name: new RegExp(`^Add ${name}`) });
}

/** Pays the till's cart in cash with `received` cedis; the dialog shows the completion. */
async function payCash(till: Page, received: string): Promise<void> {
  await till.getByRole('button', { name: 'Checkout' }).first().click();
  const dialog = till.getByRole('dialog', { name: 'Payment' });
  await dialog.getByLabel('Amount received (₵)').fill(received);
  await dialog.getByLabel('Amount received (₵)').press('Enter');
  await till.getByText('Payment completed successfully!').first().waitFor();
}

async function openTerminal(e2e: E2E, width: Width, height = 800): Promise<Page> {
  const page = await e2e.openAs('cashier', '/app/pos', width, { version: 'v2', height });
  await addButton(page, WATER).waitFor();
  return page;
}

/** A tablet facing the customer, in a browser of its own (no staff session), paired with the till's code. */
async function pairTablet(e2e: E2E, till: Page, baseUrl = e2e.url('')): Promise<Page> {
  await till.getByRole('button', { name: 'Pair a display' }).click();
  const dialog = till.getByRole('dialog', { name: 'Customer display on another device' });
  await dialog.getByRole('button', { name: 'Show a pairing code' }).click();
  const code = (await dialog.getByLabel('Pairing code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await viewShot(till, 'v2-pairing-code-1280');

  const tabletContext = await e2e.newContext({ viewport: { width: 800, height: 1280 } });
  const tablet = await tabletContext.newPage();
  await tablet.goto(`${baseUrl}/app/customer-display?business=demo`);
  const form = tablet.getByRole('form', { name: 'Pair this display' });
  await form.getByLabel('Pairing code').fill('000000');
  await form.getByRole('button', { name: 'Pair display' }).click();
  await form
    .getByText('That code is not valid or has expired. Ask the cashier for a new one.')
    .first()
    .waitFor();
  await form.getByLabel('Pairing code').fill(code);
  await viewShot(tablet, 'customer-display-pairing-tablet');
  await form.getByRole('button', { name: 'Pair display' }).click();
  await dialog.getByRole('list').getByText('Customer display').waitFor();
  await till.keyboard.press('Escape');
  return tablet;
}

describeE2E('the v2 terminal and the customer display', () => {
  const e2e = useE2E();

  it('shows the till cart on a display window of the same browser, and resynchronises after reloads', async () => {
    const till = await openTerminal(e2e, 1280);
    await till.getByRole('region', { name: 'Customer display' }).waitFor();
    await till.getByRole('button', { name: 'Scan' }).waitFor();
    await till.getByRole('button', { name: 'Quick Add' }).waitFor();
    // operations §9: the v2 badge at 5 or less.
    await addButton(till, ALVARO).getByText('Low stock').waitFor();
    expect(await addButton(till, WATER).getByText('Low stock').count()).toBe(0);

    // The display opened with no query string finds its business and till.
    const display = await till.context().newPage();
    await display.setViewportSize({ width: 1280, height: 800 });
    await display.goto(e2e.url('/app/customer-display'));
    await display.getByRole('heading', { name: 'Akwaaba!' }).waitFor();
    await display.getByText('Welcome to Demo Shop').waitFor();
    await viewShot(display, 'customer-display-welcome-1280');
    // The cashier works at the till (headless Chromium draws a tab behind another about once a second).
    await till.bringToFront();

    // The time the item shows on the display, noted by the display itself.
    await display.evaluate((name) => {
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes(name)) {
          (window as unknown as { seenAt: number }).seenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, WATER);
    // And the time the cashier's click reached the till: the wait is the product's, not the test driver's.
    await till.evaluate(() =>
      document.addEventListener(
        'click',
        () => {
          (window as unknown as { clickedAt: number }).clickedAt = Date.now();
        },
        { capture: true, once: true },
      ),
    );
    await addButton(till, WATER).click();
    await display.waitForFunction(() => (window as unknown as { seenAt?: number }).seenAt);
    const seenAt = await display.evaluate(() => (window as unknown as { seenAt: number }).seenAt);
    const clickedAt = await till.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
    expect(seenAt - clickedAt).toBeLessThan(500);
    const totals = display.getByRole('region', { name: 'Totals' });
    await totals.getByText('₵6.00').first().waitFor();

    await addButton(till, MILO).click();
    // ₵6.00 + ₵55.00 + tax ₵6.88 = ₵67.88
    await totals.getByText('₵67.88').waitFor();
    await display.getByRole('region', { name: 'Items' }).getByText(MILO).waitFor();
    await viewShot(display, 'customer-display-items-1280');
    await till.evaluate(() => window.scrollTo(0, 0));
    await viewShot(till, 'v2-terminal-1280');

    // A reload of the display asks the till for everything again ('ready' → 'init').
    await display.reload();
    await display.getByRole('region', { name: 'Totals' }).getByText('₵67.88').waitFor();
    // A reload of the till: the display keeps up with the cart the till restores and changes.
    await till.reload();
    await addButton(till, WATER).click();
    await display.getByRole('region', { name: 'Totals' }).getByText('₵73.88').waitFor();

    // Paid in cash: the display shows the completion and the change due.
    await payCash(till, '100');
    await display.getByText('Payment completed successfully!').waitFor();
    await display.getByText('Change due ₵26.12').waitFor();
    await viewShot(display, 'customer-display-paid-1280');

    // Switching to v1 keeps the cart, and the v1 till drives the display too.
    await till.getByRole('button', { name: 'New sale' }).click();
    await addButton(till, WATER).click();
    await display.getByRole('region', { name: 'Totals' }).getByText('₵6.00').first().waitFor();
    await till.getByRole('switch').click();
    await till.getByRole('heading', { name: 'Point of sale' }).waitFor();
    // The display of this browser said it is open, so the v1 till offers to close it.
    await till.getByRole('button', { name: 'Close customer display' }).waitFor();
    await till.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name: WATER }).waitFor();
    await addButton(till, MILO).click();
    await display.getByRole('region', { name: 'Totals' }).getByText('₵67.88').waitFor();
  });

  it('opens the display as a window from the control bar and notices when it is closed', async () => {
    const till = await openTerminal(e2e, 1280);
    await addButton(till, WATER).click();
    await till.getByRole('button', { name: 'Dual screen' }).click();
    const popupOpened = till.waitForEvent('popup');
    await till.getByRole('button', { name: 'Open customer display' }).click();
    await till.getByText('Opening customer display…').waitFor();
    const popup = await popupOpened;
    await popup.getByRole('region', { name: 'Items' }).getByText(WATER).waitFor();
    expect(new URL(popup.url()).pathname).toBe('/app/customer-display');
    await till.getByText('Customer display open').waitFor();
    await popup.close();
    await till.getByText('Customer display closed').waitFor();
    await till.getByRole('button', { name: 'Open customer display' }).waitFor();
  });

  it('fits the v2 terminal on a phone and a tablet', async () => {
    const phone = await openTerminal(e2e, 360);
    await viewShot(phone, 'v2-terminal-360');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The first row of products shows whole on the first screen, above the cart bar: the display controls and
    // the till's tools take a row each.
    const firstCard = await phone
      .getByRole('list', { name: 'Products' })
      .getByRole('button')
      .first()
      .boundingBox();
    const cartBar = await phone.getByRole('button', { name: /^Cart \(/ }).boundingBox();
    expect(firstCard!.y + firstCard!.height).toBeLessThanOrEqual(cartBar!.y);
    await phone.getByRole('button', { name: 'Single screen' }).waitFor();
    await phone.getByRole('button', { name: 'Parked sales (0)' }).waitFor();
    // The version switch, fixed at the top right and at its widest here ("V2 - Dual Screen"), covers none of the
    // top bar's controls.
    const versionSwitch = await phone.getByText('V2 - Dual Screen').locator('..').boundingBox();
    const controls = await phone.getByRole('banner').getByRole('button').all();
    expect(controls.length).toBeGreaterThan(2);
    for (const control of controls) {
      const box = await control.boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(versionSwitch!.x);
    }
    const tabletContext = await e2e.newContext({ viewport: { width: 800, height: 1280 }, version: 'v2' });
    const cookies = await phone.context().cookies();
    await tabletContext.addCookies(cookies);
    const tablet = await tabletContext.newPage();
    await tablet.goto(e2e.url('/app/pos?business=demo'));
    await addButton(tablet, WATER).click();
    await tablet.evaluate(() => window.scrollTo(0, 0));
    await viewShot(tablet, 'v2-terminal-tablet-800x1280');
  });

  it('follows the till on a paired tablet, and stops when the till unpairs it', async () => {
    const till = await openTerminal(e2e, 1280);
    const tablet = await pairTablet(e2e, till);
    await tablet.getByRole('heading', { name: 'Akwaaba!' }).waitFor();
    await viewShot(tablet, 'customer-display-welcome-tablet');

    await addButton(till, WATER).click();
    await addButton(till, MILO).click();
    await tablet.getByRole('region', { name: 'Totals' }).getByText('₵67.88').waitFor();
    await tablet.getByRole('region', { name: 'Items' }).getByText(MILO).waitFor();
    await viewShot(tablet, 'customer-display-items-tablet');

    // A reload of the tablet: it asks its till again and shows the same cart.
    await tablet.reload();
    await tablet.getByRole('region', { name: 'Totals' }).getByText('₵67.88').waitFor();

    await payCash(till, '70');
    await tablet.getByText('Payment completed successfully!').waitFor();
    await tablet.getByText('Change due ₵2.12').waitFor();
    await viewShot(tablet, 'customer-display-paid-tablet');
    await till.getByRole('button', { name: 'New sale' }).click();

    // Unpaired from the till: the tablet is told at once and hears nothing more.
    await till.getByRole('button', { name: 'Paired displays (1)' }).click();
    const dialog = till.getByRole('dialog', { name: 'Customer display on another device' });
    await dialog.getByRole('button', { name: 'Unpair Customer display' }).click();
    await tablet.getByText('This display was unpaired from the till.').waitFor();
    await tablet.getByRole('form', { name: 'Pair this display' }).waitFor();
    await till.keyboard.press('Escape');
    await addButton(till, WATER).click();
    await tablet.reload();
    await tablet.getByRole('form', { name: 'Pair this display' }).waitFor();
    expect(await tablet.getByText(WATER).count()).toBe(0);
  });
});

/**
 * Two server processes on one PostgreSQL database: the till on the journey's server, the paired tablet on a
 * second process started from src/server/main.ts. On PostgreSQL in both test runs (an embedded database
 * belongs to one process).
 */
describeE2E('the customer display across two server processes on one PostgreSQL', () => {
  const e2e = useE2E({ postgres: true });
  const startSecond = useSecondServers(e2e);

  it('keeps a till on one server process and a display paired through another in step', async () => {
    const second = await startSecond();

    const till = await openTerminal(e2e, 1280);
    const tablet = await pairTablet(e2e, till, second.url);
    await tablet.getByRole('heading', { name: 'Akwaaba!' }).waitFor();
    await addButton(till, MILO).click();
    await tablet.getByRole('region', { name: 'Totals' }).getByText('₵61.88').waitFor();
    await addButton(till, WATER).click();
    await tablet.getByRole('region', { name: 'Totals' }).getByText('₵67.88').waitFor();
    await till.getByRole('button', { name: 'Paired displays (1)' }).click();
    await till.getByRole('button', { name: 'Unpair Customer display' }).click();
    await tablet.getByText('This display was unpaired from the till.').waitFor();
  });
});
