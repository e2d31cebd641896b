import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '#domain/permissions.ts';
import { businesses, users } from '../../db/schema/index.ts';
import { createBusiness } from '../../testing/factories.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const valid = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Adwoa',
  lastName: 'Boateng',
  email: 'adwoa@example.com',
  phone: '024 123 4567',
  businessName: 'Adwoa Provisions',
  password: 'Provisions@2026',
  confirmPassword: 'Provisions@2026',
  ...overrides,
});

function signUp(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    headers,
    remoteAddress: `10.50.0.${++ipCounter}`,
    payload: body as object,
  });
}

describe('sign-up', () => {
  it('creates the business, its owner with every permission, and signs the owner in', async () => {
    const response = await signUp(valid());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      business: { slug: 'adwoa-provisions', name: 'Adwoa Provisions' },
      handoff_token: null,
    });
    const [business] = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.slug, 'adwoa-provisions'));
    expect(business).toMatchObject({
      currency: 'GHS',
      timezone: 'Africa/Accra',
      subscriptionTier: 'basic',
      isActive: true,
    });
    const [owner] = await t.database.db.select().from(users).where(eq(users.businessId, business!.id));
    expect(owner).toMatchObject({
      role: 'owner',
      email: 'adwoa@example.com',
      firstName: 'Adwoa',
      phone: '024 123 4567',
    });
    expect([...owner!.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(owner!.passwordHash).toMatch(/^\$argon2id\$/);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders('adwoa-provisions', cookiesFrom(response)),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().role).toBe('owner');
    expect(me.json().permissions).toHaveLength(PERMISSIONS.length);
  });

  it('starts the new shop with the general starter categories, so its first product has a category', async () => {
    const response = await signUp(valid({ businessName: 'Ɔsɛbɔ Wholesale', email: 'osebo@example.com' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().business.slug).toBe('osebo-wholesale');
    const listed = await t.app.inject({
      url: '/api/v1/categories',
      headers: businessHeaders('osebo-wholesale', cookiesFrom(response)),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().categories.map((category: { name: string }) => category.name)).toEqual([
      'General',
      'Food & Drinks',
      'Household',
      'Services',
    ]);
  });

  it('tells that a business name is taken, on the businessName field', async () => {
    await createBusiness(t.database.db, { slug: 'kumasi-traders', name: 'Kumasi Traders' });
    const response = await signUp(valid({ businessName: 'Kumasi  TRADERS!', email: 'k@example.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'ACCOUNTS_BUSINESS_NAME_TAKEN',
      message: 'A business with this name already exists. Try another name.',
      fields: { businessName: 'A business with this name already exists. Try another name.' },
    });
  });

  it('refuses a name that gives no usable address', async () => {
    const response = await signUp(valid({ businessName: 'Admin' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      businessName: 'This business name cannot be used for a web address. Try another name.',
    });
  });

  it('is atomic when the owner insert fails: no business is left behind', async () => {
    // Make the database refuse this one owner row, after the business row went in within the same transaction.
    await t.database.execScript(`
      CREATE FUNCTION refuse_test_owner() RETURNS trigger AS $$
      BEGIN
        IF NEW.email = 'fails@example.com' THEN RAISE EXCEPTION 'owner insert refused by test'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_test_owner BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_test_owner();
    `);
    try {
      const response = await signUp(valid({ businessName: 'Half Made Shop', email: 'fails@example.com' }));
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('INTERNAL_ERROR');
      expect(response.cookies).toEqual([]);
      const left = await t.database.db.select().from(businesses).where(eq(businesses.slug, 'half-made-shop'));
      expect(left).toEqual([]);
    } finally {
      await t.database.execScript(
        'DROP TRIGGER refuse_test_owner ON users; DROP FUNCTION refuse_test_owner();',
      );
    }
    // The name is free again.
    expect(
      (await signUp(valid({ businessName: 'Half Made Shop', email: 'ok@example.com' }))).statusCode,
    ).toBe(201);
  });

  it('hands off to the new business address when signing up on the public site of a real domain', async () => {
    const onDomain = await createTestApp({ APP_DOMAIN: 'posgh.com' });
    try {
      const response = await onDomain.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        headers: { host: 'posgh.com' },
        payload: valid({ businessName: 'Tema Hardware' }),
      });
      expect(response.statusCode).toBe(201);
      const { handoff_token } = response.json();
      expect(handoff_token).toEqual(expect.any(String));
      expect(response.cookies).toEqual([]);

      const redeem = (token: string) =>
        onDomain.app.inject({
          method: 'POST',
          url: '/api/v1/auth/handoff',
          headers: { host: 'tema-hardware.posgh.com' },
          payload: { token },
        });
      const first = await redeem(handoff_token);
      expect(first.statusCode).toBe(200);
      expect(first.cookies[0]).toMatchObject({
        name: 'pos_session_tema-hardware',
        httpOnly: true,
        secure: true,
      });
      const second = await redeem(handoff_token);
      expect(second.statusCode).toBe(400);
      expect(second.json().error.code).toBe('ACCOUNTS_INVALID_HANDOFF');
    } finally {
      await onDomain.close();
    }
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name must be at least 2 characters'],
    ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters'],
    ['lastName', { lastName: ' B ' }, 'Last name must be at least 2 characters'],
    ['lastName', { lastName: 42 }, 'Last name must be at least 2 characters'],
    ['email', { email: 'nope' }, 'Please enter a valid email address'],
    ['phone', { phone: '12345' }, 'Please enter a valid phone number'],
    ['phone', { phone: '<b>0241234567</b>' }, 'Please enter a valid phone number'],
    ['businessName', { businessName: 'x' }, 'Business name must be at least 2 characters'],
    ['businessName', { businessName: 'x'.repeat(10_000) }, 'Business name is too long'],
    ['businessName', { businessName: '<>' }, 'Business name must contain at least one letter or digit'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['confirmPassword', { confirmPassword: 'Different@2026' }, "Passwords don't match"],
    ['firstName', { firstName: 'x'.repeat(10_000) }, 'Must be at most 60 characters'],
  ])('refuses a bad %s with its message and stores nothing', async (field, overrides, message) => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from businesses');
    const response = await signUp(valid({ businessName: 'Never Stored', ...overrides }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from businesses');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('stores HTML and SQL metacharacters as plain text', async () => {
    const response = await signUp(
      valid({
        businessName: "Ama's <b>Shop</b>; DROP TABLE users",
        firstName: '<script>x</script>',
        email: 'meta@example.com',
      }),
    );
    expect(response.statusCode).toBe(201);
    const slug = response.json().business.slug;
    expect(slug).toBe('amas-bshopb-drop-table-users');
    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.slug, slug));
    expect(business!.name).toBe("Ama's <b>Shop</b>; DROP TABLE users");
  });
});
