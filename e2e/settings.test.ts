import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, screenshot, settled } from './support/browser.ts';
import { useE2E, type Width } from './support/harness.ts';
import { useSecondServers } from './support/second-server.ts';

// Settings (issue 16): the owner's changes reach the whole app — the name and colours, the till's tax, the
// printed receipt — and a permission taken from cashiers is gone from a signed-in cashier on the next request.

const MILO = 'Milo 400g Tin'; // ₵55.00 at 12.5 %: ₵61.88 with the tax on top, ₵55.00 with it included

const TABS = ['Business', 'Tax', 'Receipts', 'Payments', 'Roles'] as const;

async function openTab(page: Page, name: (typeof TABS)[number]): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  // The open tab is in the address (Business is the one shown when the address names none).
  if (name !== 'Business') await page.waitForURL(new RegExp(`tab=${name.toLowerCase()}`));
}

describeE2E('business settings', () => {
  const e2e = useE2E();
  const asOwner = (path: string, width: Width = 1280) => e2e.openAs('owner', path, width, { height: 900 });

  it('applies the name and colour, prices the till tax-inclusive, previews and prints the chosen paper', async () => {
    const page = await asOwner('/app/settings?business=demo');
    const name = page.getByLabel('Business name');
    await name.waitFor();
    await name.fill('Demo Shop Osu');
    await page.getByLabel('Primary colour').fill('#aa3300');
    await page.getByRole('button', { name: 'Save business settings' }).click();
    await page.getByText('Business settings saved').waitFor();
    // The shell shows the new name, and the app's primary colour is the shop's.
    await page.getByText('Demo Shop Osu').first().waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary')),
      )
      .toBe('#aa3300');
    // A primary button, not under the pointer (hovered, it is drawn a little lighter).
    await page.mouse.move(0, 0);
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Save business settings' })
          .evaluate((element) => getComputedStyle(element).backgroundColor),
      )
      .toBe('rgb(170, 51, 0)');

    await openTab(page, 'Tax');
    await page.getByRole('radio', { name: /With tax included/ }).check();
    await page.getByText('the customer pays ₵10.00, of which ₵1.11 is tax.').waitFor();
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await page.getByText('Tax settings saved').waitFor();

    await openTab(page, 'Receipts');
    const preview = page.getByRole('article', { name: 'Receipt RCP-PREVIEW-000001' });
    expect(await preview.getAttribute('data-paper')).toBe('80');
    const wide = (await preview.boundingBox())!.width;
    await page.getByRole('radio', { name: '58 mm' }).check();
    await expect.poll(() => preview.getAttribute('data-paper')).toBe('58');
    expect((await preview.boundingBox())!.width).toBeLessThan(wide);
    await preview.getByText('Subtotal before tax').waitFor();
    await page.getByRole('button', { name: 'Save receipt settings' }).click();
    await page.getByText('Receipt settings saved').waitFor();

    // The till follows: the shelf price is the total, and the receipt prints on 58 mm paper.
    await page.goto(e2e.url('/app/pos?business=demo'));
    await page.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
    await expect.poll(() => page.getByTestId('cart-total').first().textContent()).toBe('₵55.00');
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.getByLabel('Amount received (₵)').fill('55');
    await dialog.getByRole('button', { name: 'Complete sale ₵55.00' }).click();
    const receipt = page.getByRole('dialog', { name: /^Receipt RCP-/ });
    await receipt.waitFor();
    expect(await receipt.getByRole('article').getAttribute('data-paper')).toBe('58');
    await receipt.getByText('Incl. tax 12.5%').waitFor();
    await receipt.getByText('Demo Shop Osu').waitFor();
  });

  it('takes a permission from cashiers: a signed-in cashier loses the screen on the next request', async () => {
    const cashier = await e2e.openAs('cashier', '/app/customers?business=demo', 1280);
    await cashier.getByRole('heading', { name: 'Customer Management' }).waitFor();

    const owner = await asOwner('/app/settings?business=demo&tab=roles');
    const box = owner.getByRole('checkbox', { name: 'Cashiers: Add and edit customers' });
    expect(await box.getAttribute('aria-checked')).toBe('true');
    await box.click();
    await owner.getByRole('button', { name: 'Save role permissions' }).click();
    await owner.getByText('Role permissions saved').waitFor();

    // The cashier's next request: the server refuses, the page says so and the menu has no Customers. The
    // reload shows the kept copy of the session first and reads it again beside the page's list: the menu
    // follows that read, which may land a moment after the list's refusal.
    await cashier.reload();
    await cashier.getByText("You don't have the required permissions to access this page.").waitFor();
    await expect
      .poll(() => cashier.getByRole('link', { name: 'Customers' }).count(), { timeout: 10_000 })
      .toBe(0);
    const refused = await cashier.evaluate(async () => {
      const response = await fetch('/api/v1/customers?business=demo');
      return response.status;
    });
    expect(refused).toBe(403);

    // Given back, the screen returns. The owner's page is opened afresh first: the first save's toast may still
    // be showing, and waiting for it would let the cashier ask before the second save has landed.
    await owner.reload();
    expect(await box.getAttribute('aria-checked')).toBe('false');
    await box.click();
    await owner.getByRole('button', { name: 'Save role permissions' }).click();
    await owner.getByText('Role permissions saved').waitFor();
    await cashier.goto(e2e.url('/app/customers?business=demo'));
    await cashier.getByRole('heading', { name: 'Customer Management' }).waitFor();
  });

  it('turned off, mobile money leaves the till and the receipt is not printed; turned on, both return', async () => {
    const page = await asOwner('/app/settings?business=demo');
    const features = ['Mobile money payments', 'Receipt printing'];
    const setFeatures = async (isOn: boolean) => {
      await page.goto(e2e.url('/app/settings?business=demo'));
      for (const feature of features) {
        const box = page.getByRole('checkbox', { name: feature, exact: true });
        if ((await box.getAttribute('aria-checked')) !== String(isOn)) await box.click();
      }
      await page.getByRole('button', { name: 'Save business settings' }).click();
      await page.getByText('Business settings saved').first().waitFor();
    };
    const sellOneInCash = async (expected: string[]) => {
      await page.goto(e2e.url('/app/pos?business=demo'));
      await page.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
      await page.keyboard.press('Control+Enter');
      const dialog = page.getByRole('dialog', { name: 'Payment' });
      const methods = dialog.getByRole('group', { name: 'Payment method' });
      await methods.getByRole('button', { name: 'Cash', exact: true }).waitFor();
      await expect.poll(() => methods.getByRole('button').allTextContents()).toEqual(expected);
      await dialog.getByRole('button', { name: /^Exact ₵/ }).click();
      await dialog.getByRole('button', { name: /^Complete sale/ }).click();
      const receipt = page.getByRole('dialog', { name: /^Receipt RCP-/ });
      await receipt.waitFor();
      const printButtons = await receipt.getByRole('button', { name: 'Print' }).count();
      return { printButtons, receipt };
    };

    await setFeatures(false);
    const without = await sellOneInCash(['Cash', 'Card']);
    expect(without.printButtons).toBe(0);
    await without.receipt.getByText('Email it to the customer, or start the next sale.').waitFor();
    await screenshot(page, 'settings-features-off-receipt-1280');

    await setFeatures(true);
    const withThem = await sellOneInCash(['Cash', 'Card', 'MTN MoMo', 'Telecel Cash', 'AirtelTigo Money']);
    expect(withThem.printButtons).toBe(1);
  });

  it('shows every settings tab at 1280 and 360 px', async () => {
    for (const width of [1280, 360] as const) {
      const page = await asOwner('/app/settings?business=demo', width);
      await page.getByLabel('Business name').waitFor();
      for (const tab of TABS) {
        await openTab(page, tab);
        const panel = page.getByRole('tabpanel');
        await panel.waitFor();
        await settled(panel);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `settings-${tab.toLowerCase()}-${width}`);
      }
    }
  });
});

/**
 * Two server processes on one PostgreSQL: the owner changes the roles on the journey's server; a cashier whose
 * session the second process holds in its cache loses the permission there on the next request (migration
 * 0140's notification). On PostgreSQL in both test runs (an embedded database belongs to one process).
 */
describeE2E('role permissions across two server processes on one PostgreSQL', () => {
  const e2e = useE2E({ postgres: true });
  const startSecond = useSecondServers(e2e);

  it('a role changed on one server is enforced at once by the other', async () => {
    const second = await startSecond();

    // The cashier works on the second server (the session cookie belongs to the host, whatever the port).
    const cashier = await e2e.openAs('cashier', `${second.url}/app/customers?business=demo`, 1280);
    await cashier.getByRole('heading', { name: 'Customer Management' }).waitFor();

    const owner = await e2e.openAs('owner', '/app/settings?business=demo&tab=roles', 1280);
    await owner.getByRole('checkbox', { name: 'Cashiers: Add and edit customers' }).click();
    await owner.getByRole('button', { name: 'Save role permissions' }).click();
    await owner.getByText('Role permissions saved').waitFor();

    await expect
      .poll(() => cashier.evaluate(async () => (await fetch('/api/v1/customers?business=demo')).status), {
        timeout: 5000,
      })
      .toBe(403);
    await cashier.reload();
    await cashier.getByText("You don't have the required permissions to access this page.").waitFor();
  });
});
