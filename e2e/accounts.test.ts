import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { businessStorageKey, STORAGE_KEYS } from '../src/web/lib/storage-keys.ts';
import { describeE2E, screenshot, settled } from './support/browser.ts';
import { type PageOptions, useE2E } from './support/harness.ts';

/** What the screen shows (the till scrolls far below the fold; a full-page picture hides the frame). */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
}

// These journeys are about signing in, so they sign in themselves, through the page.
describeE2E('accounts and the business app shell', () => {
  const e2e = useE2E();
  const openPage = (path: string, options: PageOptions = {}) => e2e.open(path, options);

  async function signInWithPassword(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('shows the auth screen in its three modes and signs the owner in to the shell', async () => {
    const page = await openPage('/app?business=demo');
    await page.waitForURL((url) => url.pathname === '/app/auth');
    await page.getByRole('heading', { level: 1, name: 'Demo Shop' }).waitFor();
    await screenshot(page, 'auth-login-1280');

    await page.getByRole('button', { name: 'Create a business account' }).click();
    await page.getByLabel('Business name').waitFor();
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Password', 'Confirm password']) {
      expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('First name must be at least 2 characters').waitFor();
    await page.getByText('Please enter a valid phone number').waitFor();
    await screenshot(page, 'auth-register-1280');

    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await screenshot(page, 'auth-forgot-1280');
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    // The mode changes with the address (a router transition): the reset form may stay a moment on a busy
    // machine, and its Email field must not get the sign-in's address.
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    await signInWithPassword(page, 'cashier@demo.shop', 'wrong-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();

    await signInWithPassword(page, 'owner@demo.shop', 'Owner@2026');
    await page.getByText('Welcome back!').waitFor();
    await page.waitForURL((url) => url.pathname !== '/app/auth');
    const sidebar = page.getByRole('navigation', { name: 'Business' });
    await sidebar.getByRole('link', { name: 'Settings' }).waitFor();
    await sidebar.getByRole('link', { name: 'Reports' }).waitFor();
    await page.getByText('Akosua Owusu').first().waitFor();
    // Owners and managers land on the dashboard (issue 10); cashiers on the till.
    await page.waitForURL((url) => url.pathname === '/app/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Akosua!' }).waitFor();
    await page.getByRole('combobox', { name: 'Search products, customers' }).waitFor();
    await viewportShot(page, 'shell-owner-light-1280');

    // The bell lists real things, and Ctrl+B folds the sidebar away and back (remembered).
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+b');
    const sidebarOpen = () => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.sidebarOpen);
    await expect.poll(sidebarOpen).toBe('false');
    await page.keyboard.press('Control+b');
    await expect.poll(sidebarOpen).toBe('true');

    await sidebar.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports & Analytics' }).waitFor();
    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Business', selected: true }).waitFor();

    // Legacy path.
    await page.goto(e2e.url('/reports?business=demo'));
    await page.waitForURL((url) => url.pathname === '/app/reports');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/app/auth');
    await page.goto(e2e.url('/app/settings'));
    await page.waitForURL((url) => url.pathname === '/app/auth');
  });

  it('fits the auth screen on a phone (360 px)', async () => {
    const page = await openPage('/app/auth?business=demo', { width: 360 });
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await screenshot(page, 'auth-login-360');
    await page.getByRole('button', { name: 'Create a business account' }).click();
    await page.getByLabel('Business name').fill('Osu Corner Shop');
    await page.getByText('Your web address: osu-corner-shop').waitFor();
    await screenshot(page, 'auth-register-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('shows the shell in dark', async () => {
    const page = await e2e.openAs('manager', '/app', 1280, { colorScheme: 'dark' });
    const sidebar = page.getByRole('navigation', { name: 'Business' });
    await sidebar.getByRole('link', { name: 'Reports' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await page.getByText('Kwame Mensah').first().waitFor();
    await page.getByRole('heading', { name: 'Welcome back, Kwame!' }).waitFor();
    await viewportShot(page, 'shell-manager-dark-1280');
    await page.goto(e2e.url('/app/settings'));
    await page.getByText('Access Denied').waitFor();
    await page.getByText("You don't have the required permissions to access this page.").waitFor();
  });

  for (const width of [360, 1280] as const) {
    it(`lets a cashier sign in with the PIN keypad and land on the till (${width} px)`, async () => {
      const page = await e2e.openTill('/app?business=demo', { width, version: 'v2' });
      await page.getByText('Quick Login').waitFor();
      const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
      expect(await signIn.isDisabled()).toBe(true);
      for (const digit of '333') await page.getByRole('button', { name: digit, exact: true }).click();
      expect(await signIn.isDisabled()).toBe(true);
      await page.getByRole('button', { name: '3', exact: true }).click();
      expect(await signIn.isDisabled()).toBe(false);
      expect(await page.getByLabel('Enter your PIN').getAttribute('type')).toBe('password');
      await screenshot(page, `pin-screen-${width}`);

      await signIn.click();
      await page.getByText('Please enter a valid 6-digit PIN').waitFor();
      for (const digit of '33') await page.getByRole('button', { name: digit, exact: true }).click();
      await signIn.click();
      await page.getByText('Welcome back, Ama Darko!').waitFor();
      await page.waitForURL((url) => url.pathname === '/app/pos');
      const stored = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
        businessStorageKey(STORAGE_KEYS.pinSession, 'demo'),
      );
      expect(stored).toMatchObject({
        user: { user_email: 'cashier@demo.shop', user_role: 'cashier' },
        is_pending: false,
      });
      expect(stored.expiresAt - stored.timestamp).toBeGreaterThan(7.9 * 3600_000);
      await page.getByText('Milo 400g Tin').first().waitFor();
      await page.getByText('Welcome back, Ama Darko!').waitFor({ state: 'hidden' });
      const sidebarLinks = page.getByRole('navigation', { name: 'Business' }).getByRole('link');
      if (width >= 1024) {
        expect(await sidebarLinks.allTextContents()).toEqual(['POS', 'Shifts', 'Customers']);
      }
      await viewportShot(page, `cashier-landing-${width}`);
      if (width < 1024) {
        await page.getByRole('button', { name: 'Open sidebar' }).click();
        await settled(page.getByRole('dialog'));
        expect(await sidebarLinks.allTextContents()).toEqual(['POS', 'Shifts', 'Customers']);
        await viewportShot(page, `cashier-sidebar-${width}`);
        await page.keyboard.press('Escape');
      }

      await page.goto(e2e.url('/app/reports'));
      await page.getByText('Access Denied').waitFor();
    });
  }

  it('refuses a wrong PIN with the spec texts and clears the field', async () => {
    const page = await e2e.openTill('/app/auth?business=demo&mode=pin');
    await page.getByLabel('Enter your PIN').fill('909090');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid PIN', { exact: true }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Invalid PIN. Please check your PIN and try again.' })
      .waitFor();
    expect(await page.getByLabel('Enter your PIN').inputValue()).toBe('');
  });

  it('signs up a new business from the public site and opens its app', async () => {
    const page = await openPage('/signup');
    await page.getByLabel('First name').fill('Adwoa');
    await page.getByLabel('Last name').fill('Boateng');
    await page.getByLabel('Email').fill('adwoa@provisions.gh');
    await page.getByLabel('Phone').fill('024 123 4567');
    await page.getByLabel('Business name').fill('Adwoa Provisions');
    await page.getByLabel('Password', { exact: true }).fill('Provisions@2026');
    await page.getByLabel('Confirm password').fill('Provisions@2026');
    await screenshot(page, 'signup-public-1280');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created successfully!').waitFor();
    await page.waitForURL((url) => url.searchParams.get('business') === 'adwoa-provisions', {
      timeout: 10_000,
    });
    await page.getByRole('navigation', { name: 'Business' }).waitFor();
    await page.getByText('Adwoa Boateng').first().waitFor();

    // The same name again is refused on its field.
    const again = await openPage('/signup');
    await again.getByLabel('First name').fill('Other');
    await again.getByLabel('Last name').fill('Person');
    await again.getByLabel('Email').fill('other@provisions.gh');
    await again.getByLabel('Phone').fill('024 765 4321');
    await again.getByLabel('Business name').fill('Adwoa provisions');
    await again.getByLabel('Password', { exact: true }).fill('Provisions@2026');
    await again.getByLabel('Confirm password').fill('Provisions@2026');
    await again.getByRole('button', { name: 'Create account' }).click();
    await again.getByText('A business with this name already exists. Try another name.').waitFor();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const page = await openPage('/app/auth?business=demo&mode=forgot');
    await page.getByLabel('Email').fill('manager@demo.shop');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If manager@demo.shop has an account here, a reset link is on its way.').waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    await page.goto(e2e.url('/dev/mailbox'));
    const link = await page
      .getByRole('link', { name: /reset-password/ })
      .first()
      .getAttribute('href');
    expect(link).toMatch(/\/app\/reset-password\?business=demo#token=/);
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('Manager@2027');
    await page.getByLabel('Confirm new password').fill('Manager@2027');
    await screenshot(page, 'reset-password-1280');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password updated').waitFor();
    await page.getByText('Kwame Mensah').first().waitFor();

    await page.goto(link!);
    await page.getByText('This reset link is invalid or has expired. Please ask for a new one.').waitFor();
  });

  it('updates the own profile and lists the sessions', async () => {
    const page = await e2e.openAs('owner', '/app/profile', 1280);
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByLabel('Phone').fill('<b>not a phone</b>');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('Phone').fill('+233 24 555 0000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated').waitFor();
    await page.getByText('This device').waitFor();
    await screenshot(page, 'profile-1280');
  });
});
