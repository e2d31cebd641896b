import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mailOutbox } from '../src/server/db/schema/index.ts';
import { describeE2E, screenshot } from './support/browser.ts';
import { useE2E } from './support/harness.ts';

describeE2E('email verification after self sign-up', () => {
  const e2e = useE2E();

  it('shows the banner until the mailed link is opened, then confirms the email', async () => {
    const page = await e2e.open('/signup');
    await page.getByLabel('First name').fill('Efua');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Email').fill('efua@cloth.gh');
    await page.getByLabel('Phone').fill('024 222 3333');
    await page.getByLabel('Business name').fill('Efua Cloth House');
    await page.getByLabel('Password', { exact: true }).fill('Cloth@2026');
    await page.getByLabel('Confirm password').fill('Cloth@2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The new shop's app opens with the banner (its address may have moved on from ?business= already).
    const banner = page.getByRole('status', { name: 'Confirm your email address' });
    await banner.waitFor({ timeout: 10_000 });
    await expect.poll(() => banner.textContent()).toContain('efua@cloth.gh');
    await screenshot(page, 'email-verification-banner-1280');

    const [mail] = await e2e.server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'efua@cloth.gh'), eq(mailOutbox.kind, 'email_verification')));
    const link = mail!.text.match(/https?:\/\/\S+#token=[\w-]+/)![0];
    expect(link).toContain('/app/verify-email?business=efua-cloth-house#token=');

    await page.goto(link);
    await page.getByText('Email confirmed').waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await screenshot(page, 'email-verification-done-1280');

    await page.getByRole('link', { name: 'Continue to Efua Cloth House' }).click();
    await page.getByRole('navigation', { name: 'Business' }).waitFor();
    expect(await page.getByRole('status', { name: 'Confirm your email address' }).count()).toBe(0);

    // The used link says so, with the way forward.
    await page.goto(link);
    await page
      .getByText('This verification link is invalid or has expired. Sign in to get a new one.')
      .waitFor();
    await screenshot(page, 'email-verification-used-link-1280');
  });
});
