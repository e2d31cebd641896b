import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, sessions } from '../../db/schema/index.ts';
import { createBusiness, createUser, staffCookie, TEST_PASSWORD } from '../../testing/factories.ts';
import { startSmtpCapture } from '../../testing/smtp-capture.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';

// A real SMTP server on loopback keeps what the app sends.
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ip = 0;
function post(slug: string, url: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: businessHeaders(slug, cookie),
    remoteAddress: `10.60.0.${++ip}`,
    payload,
  });
}

async function requestReset(slug: string, email: string) {
  return post(slug, '/api/v1/auth/password-reset-requests', { email });
}

async function mailedToken(to: string): Promise<string> {
  await t.deps.mailer.deliverDue();
  const mail = smtp.mails.filter((m) => m.to[0] === to).at(-1);
  const match = mail?.text.match(/reset-password\?business=([a-z0-9-]+)#token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link mailed to ${to}`);
  return match[2]!;
}

describe('forgot and reset password', () => {
  it('mails a single-use link that sets a new password, ends every other session and signs this browser in', async () => {
    const shop = await createBusiness(t.database.db, { name: 'Makola Goods' });
    const user = await createUser(t.database.db, shop.id, { email: 'efua@makola.gh', firstName: 'Efua' });
    const otherDevice = await staffCookie(t.database.db, user, shop.slug);

    const asked = await requestReset(shop.slug, 'EFUA@makola.gh');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      message: 'If an account with that email exists here, we have sent password reset instructions.',
    });
    const token = await mailedToken('efua@makola.gh');
    const mail = smtp.mails.at(-1)!;
    expect(mail.text).toContain('Makola Goods');
    expect(mail.text).toContain('Hello Efua,');
    expect(mail.text).toContain('expires in 1 hour');

    const check = await post(shop.slug, '/api/v1/auth/password-reset-checks', { token });
    expect(check.statusCode).toBe(200);

    const reset = await post(shop.slug, '/api/v1/auth/password-resets', {
      token,
      password: 'New-Secret-2026',
      confirmPassword: 'New-Secret-2026',
    });
    expect(reset.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug, cookiesFrom(reset)),
    });
    expect(me.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug, otherDevice),
    });
    expect(old.statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const signIn = (password: string) =>
      post(shop.slug, '/api/v1/auth/sign-in', { email: 'efua@makola.gh', password });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('New-Secret-2026')).statusCode).toBe(200);

    const reused = await post(shop.slug, '/api/v1/auth/password-resets', {
      token,
      password: 'Another-Secret-1',
      confirmPassword: 'Another-Secret-1',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({
      code: 'ACCOUNTS_INVALID_RESET_LINK',
      message: 'This reset link is invalid or has expired. Please ask for a new one.',
    });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const shop = await createBusiness(t.database.db);
    const before = await t.database.db.select().from(mailOutbox);
    const asked = await requestReset(shop.slug, 'nobody@nowhere.gh');
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(
      'If an account with that email exists here, we have sent password reset instructions.',
    );
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it("does not send a reset link for another business's account", async () => {
    const home = await createBusiness(t.database.db);
    const other = await createBusiness(t.database.db);
    await createUser(t.database.db, home.id, { email: 'kofi@home.gh' });
    const before = await t.database.db.select().from(mailOutbox);
    expect((await requestReset(other.slug, 'kofi@home.gh')).statusCode).toBe(202);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('refuses a link after an hour, and a link of another business', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'late@shop.gh' });
    await requestReset(shop.slug, 'late@shop.gh');
    const token = await mailedToken('late@shop.gh');
    const other = await createBusiness(t.database.db);
    const elsewhere = await post(other.slug, '/api/v1/auth/password-reset-checks', { token });
    expect(elsewhere.statusCode).toBe(400);
    t.clock.advance(61 * 60_000);
    const late = await post(shop.slug, '/api/v1/auth/password-resets', {
      token,
      password: 'Too-Late-2026',
      confirmPassword: 'Too-Late-2026',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('ACCOUNTS_INVALID_RESET_LINK');
  });

  it('limits reset mails to one address to 3 an hour', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'flood@shop.gh' });
    for (let i = 0; i < 3; i++) expect((await requestReset(shop.slug, 'flood@shop.gh')).statusCode).toBe(202);
    const blocked = await requestReset(shop.slug, 'flood@shop.gh');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Too many attempts. Try again in 60 minutes.');
  });

  it.each([
    [
      { token: 'x'.repeat(40), password: 'short', confirmPassword: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      { token: 'x'.repeat(40), password: 'Long-enough-1', confirmPassword: 'nope' },
      'confirmPassword',
      "Passwords don't match",
    ],
    [{ email: '<script>' }, 'email', 'Please enter a valid email address'],
  ])('refuses bad input %#', async (payload, field, message) => {
    const shop = await createBusiness(t.database.db);
    const url = 'email' in payload ? '/api/v1/auth/password-reset-requests' : '/api/v1/auth/password-resets';
    const response = await post(shop.slug, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });
});
