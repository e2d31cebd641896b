import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { products } from '../src/server/db/schema/index.ts';
import { createBusiness, createUser, staffCookie } from '../src/server/testing/factories.ts';
import { describeE2E } from './support/browser.ts';
import { useE2E } from './support/harness.ts';

// A change made in this browser shows everywhere at once, and a reload never shows older data than the
// server has (docs/web-boundaries.md "Query keys and invalidation"): tried as a new owner would, on a shop
// with no categories and no products yet.

const SLUG = 'fresh-corner-shop';
const CATEGORY = 'Cold Drinks';
const PRODUCT = 'Kalypo Juice 250ml';

describeE2E('fresh data on a fresh shop', () => {
  const e2e = useE2E();
  let cookie: { name: string; value: string };

  beforeAll(async () => {
    const db = e2e.server.database.db;
    const shop = await createBusiness(db, { slug: SLUG, name: 'Fresh Corner Shop' });
    const owner = await createUser(db, shop.id, { role: 'owner', firstName: 'Akosua', lastName: 'Boateng' });
    const [name, value] = (await staffCookie(db, owner, SLUG)).split('=');
    cookie = { name: name!, value: value! };
  });

  async function open(path: string): Promise<Page> {
    const context = await e2e.newContext({ height: 900 });
    await context.addCookies([{ ...cookie, domain: 'localhost', path: '/' }]);
    const page = await context.newPage();
    await page.goto(e2e.url(path));
    return page;
  }

  /** The figure on a stat card of the products page, e.g. "Categories" → "0". */
  function statValue(page: Page, label: string) {
    return page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');
  }

  function productCard(page: Page) {
    return page.getByTestId('product-card').filter({ hasText: PRODUCT });
  }

  it('shows a new category in the product dialog and the cards at once, and the stock after a sale, also after a reload', async () => {
    const page = await open(`/app/products?business=${SLUG}`);
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    await page.getByText('No products found').waitFor();
    await expect.poll(() => statValue(page, 'Categories').textContent()).toBe('0');

    // A first category, made on the categories page, reached without a reload.
    await page.getByRole('link', { name: 'Categories' }).first().click();
    await page.getByText('No categories yet. Add the first one above.').waitFor();
    await page.getByLabel('New category').fill(CATEGORY);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('list', { name: 'Categories in order' }).getByText(CATEGORY).waitFor();

    // Back on the products page: the card counts it and the dialog offers it.
    await page.goBack();
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    await expect.poll(() => statValue(page, 'Categories').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    const category = dialog.getByLabel('Category *');
    await expect.poll(() => category.locator('option').allTextContents()).toContain(CATEGORY);

    await dialog.getByLabel('Product Name *').fill(PRODUCT);
    await category.selectOption({ label: CATEGORY });
    await dialog.getByLabel('Selling Price (₵) *').fill('3.50');
    await dialog.getByLabel('Current Stock *').fill('10');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => productCard(page).textContent()).toContain('Stock:10');

    // One sold at the till, reached through the sidebar (no reload).
    await page.getByRole('link', { name: 'POS', exact: true }).first().click();
    await page.getByRole('button', { name: new RegExp(`^Add ${PRODUCT}`) }).click();
    await page.keyboard.press('Control+Enter');
    const payment = page.getByRole('dialog', { name: 'Payment' });
    await payment.getByLabel('Amount received (₵)').fill('10');
    await payment.getByLabel('Amount received (₵)').press('Enter');
    await page.getByText('Payment completed successfully!').waitFor();
    const receipt = page.getByRole('dialog', { name: /^Receipt RCP-/ });
    await receipt.waitFor();
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await receipt.waitFor({ state: 'detached' });

    // The products page shows the stock the server has: at once, and after a reload.
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    await expect.poll(() => productCard(page).textContent()).toContain('Stock:9');
    // Let the persisted cache be written (at most once a second) before reloading.
    await page.waitForTimeout(1500);
    await page.reload();
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    await expect.poll(() => productCard(page).textContent()).toContain('Stock:9');
    await expect.poll(() => statValue(page, 'Categories').textContent()).toBe('1');
  });

  it('reads again after a reload what another till changed, though the cached copy looked fresh', async () => {
    const page = await open(`/app/products?business=${SLUG}`);
    await expect.poll(() => productCard(page).textContent()).toMatch(/Stock:\d+/);
    const before = Number((await productCard(page).textContent())?.match(/Stock:(\d+)/)?.[1]);
    await page.waitForTimeout(1500);

    // Another till of the shop sells one: the server's stock changes, this page knows nothing of it.
    await e2e.server.database.db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - 1` })
      .where(eq(products.name, PRODUCT));

    await page.reload();
    await expect.poll(() => productCard(page).textContent()).toContain(`Stock:${before - 1}`);
  });
});
