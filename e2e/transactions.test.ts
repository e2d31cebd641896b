import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { businesses, transactions } from '../src/server/db/schema/index.ts';
import { DEMO_STAFF } from '../src/server/modules/accounts/demo-staff.ts';
import { describeE2E, screenshot, settled, viewShot } from './support/browser.ts';
import { DEMO_SLUG, useE2E, type Width } from './support/harness.ts';

// Issue 10 in the browser: an owner lands on the dashboard, finds a sale in the history, refunds one line of it
// and sees the REF- row; the screens of the work at 360 and 1280 px.

const MILO = 'Milo 400g Tin';

describeE2E('transactions, refunds and the dashboard', () => {
  const e2e = useE2E();

  /** The demo shop's newest completed sale with more than one unit: the one the owner refunds a line of. */
  async function saleToRefund() {
    const db = e2e.server.database.db;
    const [shop] = await db.select().from(businesses).where(eq(businesses.slug, DEMO_SLUG));
    const rows = await db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.businessId, shop!.id),
          eq(transactions.transactionType, 'sale'),
          eq(transactions.paymentStatus, 'completed'),
        ),
      )
      .orderBy(desc(transactions.createdAt))
      .limit(1);
    return rows[0]!;
  }

  it('an owner signs in, lands on the dashboard, finds a sale, refunds one line and sees the REF- row', async () => {
    const owner = DEMO_STAFF.find((person) => person.role === 'owner')!;
    const page = await e2e.open(`/app/auth?business=${DEMO_SLUG}`, { width: 1280 });
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email', { exact: true }).fill(owner.email);
    await form.getByLabel('Password', { exact: true }).fill(owner.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${owner.firstName}!` }).waitFor();
    await page.getByText("Today's Sales").waitFor();

    const sale = await saleToRefund();
    await page
      .getByRole('navigation', { name: 'Business' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill(sale.receiptNumber.slice(-6));
    await page.waitForURL((url) => url.searchParams.get('search') === sale.receiptNumber.slice(-6));
    const rows = page.getByTestId('transaction-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('button').click();

    const details = page.getByRole('dialog', { name: `Transaction ${sale.receiptNumber}` });
    await details.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: `Refund ${sale.receiptNumber}` });
    const lines = refund.getByRole('list', { name: 'Items to refund' }).getByRole('listitem');
    const lineCount = await lines.count();
    // One unit of the first line; nothing of the others.
    await refund.getByLabel('Quantity').first().fill('1');
    for (let index = 1; index < lineCount; index++) await refund.getByLabel('Quantity').nth(index).fill('0');
    await refund.getByRole('button', { name: 'Refund 1 item' }).click();
    await refund.getByText(/This cannot be undone/).waitFor();
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByText('Transaction refunded').first().waitFor();
    const receipt = page.getByRole('dialog', { name: /^Receipt REF-/ });
    await receipt.waitFor();
    const refundReceipt =
      (await receipt.getByRole('heading').first().textContent())?.replace('Receipt ', '') ?? '';
    expect(refundReceipt).toMatch(/^REF-\d+-[A-Z0-9]{6}$/);
    await receipt.getByRole('button', { name: 'Close' }).first().click();
    await receipt.waitFor({ state: 'detached' });
    // The sale's details again, now with the refunded unit.
    await details.getByText('1 refunded').waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search transactions' }).fill(refundReceipt.slice(-6));
    await page.waitForURL((url) => url.searchParams.get('search') === refundReceipt.slice(-6));
    const refundRow = page.getByTestId('transaction-row').filter({ hasText: refundReceipt });
    await refundRow.getByText('Refund', { exact: true }).waitFor();
    expect(await refundRow.textContent()).toMatch(/-₵\d/);
  });

  it('lets a cashier void a sale at the till once a manager types their PIN; the audit log names both', async () => {
    const till = await e2e.openAs('cashier', '/app/pos', 1280);
    await till.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
    await till
      .getByRole('button', { name: /^Checkout/ })
      .first()
      .click();
    const payment = till.getByRole('dialog', { name: 'Payment' });
    await payment.getByRole('button', { name: /^Exact/ }).click();
    await payment.getByRole('button', { name: /Complete sale/ }).click();
    const receipt = till.getByRole('dialog', { name: /^Receipt RCP-/ });
    const receiptNumber = ((await receipt.getByRole('heading').first().textContent()) ?? '').replace(
      'Receipt ',
      '',
    );
    await receipt.getByRole('button', { name: 'New sale' }).click();

    await till.getByRole('button', { name: 'Recent sales' }).click();
    const recent = till.getByRole('dialog', { name: 'Recent sales' });
    const row = recent.getByRole('listitem').filter({ hasText: receiptNumber });
    await row.getByRole('button', { name: 'Void', exact: true }).click();
    const confirm = till.getByRole('alertdialog', { name: 'Void transaction' });
    await confirm
      .getByText(`Are you sure you want to void transaction ${receiptNumber}?`, { exact: false })
      .waitFor();
    await confirm.getByLabel('Reason (optional)').fill('Rung up twice');
    await confirm.getByRole('button', { name: 'Void transaction' }).click();
    const approval = till.getByRole('dialog', { name: 'Manager approval needed' });
    await approval.getByLabel('Approver PIN').fill('999999');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await approval.getByText('That PIN does not belong to an active manager or owner').waitFor();
    const manager = DEMO_STAFF.find((person) => person.role === 'manager')!;
    await approval.getByLabel('Approver PIN').fill(manager.pin);
    await approval.getByRole('button', { name: 'Approve' }).click();
    await till.getByText('Transaction voided').first().waitFor();

    const audit = await e2e.openAs('owner', '/app/audit-log?action=sale_voided', 1280);
    const line = audit.getByTestId('audit-line').filter({ hasText: receiptNumber });
    await line.getByText(`approved by ${manager.firstName} ${manager.lastName}`, { exact: false }).waitFor();
    await line.getByText('Reason: Rung up twice', { exact: false }).waitFor();
  });

  for (const width of [1280, 360] as Width[]) {
    it(`shows the history, details, partial refund, audit log, dashboard and the till's approval dialog at ${width} px`, async () => {
      const dashboard = await e2e.openAs('owner', '/app/dashboard', width);
      await dashboard.getByText('Recent Transactions').waitFor();
      await dashboard.getByText('Low Stock Alert').waitFor();
      await dashboard.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await screenshot(dashboard, `tx-dashboard-${width}`);
      // Nothing wider than the window, on a phone as on a desktop.
      expect(await dashboard.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const history = await e2e.openAs('owner', '/app/transactions', width);
      await history.getByTestId('transaction-row').first().waitFor();
      await screenshot(history, `tx-history-${width}`);
      expect(await history.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await history.getByTestId('transaction-row').first().getByRole('button').click();
      const details = history.getByRole('dialog', { name: /^Transaction / });
      await settled(details);
      await viewShot(history, `tx-details-${width}`);

      // A sale still open to refunds.
      await history.keyboard.press('Escape');
      await history.getByLabel('Status').selectOption('completed');
      await history.waitForURL((url) => url.searchParams.get('payment_status') === 'completed');
      await history
        .getByTestId('transaction-row')
        .filter({ hasText: 'Completed' })
        .first()
        .getByRole('button')
        .click();
      await history
        .getByRole('dialog', { name: /^Transaction / })
        .getByRole('button', { name: 'Refund' })
        .click();
      const refund = history.getByRole('dialog', { name: /^Refund / });
      await settled(refund);
      await refund.getByLabel('Back in stock').first().click();
      await viewShot(history, `tx-partial-refund-${width}`);
      await history.keyboard.press('Escape');

      const settings = await e2e.openAs('owner', '/app/settings?tab=roles', width);
      await settings.getByLabel('Discount limit (%)').waitFor();
      await screenshot(settings, `tx-settings-${width}`);

      const audit = await e2e.openAs('owner', '/app/audit-log', width);
      await audit.getByRole('heading', { name: 'Audit Log' }).waitFor();
      await audit
        .getByRole('list', { name: 'Audit log' })
        .or(audit.getByText('Nothing recorded yet'))
        .waitFor();
      await screenshot(audit, `tx-audit-log-${width}`);
      expect(await audit.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // A cashier gives 50 % off a tin: a manager approves it on the same till.
      const till = await e2e.openAs('cashier', '/app/pos', width);
      if (width < 1024) {
        await till.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
        await till.getByRole('button', { name: /^Cart/ }).first().click();
      } else {
        await till.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
      }
      await till.getByRole('button', { name: 'Add discount' }).first().click();
      const lineDiscount = till.getByLabel('Line discount (₵)').first();
      await lineDiscount.fill('27.50');
      await lineDiscount.press('Tab');
      await till
        .getByRole('button', { name: /^Checkout/ })
        .first()
        .click();
      const payment = till.getByRole('dialog', { name: 'Payment' });
      await payment.getByRole('button', { name: /^Exact/ }).click();
      await payment.getByRole('button', { name: /Complete sale/ }).click();
      const approval = till.getByRole('dialog', { name: 'Discount needs approval' });
      await approval
        .getByText("Discounts above 10% need a manager's or owner's approval", { exact: false })
        .waitFor();
      await settled(approval);
      await viewShot(till, `tx-override-${width}`);
      const manager = DEMO_STAFF.find((person) => person.role === 'manager')!;
      await approval.getByLabel('Approver PIN').fill(manager.pin);
      await approval.getByRole('button', { name: 'Approve' }).click();
      await payment.getByText('Payment completed successfully!').waitFor();
    });
  }
});
