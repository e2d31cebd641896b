import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { products } from '../src/server/db/schema/index.ts';
import { describeE2E, screenshot } from './support/browser.ts';
import { useE2E, type Width } from './support/harness.ts';

describeE2E('product management, categories and labels', () => {
  const e2e = useE2E();
  const open = (path: string, width: Width = 1280) => e2e.openAs('owner', path, width, { height: 900 });

  async function takenBarcode(): Promise<string> {
    const [voltic] = await e2e.server.database.db
      .select()
      .from(products)
      .where(eq(products.name, 'Voltic Mineral Water 1.5L'));
    return voltic!.barcode!;
  }

  it('lists the products with cards and filters kept in the address', async () => {
    const page = await open('/app/products?business=demo');
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByText('Total Products').locator('..').textContent()).toContain('52');
    await screenshot(page, 'products-1280');

    await page.getByLabel('Search products', { exact: true }).fill('milo');
    await page.waitForURL(/search=milo/);
    await expect.poll(() => page.getByTestId('product-card').count()).toBeLessThan(5);
    expect(await page.getByTestId('product-card').first().textContent()).toMatch(/Milo/i);

    await page.getByLabel('Search products', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Low stock' }).click();
    await page.waitForURL(/low_stock=true/);
    await page.getByText('Low stock!').first().waitFor();
  });

  it('adds a product with the dialog, refusing bad input with the spec messages', async () => {
    const barcode = await takenBarcode();
    const page = await open('/app/products?business=demo');
    await page.getByTestId('product-card').first().waitFor();
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText('Product name is required').waitFor();
    await dialog.getByText('Category is required').waitFor();
    await screenshot(page, 'product-dialog-errors-1280');

    await dialog.getByLabel('Product Name *').fill('Kalypo Juice 250ml');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    expect(await dialog.getByLabel('SKU(optional)').inputValue()).toMatch(/^KALYPOJU-[A-Z0-9]{4}$/);
    await dialog.getByLabel('Category *').selectOption({ label: 'Beverages' });
    await dialog.getByLabel('Selling Price (₵) *').fill('3.50');
    await dialog.getByLabel('Current Stock *').fill('24');
    // Voltic water already has this barcode.
    await dialog.getByLabel('Barcode(optional)').fill(barcode);
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText(`Barcode ${barcode} is already used by "Voltic Mineral Water 1.5L"`).waitFor();
    await dialog.getByLabel('Barcode(optional)').fill('');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product created').waitFor();
    await page.getByLabel('Search products', { exact: true }).fill('Kalypo');
    await page.getByTestId('product-card').filter({ hasText: 'Kalypo Juice 250ml' }).waitFor();
  });

  it('adjusts stock from the edit dialog and shows the history', async () => {
    const page = await open('/app/products?business=demo&search=Voltic%20Mineral');
    const card = page.getByTestId('product-card').first();
    await card.waitFor();
    await card.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('current-stock').waitFor();
    const before = Number(await dialog.getByTestId('current-stock').textContent());
    await dialog.getByLabel('Quantity').fill('12');
    await dialog.getByLabel('Note(optional)').fill('Delivery from Voltic');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(async () => Number(await dialog.getByTestId('current-stock').textContent()))
      .toBe(before + 12);
    await dialog.getByTestId('stock-history').getByText('Delivery from Voltic').waitFor();
    await screenshot(page, 'product-dialog-edit-1280');
  });

  it('deletes a product after the confirmation', async () => {
    const page = await open('/app/products?business=demo&search=Kalypo');
    const card = page.getByTestId('product-card').filter({ hasText: 'Kalypo Juice 250ml' });
    await card.getByRole('button', { name: /^Delete / }).click();
    await page.getByText('Are you sure you want to delete "Kalypo Juice 250ml"?').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No products found').waitFor();
  });

  it('prints a sheet of barcode labels for the chosen products', async () => {
    const page = await open('/app/products?business=demo');
    await page.getByTestId('product-card').first().waitFor();
    await page
      .getByLabel(/^Select .* for labels$/)
      .nth(0)
      .click();
    await page
      .getByLabel(/^Select .* for labels$/)
      .nth(1)
      .click();
    await page.getByRole('button', { name: 'Print labels (2)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('label').first().waitFor();
    expect(await dialog.getByTestId('label').count()).toBe(2);
    expect(await dialog.locator('svg[data-symbology="ean13"]').count()).toBe(2);
    await screenshot(page, 'product-labels-1280');
  });

  it('manages categories: add, rename, reorder with buttons, deactivate', async () => {
    const page = await open('/app/products/categories?business=demo');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await page.getByTestId('category-row').first().waitFor();
    await page.getByLabel('New category').fill('Frozen Foods');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('category-row').filter({ hasText: 'Frozen Foods' }).waitFor();
    await page.getByRole('button', { name: 'Move Frozen Foods up' }).click();
    await expect
      .poll(async () =>
        (await page.getByTestId('category-row').allTextContents()).findIndex((t) =>
          t.includes('Frozen Foods'),
        ),
      )
      .toBe(6);
    await page.getByRole('button', { name: 'Rename Frozen Foods' }).click();
    await page.getByLabel('Category name').fill('Frozen & Chilled');
    await page.getByRole('button', { name: 'Save name' }).click();
    const row = page.getByTestId('category-row').filter({ hasText: 'Frozen & Chilled' });
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Inactive').waitFor();
    await screenshot(page, 'categories-1280');
  });

  it('fits a phone screen (360 px): the list and the product dialog', async () => {
    const page = await open('/app/products?business=demo', 360);
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'e2e/screenshots/products-360.png' });
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('dialog').getByLabel('Product Name *').waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation, for a clear picture
    await page.screenshot({ path: 'e2e/screenshots/product-dialog-360.png' });
    await page.keyboard.press('Escape');
    const categories = await open('/app/products/categories?business=demo', 360);
    await categories.getByTestId('category-row').first().waitFor();
    await screenshot(categories, 'categories-360');
  });
});
