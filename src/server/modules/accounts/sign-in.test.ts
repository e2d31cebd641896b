import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, sessions } from '../../db/schema/index.ts';
import { createBusiness, createUser, TEST_PASSWORD } from '../../testing/factories.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signIn(slug: string, body: unknown, ip = '10.1.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    headers: businessHeaders(slug),
    remoteAddress: ip,
    payload: body as object,
  });
}

describe('password sign-in', () => {
  it('signs a person of the business in with an httpOnly, SameSite=Lax session cookie whose token is stored only hashed', async () => {
    const shop = await createBusiness(t.database.db);
    const user = await createUser(t.database.db, shop.id, { email: 'ama@shop.gh', role: 'manager' });
    const response = await signIn(shop.slug, { email: 'AMA@shop.gh', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === `pos_session_${shop.slug}`);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy(); // localhost
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(cookie!.value);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug, cookiesFrom(response)),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { id: user.id, email: 'ama@shop.gh', first_name: 'Ama', full_name: 'Ama Mensah' },
      role: 'manager',
      business: { id: shop.id, slug: shop.slug, name: shop.name },
      session: { auth_method: 'password' },
    });
    expect(me.json().permissions).not.toContain('manage_settings');
    expect(me.json().permissions).toContain('manage_users');
  });

  it('sets a Secure cookie on a real domain', async () => {
    const onDomain = await createTestApp({ APP_DOMAIN: 'posgh.com' });
    try {
      const shop = await createBusiness(onDomain.database.db);
      await createUser(onDomain.database.db, shop.id, { email: 'kojo@shop.gh' });
      const response = await onDomain.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        headers: { host: `${shop.slug}.posgh.com` },
        payload: { email: 'kojo@shop.gh', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await onDomain.close();
    }
  });

  it('refuses a wrong password with "Invalid email or password." and no cookie', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'esi@shop.gh' });
    const response = await signIn(shop.slug, { email: 'esi@shop.gh', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'ACCOUNTS_INVALID_CREDENTIALS', message: 'Invalid email or password.' },
    });
    expect(response.cookies).toEqual([]);
  });

  it('refuses cross-business sign-in: a person of another business is told they have no access and gets no session', async () => {
    const home = await createBusiness(t.database.db);
    const other = await createBusiness(t.database.db, { slug: 'other-shop' });
    const user = await createUser(t.database.db, home.id, { email: 'yaw@home.gh' });
    const response = await signIn(other.slug, { email: 'yaw@home.gh', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'ACCOUNTS_NO_ACCESS_TO_BUSINESS',
        message: "You don't have access to other-shop. Please check your login credentials.",
      },
    });
    expect(response.cookies).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    // Without the right password nothing tells that the email exists elsewhere.
    const guess = await signIn(other.slug, { email: 'yaw@home.gh', password: 'not-the-password' });
    expect(guess.json().error.code).toBe('ACCOUNTS_INVALID_CREDENTIALS');
  });

  it('does not let a session cookie of one business open another business', async () => {
    const a = await createBusiness(t.database.db);
    const b = await createBusiness(t.database.db);
    await createUser(t.database.db, a.id, { email: 'abena@a.gh' });
    const response = await signIn(a.slug, { email: 'abena@a.gh', password: TEST_PASSWORD });
    const token = response.cookies[0]!.value;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(b.slug, `pos_session_${b.slug}=${token}`),
    });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a person of an inactive business with a clear message', async () => {
    const shop = await createBusiness(t.database.db, { isActive: false });
    await createUser(t.database.db, shop.id, { email: 'akos@shop.gh' });
    const response = await signIn(shop.slug, { email: 'akos@shop.gh', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'BUSINESS_INACTIVE',
      message: 'This business has been deactivated. Please contact support to reactivate it.',
    });
    expect(response.cookies).toEqual([]);
  });

  it('refuses a deactivated person', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'gone@shop.gh', isActive: false });
    const response = await signIn(shop.slug, { email: 'gone@shop.gh', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ACCOUNTS_ACCOUNT_DEACTIVATED');
  });

  it('answers an unknown business with the spec text', async () => {
    const response = await signIn('no-such-shop', { email: 'a@b.gh', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Business with slug "no-such-shop" not found');
  });

  it.each([
    [{}, 'email', 'Please enter a valid email address'],
    [{ email: 'not-an-email', password: 'secret1' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@b.gh', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ email: 'a@b.gh', password: 123456 }, 'password', 'Password must be at least 6 characters'],
    [{ email: `${'a'.repeat(10_000)}@b.gh`, password: 'secret1' }, 'email', 'Email is too long'],
    [{ email: "a@b.gh' OR 1=1 --", password: 'secret1' }, 'email', 'Please enter a valid email address'],
    [
      { email: 'a@b.gh', password: 'x'.repeat(10_000) },
      'password',
      'Password must be at most 200 characters',
    ],
  ])('refuses bad input %# with a field message', async (body, field, message) => {
    const shop = await createBusiness(t.database.db);
    const response = await signIn(shop.slug, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('stops password guessing on one account after 5 failures, with the minutes to wait', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'target@shop.gh' });
    for (let i = 0; i < 5; i++) {
      const attempt = await signIn(
        shop.slug,
        { email: 'target@shop.gh', password: `guess-${i}` },
        `10.2.0.${i}`,
      );
      expect(attempt.statusCode).toBe(401);
    }
    const blocked = await signIn(
      shop.slug,
      { email: 'target@shop.gh', password: TEST_PASSWORD },
      '10.2.0.99',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 15 minutes.',
    });
    expect(blocked.cookies).toEqual([]);
    t.clock.advance(16 * 60_000);
    const later = await signIn(shop.slug, { email: 'target@shop.gh', password: TEST_PASSWORD }, '10.2.0.99');
    expect(later.statusCode).toBe(200);
  });

  it("does not let a stranger's failures from one address stop the owner signing in from another", async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'owner@held.gh' });
    for (let i = 0; i < 5; i++) {
      const guess = await signIn(shop.slug, { email: 'owner@held.gh', password: `guess-${i}` }, '41.66.1.1');
      expect(guess.statusCode).toBe(401);
    }
    const owner = await signIn(shop.slug, { email: 'owner@held.gh', password: TEST_PASSWORD }, '154.160.2.2');
    expect(owner.statusCode).toBe(200);
  });

  it('still stops guessing from one address: after 5 failures even the right password is refused there', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'owner@guessed.gh' });
    for (let i = 0; i < 5; i++) {
      await signIn(shop.slug, { email: 'owner@guessed.gh', password: `guess-${i}` }, '41.66.3.3');
    }
    const blocked = await signIn(
      shop.slug,
      { email: 'owner@guessed.gh', password: TEST_PASSWORD },
      '41.66.3.3',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 15 minutes.',
    });
    expect(blocked.cookies).toEqual([]);
  });

  it('refuses guessing spread over 5 addresses from new addresses, but not from where the owner signed in before', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'owner@spread.gh' });
    const usual = await signIn(
      shop.slug,
      { email: 'owner@spread.gh', password: TEST_PASSWORD },
      '154.160.4.4',
    );
    expect(usual.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      await signIn(shop.slug, { email: 'owner@spread.gh', password: `guess-${i}` }, `41.66.5.${i}`);
    }
    const fromNew = await signIn(
      shop.slug,
      { email: 'owner@spread.gh', password: TEST_PASSWORD },
      '41.66.6.6',
    );
    expect(fromNew.statusCode).toBe(429);
    const fromUsual = await signIn(
      shop.slug,
      { email: 'owner@spread.gh', password: TEST_PASSWORD },
      '154.160.4.4',
    );
    expect(fromUsual.statusCode).toBe(200);
  });

  it('mails the account holder one notice when guesses get an address refused', async () => {
    const shop = await createBusiness(t.database.db, { name: 'Notice Mart' });
    await createUser(t.database.db, shop.id, { email: 'owner@notice.gh', firstName: 'Efua' });
    for (let i = 0; i < 8; i++) {
      await signIn(
        shop.slug,
        { email: 'owner@notice.gh', password: `guess-${i}` },
        `41.66.7.${i < 6 ? 1 : 2}`,
      );
    }
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'owner@notice.gh'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'sign_in_failures',
      businessId: shop.id,
      subject: 'Wrong passwords tried on your Notice Mart account',
    });
    expect(mails[0]!.text).toContain('Hello Efua,');
    expect(mails[0]!.text).toContain('from the internet address 41.66.7.1');
    expect(mails[0]!.text).toContain('Forgot password?');
  });

  it('mails nobody for an email that has no account', async () => {
    const shop = await createBusiness(t.database.db);
    for (let i = 0; i < 5; i++) {
      const guess = await signIn(
        shop.slug,
        { email: 'nobody@notice.gh', password: `guess-${i}` },
        '41.66.8.1',
      );
      expect(guess.statusCode).toBe(401);
    }
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@notice.gh'));
    expect(mails).toHaveLength(0);
  });

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'out@shop.gh' });
    const signedIn = await signIn(shop.slug, { email: 'out@shop.gh', password: TEST_PASSWORD });
    const cookie = cookiesFrom(signedIn);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: businessHeaders(shop.slug, cookie),
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies[0]).toMatchObject({ name: `pos_session_${shop.slug}`, value: '' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug, cookie),
    });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.message).toBe('Please sign in to continue.');
  });

  it('refuses a sign-in posted from another site', async () => {
    const shop = await createBusiness(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { ...businessHeaders(shop.slug), origin: 'https://evil.example' },
      payload: { email: 'a@b.gh', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
  });

  it('ends a password session after 12 hours without use', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'idle@shop.gh' });
    const signedIn = await signIn(shop.slug, { email: 'idle@shop.gh', password: TEST_PASSWORD });
    const cookie = cookiesFrom(signedIn);
    t.clock.advance(11 * 60 * 60_000);
    const stillIn = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug, cookie),
    });
    expect(stillIn.statusCode).toBe(200);
    t.clock.advance(12 * 60 * 60_000 + 60_000);
    const idle = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug, cookie),
    });
    expect(idle.statusCode).toBe(401);
  });
});
