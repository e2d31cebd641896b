import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema/index.ts';
import { createBusiness, createUser, staffCookie } from '../../testing/factories.ts';
import { expectError, signedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { businessHeaders, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  slug: string,
  cookie: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: businessHeaders(slug, cookie), payload });
}

describe('GET /api/v1/me', () => {
  it('asks a signed-out browser to sign in', async () => {
    const shop = await createBusiness(t.database.db);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'NOT_SIGNED_IN', message: 'Please sign in to continue.' });
  });

  it('gives a cashier only process_sales and manage_customers', async () => {
    const cashier = await signedInShop(t, 'cashier');
    const response = await t.app.inject({ url: '/api/v1/me', headers: cashier.headers });
    expect(response.json()).toMatchObject({
      role: 'cashier',
      permissions: ['process_sales', 'manage_customers'],
    });
  });
});

describe('GET /api/v1/session', () => {
  it('answers a signed-out browser 200 with me: null, and a stale cookie the same', async () => {
    const shop = await createBusiness(t.database.db);
    for (const cookie of [undefined, `pos_session_${shop.slug}=not-a-session`]) {
      const response = await t.app.inject({
        url: '/api/v1/session',
        headers: businessHeaders(shop.slug, cookie),
      });
      expect(response.statusCode, String(cookie)).toBe(200);
      expect(response.json()).toEqual({ me: null });
    }
  });

  it('gives the signed-in person exactly as /api/v1/me does', async () => {
    const shop = await createBusiness(t.database.db);
    const cookie = await staffCookie(t.database.db, await createUser(t.database.db, shop.id), shop.slug);
    const probe = await call('GET', '/api/v1/session', shop.slug, cookie);
    expect(probe.statusCode).toBe(200);
    expect(probe.json().me).toEqual((await call('GET', '/api/v1/me', shop.slug, cookie)).json());
    expect(probe.json().me).toMatchObject({ role: 'owner', business: { slug: shop.slug } });
  });

  it("does not take another business's session for this one's", async () => {
    const shop = await createBusiness(t.database.db);
    const other = await createBusiness(t.database.db);
    const cookie = await staffCookie(t.database.db, await createUser(t.database.db, other.id), shop.slug);
    const response = await call('GET', '/api/v1/session', shop.slug, cookie);
    expect(response.json()).toEqual({ me: null });
  });

  it('still names a missing business as one', async () => {
    const response = await t.app.inject({ url: '/api/v1/session', headers: businessHeaders('no-such-shop') });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('BUSINESS_NOT_FOUND');
  });
});

describe('own profile', () => {
  it('updates the own name and phone, and nothing else', async () => {
    const { business: shop, user, cookie } = await signedInShop(t, 'cashier');
    const response = await call('PATCH', '/api/v1/me', shop.slug, cookie, {
      first_name: 'Yaa',
      last_name: 'Asantewaa',
      phone: '+233 20 555 0101',
      role: 'owner',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      first_name: 'Yaa',
      full_name: 'Yaa Asantewaa',
      phone: '+233 20 555 0101',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Yaa', lastName: 'Asantewaa', role: 'cashier' });

    const cleared = await call('PATCH', '/api/v1/me', shop.slug, cookie, {
      first_name: 'Yaa',
      last_name: 'Asantewaa',
      phone: '',
    });
    expect(cleared.json().user.phone).toBeNull();
  });

  it.each([
    [
      { first_name: 'Y', last_name: 'Asantewaa', phone: null },
      'first_name',
      'First name must be at least 2 characters',
    ],
    [
      { first_name: 'Yaa', last_name: '', phone: null },
      'last_name',
      'Last name must be at least 2 characters',
    ],
    [
      { first_name: 'Yaa', last_name: 'Asantewaa', phone: 'call me' },
      'phone',
      'Please enter a valid phone number',
    ],
    [
      { first_name: 'x'.repeat(10_000), last_name: 'Asantewaa', phone: null },
      'first_name',
      'Must be at most 60 characters',
    ],
  ])('refuses a bad profile %#', async (payload, field, message) => {
    const { user, headers } = await signedInShop(t);
    const response = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload });
    expect(expectError(response, 400, 'VALIDATION_FAILED').fields?.[field]).toBe(message);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstName).toBe('Ama');
  });

  it('changes the own password with the current one and ends the other sessions', async () => {
    const shop = await createBusiness(t.database.db);
    const user = await createUser(t.database.db, shop.id);
    const here = await staffCookie(t.database.db, user, shop.slug);
    const there = await staffCookie(t.database.db, user, shop.slug);
    const wrong = await call('POST', '/api/v1/me/password', shop.slug, here, {
      currentPassword: 'not-it',
      password: 'Brand-New-2026',
      confirmPassword: 'Brand-New-2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'Your current password is not correct.' });

    const changed = await call('POST', '/api/v1/me/password', shop.slug, here, {
      currentPassword: 'correct-horse-9',
      password: 'Brand-New-2026',
      confirmPassword: 'Brand-New-2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/me', shop.slug, here)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/me', shop.slug, there)).statusCode).toBe(401);
  });
});

describe('own sessions', () => {
  it('lists them, ends one, and signs out everywhere', async () => {
    const shop = await createBusiness(t.database.db);
    const user = await createUser(t.database.db, shop.id);
    const here = await staffCookie(t.database.db, user, shop.slug);
    const there = await staffCookie(t.database.db, user, shop.slug);
    const third = await staffCookie(t.database.db, user, shop.slug);
    const list = await call('GET', '/api/v1/me/sessions', shop.slug, here);
    expect(list.json().sessions).toHaveLength(3);
    expect(list.json().sessions.filter((s: { is_current: boolean }) => s.is_current)).toHaveLength(1);
    const other = list.json().sessions.find((s: { is_current: boolean }) => !s.is_current);

    expect((await call('DELETE', `/api/v1/me/sessions/${other.id}`, shop.slug, here)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/me/sessions', shop.slug, here)).json().sessions).toHaveLength(2);

    const everywhere = await call('POST', '/api/v1/me/sessions/sign-out-everywhere', shop.slug, here);
    expect(everywhere.statusCode).toBe(200);
    for (const cookie of [here, there, third]) {
      expect((await call('GET', '/api/v1/me', shop.slug, cookie)).statusCode).toBe(401);
    }
  });

  it("cannot end another person's session: 404", async () => {
    const a = await createBusiness(t.database.db);
    const b = await createBusiness(t.database.db);
    const mine = await createUser(t.database.db, a.id);
    const theirs = await createUser(t.database.db, b.id);
    const theirCookie = await staffCookie(t.database.db, theirs, b.slug);
    const [theirSession] = (await call('GET', '/api/v1/me/sessions', b.slug, theirCookie)).json().sessions;
    const response = await call(
      'DELETE',
      `/api/v1/me/sessions/${theirSession.id}`,
      a.slug,
      await staffCookie(t.database.db, mine, a.slug),
    );
    expectError(
      response,
      404,
      'ACCOUNTS_SESSION_NOT_FOUND',
      'This session was not found or has already ended.',
    );
    expect((await call('GET', '/api/v1/me', b.slug, theirCookie)).statusCode).toBe(200);
  });
});

describe('notifications', () => {
  it('lists low-stock products of the own business only, for those who manage products', async () => {
    const owner = await signedInShop(t, 'owner');
    const shop = owner.business;
    const other = await createBusiness(t.database.db);
    await t.database.db.insert(products).values([
      { businessId: shop.id, name: 'Milo 400g', price: 5500, stockQuantity: 2, minStockLevel: 5 },
      { businessId: shop.id, name: 'Gari 1kg', price: 1500, stockQuantity: 0, minStockLevel: 5 },
      { businessId: shop.id, name: 'Rice 5kg', price: 9000, stockQuantity: 50, minStockLevel: 5 },
      { businessId: other.id, name: 'Secret Stock', price: 100, stockQuantity: 0, minStockLevel: 5 },
    ]);
    const response = await t.app.inject({ url: '/api/v1/me/notifications', headers: owner.headers });
    expect(response.json().notifications.map((n: { title: string }) => n.title)).toEqual([
      'Gari 1kg is out of stock',
      'Milo 400g is low on stock',
    ]);
    const cashier = await signedInMember(t, shop, 'cashier');
    const forCashier = await t.app.inject({ url: '/api/v1/me/notifications', headers: cashier.headers });
    expect(forCashier.json().notifications).toEqual([]);
  });
});

describe('housekeeping', () => {
  it('removes ended sessions, spent attempt counters and expired tokens', async () => {
    const { removeExpiredAccountRows } = await import('./housekeeping.ts');
    const shop = await createBusiness(t.database.db);
    const user = await createUser(t.database.db, shop.id);
    await staffCookie(t.database.db, user, shop.slug);
    await t.database.query(
      "insert into rate_limits (key, hits, window_ends_at) values ('old:counter', 3, now() - interval '1 minute')",
    );
    t.clock.advance(2 * 86_400_000);
    await removeExpiredAccountRows(t.deps);
    expect(await t.database.query('select 1 from sessions where user_id = $1', [user.id])).toEqual([]);
    expect(await t.database.query("select 1 from rate_limits where key = 'old:counter'")).toEqual([]);
  });
});
