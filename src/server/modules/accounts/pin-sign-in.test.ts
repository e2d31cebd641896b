import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createBusiness, createUser } from '../../testing/factories.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { PIN_LIMITS } from './pin-sign-in.ts';
import { assignNewPin, hashPin, loadPinSecret } from './pins.ts';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await loadPinSecret(t.database, t.deps.config.PIN_SECRET);
});
afterAll(() => t.close());

async function userWithPin(businessId: string, pin: string, extra: Partial<typeof users.$inferInsert> = {}) {
  return createUser(t.database.db, businessId, {
    role: 'cashier',
    pinHash: hashPin(secret, businessId, pin),
    ...extra,
  });
}

function pinSignIn(slug: string, pin: unknown, ip = '10.9.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/pin-sign-in',
    headers: businessHeaders(slug),
    remoteAddress: ip,
    payload: { pin } as object,
  });
}

describe('PIN quick login', () => {
  it('signs the person with that PIN in for 8 hours and answers with the PIN login result', async () => {
    const shop = await createBusiness(t.database.db);
    const cashier = await userWithPin(shop.id, '482913', { firstName: 'Kwesi', lastName: 'Appiah' });
    const response = await pinSignIn(shop.slug, '482913');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      user_email: cashier.email,
      user_name: 'Kwesi Appiah',
      user_role: 'cashier',
      user_id: cashier.id,
      business_id: shop.id,
      is_first_login: false,
      is_pending: false,
      auth_type: 'pin',
    });
    const lasts = new Date(body.expires_at).getTime() - t.deps.now().getTime();
    expect(lasts).toBeGreaterThan(8 * 60 * 60_000 - 60_000);
    expect(lasts).toBeLessThanOrEqual(8 * 60 * 60_000);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, cashier.id));
    expect(session?.authMethod).toBe('pin');

    const cookie = cookiesFrom(response);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug, cookie),
    });
    expect(me.json()).toMatchObject({ role: 'cashier', permissions: ['process_sales', 'manage_customers'] });
    t.clock.advance(8 * 60 * 60_000 + 60_000);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders(shop.slug, cookie),
    });
    expect(expired.statusCode).toBe(401);
  });

  it('never stores the PIN in clear, and the same PIN in two businesses is stored differently', async () => {
    const a = await createBusiness(t.database.db);
    const b = await createBusiness(t.database.db);
    const first = await userWithPin(a.id, '777001');
    const second = await userWithPin(b.id, '777001');
    const rows = await t.database.query<{ pin_hash: string }>(
      'select pin_hash from users where id = any($1)',
      [[first.id, second.id]],
    );
    expect(rows.map((r) => r.pin_hash)).not.toContain('777001');
    expect(new Set(rows.map((r) => r.pin_hash)).size).toBe(2);
  });

  it('keeps PINs unique within a business', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '111222');
    await expect(userWithPin(shop.id, '111222')).rejects.toThrow();
  });

  it('clears a first-login PIN after its first successful use', async () => {
    const shop = await createBusiness(t.database.db);
    const newcomer = await createUser(t.database.db, shop.id, { role: 'cashier' });
    const { pin } = await assignNewPin(
      t.database.db,
      secret,
      { userId: newcomer.id, businessId: shop.id },
      { expiresAt: new Date(t.deps.now().getTime() + 86_400_000), isFirstLogin: true },
    );
    const first = await pinSignIn(shop.slug, pin, '10.9.1.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ is_first_login: true, is_pending: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, newcomer.id));
    expect(row).toMatchObject({ pinHash: null, pinExpiresAt: null, isFirstLogin: false });
    const again = await pinSignIn(shop.slug, pin, '10.9.1.1');
    expect(again.statusCode).toBe(401);
  });

  it('refuses an expired PIN', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '246810', { pinExpiresAt: new Date(t.deps.now().getTime() - 1000) });
    const response = await pinSignIn(shop.slug, '246810', '10.9.2.1');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'ACCOUNTS_PIN_EXPIRED',
      message: 'This PIN has expired. Ask your manager for a new one.',
    });
  });

  it("refuses another business's PIN with the spec's invalid PIN text", async () => {
    const home = await createBusiness(t.database.db);
    const other = await createBusiness(t.database.db);
    await userWithPin(home.id, '135790');
    const response = await pinSignIn(other.slug, '135790', '10.9.3.1');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'ACCOUNTS_INVALID_PIN',
      message: 'Invalid PIN. Please check your PIN and try again.',
    });
    expect(response.cookies).toEqual([]);
  });

  it('refuses the PIN of a deactivated person and of an inactive business', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '101010', { isActive: false });
    expect((await pinSignIn(shop.slug, '101010', '10.9.4.1')).json().error.code).toBe('ACCOUNTS_INVALID_PIN');
    const closed = await createBusiness(t.database.db, { isActive: false });
    await userWithPin(closed.id, '202020');
    const response = await pinSignIn(closed.slug, '202020', '10.9.4.2');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('BUSINESS_INACTIVE');
  });

  it.each<[unknown, string]>([
    ['', 'empty'],
    ['1234', 'four digits'],
    ['12345a', 'a letter'],
    ['1234567', 'seven digits'],
    [123456, 'a number'],
    ["1' OR '1'='1", 'SQL'],
    ['9'.repeat(10_000), '10 kB'],
  ])('requires exactly 6 digits (%s: %s)', async (pin) => {
    const shop = await createBusiness(t.database.db);
    const response = await pinSignIn(shop.slug, pin, '10.9.5.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid 6-digit PIN',
    });
  });

  it('stops PIN brute force: after 10 wrong PINs from one address, then across addresses for the business', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '564738');
    for (let i = 0; i < PIN_LIMITS.perIp.limit; i++) {
      const wrong = await pinSignIn(shop.slug, String(100000 + i), '10.8.0.1');
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await pinSignIn(shop.slug, '564738', '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 15 minutes.',
    });
    expect(blocked.cookies).toEqual([]);

    // A new address does not help: the business itself has used up its failed attempts.
    const elsewhere = await pinSignIn(shop.slug, '564738', '10.8.0.2');
    expect(elsewhere.statusCode).toBe(429);
    // Another business is not affected.
    const other = await createBusiness(t.database.db);
    await userWithPin(other.id, '564738');
    expect((await pinSignIn(other.slug, '564738', '10.8.0.3')).statusCode).toBe(200);
  });

  it('stops PIN brute force over a day: 40 failures per business per 24 hours, whatever the addresses', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '918273');
    let failures = 0;
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < PIN_LIMITS.perBusiness.limit; i++) {
        const response = await pinSignIn(shop.slug, String(200000 + failures), `10.7.${round}.${i}`);
        expect(response.statusCode).toBe(401);
        failures++;
      }
      t.clock.advance(16 * 60_000);
    }
    expect(failures).toBe(PIN_LIMITS.perBusinessDaily.limit);
    const blocked = await pinSignIn(shop.slug, '918273', '10.7.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    // Trying all 10^6 PINs at 40 a day would take about 68 years.
    expect(1_000_000 / PIN_LIMITS.perBusinessDaily.limit / 365).toBeGreaterThan(60);
  });

  it('counts only failures: staff signing in all day do not lock the till', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '333444');
    for (let i = 0; i < PIN_LIMITS.perBusiness.limit + 5; i++) {
      expect((await pinSignIn(shop.slug, '333444', '10.6.0.1')).statusCode).toBe(200);
    }
  });
});
