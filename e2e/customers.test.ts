import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { businesses } from '../src/server/db/schema/index.ts';
import { createUser, staffCookie } from '../src/server/testing/factories.ts';
import { describeE2E, launchBrowser, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

describeE2E('customer management', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let cookieValue: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.database.db;
    const [demo] = await db.select().from(businesses).where(eq(businesses.slug, 'demo'));
    // A cashier: the customer book is theirs too (manage_customers).
    const cashier = await createUser(db, demo!.id, {
      role: 'cashier',
      firstName: 'Abena',
      lastName: 'Owusu',
    });
    cookieValue = (await staffCookie(db, cashier, 'demo')).split('=')[1]!;
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, width = 1280): Promise<Page> {
    context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: 'light' });
    await context.addCookies([
      { name: 'pos_session_demo', value: cookieValue, domain: 'localhost', path: '/' },
    ]);
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

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
