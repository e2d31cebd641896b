import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { businesses, transactions, users } from '../src/server/db/schema/index.ts';
import { DEMO_STAFF } from '../src/server/modules/accounts/demo-staff.ts';
import { startSmtpCapture } from '../src/server/testing/smtp-capture.ts';
import { describeE2E, launchBrowser, screenshot, settled } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const OWNER = DEMO_STAFF.find((person) => person.role === 'owner')!;
const CASHIER = DEMO_STAFF.find((person) => person.role === 'cashier')!;
const NEW_CASHIER = { email: 'kofi.asare@demo.shop', first: 'Kofi', last: 'Asare' };

describeE2E('employees, first login and trusted tills', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Demo Shop <no-reply@demo.test>' }),
      launchBrowser(),
    ]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    contexts.push(context);
    return context.newPage();
  }

  async function signIn(page: Page, person: { email: string; password: string }) {
    await page.goto(`${server.url}/app/auth?business=demo`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email', { exact: true }).fill(person.email);
    await form.getByLabel('Password', { exact: true }).fill(person.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: /^(Open|Close) sidebar$/ }).waitFor();
  }

  it('the owner adds a cashier, who signs in at a trusted till with the mailed PIN, chooses a PIN and sells', async () => {
    const page = await newPage(1280);
    await signIn(page, OWNER);
    await page.goto(`${server.url}/app/employees?business=demo`);
    await page.getByRole('tab', { name: /^Active Employees \(3\)$/ }).waitFor();
    await page.getByRole('tab', { name: /^Pending Setup \(0\)$/ }).waitFor();
    await screenshot(page, 'employees-active-1280');

    // The create dialog: Create stays disabled until email, first and last name are filled.
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Employee' });
    await settled(dialog);
    const create = dialog.getByRole('button', { name: 'Create Employee' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Email *').fill(NEW_CASHIER.email);
    await dialog.getByLabel('First name *').fill(NEW_CASHIER.first);
    await dialog.getByLabel('Last name *').fill(NEW_CASHIER.last);
    await dialog.getByLabel('Phone').fill('024 555 1234');
    expect(await create.isDisabled()).toBe(false);
    await screenshot(page, 'employees-create-dialog-1280');
    await create.click();
    await page.getByText('Employee Created Successfully').waitFor();
    await page.getByText(`A PIN was sent to ${NEW_CASHIER.email}.`).waitFor();

    await page.getByRole('tab', { name: /^Pending Setup \(1\)$/ }).click();
    const pending = page.getByRole('table', { name: 'Pending employees' });
    await pending.getByText('Kofi Asare').waitFor();
    await pending.getByText(/^Active · until/).waitFor();
    // The PIN just issued may be revealed here, once, to the person who made it.
    await pending.getByRole('button', { name: 'Show PIN of Kofi Asare' }).click();
    const shownPin = (await pending.getByTestId('pin-value').textContent())?.trim();
    expect(shownPin).toMatch(/^\d{6}$/);
    await page.getByText('Employee Created Successfully').waitFor({ state: 'hidden', timeout: 8000 });
    await screenshot(page, 'employees-pending-1280');
    // Its actions stay inside the page, here and on a phone (where they stack under each other).
    expect(await sidewaysOverflow(pending)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'employees-pending-360');
    expect(await sidewaysOverflow(pending)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The mail left over SMTP with the same PIN.
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(NEW_CASHIER.email)).length).toBe(1);
    const mail = smtp.mails.find((candidate) => candidate.to.includes(NEW_CASHIER.email))!;
    const mailedPin = /PIN: (\d{6})/.exec(mail.text)![1]!;
    expect(mailedPin).toBe(shownPin);

    // The owner makes this browser a till, then signs out.
    await page.getByLabel('Name of this till').fill('Front counter');
    await page.getByRole('button', { name: 'Trust this device as a till' }).click();
    await page.getByText('This device is a till:').waitFor();
    await page.getByRole('table', { name: 'Till devices' }).getByText('Front counter').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/app/auth');

    // The cashier signs in at the till with the mailed PIN and is asked to choose their own.
    await page.getByRole('button', { name: 'Quick login with PIN' }).click();
    await page.getByText('Till: Front counter').waitFor();
    await page.getByLabel('Enter your PIN').fill(mailedPin);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/first-login');
    await page.getByText('Welcome, Kofi! Choose your own PIN').waitFor();
    await screenshot(page, 'first-login-1280');
    // Leaving without choosing: the manager's PIN still signs Kofi in, and he is asked again.
    await page.getByRole('link', { name: 'Choose later and go to the till' }).click();
    await page.waitForURL((url) => url.pathname === '/app/pos');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    // A PIN session ends on the till's PIN screen.
    await page.waitForURL((url) => url.pathname === '/app/auth' && url.searchParams.get('mode') === 'pin');
    await page.getByLabel('Enter your PIN').fill(mailedPin);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/first-login');
    await page.getByLabel('New PIN').fill('470213');
    await page.getByLabel('Confirm PIN').fill('470213');
    await page.getByRole('button', { name: 'Save my PIN' }).click();
    await page.waitForURL((url) => url.pathname === '/app/pos');

    const [row] = await server.database.db.select().from(users).where(eq(users.email, NEW_CASHIER.email));
    expect(row).toMatchObject({ isFirstLogin: false, pinExpiresAt: null, role: 'cashier' });

    // …and sells: one bottle of water, for cash.
    await page.getByRole('button', { name: /^Add Voltic Mineral Water 1\.5L/ }).click();
    await page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').first().waitFor();
    await page.keyboard.press('Control+Enter');
    const payment = page.getByRole('dialog', { name: 'Payment' });
    await payment.getByLabel('Amount received (₵)').fill('10');
    await payment.getByLabel('Amount received (₵)').press('Enter');
    await page.getByText('Payment completed successfully!').waitFor();
    const [shop] = await server.database.db.select().from(businesses).where(eq(businesses.slug, 'demo'));
    const made = await server.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, shop!.id), eq(transactions.cashierId, row!.id)));
    expect(made).toHaveLength(1);

    // With his own PIN, nothing is left to choose; he can change it on My profile.
    await page.goto(`${server.url}/app/first-login?business=demo`);
    await page.getByText('No PIN to choose').waitFor();
    await screenshot(page, 'first-login-nothing-due-1280');
    await page.goto(`${server.url}/app/profile?business=demo`);
    await page.getByRole('heading', { name: 'Change PIN' }).waitFor();
    await screenshot(page, 'profile-change-pin-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('heading', { name: 'Change PIN' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-change-pin-360');

    // The issued PIN was replaced by the chosen one, which works at this till from now on.
    const reused = await page.request.post(`${server.url}/api/v1/auth/pin-sign-in`, {
      headers: { 'X-Business': 'demo' },
      data: { pin: mailedPin },
    });
    expect(reused.status()).toBe(401);
    const chosen = await page.request.post(`${server.url}/api/v1/auth/pin-sign-in`, {
      headers: { 'X-Business': 'demo' },
      data: { pin: '470213' },
    });
    expect(chosen.status()).toBe(200);
  });

  it('refuses PIN sign-in in a browser that is not a trusted till, and tells it how a till is set up', async () => {
    const page = await newPage(360);
    await page.goto(`${server.url}/app/auth?business=demo&mode=pin`);
    await page.getByText('This device is not set up as a till').waitFor();
    await page.getByText(/Trust this device as a till/).waitFor();
    expect(await page.getByLabel('Enter your PIN').count()).toBe(0);
    await screenshot(page, 'pin-untrusted-360');
    const attempt = await page.request.post(`${server.url}/api/v1/auth/pin-sign-in`, {
      headers: { 'X-Business': 'demo' },
      data: { pin: '111111' },
    });
    expect(attempt.status()).toBe(403);
    expect((await attempt.json()).error.code).toBe('ACCOUNTS_UNTRUSTED_DEVICE');
    // Email and password still work here.
    await page.getByRole('button', { name: 'Sign in with email and password' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
  });

  it('shows the employees page on a phone, and Access Denied in its own words to a cashier', async () => {
    const page = await newPage(360);
    await signIn(page, OWNER);
    await page.goto(`${server.url}/app/employees?business=demo`);
    await page.getByRole('tab', { name: /^Active Employees/ }).waitFor();
    await screenshot(page, 'employees-active-360');
    // The two tabs fit the phone's width, so they do not widen the page's column past its margin: the Till
    // devices card keeps the page's 16 px on the right, as the heading's column does.
    const tabs = await page.getByRole('tablist').boundingBox();
    const tills = await page.getByRole('region', { name: 'Till devices' }).boundingBox();
    expect(tabs!.x + tabs!.width).toBeLessThanOrEqual(360 - 16);
    expect(tills!.x + tills!.width).toBeLessThanOrEqual(360 - 16);
    // The tables fit the phone without sideways scrolling: the email and role show under the name, and the
    // columns a person does not act on wait for a wider screen.
    const active = page.getByRole('table', { name: 'Active employees' });
    const kwame = active.getByRole('row', { name: /Kwame Mensah/ });
    await kwame.getByText('manager@demo.shop').filter({ visible: true }).waitFor();
    expect(await active.getByRole('columnheader').allInnerTexts()).toEqual(['Name', 'PIN Status', 'Actions']);
    for (const name of ['Active employees', 'Till devices']) {
      expect(await sidewaysOverflow(page.getByRole('table', { name })), name).toBeLessThanOrEqual(0);
    }
    // The row actions: the owner makes the manager a cashier and back, from the menu.
    await page.getByRole('button', { name: 'Actions for Kwame Mensah' }).click();
    await page.getByRole('menuitem', { name: 'Make cashier' }).click();
    await page.getByText('Kwame Mensah is now cashier.').waitFor();
    await page.getByRole('button', { name: 'Actions for Kwame Mensah' }).click();
    await page.getByRole('menuitem', { name: 'Make manager' }).waitFor();
    await screenshot(page, 'employees-actions-360');
    await page.getByRole('menuitem', { name: 'Make manager' }).click();
    await page.getByText('Kwame Mensah is now manager.').waitFor();

    const cashierPage = await newPage(1280);
    await signIn(cashierPage, CASHIER);
    await cashierPage.goto(`${server.url}/app/employees?business=demo`);
    await cashierPage.getByText("You don't have permission to access employee management.").waitFor();
  });
});

/** How far a table reaches past its scrolling container (0 or less: it fits without sideways scrolling). */
function sidewaysOverflow(table: Locator): Promise<number> {
  return table.evaluate((element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0));
}
