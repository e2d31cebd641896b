import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, sessions, tillDevices, users } from '../../db/schema/index.ts';
import { createBusiness, createUser } from '../../testing/factories.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { trustedTillCookie } from '../../testing/till-device.ts';
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

// Every business's first till, trusted once; `till` picks another one of the same business.
const tills = new Map<string, string>();
async function tillOf(slug: string, till = 'front'): Promise<string> {
  const key = `${slug}/${till}`;
  let cookie = tills.get(key);
  if (!cookie) {
    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.slug, slug));
    ({ cookie } = await trustedTillCookie(t.database.db, business!, till));
    tills.set(key, cookie);
  }
  return cookie;
}

async function pinSignIn(slug: string, pin: unknown, ip = '10.9.0.1', till = 'front') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/pin-sign-in',
    headers: businessHeaders(slug, await tillOf(slug, till)),
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

  it('completes setup at the first use of a first-login PIN, which keeps working until the person chooses one', async () => {
    const shop = await createBusiness(t.database.db);
    const newcomer = await createUser(t.database.db, shop.id, { role: 'cashier' });
    const expiresAt = new Date(t.deps.now().getTime() + 86_400_000);
    const { pin } = await assignNewPin(
      t.database.db,
      secret,
      { userId: newcomer.id, businessId: shop.id },
      { expiresAt, isFirstLogin: true },
    );
    const first = await pinSignIn(shop.slug, pin, '10.9.1.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ is_first_login: true, is_pending: false, must_choose_pin: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, newcomer.id));
    expect(row).toMatchObject({ pinExpiresAt: expiresAt, isFirstLogin: false });
    expect(row!.pinHash).not.toBeNull();
    // Left the choosing screen: the issued PIN still signs them in, and they are asked again.
    const again = await pinSignIn(shop.slug, pin, '10.9.1.1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ is_first_login: false, must_choose_pin: true });
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

  it('stops PIN brute force per till: 10 wrong PINs lock that till, not the other tills of the shop', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '564738');
    for (let i = 0; i < PIN_LIMITS.perDevice.limit; i++) {
      const wrong = await pinSignIn(shop.slug, String(100000 + i), `10.8.0.${i}`);
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await pinSignIn(shop.slug, '564738', '10.8.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 15 minutes.',
    });
    expect(blocked.cookies).toEqual([]);

    // The shop's other till still works: failures are counted per device, not per business.
    expect((await pinSignIn(shop.slug, '564738', '10.8.0.1', 'back')).statusCode).toBe(200);
  });

  it('stops PIN brute force over a day: 40 failures per till per 24 hours', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '918273');
    let failures = 0;
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < PIN_LIMITS.perDevice.limit; i++) {
        const response = await pinSignIn(shop.slug, String(200000 + failures), `10.7.${round}.${i}`);
        expect(response.statusCode).toBe(401);
        failures++;
      }
      t.clock.advance(16 * 60_000);
    }
    expect(failures).toBe(PIN_LIMITS.perDeviceDaily.limit);
    const blocked = await pinSignIn(shop.slug, '918273', '10.7.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    // Trying all 10^6 PINs at 40 a day would take about 68 years.
    expect(1_000_000 / PIN_LIMITS.perDeviceDaily.limit / 365).toBeGreaterThan(60);
  });

  it('refuses PIN attempts from a browser that is not a trusted till, without counting or trying them', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '246810');
    const untrusted = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/pin-sign-in',
        headers: businessHeaders(shop.slug, cookie),
        payload: { pin: '246810' },
      });
    for (const cookie of [undefined, `pos_till_${shop.slug}=forged-token`]) {
      const response = await untrusted(cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ACCOUNTS_UNTRUSTED_DEVICE');
      expect(response.json().error.message).toMatch(/^PIN sign-in works only on this shop's tills\./);
      expect(response.cookies).toEqual([]);
    }
    // Another business's till is no till here.
    const other = await createBusiness(t.database.db);
    expect((await untrusted(await tillOf(other.slug))).statusCode).toBe(403);
    // A revoked till stops at once.
    const cookie = await tillOf(shop.slug, 'revoked');
    expect((await pinSignIn(shop.slug, '246810', '10.5.0.1', 'revoked')).statusCode).toBe(200);
    await t.database.db
      .update(tillDevices)
      .set({ revokedAt: t.deps.now() })
      .where(eq(tillDevices.name, 'revoked'));
    expect((await untrusted(cookie)).statusCode).toBe(403);
  });

  it('counts only failures: staff signing in all day do not lock the till', async () => {
    const shop = await createBusiness(t.database.db);
    await userWithPin(shop.id, '333444');
    for (let i = 0; i < PIN_LIMITS.perDevice.limit + 5; i++) {
      expect((await pinSignIn(shop.slug, '333444', '10.6.0.1')).statusCode).toBe(200);
    }
  });
});
