import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { expectError, signedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const join = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');

async function trust(headers: Record<string, string>, name = 'Front counter') {
  return t.app.inject({ method: 'POST', url: '/api/v1/till-devices', headers, payload: { name } });
}

describe('trusted till devices', () => {
  it('lets an owner signed in with a password trust this browser; PIN sign-in then works there only', async () => {
    const owner = await signedInShop(t, 'owner', { user: { firstName: 'Efua', lastName: 'Sam' } });
    const response = await trust(owner.headers);
    expect(response.statusCode).toBe(201);
    expect(response.json().device).toMatchObject({
      name: 'Front counter',
      trusted_by_name: 'Efua Sam',
      is_this_device: true,
    });
    const tillCookie = cookiesFrom(response);
    expect(tillCookie).toMatch(new RegExp(`^pos_till_${owner.business.slug}=`));
    const setCookie = response.cookies[0]!;
    expect(setCookie.httpOnly).toBe(true);
    expect(new Date(setCookie.expires!).getTime() - Date.now()).toBeGreaterThan(300 * 86_400_000);

    const status = (cookie?: string) =>
      t.app.inject({
        url: '/api/v1/auth/till-device',
        headers: businessHeaders(owner.business.slug, cookie),
      });
    expect((await status(tillCookie)).json()).toEqual({ trusted: true, name: 'Front counter' });
    expect((await status()).json()).toEqual({ trusted: false, name: null });

    const list = await t.app.inject({
      url: '/api/v1/till-devices',
      headers: businessHeaders(owner.business.slug, join(owner.cookie, tillCookie)),
    });
    expect(list.json().devices).toHaveLength(1);
    expect(list.json().devices[0].is_this_device).toBe(true);

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.businessId, owner.businessId));
    expect(line).toMatchObject({ action: 'till_device_trusted', actorName: 'Efua Sam' });
  });

  it('refuses cashiers and PIN sessions, and another business’s device ids', async () => {
    const owner = await signedInShop(t, 'owner');
    const cashier = await signedInMember(t, owner.business, 'cashier');
    expectError(await trust(cashier.headers), 403, 'FORBIDDEN');
    expectError(
      await t.app.inject({ url: '/api/v1/till-devices', headers: cashier.headers }),
      403,
      'FORBIDDEN',
    );

    const other = await signedInShop(t, 'owner');
    const foreign = (await trust(other.headers)).json().device.id;
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/till-devices/${foreign}`,
        headers: owner.headers,
      }),
      404,
      'ACCOUNTS_DEVICE_NOT_FOUND',
    );
  });

  it('needs a password sign-in: a manager signed in by PIN cannot hand out PIN access', async () => {
    const owner = await signedInShop(t, 'owner');
    const till = cookiesFrom(await trust(owner.headers));
    const secretPin = '135790';
    await signedInMember(t, owner.business, 'manager', { email: 'pin-manager@till.test' });
    const { hashPin, loadPinSecret } = await import('./pins.ts');
    const secret = await loadPinSecret(t.database, t.deps.config.PIN_SECRET);
    await t.database.db
      .update(users)
      .set({ pinHash: hashPin(secret, owner.businessId, secretPin) })
      .where(eq(users.email, 'pin-manager@till.test'));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/pin-sign-in',
      headers: businessHeaders(owner.business.slug, till),
      payload: { pin: secretPin },
    });
    expect(signIn.statusCode).toBe(200);
    const pinSession = cookiesFrom(signIn);
    const response = await trust(businessHeaders(owner.business.slug, pinSession));
    expectError(response, 403, 'ACCOUNTS_PASSWORD_SIGN_IN_NEEDED');
  });

  it('revokes a till: PIN sign-in stops there at once and the cookie of this browser is cleared', async () => {
    const owner = await signedInShop(t, 'owner');
    const till = cookiesFrom(await trust(owner.headers));
    const id = (
      await t.app.inject({
        url: '/api/v1/till-devices',
        headers: businessHeaders(owner.business.slug, join(owner.cookie, till)),
      })
    ).json().devices[0].id;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/till-devices/${id}`,
      headers: businessHeaders(owner.business.slug, join(owner.cookie, till)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().device.revoked_at).not.toBeNull();
    expect(response.cookies[0]).toMatchObject({ name: `pos_till_${owner.business.slug}`, value: '' });
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/pin-sign-in',
      headers: businessHeaders(owner.business.slug, till),
      payload: { pin: '123456' },
    });
    expectError(attempt, 403, 'ACCOUNTS_UNTRUSTED_DEVICE');
  });
});

describe('first login and choosing your own PIN', () => {
  it('signs a new employee in with the mailed PIN, then they choose their own PIN and a password', async () => {
    const owner = await signedInShop(t, 'owner');
    const till = cookiesFrom(await trust(owner.headers));
    const colleague = await signedInMember(t, owner.business, 'cashier');
    const { hashPin, loadPinSecret } = await import('./pins.ts');
    const secret = await loadPinSecret(t.database, t.deps.config.PIN_SECRET);
    await t.database.db
      .update(users)
      .set({ pinHash: hashPin(secret, owner.businessId, '424242') })
      .where(eq(users.id, colleague.userId));

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/employees',
      headers: owner.headers,
      payload: { email: 'kofi@till.test', first_name: 'Kofi', last_name: 'Asare' },
    });
    const { generated_pin: pin, employee } = made.json();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/pin-sign-in',
      headers: businessHeaders(owner.business.slug, till),
      payload: { pin },
    });
    expect(signIn.json()).toMatchObject({
      is_first_login: true,
      must_choose_pin: true,
      user_id: employee.id,
    });
    const session = businessHeaders(owner.business.slug, cookiesFrom(signIn));
    const lists = (await t.app.inject({ url: '/api/v1/employees', headers: owner.headers })).json();
    expect(lists.active.find((p: { id: string }) => p.id === employee.id)).toMatchObject({
      pin_status: 'active',
    });
    const probe = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/v1/session', headers })).json().me;
    const due = await probe(session);
    expect(due.pin_choice.due).toBe(true);
    expect(Date.parse(due.pin_choice.issued_pin_expires_at)).toBeGreaterThan(t.deps.now().getTime());
    // The owner has no issued PIN to replace.
    expect((await probe(owner.headers)).pin_choice).toEqual({ due: false, issued_pin_expires_at: null });

    const choose = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/me/pin', headers: session, payload });
    const taken = expectError(await choose({ pin: '424242' }), 409, 'ACCOUNTS_PIN_TAKEN');
    expect(taken.fields?.pin).toBe('This PIN is already in use in this business. Choose another.');
    expectError(await choose({ pin: '12a456' }), 400, 'VALIDATION_FAILED', undefined);
    expectError(await choose({ pin: '808080', password: 'short' }), 400, 'VALIDATION_FAILED');
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, employee.id));
    expect(unchanged!.pinHash).toBe(hashPin(secret, owner.businessId, pin));

    const chosen = await choose({ pin: '808080', password: 'Kofi@Till2026' });
    expect(chosen.json()).toEqual({ ok: true, has_password: true });
    expect((await probe(session)).pin_choice).toEqual({ due: false, issued_pin_expires_at: null });
    // The issued PIN is replaced by the chosen one.
    const issuedAgain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/pin-sign-in',
      headers: businessHeaders(owner.business.slug, till),
      payload: { pin },
    });
    expectError(issuedAgain, 401, 'ACCOUNTS_INVALID_PIN');
    const pinAgain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/pin-sign-in',
      headers: businessHeaders(owner.business.slug, till),
      payload: { pin: '808080' },
    });
    expect(pinAgain.json()).toMatchObject({ must_choose_pin: false, user_id: employee.id });
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: businessHeaders(owner.business.slug),
      payload: { email: 'kofi@till.test', password: 'Kofi@Till2026' },
    });
    expect(byPassword.statusCode).toBe(200);
    // A password, once set, is changed from the profile (with the current one), not here.
    expectError(
      await choose({ pin: '909090', password: 'Another@2026' }),
      409,
      'ACCOUNTS_PASSWORD_ALREADY_SET',
    );
  });
});
