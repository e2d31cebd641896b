import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { FAKE_OTP, type FakePaystack, startFakePaystack } from '../scripts/fake-paystack.ts';
import { describeE2E, viewShot } from './support/browser.ts';
import { type E2E, useE2E, type Width } from './support/harness.ts';
import { useSecondServers } from './support/second-server.ts';

// Issue: payments that complete. A mobile-money sale waits for the customer, who approves on the sandbox page
// (a second page, as a second phone would); the till learns it over the event stream, with no reload.

const WATER = 'Voltic Mineral Water 1.5L'; // ₵6.00, no tax
const MILO = 'Milo 400g Tin'; // ₵55.00 + 12.5 % tax

async function tillWithCart(e2e: E2E, width: Width): Promise<Page> {
  const till = await e2e.openAs('cashier', '/app/pos', width);
  await till.getByRole('button', { name: new RegExp(`^Add ${WATER}`) }).click();
  await till.getByRole('button', { name: new RegExp(`^Add ${MILO}`) }).click();
  await till.getByRole('button', { name: 'Checkout' }).first().click();
  await till.getByRole('dialog', { name: 'Payment' }).waitFor();
  return till;
}

/** Fills the MoMo number and completes; returns the sandbox page's address from the waiting dialog. */
async function payByMomo(till: Page, width: Width, phone = '024 123 4567'): Promise<string> {
  const dialog = till.getByRole('dialog');
  await viewShot(till, `payment-dialog-cash-${width}`);
  await dialog.getByRole('button', { name: /^MTN MoMo/ }).click();
  // Nothing typed yet: the dialog says what it needs.
  await dialog.getByRole('button', { name: /Complete sale/ }).click();
  await dialog.getByText("Enter the customer's mobile money number").waitFor();
  await dialog.getByLabel("Customer's mobile money number").fill('12345');
  await dialog.getByRole('button', { name: /Complete sale/ }).click();
  await dialog.getByText('Enter a Ghana mobile number: 0XXXXXXXXX or +233XXXXXXXXX').waitFor();
  await viewShot(till, `payment-dialog-momo-invalid-${width}`);
  await dialog.getByLabel("Customer's mobile money number").fill(phone);
  await viewShot(till, `payment-dialog-momo-${width}`);
  await dialog.getByRole('button', { name: /Complete sale/ }).click();
  await dialog.getByRole('heading', { name: 'Waiting for payment' }).waitFor();
  await dialog.getByText('Transaction created. Payment confirmation will update automatically.').waitFor();
  await dialog.getByRole('img', { name: 'QR code of the sandbox payment page' }).waitFor();
  await viewShot(till, `payment-dialog-pending-${width}`);
  const href = await dialog.getByRole('link', { name: 'Open the sandbox payment page' }).getAttribute('href');
  if (!href) throw new Error('No sandbox link');
  return href;
}

describeE2E('card and mobile-money payments', () => {
  const e2e = useE2E();

  it('completes a MoMo sale approved on the sandbox page, live, without a reload', async () => {
    const till = await tillWithCart(e2e, 1280);
    const href = await payByMomo(till, 1280);
    // The network follows the number's prefix (024 → MTN).
    const customer = await e2e.open(href, { width: 360 });
    await customer.getByText('Demo Shop asks for').waitFor();
    await customer.getByText('₵67.88').first().waitFor();
    await viewShot(customer, 'sandbox-page-360');
    let reloads = 0;
    till.on('framenavigated', (frame) => {
      if (frame === till.mainFrame()) reloads++;
    });
    await customer.getByRole('button', { name: 'Approve ₵67.88' }).click();
    await customer.getByText('Payment approved. The till has been told.').waitFor();
    await viewShot(customer, 'sandbox-page-approved-360');
    await till.getByText('Payment completed successfully!').waitFor({ timeout: 10_000 });
    await viewShot(till, 'payment-dialog-completed-1280');
    expect(reloads).toBe(0);
  });

  it('shows a declined payment, then tries again with the cart back', async () => {
    const till = await tillWithCart(e2e, 360);
    const href = await payByMomo(till, 360, '0551234567');
    const customer = await till.context().newPage();
    await customer.goto(href);
    await customer.getByRole('button', { name: 'Decline' }).click();
    await till.bringToFront();
    const dialog = till.getByRole('dialog');
    await dialog.getByText('Payment failed. Please try again.').waitFor({ timeout: 10_000 });
    await dialog.getByText('Payment processing failed: Declined by the customer').waitFor();
    await viewShot(till, 'payment-dialog-failed-360');
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByRole('button', { name: /Complete sale ₵67\.88/ }).waitFor();
  });

  it('says when no answer came, checks again, and cancels the sale', async () => {
    const till = await tillWithCart(e2e, 1280);
    const href = await payByMomo(till, 1280, '0201234567');
    const customer = await till.context().newPage();
    await customer.goto(href);
    await customer.getByRole('button', { name: 'Time out (no answer)' }).click();
    await customer.getByText('No answer sent: the till is still waiting.', { exact: false }).waitFor();
    await till.bringToFront();
    const dialog = till.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await dialog
      .getByText(
        'No answer from the payment provider yet. Check again, or cancel the sale if the customer cannot pay.',
      )
      .waitFor();
    await viewShot(till, 'payment-dialog-no-answer-1280');
    await dialog.getByRole('button', { name: 'Cancel sale' }).click();
    await dialog.getByRole('heading', { name: 'Sale cancelled' }).waitFor();
    await dialog.getByText('The sale was cancelled: its items are back in stock.').waitFor();
    await viewShot(till, 'payment-dialog-cancelled-1280');
    // The sandbox page learns it too.
    await customer.reload();
    await customer.getByText('The shop cancelled this sale.').waitFor();
  });

  it('asks for the one-time code through Paystack, and marks a method that is not set up', async () => {
    // A fake Paystack on this machine, chosen in Settings → Payments the way an owner would.
    const secretKey = 'sk_test_journeyOtp00000001';
    let webhook: string | null = null;
    // After the right code the customer approves on the phone; the fake then sends its signed webhook.
    const fake: FakePaystack = await startFakePaystack({
      secretKey,
      webhookUrl: () => webhook,
      autoApproveMs: 500,
    });
    const owner = await e2e.openAs('owner', '/app/settings?tab=payments', 1280);
    const choose = async (provider: 'Paystack' | 'Sandbox') => {
      await owner.getByRole('radio', { name: new RegExp(`^${provider}`) }).check();
      if (provider === 'Paystack') {
        await owner.getByLabel('Secret key').fill(secretKey);
        await owner.getByLabel('API address').fill(fake.url);
      }
      const saved = owner.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/payments/settings') && response.request().method() === 'PUT',
      );
      await owner.getByRole('button', { name: 'Save payment settings' }).click();
      const answer = await saved;
      expect(answer.status(), await answer.text()).toBe(200);
    };
    try {
      await choose('Paystack');
      webhook = await owner.getByLabel(/^Webhook address/).inputValue();
      for (const width of [360, 1280] as const) {
        const till = await tillWithCart(e2e, width);
        const dialog = till.getByRole('dialog');
        // Paystack without a Terminal ID takes no card: the dialog says so.
        await dialog.getByRole('button', { name: /^Card\s*Not set up/ }).click();
        await dialog
          .getByText('No card terminal is set up: add the Paystack Terminal ID in Payment settings')
          .waitFor();
        await viewShot(till, `payment-dialog-not-set-up-${width}`);
        // A number the fake asks a one-time code for.
        await dialog.getByRole('button', { name: /^MTN MoMo/ }).click();
        await dialog.getByLabel("Customer's mobile money number").fill('024 123 4111');
        await dialog.getByRole('button', { name: /Complete sale/ }).click();
        const code = dialog.getByLabel('Code the customer received');
        await code.waitFor({ timeout: 10_000 });
        await viewShot(till, `payment-dialog-otp-${width}`);
        await code.fill(FAKE_OTP);
        await dialog.getByRole('button', { name: 'Send code' }).click();
        await till.getByText('Payment completed successfully!').waitFor({ timeout: 10_000 });
        await till.close();
      }
    } finally {
      // The other journeys of this file practise on the sandbox.
      await choose('Sandbox');
      await fake.close();
    }
  });
});

/**
 * Two server processes on one PostgreSQL: the till on the journey's server, the payment's answer (the sandbox
 * page and its webhook) on a second process. On PostgreSQL in both test runs (an embedded database belongs to
 * one process).
 */
describeE2E('payments across two server processes on one PostgreSQL', () => {
  const e2e = useE2E({ postgres: true });
  const startSecond = useSecondServers(e2e);

  it('a webhook received by one server completes the sale on a till connected to the other', async () => {
    const second = await startSecond();

    const till = await tillWithCart(e2e, 1280);
    const href = await payByMomo(till, 1280, '0271234567');
    const path = new URL(href).pathname;
    const customer = await e2e.open(`${second.url}${path}`, { width: 360 });
    await customer.getByRole('button', { name: 'Approve ₵67.88' }).click();
    await customer.getByText('Payment approved. The till has been told.').waitFor();
    await till.getByText('Payment completed successfully!').waitFor({ timeout: 10_000 });
  });
});
