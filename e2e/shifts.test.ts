import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, screenshot, settled, viewShot } from './support/browser.ts';
import { useE2E } from './support/harness.ts';

// The Demo Shop's first product: Voltic Mineral Water 1.5L, ₵6.00, no tax.
const WATER = 'Voltic Mineral Water 1.5L';

/** Print is intercepted: what the print root holds when Print is pressed is kept for the test to read. */
function capturePrint(page: Page): void {
  void page.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: string }).printed =
        document.querySelector('.pos-print-root')?.textContent ?? '';
    };
  });
}

const printed = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed?: string }).printed ?? null);

describeE2E('shifts and the Z report', () => {
  const e2e = useE2E();

  it('a cashier opens a shift, sells, pays out cash, closes short with the counter and prints the Z report; a manager sees it', async () => {
    const page = await e2e.openAs('cashier', '/app/pos', 1280, { prepare: capturePrint });
    const bar = page.getByRole('region', { name: 'Shift' });
    await bar.getByText('No shift open.').waitFor();
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).waitFor();
    await screenshot(page, 'shift-none-1280');

    // Open with a ₵200 float.
    await bar.getByRole('button', { name: 'Open shift' }).click();
    const openDialog = page.getByRole('dialog', { name: 'Open shift' });
    await settled(openDialog);
    await openDialog.getByLabel('Opening float (₵)').fill('abc');
    await openDialog.getByRole('button', { name: 'Open shift' }).click();
    await openDialog.getByText('Enter the opening float in cedis, e.g. 200 or 150.50').waitFor();
    await openDialog.getByLabel('Opening float (₵)').fill('200');
    await viewShot(page, 'shift-open-dialog-1280');
    await openDialog.getByRole('button', { name: 'Open shift' }).click();
    await bar.getByText('Shift open').waitFor();
    await expect.poll(() => page.getByTestId('shift-expected').textContent()).toBe('₵200.00');

    // A cash sale of ₵6.00, paid with ₵10.00.
    await page.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).click();
    await page.keyboard.press('Control+Enter');
    const payment = page.getByRole('dialog', { name: 'Payment' });
    await payment.getByLabel('Amount received (₵)').fill('10');
    await payment.getByLabel('Amount received (₵)').press('Enter');
    const receipt = page.getByRole('dialog', { name: /^Receipt RCP-/ });
    await receipt.waitFor();
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await expect.poll(() => page.getByTestId('shift-expected').textContent()).toBe('₵206.00');

    // ₵5.00 out for the bread delivery.
    await bar.getByRole('button', { name: 'Cash in/out' }).click();
    const cashDialog = page.getByRole('dialog', { name: 'Cash in or out' });
    await settled(cashDialog);
    await cashDialog.getByRole('button', { name: 'Cash out', exact: true }).click();
    await cashDialog.getByLabel('Amount (₵)').fill('5');
    await cashDialog.getByLabel('Reason').fill('Paid for bread delivery');
    await viewShot(page, 'shift-cash-out-1280');
    await cashDialog.getByRole('button', { name: 'Record cash out' }).click();
    // The dialog closes with the server's answer (on a slow machine, later than the poll's second).
    await cashDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('shift-expected').textContent()).toBe('₵201.00');
    await screenshot(page, 'shift-open-1280');

    // A reading mid-shift: the X report, with what the drawer should hold and no count yet.
    await bar.getByRole('button', { name: 'X report' }).click();
    const reading = page.getByRole('dialog', { name: 'X report' });
    await reading.getByText('X REPORT (SHIFT OPEN)').waitFor();
    expect(await reading.getByText('Counted').count()).toBe(0);
    await reading.getByRole('button', { name: 'Close' }).first().click();
    await reading.waitFor({ state: 'hidden' });

    // Count: one ₵200 note and one 50p coin = ₵200.50 against ₵201.00 expected: ₵0.50 short.
    await bar.getByRole('button', { name: 'Close shift' }).click();
    const closeDialog = page.getByRole('dialog', { name: 'Close shift' });
    await settled(closeDialog);
    await closeDialog.getByRole('textbox', { name: '₵200 notes' }).fill('1');
    await closeDialog.getByRole('textbox', { name: '50p coins' }).fill('1');
    expect(await closeDialog.getByTestId('counted-cash').textContent()).toBe('₵200.50');
    expect(await closeDialog.getByTestId('cash-difference').textContent()).toBe('₵0.50 short');
    await viewShot(page, 'shift-close-1280');
    await closeDialog.getByRole('button', { name: 'Close shift' }).click();

    const report = page.getByRole('dialog', { name: 'Z report' });
    await report.waitFor();
    await settled(report);
    await viewShot(page, 'z-report-1280');
    await report.getByRole('button', { name: 'Print' }).click();
    const text = (await printed(page)) ?? '';
    for (const expected of [
      'Demo Shop',
      'Z REPORT',
      'Main till',
      'Ama Darko',
      'Opening float₵200.00',
      'Cash (1)₵6.00',
      'Out: Paid for bread delivery-₵5.00',
      'Expected₵201.00',
      'Counted₵200.50',
      'Difference₵0.50 short',
      '₵200 note × 1',
      '50p coin × 1',
      'Cashier signature:',
      'Manager signature:',
    ]) {
      expect(text).toContain(expected);
    }
    // On 58 mm paper only the report prints, at that width.
    await report.getByRole('button', { name: '58 mm' }).click();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.pos-print-root').isVisible()).toBe(true);
    expect(await page.locator('.pos-print-root [data-paper="58"]').count()).toBe(1);
    await screenshot(page, 'z-report-print-58');
    await page.emulateMedia({ media: 'screen' });
    await report.getByRole('button', { name: 'Close' }).first().click();
    await bar.getByText('No shift open.').waitFor();

    // The manager sees the closed shift, and Ama's ₵0.50 short in the differences.
    const manager = await e2e.openAs('manager', '/app/shifts', 1280);
    const row = manager.getByRole('listitem', { name: 'Ama Darko, Main till' });
    await row.getByText('₵0.50 short').waitFor();
    const differences = manager.getByRole('table', { name: 'Cash differences by cashier' });
    const amaRow = differences.getByRole('row', { name: /Ama Darko/ });
    expect(await amaRow.getByRole('cell').allTextContents()).toEqual(['Ama Darko', '1', '₵0.00', '₵0.50']);
    await screenshot(manager, 'shifts-page-1280');
    await row.getByRole('button', { name: 'Z report' }).click();
    await manager.getByRole('dialog', { name: 'Z report' }).getByText('Counted').first().waitFor();
  });

  it('on a phone: a manager opens a shift, closes with a plain total, and the lists and report fit 360 px', async () => {
    const page = await e2e.openAs('manager', '/app/pos', 360);
    const bar = page.getByRole('region', { name: 'Shift' });
    await bar.getByRole('button', { name: 'Open shift' }).click();
    const openDialog = page.getByRole('dialog', { name: 'Open shift' });
    await openDialog.getByLabel('Till name').fill('Back till');
    await openDialog.getByLabel('Opening float (₵)').fill('150.50');
    await settled(openDialog);
    await viewShot(page, 'shift-open-dialog-360');
    await openDialog.getByRole('button', { name: 'Open shift' }).click();
    await bar.getByText('Shift open').waitFor();
    await viewShot(page, 'shift-open-360');

    await bar.getByRole('button', { name: 'Close shift' }).click();
    const closeDialog = page.getByRole('dialog', { name: 'Close shift' });
    await settled(closeDialog);
    await viewShot(page, 'shift-close-360');
    await closeDialog.getByRole('button', { name: 'Enter total' }).click();
    await closeDialog.getByLabel('Cash counted (₵)').fill('151');
    expect(await closeDialog.getByTestId('cash-difference').textContent()).toBe('₵0.50 over');
    await closeDialog.getByRole('button', { name: 'Close shift' }).click();
    const report = page.getByRole('dialog', { name: 'Z report' });
    await report.getByText('₵0.50 over').waitFor();
    await settled(report);
    await viewShot(page, 'z-report-360');
    await report.getByRole('button', { name: 'Close' }).first().click();

    await page.goto(e2e.url('/app/shifts?business=demo'));
    await page.getByRole('listitem', { name: 'Kwame Mensah, Back till' }).getByText('₵0.50 over').waitFor();
    await screenshot(page, 'shifts-page-360');
  });
});
