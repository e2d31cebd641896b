import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { businessInvitations } from '../src/server/db/schema/index.ts';
import { hashToken } from '../src/server/http/session-token.ts';
import { createBusiness } from '../src/server/testing/factories.ts';
import { describeE2E, screenshot } from './support/browser.ts';
import { useE2E, type Width } from './support/harness.ts';

// What a new user tripped over on a first walk through the product, each checked as a person meets it.

describeE2E('walk-through findings', () => {
  const e2e = useE2E();

  /** Opens a page at the given width: signed out, or signed in to the demo shop as its owner or cashier. */
  const open = (path: string, width: Width, role?: 'owner' | 'cashier') =>
    role ? e2e.openAs(role, path, width) : e2e.open(path, { width });

  /** Whether an element shows all of its text (nothing cut off or hidden behind an ellipsis). */
  const showsInFull = (page: Page, label: string) =>
    page
      .locator('p', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::p[1]')
      .evaluate((value) => value.scrollWidth <= value.clientWidth && value.textContent !== '');

  it('tells a cashier who scans an unknown code to ask a manager, with no quick-add form', async () => {
    const page = await open('/app/pos?business=demo', 360, 'cashier');
    await page.getByRole('button', { name: /^Add Voltic Mineral Water/ }).waitFor();
    // Entered in the search box, whose Enter takes a code. Filled, not typed key by key: on a busy machine a
    // pause between two keys would split a fast burst in two, and the scanner would read only its second half.
    const searchBox = page.getByRole('searchbox', { name: 'Search products by name, barcode or SKU' });
    await searchBox.fill('6039999999994');
    await searchBox.press('Enter');
    await page
      .getByText('No product has the code 6039999999994. Ask a manager to add this product.')
      .waitFor();
    await screenshot(page, 'walkthrough-cashier-unknown-code-360');
    expect(await page.getByRole('dialog', { name: 'Quick add product' }).count()).toBe(0);
  });

  it('takes the first valid Next of the onboarding wizard after an error', async () => {
    const db = e2e.server.database.db;
    const shop = await createBusiness(db, {
      isOnboarded: false,
      name: 'Ɔkɔmfo Provisions',
      slug: 'okomfo-provisions',
    });
    await db.insert(businessInvitations).values({
      businessId: shop.id,
      sentTo: 'owner@osebo.test',
      tokenHash: hashToken('walkthrough-invite'),
      expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
    });
    const page = await open(`/app/onboarding?business=${shop.slug}&invite=walkthrough-invite`, 1280);
    await page.getByText('Step 1 of 3').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Business description is required').waitFor();
    await page.getByText('Business type is required').waitFor();

    await page.getByLabel('Business description').fill('Wholesale provisions for Kejetia traders.');
    await page.getByRole('combobox', { name: 'Business type' }).click();
    await page.getByRole('option', { name: 'Grocery Store' }).click();
    await page.getByText('Business type is required').waitFor({ state: 'hidden' });
    expect(await page.getByText('Business description is required').count()).toBe(0);
    await screenshot(page, 'walkthrough-onboarding-fixed-1280');
    // One click on Next is enough.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 3').waitFor();
  });

  it("says plainly that creating a business account on a shop's sign-in page makes a new business", async () => {
    const page = await open('/app/auth?business=demo', 360);
    await page.getByRole('heading', { level: 1, name: 'Demo Shop' }).waitFor();
    await page.getByRole('button', { name: 'Create a business account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Start a new business' }).waitFor();
    const note = page.getByRole('note');
    await note.getByText('This creates a new, separate business').waitFor();
    expect(await note.textContent()).toContain('Employees of Demo Shop do not sign up');
    await screenshot(page, 'walkthrough-register-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('shows the stat-card figures in full on a 360 px phone', async () => {
    const page = await open('/app/products?business=demo', 360, 'owner');
    await page
      .getByText(/^₵[\d,]+\.\d\d$/)
      .first()
      .waitFor();
    await screenshot(page, 'walkthrough-product-stats-360');
    for (const label of ['Total Products', 'Low Stock Items', 'Total Value', 'Categories']) {
      expect(await showsInFull(page, label), label).toBe(true);
    }
    await page.goto(`${e2e.server.url}/app/customers?business=demo`);
    await page
      .getByText(/^₵[\d,]+\.\d\d$/)
      .first()
      .waitFor();
    await screenshot(page, 'walkthrough-customer-stats-360');
    for (const label of ['Total Customers', 'Active Customers', 'Total Spent', 'Loyalty Points']) {
      expect(await showsInFull(page, label), label).toBe(true);
    }
  });

  it('searches products and customers from the top bar, grouped, with the keyboard', async () => {
    const page = await open('/app/dashboard?business=demo', 1280, 'owner');
    const box = page.getByRole('combobox', { name: 'Search products, customers' });
    await box.fill('an');
    const results = page.getByRole('listbox', { name: 'Search results' });
    const customers = results.getByRole('group', { name: 'Customers' });
    await customers.getByRole('option').first().waitFor();
    await results.getByRole('group', { name: 'Products' }).getByRole('option').first().waitFor();
    await screenshot(page, 'walkthrough-top-search-1280');
    const customer = (await customers.getByRole('option').first().locator('span').first().textContent())!;
    // Past every product to the first customer, then Enter.
    const productCount = await results.getByRole('group', { name: 'Products' }).getByRole('option').count();
    for (let i = 0; i <= productCount; i++) await box.press('ArrowDown');
    expect(await customers.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/app/customers');
    expect(new URL(page.url()).searchParams.get('search')).toBe(customer);
    await page.getByText(customer, { exact: true }).filter({ visible: true }).first().waitFor();
  });

  it('starts a new shop with categories, and the product dialog makes a new one on the spot', async () => {
    const page = await open('/signup', 1280);
    await page.getByLabel('First name').fill('Akua');
    await page.getByLabel('Last name').fill('Sarpong');
    await page.getByLabel('Email').fill('akua@osebo.gh');
    await page.getByLabel('Phone').fill('024 765 1234');
    await page.getByLabel('Business name').fill('Ɔsɛbɔ Wholesale');
    await page.getByText('Your web address: osebo-wholesale').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Osebo@2026');
    await page.getByLabel('Confirm password').fill('Osebo@2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The new shop's app opens (its address may already have moved on from ?business= to the first page).
    await page.getByRole('navigation', { name: 'Business' }).waitFor({ timeout: 10_000 });
    await page.getByText('Ɔsɛbɔ Wholesale').first().waitFor();

    await page.goto(`${e2e.server.url}/app/products?business=osebo-wholesale`);
    await page.getByRole('button', { name: 'Add Product' }).first().click();
    const dialog = page.getByRole('dialog');
    const category = dialog.getByLabel('Category *');
    await category.locator('option', { hasText: 'General' }).waitFor({ state: 'attached' });
    expect(await category.locator('option').allTextContents()).toEqual([
      'Select a category',
      'General',
      'Food & Drinks',
      'Household',
      'Services',
    ]);

    await dialog.getByRole('button', { name: 'New category' }).click();
    await dialog.getByLabel('New category name').fill('Kente & Fabrics');
    await dialog.getByLabel('New category name').press('Enter');
    await dialog.getByLabel('New category name').waitFor({ state: 'detached' });
    expect(await category.locator('option:checked').textContent()).toBe('Kente & Fabrics');
    await screenshot(page, 'walkthrough-new-category-1280');

    await dialog.getByLabel('Product Name *').fill('Kente stole');
    await dialog.getByLabel('Selling Price (₵) *').fill('120');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByTestId('product-card').filter({ hasText: 'Kente stole' }).waitFor();
    // The new category is in the page's filter as well.
    const filter = page.getByLabel('Category', { exact: true });
    await filter.locator('option', { hasText: 'Kente & Fabrics' }).waitFor({ state: 'attached' });
  });
});
