import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_STAFF } from '../src/server/modules/accounts/demo-staff.ts';
import { describeE2E, screenshot, settled, viewShot } from './support/browser.ts';
import { useE2E, type Width } from './support/harness.ts';

// Loyalty points in the browser: the owner switches the program on at 10 points per ₵1, a cashier sells to a
// new customer (points on the receipt), the next sale redeems them as a discount, a refund takes the earned
// points back and gives the redeemed ones back, and the customer's page shows every change.

const MILO = 'Milo 400g Tin';

/** The receipt's totals as 'label value' lines. */
async function receiptTotals(receipt: Locator): Promise<string> {
  return receipt
    .getByLabel('Receipt totals')
    .evaluate((list) =>
      Array.from(list.querySelectorAll('dt, dd'), (cell) => cell.textContent?.trim() ?? '').join(' '),
    );
}

describeE2E('loyalty points', () => {
  const e2e = useE2E();

  async function turnLoyaltyOn(width: Width) {
    const settings = await e2e.openAs('owner', '/app/settings', width);
    await settings.getByRole('heading', { name: 'Loyalty points' }).waitFor();
    const toggle = settings.getByRole('switch', { name: 'Loyalty program on' });
    if (!(await toggle.isChecked())) await toggle.check();
    await settings.getByLabel('Points earned per ₵1').fill('10');
    await settings.getByLabel('Points needed for ₵1 off').fill('100');
    await settings.getByRole('button', { name: 'Save loyalty settings' }).click();
    await settings.getByText('Loyalty settings saved').first().waitFor();
    return settings;
  }

  /** Adds a tin of Milo to the cart (opening the cart on a phone) and opens the payment dialog. */
  async function miloToCart(till: Page, width: Width) {
    await till.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
    if (width < 1024) {
      await till.getByRole('button', { name: /^Cart/ }).first().click();
    }
  }

  async function checkout(till: Page) {
    await till
      .getByRole('button', { name: /^Checkout/ })
      .first()
      .click();
    return till.getByRole('dialog', { name: 'Payment' });
  }

  it('earns on a sale, redeems on the next, reverses on a refund, and shows the ledger', async () => {
    const settings = await turnLoyaltyOn(1280);
    await settings.getByRole('heading', { name: 'Loyalty points' }).scrollIntoViewIfNeeded();
    await viewShot(settings, 'loyalty-settings-1280');

    // A cashier sells a tin (₵55.00 + ₵6.88 tax = ₵61.88) to a new customer: 10 × 61 = 618 points (₵61.88 × 10, rounded down).
    const till = await e2e.openAs('cashier', '/app/pos', 1280);
    await miloToCart(till, 1280);
    await till.getByRole('button', { name: 'Add customer' }).click();
    const picker = till.getByRole('dialog', { name: 'Customer' });
    await picker.getByRole('searchbox', { name: 'Search customers' }).fill('Abena Points');
    await picker.getByRole('button', { name: 'New customer' }).click();
    const form = till.getByRole('dialog', { name: 'New customer' });
    await form.getByLabel(/Phone/).fill(`055 ${String(Date.now()).slice(-7)}`);
    await form.getByRole('button', { name: 'Save and choose' }).click();
    await till.getByTestId('cart-customer').getByText('Abena Points').waitFor();
    let payment = await checkout(till);
    // A new customer has no points: nothing to redeem yet.
    await payment.getByRole('button', { name: /^Exact/ }).click();
    expect(await payment.getByRole('button', { name: 'Redeem points' }).count()).toBe(0);
    await payment.getByRole('button', { name: /Complete sale/ }).click();
    let receipt = till.getByRole('dialog', { name: /^Receipt RCP-/ });
    await receipt.getByText('Points earned').waitFor();
    expect(await receiptTotals(receipt)).toContain('Points earned +618 Points balance 618');
    await receipt.getByRole('button', { name: 'New sale' }).click();

    // The next sale to her redeems all 618 points: ₵6.18 off, ₵55.70 to pay, earning 557 points.
    await miloToCart(till, 1280);
    await till.getByRole('button', { name: 'Add customer' }).click();
    await picker.getByRole('searchbox', { name: 'Search customers' }).fill('Abena Points');
    await picker.getByRole('button', { name: /^Abena Points/ }).click();
    payment = await checkout(till);
    await payment.getByText('618 points').waitFor();
    await payment.getByRole('button', { name: 'Redeem points' }).click();
    expect(await payment.getByLabel('Points to redeem').inputValue()).toBe('618');
    await payment.getByLabel('Points to redeem').fill('700');
    await payment.getByRole('button', { name: 'Apply points' }).click();
    await payment.getByText('The customer has only 618 points').waitFor();
    await payment.getByLabel('Points to redeem').fill('618');
    await payment.getByRole('button', { name: 'Apply points' }).click();
    await payment.getByText('618 points redeemed').waitFor();
    await payment.getByText('₵61.88 less ₵6.18 in points').waitFor();
    await settled(payment);
    await viewShot(till, 'loyalty-redeem-1280');
    await payment.getByRole('button', { name: /^Exact/ }).click();
    await payment.getByRole('button', { name: 'Complete sale ₵55.70' }).click();
    receipt = till.getByRole('dialog', { name: /^Receipt RCP-/ });
    await receipt.getByText('Points earned').waitFor();
    const redeemedTotals = await receiptTotals(receipt);
    expect(redeemedTotals).toContain('Points redeemed (618) -₵6.18');
    expect(redeemedTotals).toContain('Total ₵55.70');
    expect(redeemedTotals).toContain('Points earned +557 Points balance 557');
    const receiptNumber = ((await receipt.getByRole('heading').first().textContent()) ?? '').replace(
      'Receipt ',
      '',
    );
    await receipt.getByRole('button', { name: 'New sale' }).click();

    // The second sale is refunded at the till with a manager's PIN: 557 earned taken back, 618 given back.
    await till.getByRole('button', { name: 'Recent sales' }).click();
    const recent = till.getByRole('dialog', { name: 'Recent sales' });
    await recent
      .getByRole('listitem')
      .filter({ hasText: receiptNumber })
      .getByRole('button', { name: 'Refund', exact: true })
      .click();
    const refund = till.getByRole('dialog', { name: `Refund ${receiptNumber}` });
    await refund.getByRole('button', { name: 'Refund 1 item' }).click();
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    const approval = till.getByRole('dialog', { name: 'Manager approval needed' });
    const manager = DEMO_STAFF.find((person) => person.role === 'manager')!;
    await approval.getByLabel('Approver PIN').fill(manager.pin);
    await approval.getByRole('button', { name: 'Approve' }).click();
    const refundReceipt = till.getByRole('dialog', { name: /^Receipt REF-/ });
    await refundReceipt.getByText('Points taken back').waitFor();
    expect(await receiptTotals(refundReceipt)).toContain(
      'Points taken back -557 Points given back +618 Points balance 618',
    );

    // The customer's page shows the balance and every change, newest first.
    const book = await e2e.openAs('cashier', '/app/customers?search=Abena%20Points', 1280);
    await book.getByRole('button', { name: 'Points history of Abena Points' }).click();
    const history = book.getByRole('dialog', { name: 'Points history: Abena Points' });
    await history.getByText('Balance 618 points.', { exact: false }).waitFor();
    const list = history.getByRole('list', { name: 'Points changes' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(5);
    const texts = await list.evaluate((element) =>
      Array.from(element.querySelectorAll('li'), (line) =>
        Array.from(line.querySelectorAll('span'), (part) => part.textContent?.trim() ?? '').join(' '),
      ),
    );
    expect(texts[0]).toMatch(/^Refund REF-.*-557 Balance 618$/);
    expect(texts[1]).toMatch(/^Refund REF-.*\+618 Balance 1,175$/);
    expect(texts[2]).toMatch(/^Earned .*\+557 Balance 557$/);
    expect(texts[3]).toMatch(/^Redeemed \(₵6\.18 off\) .*-618 Balance 0$/);
    expect(texts[4]).toMatch(/^Earned .*\+618 Balance 618$/);
    await settled(history);
    await viewShot(book, 'loyalty-customer-history-1280');
  });

  it('looks right on a 360 px phone: settings, the redeem control and the points history', async () => {
    const settings = await turnLoyaltyOn(360);
    await screenshot(settings, 'loyalty-settings-360');
    expect(await settings.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Kwabena Owusu, a demo regular, earns points on a sale, then sees the redeem control on the next.
    const till = await e2e.openAs('cashier', '/app/pos', 360);
    for (const round of [1, 2]) {
      await miloToCart(till, 360);
      await till.getByRole('button', { name: 'Add customer' }).first().click();
      const picker = till.getByRole('dialog', { name: 'Customer' });
      await picker.getByRole('searchbox', { name: 'Search customers' }).fill('Kwabena');
      await picker.getByRole('button', { name: /^Kwabena Owusu/ }).click();
      const payment = await checkout(till);
      if (round === 2) {
        await payment.getByRole('button', { name: 'Redeem points' }).click();
        await payment.getByLabel('Points to redeem').waitFor();
        await settled(payment);
        await viewShot(till, 'loyalty-redeem-360');
        await payment.getByRole('button', { name: 'Apply points' }).click();
        await payment.getByText(/points redeemed/).waitFor();
      }
      await payment.getByRole('button', { name: /^Exact/ }).click();
      await payment.getByRole('button', { name: /Complete sale/ }).click();
      const receipt = till.getByRole('dialog', { name: /^Receipt RCP-/ });
      await receipt.getByText('Points balance').waitFor();
      if (round === 2) {
        await settled(receipt);
        await viewShot(till, 'loyalty-receipt-360');
      }
      await receipt.getByRole('button', { name: 'New sale' }).click();
    }

    const book = await e2e.openAs('cashier', '/app/customers?search=Kwabena', 360);
    await book.getByRole('button', { name: 'Points history of Kwabena Owusu' }).click();
    const history = book.getByRole('dialog', { name: 'Points history: Kwabena Owusu' });
    await history.getByRole('list', { name: 'Points changes' }).waitFor();
    await settled(history);
    await viewShot(book, 'loyalty-customer-history-360');
    expect(await book.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
