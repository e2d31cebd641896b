import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { businesses, mailOutbox, users } from '../src/server/db/schema/index.ts';
import { DEMO_ADMIN } from '../src/server/modules/admin/demo.ts';
import { describeE2E, screenshot } from './support/browser.ts';
import { useE2E, type Width } from './support/harness.ts';

describeE2E('admin area and onboarding', () => {
  const e2e = useE2E();
  const openPage = (path: string, width: Width = 1280) => e2e.open(path, { width });

  async function signIn(page: Page, password: string) {
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('serves the login at both addresses, noindex, and guards the dashboard', async () => {
    const page = await openPage('/admin-allowed');
    await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await page.locator('[data-slot="version-switch"]').count()).toBe(0);
    await screenshot(page, 'admin-login-1280');

    const alias = await openPage('/admin-allowed/login', 360);
    await alias.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    await alias.getByText('Restricted access.').waitFor();
    await screenshot(alias, 'admin-login-360');

    // A wrong password is refused; the password can be shown.
    await signIn(alias, 'not-the-password');
    expect(await alias.getByRole('alert').textContent()).toBe('Invalid email or password.');
    await alias.getByLabel('Password', { exact: true }).fill('peek');
    await alias.getByRole('button', { name: 'Show password' }).click();
    expect(await alias.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
  });

  it('creates a business, invites its owner, and the owner completes onboarding and is signed in', async () => {
    // Signed in on the login page, the admin is taken to the dashboard.
    const admin = await e2e.openAs('admin', '/admin/login', 1280);
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/admin-allowed');
    await admin.getByRole('listitem', { name: 'Demo Shop' }).waitFor();
    await admin.getByText('Akosua Admin').first().waitFor();
    await screenshot(admin, 'admin-dashboard-1280');

    // Create: the web address shows before saving.
    await admin.getByRole('button', { name: 'Create business' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create business' });
    await dialog.getByLabel('Business name').fill('Demo');
    await dialog
      .getByText('A business with the web address "demo" already exists.', { exact: false })
      .waitFor();
    await dialog.getByLabel('Business name').fill('Asante Fresh Foods');
    await dialog.getByText('asante-fresh-foods', { exact: true }).waitFor();
    await dialog.getByText('Available').waitFor();
    await dialog.getByLabel('Contact person').fill('Esi Asante');
    await dialog.getByLabel('Email').fill('esi@asante-fresh.test');
    await dialog.getByLabel('Phone').fill('+233 24 555 0199');
    await dialog.getByLabel(/Address/).fill('Kejetia Market, Kumasi');
    await dialog.getByLabel(/Notes/).fill('Two tills, wants mobile money.');
    await screenshot(admin, 'admin-create-dialog-1280');
    await dialog.getByRole('button', { name: 'Create business' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = admin.getByRole('listitem', { name: 'Asante Fresh Foods' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Awaiting onboarding');

    // Search narrows the list.
    await admin.getByLabel('Search businesses').fill('asante');
    await admin.getByRole('listitem', { name: 'Demo Shop' }).waitFor({ state: 'detached' });
    await admin.getByLabel('Search businesses').fill('');

    await row.getByRole('button', { name: 'Send Invite' }).click();
    await admin.getByText('Invitation email sent successfully!').waitFor();
    await row.getByText(/Invited .* to esi@asante-fresh\.test by Akosua Admin/).waitFor();
    await screenshot(admin, 'admin-dashboard-invited-1280');
    const narrow = await e2e.openAs('admin', '/admin/login', 360);
    await narrow.getByRole('listitem', { name: 'Asante Fresh Foods' }).waitFor();
    await screenshot(narrow, 'admin-dashboard-360');
    await narrow.getByRole('button', { name: 'Create business' }).click();
    const narrowDialog = narrow.getByRole('dialog', { name: 'Create business' });
    await narrowDialog.getByLabel('Business name').fill("Ama's Kitchen & Bar");
    await narrowDialog.getByText('amas-kitchen-bar', { exact: true }).waitFor();
    await narrowDialog.getByRole('button', { name: 'Create business' }).click();
    await narrowDialog.getByText('Contact person is required').waitFor();
    await screenshot(narrow, 'admin-create-dialog-360');
    await narrow.keyboard.press('Escape');
    await narrowDialog.waitFor({ state: 'detached' });
    await admin.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Admins' }).click();
    await admin.getByRole('listitem', { name: 'Akosua Admin' }).waitFor();
    await screenshot(admin, 'admin-team-1280');
    await admin
      .getByRole('navigation', { name: 'Admin area' })
      .getByRole('link', { name: 'Businesses' })
      .click();
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    // The link from the mail (captured in the outbox: no SMTP server in this run).
    const [business] = await e2e.server.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.slug, 'asante-fresh-foods'));
    const [mail] = await e2e.server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.businessId, business!.id), eq(mailOutbox.kind, 'invitation')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail!.to).toBe('esi@asante-fresh.test');
    const link = /http:\/\/\S+\/app\/onboarding\?\S+/.exec(mail!.text)![0];
    expect(link).toContain(`http://localhost:${e2e.server.port}/app/onboarding?invite=`);
    expect(new URL(link).searchParams.get('business')).toBe('asante-fresh-foods');

    // A narrow screen first, to look at the steps at 360 px, then the owner completes it at 1280 px.
    const phone = await openPage(link, 360);
    await phone.getByText('Step 1 of 3').waitFor();
    await screenshot(phone, 'onboarding-step1-360');
    await phone.getByRole('button', { name: 'Next' }).click();
    await phone.getByText('Business description is required').waitFor();
    await screenshot(phone, 'onboarding-step1-errors-360');

    const owner = await openPage(link, 1280);
    await owner.getByText('Step 1 of 3').waitFor();
    await owner.getByLabel('Business description').fill('Fresh vegetables, fruit and provisions.');
    await owner.getByLabel('Business type').click();
    await owner.getByRole('option', { name: 'Grocery Store' }).click();
    await owner.getByLabel(/Operating hours/).fill('Mon–Sat 6:00–19:00');
    await screenshot(owner, 'onboarding-step1-1280');
    await owner.getByRole('button', { name: 'Next' }).click();

    await owner.getByText('Step 2 of 3').waitFor();
    expect(await owner.getByLabel('Owner full name').inputValue()).toBe('Esi Asante');
    expect(await owner.getByLabel('Owner email').inputValue()).toBe('esi@asante-fresh.test');
    await owner.getByLabel('Password', { exact: true }).fill('asante-2026');
    await owner.getByLabel('Confirm password').fill('asante-2025');
    await owner.getByRole('button', { name: 'Next' }).click();
    await owner.getByText('Passwords do not match').waitFor();
    await owner.getByLabel('Confirm password').fill('asante-2026');
    await screenshot(owner, 'onboarding-step2-1280');
    await owner.getByRole('button', { name: 'Next' }).click();

    await owner.getByText('Step 3 of 3').waitFor();
    expect(
      await owner.getByRole('checkbox', { name: 'Inventory management' }).getAttribute('data-state'),
    ).toBe('checked');
    await owner.getByRole('checkbox', { name: 'Mobile money payments' }).click();
    await owner.getByLabel(/Receipt footer/).fill('Medaase! Come again.');
    await screenshot(owner, 'onboarding-step3-1280');

    const phoneSteps = await openPage(link, 360);
    await phoneSteps.getByLabel('Business description').fill('Fresh vegetables.');
    await phoneSteps.getByLabel('Business type').click();
    await phoneSteps.getByRole('option', { name: 'Grocery Store' }).click();
    await phoneSteps.getByRole('button', { name: 'Next' }).click();
    await phoneSteps.getByText('Step 2 of 3').waitFor();
    await screenshot(phoneSteps, 'onboarding-step2-360');
    await phoneSteps.getByLabel('Password', { exact: true }).fill('asante-2026');
    await phoneSteps.getByLabel('Confirm password').fill('asante-2026');
    await phoneSteps.getByRole('button', { name: 'Next' }).click();
    await phoneSteps.getByText('Step 3 of 3').waitFor();
    await screenshot(phoneSteps, 'onboarding-step3-360');

    await owner.getByRole('button', { name: 'Complete setup' }).click();
    await owner.waitForURL((url) => url.pathname.startsWith('/app/') && url.pathname !== '/app/onboarding');
    await owner.getByText('Esi Asante').first().waitFor();
    expect(new URL(owner.url()).pathname).not.toBe('/app/auth');
    await screenshot(owner, 'onboarding-done-1280');

    const [saved] = await e2e.server.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, business!.id));
    expect(saved).toMatchObject({
      isOnboarded: true,
      businessType: 'Grocery Store',
      posFeatures: ['inventory_management', 'customer_management', 'mobile_payments'],
      receiptFooter: 'Medaase! Come again.',
    });
    const people = await e2e.server.database.db
      .select()
      .from(users)
      .where(eq(users.businessId, business!.id));
    expect(people.map((p) => [p.email, p.role])).toEqual([['esi@asante-fresh.test', 'owner']]);

    // The link is used up: opening it again goes to sign-in.
    const again = await openPage(link);
    await again.waitForURL((url) => url.pathname === '/app/auth');

    // The dashboard now shows the business as onboarded.
    await admin.reload();
    await admin
      .getByRole('listitem', { name: 'Asante Fresh Foods' })
      .getByText('Onboarded')
      .first()
      .waitFor();
  });
});
