import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, screenshot } from './support/browser.ts';
import { useE2E, type Width } from './support/harness.ts';

describeE2E('customer management', () => {
  const e2e = useE2E();
  // A cashier: the customer book is theirs too (manage_customers).
  const open = (path: string, width: Width = 1280) => e2e.openAs('cashier', path, width, { height: 900 });

  async function addCustomer(page: Page, name: string, phone: string, email: string) {
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name *').fill(name);
    await dialog.getByLabel('Phone(optional)').fill(phone);
    await dialog.getByLabel('Email(optional)').fill(email);
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
  }

  it('adds, finds, edits and deletes customers; refuses a duplicate phone', async () => {
    const page = await open('/app/customers?business=demo');
    await page.getByRole('heading', { name: 'Customer Management' }).waitFor();
    await page
      .getByText(/No customers found|Showing/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Phone(optional)').getAttribute('placeholder')).toMatch(/^\+233/);
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    await dialog.getByText('Customer name is required').waitFor();
    await screenshot(page, 'customer-dialog-1280');
    await page.keyboard.press('Escape');

    await addCustomer(page, 'Efua Mensah', '024 123 4567', 'efua@example.com');
    await page.getByText('Customer created').waitFor();
    await addCustomer(page, 'Yaw Boateng', '+233 20 111 2222', '');
    await page.getByTestId('customer-card').filter({ hasText: 'Yaw Boateng' }).waitFor();

    await addCustomer(page, 'Someone Else', '+233 24 123 4567', '');
    await page
      .getByRole('dialog')
      .getByText('This phone number already belongs to Efua Mensah')
      .first()
      .waitFor();
    await page.keyboard.press('Escape');

    await page.getByLabel('Search customers').fill('0241');
    await page.waitForURL(/search=0241/);
    await expect.poll(() => page.getByTestId('customer-card').count()).toBe(1);
    await page.getByLabel('Search customers').fill('');
    await expect.poll(() => page.getByTestId('customer-card').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'customers-1280');

    await page.getByRole('button', { name: 'Edit Yaw Boateng' }).click();
    await page.getByRole('dialog').getByLabel('Email(optional)').fill('yaw@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('customer-card').filter({ hasText: 'yaw@example.com' }).waitFor();

    await page.getByRole('button', { name: 'Delete Yaw Boateng' }).click();
    await page.getByText('Are you sure you want to delete "Yaw Boateng"?').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('customer-card').filter({ hasText: 'Yaw Boateng' }).count())
      .toBe(0);
  });

  it('fits a phone screen (360 px)', async () => {
    const page = await open('/app/customers?business=demo', 360);
    await page.getByTestId('customer-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'customers-360');
    await page.getByRole('button', { name: 'Add Customer' }).click();
    await page.getByRole('dialog').getByLabel('Name *').waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation, for a clear picture
    await page.screenshot({ path: 'e2e/screenshots/customer-dialog-360.png' });
  });
});
