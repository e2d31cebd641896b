import { expect, it } from 'vitest';
import { describeE2E, screenshot } from './support/browser.ts';
import { useE2E } from './support/harness.ts';

const LANDING_HEADLINE = /Run your shop with confidence/;

describeE2E('public site', () => {
  const e2e = useE2E();
  const openPage = (path: string, options: { width?: 360 | 1280; colorScheme?: 'light' | 'dark' } = {}) =>
    e2e.open(path, options);

  it('finds a business by its name from the landing page and opens its app', async () => {
    const page = await openPage('/');
    await page.getByRole('heading', { level: 1, name: LANDING_HEADLINE }).waitFor();
    expect(await page.title()).toBe('Akwaaba POS — Point of Sale for Ghanaian Shops');
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    await screenshot(page, 'landing-1280');

    await page.getByRole('main').getByRole('link', { name: 'Access your business' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Access your business' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('button', { name: 'Demo Shop' }).waitFor();
    await screenshot(page, 'business-access');

    await page.getByLabel('Business name or slug').fill('Demo Shop!');
    await page.getByRole('button', { name: 'Access business' }).click();
    // The business's address first, then what the page shows: not the load event of every file behind it,
    // which a busy machine can hold back for longer than the wait.
    await page.waitForURL(
      (url) => url.searchParams.get('business') === 'demo' && url.pathname.startsWith('/app'),
      { waitUntil: 'commit' },
    );
    await expect.poll(() => page.title(), { timeout: 30_000 }).toBe('Business Dashboard');
    expect(new URL(page.url()).pathname.startsWith('/app')).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  });

  it('shows the access failure for a business that does not exist', async () => {
    const page = await openPage('/login');
    await page.getByLabel('Business name or slug').fill('No Such Shop');
    await page.getByRole('button', { name: 'Access business' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Unable to access business. Please check the business name and try again.',
    );
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('says an unknown business could not be found and goes back to the main site', async () => {
    const page = await openPage('/?business=no-such-shop', { width: 360 });
    await page.getByText('The business "no-such-shop" could not be found').waitFor();
    await screenshot(page, 'business-not-found');

    await page.getByRole('button', { name: 'Go to main site' }).click();
    await page.getByRole('heading', { level: 1, name: LANDING_HEADLINE }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.has('business')).toBe(false);

    // The tab forgot the business: a reload stays on the public site.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: LANDING_HEADLINE }).waitFor();
  });

  it('checks the contact form, sends a valid request and thanks the sender', async () => {
    const page = await openPage('/contact');
    await page.getByRole('heading', { level: 1, name: 'Bring your shop online' }).waitFor();
    await screenshot(page, 'contact');

    await page.getByRole('button', { name: 'Send request' }).click();
    for (const message of [
      'Business name is required',
      'Contact person is required',
      'Please enter a valid email address',
      'Phone is required',
    ]) {
      await page.getByText(message).waitFor();
    }
    expect(await page.getByLabel('Business name').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'contact-errors');

    await page.getByLabel('Business name').fill('Ama Fashion House');
    await page.getByLabel('Contact person').fill('Ama Owusu');
    await page.getByLabel('Email').fill('ama@example.com');
    await page.getByLabel('Phone').fill('+233 24 555 0101');
    await page.getByLabel(/Message/).fill('Two branches in Kumasi.');
    await page.getByRole('button', { name: 'Send request' }).click();

    const thanks = page.getByRole('alertdialog');
    await thanks.getByText(/contact you within 24 hours/).waitFor();
    await screenshot(page, 'contact-thank-you');
    await thanks.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { level: 1, name: LANDING_HEADLINE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('lays the landing page out for a 360 px phone and in the dark theme', async () => {
    const phone = await openPage('/', { width: 360 });
    await phone.getByRole('heading', { level: 1, name: LANDING_HEADLINE }).waitFor();
    // Nothing may stick out sideways on a small phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone, 'landing-360');

    const dark = await openPage('/', { colorScheme: 'dark' });
    await dark.getByRole('heading', { level: 1, name: LANDING_HEADLINE }).waitFor();
    expect(await dark.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(dark, 'landing-dark');
  });

  it('switches the interface version from the widget and remembers it', async () => {
    const page = await openPage('/');
    const version = page.getByRole('switch', { name: 'V1 - Current' });
    expect(await version.getAttribute('aria-checked')).toBe('false');
    await version.focus();
    await page.keyboard.press('Space');
    await page.getByRole('switch', { name: 'V2 - Dual Screen' }).waitFor();
    await page.reload();
    expect(await page.getByRole('switch', { name: 'V2 - Dual Screen' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});
