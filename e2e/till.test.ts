import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ean13CheckDigit } from '../src/domain/barcode.ts';
import { businesses, products } from '../src/server/db/schema/index.ts';
import { writeBarcodeVideo } from './fixtures/barcode-video.ts';
import { describeE2E, screenshot, settled, viewShot } from './support/browser.ts';
import { type Role, useE2E, type Width } from './support/harness.ts';
import type { RunningServer } from './support/server.ts';
import { scanWithWedge } from './support/wedge-scanner.ts';

// The Demo Shop's first product: Voltic Mineral Water 1.5L, ₵6.00, no tax, barcode 603100000001 + check.
const WATER = 'Voltic Mineral Water 1.5L';
const WATER_BARCODE = `603100000001${ean13CheckDigit('603100000001')}`;
const MILO = 'Milo 400g Tin'; // ₵55.00 at 12.5 % tax → ₵6.875 → ₵6.88 (half-up)

async function stockOf(server: RunningServer, name: string): Promise<number> {
  const [row] = await server.database.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(businesses.slug, 'demo'), eq(products.name, name)));
  return row!.stock;
}

function cartItems(page: Page) {
  return page.getByRole('list', { name: 'Cart items' });
}

describeE2E('the till', () => {
  const e2e = useE2E();

  /** The till, signed in as the cashier unless told, with its products shown. */
  async function openTill(width: Width, role: Role = 'cashier', height?: number): Promise<Page> {
    const page = await e2e.openAs(role, '/app/pos', width, { height });
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
    return page;
  }

  /**
   * A code put in the search box and Enter, which the search box's own Enter looks up. Not typed key by key:
   * Playwright sends each key only once the page has handled the one before, so on a busy machine a pause
   * can split the code in two, and the wedge then rightly takes the fast tail for a scan of its own (the
   * wedge itself is tested by the first journey, with a scanner's own key times).
   */
  async function typeCode(page: Page, code: string) {
    const search = page.getByRole('searchbox', { name: 'Search products by name, barcode or SKU' });
    await search.fill(code);
    await search.press('Enter');
  }

  it('scans with a wedge scanner, adds by search, takes cash with change and shows the receipt', async () => {
    const waterBefore = await stockOf(e2e.server, WATER);
    const page = await openTill(1280);
    await screenshot(page, 'till-1280');

    // A USB scanner types the digits a few milliseconds apart and presses Enter, wherever the focus is:
    // here in the search box, which must not keep the digits.
    const search = page.getByRole('searchbox', { name: 'Search products by name, barcode or SKU' });
    await search.click();
    await scanWithWedge(page, WATER_BARCODE);
    await cartItems(page).getByRole('listitem', { name: WATER }).waitFor();
    expect(await search.inputValue()).toBe('');

    await search.fill('milo');
    await page.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
    await cartItems(page).getByRole('listitem', { name: MILO }).waitFor();
    // ₵6.00 + ₵55.00 + tax ₵6.88 = ₵67.88
    await expect.poll(() => page.getByTestId('cart-total').first().textContent()).toBe('₵67.88');
    await screenshot(page, 'till-cart');

    // Ctrl+Enter opens the payment dialog (announced by the spec, working here).
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    const received = dialog.getByLabel('Amount received (₵)');
    expect(await received.evaluate((element) => element === document.activeElement)).toBe(true);
    await received.fill('50');
    await dialog.getByText('Insufficient amount. Need ₵17.88 more.').waitFor();
    await viewShot(page, 'cash-insufficient');
    await received.fill('100');
    await dialog.getByText('Change: ₵32.12').waitFor();
    await viewShot(page, 'cash-change');
    await received.press('Enter');

    await page.getByText('Payment completed successfully!').waitFor();
    expect(await page.getByTestId('change-given').textContent()).toBe('₵32.12');
    // operations §4: the completed dialog closes after 2 s; the receipt follows.
    const receipt = page.getByRole('dialog', { name: /^Receipt RCP-/ });
    await receipt.waitFor();
    const receiptNumber = await receipt.getByTestId('receipt-number').textContent();
    expect(receiptNumber).toMatch(/^RCP-\d+-[A-Z0-9]{6}$/);
    for (const text of [
      'Demo Shop',
      '14 Oxford Street, Osu, Accra',
      'Tax ID: C0012345678',
      'Ama Darko',
      WATER,
      MILO,
    ]) {
      await receipt.getByText(text, { exact: false }).first().waitFor();
    }
    expect(await receipt.getByTestId('receipt-barcode').getAttribute('aria-label')).toBe(
      `Barcode ${receiptNumber}`,
    );
    await viewShot(page, 'receipt');
    // On paper only the receipt prints, at the paper's width.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.pos-print-root').isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: /^Receipt RCP-/ }).isVisible()).toBe(false);
    await screenshot(page, 'receipt-print');
    await page.emulateMedia({ media: 'screen' });

    // The sale is real: the cart is empty and the stock went down.
    expect(await stockOf(e2e.server, WATER)).toBe(waterBefore - 1);
    // Email it: the receipt goes out through the mail module.
    await receipt.getByLabel('Email receipt').fill('ama.customer@example.com');
    await receipt.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Receipt sent').first().waitFor();
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await page.getByText('Cart is empty').first().waitFor();

    // Reprint from the history drawer.
    await page.getByRole('button', { name: 'Recent sales' }).click();
    const history = page.getByRole('dialog', { name: 'Recent sales' });
    await history.getByRole('button', { name: new RegExp(receiptNumber ?? 'none') }).click();
    const reprint = page.getByRole('dialog', { name: `Receipt ${receiptNumber}` });
    await reprint.getByRole('button', { name: 'Close' }).first().waitFor();
  });

  it('attaches a new customer to a split sale paid by MoMo and cash', async () => {
    const page = await openTill(1280);
    await page.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
    await page.getByRole('button', { name: 'Add customer' }).click();
    const picker = page.getByRole('dialog', { name: 'Customer' });
    await picker.getByRole('searchbox', { name: 'Search customers' }).fill('Efua Asante');
    await picker.getByRole('button', { name: 'New customer' }).click();
    const form = page.getByRole('dialog', { name: 'New customer' });
    expect(await form.getByLabel('Name').inputValue()).toBe('Efua Asante');
    // A number no demo customer has (the server refuses a phone that belongs to someone else).
    await form.getByLabel(/Phone/).fill(`059 ${String(Date.now()).slice(-7)}`);
    await form.getByRole('button', { name: 'Save and choose' }).click();
    await page.getByTestId('cart-customer').getByText('Efua Asante').waitFor();

    // ₵55.00 + ₵6.88 tax = ₵61.88: ₵40 by MTN MoMo, the rest from a ₵50 note.
    await page.getByRole('button', { name: /^Checkout/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.getByRole('button', { name: 'Split payment' }).click();
    await dialog.getByRole('button', { name: 'MTN MoMo' }).click();
    await dialog.getByLabel('Amount (₵)').fill('40');
    await dialog.getByLabel("Customer's mobile money number").fill('024 123 4567');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cash', exact: true }).click();
    await dialog.getByLabel('Amount (₵)').fill('50');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await dialog.getByTestId('split-remaining').textContent()).toBe('₵0.00');
    await viewShot(page, 'split-tender');
    await dialog.getByRole('button', { name: /Complete sale/ }).click();
    // A sale with a mobile-money part waits for its confirmation (operations §4).
    await dialog.getByText('Transaction created. Payment confirmation will update automatically.').waitFor();
    await dialog.getByText('Ask the customer to approve ₵40.00 MTN MoMo on 024 123 4567.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const receipt = page.getByRole('dialog', { name: /^Receipt RCP-/ });
    await receipt.getByText('Efua Asante').waitFor();
    await receipt.getByText('*** PAYMENT PENDING ***').waitFor();
    await receipt.getByText('MTN MoMo (pending)').waitFor();
  });

  it('Ctrl+Escape clears the cart and Undo brings it back', async () => {
    const page = await openTill(1280);
    await page.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
    await cartItems(page).getByRole('listitem', { name: MILO }).waitFor();
    await page.keyboard.press('Control+Escape');
    await page.getByText('Cart cleared').waitFor();
    expect(await cartItems(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await cartItems(page).getByRole('listitem', { name: MILO }).waitFor();
    // The cart survives a reload.
    await page.reload();
    await cartItems(page).getByRole('listitem', { name: MILO }).waitFor();
  });

  it('on a phone: the cart is a bottom sheet, a sale can be parked and resumed', async () => {
    // A common phone's screen (360 × 740 CSS pixels). Its first products are on it, whole, above the cart bar:
    // a cashier sells without scrolling.
    const page = await openTill(360, 'cashier', 740);
    const firstCard = await page.getByRole('button', { name: /^Add / }).first().boundingBox();
    const cartBar = await page.getByRole('button', { name: /^Cart \(0\)/ }).boundingBox();
    expect(firstCard!.y + firstCard!.height).toBeLessThanOrEqual(cartBar!.y);
    await page.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).click();
    await viewShot(page, 'till-360');

    await page.getByRole('button', { name: /^Cart \(2\)/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Cart' });
    await sheet.getByRole('listitem', { name: MILO }).waitFor();
    await settled(sheet);
    await viewShot(page, 'cart-sheet-360');
    await sheet.getByRole('button', { name: 'Park sale' }).click();

    const park = page.getByRole('dialog', { name: 'Park sale' });
    await park.getByLabel(/Note/).fill('Kofi — gone to fetch MoMo');
    await park.getByRole('button', { name: 'Park sale' }).click();
    await page.getByRole('button', { name: /^Cart \(0\)/ }).waitFor();

    await page.getByRole('button', { name: 'Parked sales (1)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Parked sales (1)' });
    await drawer.getByText('Kofi — gone to fetch MoMo').waitFor();
    await drawer.getByText(/just now/).waitFor();
    await drawer.getByText(/parked by Ama Darko/).waitFor();
    await settled(drawer);
    await viewShot(page, 'parked-drawer');
    await drawer.getByRole('button', { name: 'Resume Kofi — gone to fetch MoMo' }).click();
    await page.getByRole('button', { name: /^Cart \(2\)/ }).waitFor();
    await page.getByRole('button', { name: 'Parked sales (0)' }).waitFor();
  });

  it('a code that is no product tells a cashier to ask a manager, and offers no form they may not use', async () => {
    const page = await openTill(1280);
    await typeCode(page, '6039999999994');
    await page.getByText('Product not found').first().waitFor();
    await page
      .getByText('No product has the code 6039999999994. Ask a manager to add this product.')
      .first()
      .waitFor();
    expect(await page.getByRole('dialog', { name: 'Quick add product' }).count()).toBe(0);
  });

  it('an owner adds an unknown scanned product on the spot, prefilled with its code, and sells it', async () => {
    const page = await openTill(1280, 'owner');
    await typeCode(page, '6039999999987');
    await page.getByText('Product not found').first().waitFor();
    const quickAdd = page.getByRole('dialog', { name: 'Quick add product' });
    await quickAdd.waitFor();
    expect(await quickAdd.getByLabel('Barcode').inputValue()).toBe('6039999999987');
    await quickAdd.getByRole('button', { name: 'Add product' }).click();
    await page.getByText('Missing Information').first().waitFor();
    await page.getByText('Please provide at least product name and price.').first().waitFor();
    await quickAdd.getByLabel('Product name').fill('Bel-Aqua 500ml');
    await quickAdd.getByLabel('Selling price (₵)').fill('3.50');
    await quickAdd.getByLabel('Current stock').fill('24');
    await viewShot(page, 'quick-add');
    await quickAdd.getByRole('button', { name: 'Add product' }).click();
    await cartItems(page).getByRole('listitem', { name: 'Bel-Aqua 500ml' }).waitFor();
    // ₵3.50 + 12.5 % tax (₵0.4375 → ₵0.44)
    await expect.poll(() => page.getByTestId('cart-total').first().textContent()).toBe('₵3.94');
  });

  it('opens the scanner dialog with camera and manual entry', async () => {
    const page = await openTill(1280);
    await page.getByRole('button', { name: 'Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan barcode' });
    await dialog.getByRole('tab', { name: 'Camera' }).waitFor();
    // No camera in this browser: the §8 text for a missing device (or an unsupported one) shows.
    await dialog.getByRole('alert').waitFor();
    await viewShot(page, 'scanner-dialog');
    await dialog.getByRole('tab', { name: 'Manual entry' }).click();
    await dialog.getByLabel('Barcode or SKU').fill(WATER_BARCODE);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await cartItems(page).getByRole('listitem', { name: WATER }).waitFor();
  });
});

describeE2E('the till camera scanner', () => {
  let videoDir: string;
  let video: string;
  // Chromium's fake camera plays this video: an EAN-13 of the demo water, drawn from the EAN tables. It is
  // written before the browser starts (hooks run in the order they are declared).
  beforeAll(() => {
    videoDir = mkdtempSync(join(tmpdir(), 'till-camera-'));
    video = join(videoDir, 'barcode.y4m');
    writeBarcodeVideo(video, WATER_BARCODE);
  });
  afterAll(() => {
    rmSync(videoDir, { recursive: true, force: true });
  });
  const e2e = useE2E({
    browserArgs: () => [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });

  it('reads a barcode from the camera with the bundled zxing reader and adds the product', async () => {
    // Nothing outside may be reached: the reader's wasm must come from our own build.
    const outside: string[] = [];
    const wasm: string[] = [];
    const page = await e2e.openAs('cashier', '/app/pos', 1280, {
      prepare: async (page) => {
        const context = page.context();
        await context.grantPermissions(['camera'], { origin: e2e.server.url });
        await context.route(
          (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
          (route) => {
            outside.push(route.request().url());
            return route.abort();
          },
        );
        page.on('response', (response) => {
          if (response.url().endsWith('.wasm'))
            wasm.push(`${response.status()} ${new URL(response.url()).pathname}`);
        });
      },
    });

    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
    await page.getByRole('button', { name: 'Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan barcode' });
    await dialog.getByText(`Found ${WATER_BARCODE}`).waitFor({ timeout: 20_000 });
    await viewShot(page, 'scanner-found');
    // operations §4: 1.5 s later the dialog closes and the product is in the cart.
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    await cartItems(page).getByRole('listitem', { name: WATER }).waitFor();

    expect(outside).toEqual([]);
    // The reader's wasm came from our own assets (emscripten may read it twice: streaming, then as bytes).
    expect(wasm.length).toBeGreaterThan(0);
    for (const line of wasm) expect(line).toMatch(/^200 \/assets\/zxing_reader-[\w-]+\.wasm$/);
  });
});
