import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessAdminNotes,
  businesses,
  contactRequests,
  internalAdmins,
  mailOutbox,
} from '../../db/schema/index.ts';
import { ADMIN_COOKIE } from '../../http/session-cookies.ts';
import {
  adminCookie,
  createAdmin,
  createBusiness,
  createUser,
  TEST_PASSWORD,
} from '../../testing/factories.ts';
import { signedInShop } from '../../testing/signed-in-shop.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/sign-in', payload: { email, password } });

const newBusiness = {
  name: "Adwoa's Provisions & Co.",
  contact_person: 'Adwoa Asante',
  email: 'Adwoa@Example.com',
  phone: '+233 24 555 0101',
  address: 'Osu, Oxford Street',
  notes: 'Met at the Accra trade fair; wants mobile money.',
};

describe('admin sign-in', () => {
  it('signs an active admin in, records last_login_at and sets an 8-hour session cookie', async () => {
    const admin = await createAdmin(t.database.db, { email: 'esi@akwaaba.test', fullName: 'Esi Ofori' });
    expect(admin.lastLoginAt).toBeNull();
    const response = await signIn('ESI@akwaaba.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().admin).toMatchObject({
      email: 'esi@akwaaba.test',
      full_name: 'Esi Ofori',
      role: 'super_admin',
    });
    const cookie = response.cookies.find((c) => c.name === ADMIN_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const lifetimeMs = new Date(cookie?.expires ?? 0).getTime() - Date.now();
    expect(lifetimeMs).toBeGreaterThan(7.9 * 3_600_000);
    expect(lifetimeMs).toBeLessThanOrEqual(8 * 3_600_000);

    const [row] = await t.database.db.select().from(internalAdmins).where(eq(internalAdmins.id, admin.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);

    const me = await t.app.inject({ url: '/api/v1/admin/me', headers: { cookie: cookiesFrom(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().admin.last_login_at).toBe(row?.lastLoginAt?.toISOString());
  });

  it('answers the session probe with the admin, or null (200, not 401) when signed out', async () => {
    const signedOut = await t.app.inject({ url: '/api/v1/admin/session' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ admin: null });

    const admin = await createAdmin(t.database.db, { fullName: 'Yaa Asantewaa' });
    const cookie = await adminCookie(t.database.db, admin);
    const probe = await t.app.inject({ url: '/api/v1/admin/session', headers: { cookie } });
    expect(probe.statusCode).toBe(200);
    expect(probe.json().admin).toMatchObject({ id: admin.id, full_name: 'Yaa Asantewaa' });
    // The protected call keeps its 401 for a signed-out caller.
    expect((await t.app.inject({ url: '/api/v1/admin/me' })).statusCode).toBe(401);
  });

  it('refuses a wrong password with "Invalid email or password."', async () => {
    await createAdmin(t.database.db, { email: 'kojo@akwaaba.test' });
    const response = await signIn('kojo@akwaaba.test', 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'ADMIN_INVALID_CREDENTIALS', message: 'Invalid email or password.' },
    });
    expect(response.cookies).toEqual([]);
  });

  it('refuses a shop owner with the right password: "Access denied. Admin privileges required."', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'owner@shop.test' });
    const response = await signIn('owner@shop.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'ADMIN_REQUIRED', message: 'Access denied. Admin privileges required.' },
    });
    expect(response.cookies).toEqual([]);
  });

  it('refuses a deactivated admin the same way', async () => {
    await createAdmin(t.database.db, { email: 'gone@akwaaba.test', isActive: false });
    const response = await signIn('gone@akwaaba.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Access denied. Admin privileges required.');
  });

  it('asks for a valid email and a password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/sign-in',
      payload: { email: 'nope', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });

  it('locks an email out after 5 failures for 15 minutes, like staff sign-in', async () => {
    await createAdmin(t.database.db, { email: 'target@akwaaba.test' });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('target@akwaaba.test', 'guess-1234')).statusCode).toBe(401);
    }
    const refused = await signIn('target@akwaaba.test', TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 15 minutes.' },
    });
    expect(refused.cookies).toEqual([]);

    t.clock.advance(16 * 60_000);
    expect((await signIn('target@akwaaba.test', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("does not let a stranger's failures from one address stop the admin signing in from another, and mails a notice", async () => {
    await createAdmin(t.database.db, { email: 'held@akwaaba.test', fullName: 'Yaw Darko' });
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/sign-in',
        remoteAddress,
        payload: { email: 'held@akwaaba.test', password },
      });
    for (let attempt = 0; attempt < 6; attempt++) await from('41.66.9.9', 'guess-1234');
    expect((await from('41.66.9.9', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await from('154.160.9.9', TEST_PASSWORD)).statusCode).toBe(200);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'held@akwaaba.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'sign_in_failures',
      subject: 'Wrong passwords tried on your Akwaaba POS admin account',
    });
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const admin = await createAdmin(t.database.db);
    const cookie = await adminCookie(t.database.db, admin);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/admin/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === ADMIN_COOKIE)?.value).toBe('');
    const me = await t.app.inject({ url: '/api/v1/admin/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('NOT_SIGNED_IN');
  });

  it('ends the session after 8 hours', async () => {
    const admin = await createAdmin(t.database.db, { email: 'shift@akwaaba.test' });
    const cookie = cookiesFrom(await signIn('shift@akwaaba.test', TEST_PASSWORD));
    t.clock.advance(8 * 3_600_000 + 1000);
    const me = await t.app.inject({ url: '/api/v1/admin/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(admin.id).toBeTruthy();
  });
});

describe('who may call the admin API', () => {
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let ownerCookie: string;

  beforeAll(async () => {
    ({ business: shop, cookie: ownerCookie } = await signedInShop(t, 'owner', {
      business: { slug: 'guarded-shop', email: 'shop@guarded.test' },
    }));
  });

  const calls = () => [
    { method: 'GET' as const, url: '/api/v1/admin/me' },
    { method: 'GET' as const, url: '/api/v1/admin/businesses' },
    { method: 'GET' as const, url: '/api/v1/admin/slug-check?name=New%20Shop' },
    { method: 'GET' as const, url: '/api/v1/admin/contact-requests' },
    { method: 'GET' as const, url: '/api/v1/admin/admins' },
    { method: 'POST' as const, url: '/api/v1/admin/businesses', payload: { ...newBusiness, name: 'Sneaky' } },
    { method: 'POST' as const, url: `/api/v1/admin/businesses/${shop.id}/deactivate` },
    { method: 'POST' as const, url: `/api/v1/admin/businesses/${shop.id}/activate` },
    { method: 'POST' as const, url: `/api/v1/admin/businesses/${shop.id}/invitations` },
  ];

  async function snapshot() {
    const rows = await t.database.query<{ n: number; active: number }>(
      'select count(*)::int as n, count(*) filter (where is_active)::int as active from businesses',
    );
    const invites = await t.database.query<{ n: number }>(
      'select count(*)::int as n from business_invitations',
    );
    return { ...rows[0], invites: invites[0]?.n };
  }

  it('refuses anonymous callers with 401 and changes nothing', async () => {
    const before = await snapshot();
    for (const call of calls()) {
      const response = await t.app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json().error).toEqual({
        code: 'NOT_SIGNED_IN',
        message: 'Please sign in to continue.',
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a shop owner's session, even sent as the admin cookie, and changes nothing", async () => {
    const before = await snapshot();
    const token = ownerCookie.split('=')[1];
    for (const cookie of [ownerCookie, `${ADMIN_COOKIE}=${token}`]) {
      for (const call of calls()) {
        const response = await t.app.inject({
          ...call,
          headers: { cookie, 'x-business': shop.slug },
        });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets only a super_admin deactivate; an admin gets the role message and nothing changes', async () => {
    const admin = await createAdmin(t.database.db, { role: 'admin', fullName: 'Yaw Admin' });
    const cookie = await adminCookie(t.database.db, admin);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${shop.id}/deactivate`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'ADMIN_ROLE_REQUIRED',
      message: 'Access denied. This needs the super_admin role; you are admin.',
    });
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(row?.isActive).toBe(true);

    const admins = await t.app.inject({ url: '/api/v1/admin/admins', headers: { cookie } });
    expect(admins.statusCode).toBe(403);
    expect(admins.json().error.message).toBe(
      'Access denied. This needs the super_admin role; you are admin.',
    );

    // An admin may still list, and reactivate.
    const list = await t.app.inject({ url: '/api/v1/admin/businesses', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const activate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${shop.id}/activate`,
      headers: { cookie },
    });
    expect(activate.statusCode).toBe(200);
  });

  it('refuses a forged cross-site request of a signed-in admin and changes nothing', async () => {
    const admin = await createAdmin(t.database.db);
    const cookie = await adminCookie(t.database.db, admin);
    const before = await snapshot();
    for (const headers of [
      { cookie, origin: 'https://evil.example' },
      { cookie, 'sec-fetch-site': 'cross-site' },
    ]) {
      const create = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/businesses',
        headers,
        payload: { ...newBusiness, name: 'Forged Shop' },
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().error.code).toBe('CROSS_SITE_REQUEST');
      const deactivate = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/businesses/${shop.id}/deactivate`,
        headers,
      });
      expect(deactivate.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('businesses', () => {
  let cookie: string;
  beforeAll(async () => {
    const admin = await createAdmin(t.database.db, { fullName: 'Abena Super' });
    cookie = await adminCookie(t.database.db, admin);
  });

  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/businesses', headers: { cookie }, payload });

  it('creates a business with the slug derived from its name and the platform defaults', async () => {
    const response = await create(newBusiness);
    expect(response.statusCode).toBe(201);
    const business = response.json().business;
    expect(business).toMatchObject({
      name: "Adwoa's Provisions & Co.",
      slug: 'adwoas-provisions-co',
      email: 'adwoa@example.com',
      phone: '+233 24 555 0101',
      address: 'Osu, Oxford Street',
      contact_person: 'Adwoa Asante',
      subscription_tier: 'basic',
      is_active: true,
      is_onboarded: false,
      notes: 'Met at the Accra trade fair; wants mobile money.',
      last_invitation: null,
    });
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row).toMatchObject({
      currency: 'GHS',
      timezone: 'Africa/Accra',
      themeColors: {
        primary: '#3b82f6',
        secondary: '#64748b',
        accent: '#10b981',
        background: '#ffffff',
        text: '#1f2937',
      },
      onboardedAt: null,
    });
    const notes = await t.database.db
      .select()
      .from(businessAdminNotes)
      .where(eq(businessAdminNotes.businessId, business.id));
    expect(notes).toHaveLength(1);
  });

  it('names each missing required field with its message and creates nothing', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from businesses');
    const response = await create({ name: ' ', contact_person: '', email: 'x', phone: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      name: 'Business name is required',
      contact_person: 'Contact person is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
    });
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from businesses');
    expect(after).toEqual(before);
  });

  it('refuses a taken, reserved or empty web address with a message on the name field', async () => {
    await createBusiness(t.database.db, { slug: 'kofi-mart', name: 'Kofi Mart' });
    const taken = await create({ ...newBusiness, name: '  KOFI   mart!! ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'SLUG_TAKEN',
      message: 'A business with the web address "kofi-mart" already exists. Choose a different name.',
      fields: {
        name: 'A business with the web address "kofi-mart" already exists. Choose a different name.',
      },
    });

    const reserved = await create({ ...newBusiness, name: 'Admin' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error.fields.name).toBe(
      'The web address "admin" is reserved. Choose a different name.',
    );
    const empty = await create({ ...newBusiness, name: '!!!' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.name).toBe(
      'The business name must contain letters or digits to make its web address.',
    );
  });

  it('tells the dialog which web address a name gives and whether it is free', async () => {
    const check = async (name: string) =>
      (
        await t.app.inject({
          url: `/api/v1/admin/slug-check?name=${encodeURIComponent(name)}`,
          headers: { cookie },
        })
      ).json();
    expect(await check('Osu Fresh Foods')).toEqual({
      slug: 'osu-fresh-foods',
      is_available: true,
      message: null,
    });
    expect(await check('Kofi Mart')).toEqual({
      slug: 'kofi-mart',
      is_available: false,
      message: 'A business with the web address "kofi-mart" already exists. Choose a different name.',
    });
  });

  it('lists businesses newest first with counts, and searches them', async () => {
    const oldest = await createBusiness(t.database.db, {
      name: 'Tamale Textiles',
      slug: 'tamale-textiles',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    await createBusiness(t.database.db, {
      name: 'Kumasi Closed Shop',
      slug: 'kumasi-closed',
      isActive: false,
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
    const response = await t.app.inject({ url: '/api/v1/admin/businesses', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const dates = body.businesses.map((b: { created_at: string }) => b.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.businesses[0].slug).toBe('kumasi-closed');
    expect(body.businesses.at(-1).id).toBe(oldest.id);

    const counts = await t.database.query<{ total: number; active: number }>(
      'select count(*)::int as total, count(*) filter (where is_active)::int as active from businesses',
    );
    expect(body.counts).toEqual({
      total: counts[0]!.total,
      active: counts[0]!.active,
      inactive: counts[0]!.total - counts[0]!.active,
    });
    expect(body.counts.inactive).toBeGreaterThanOrEqual(1);

    const search = await t.app.inject({
      url: '/api/v1/admin/businesses?search=TEXTILE',
      headers: { cookie },
    });
    expect(search.json().businesses.map((b: { slug: string }) => b.slug)).toEqual(['tamale-textiles']);
    // Counts stay those of all businesses.
    expect(search.json().counts).toEqual(body.counts);
    const wildcard = await t.app.inject({ url: '/api/v1/admin/businesses?search=%25', headers: { cookie } });
    expect(wildcard.json().businesses).toEqual([]);
  });

  it('deactivates and reactivates a business', async () => {
    const shop = await createBusiness(t.database.db);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${shop.id}/deactivate`,
      headers: { cookie },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().business).toMatchObject({ id: shop.id, is_active: false });
    const on = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${shop.id}/activate`,
      headers: { cookie },
    });
    expect(on.json().business).toMatchObject({ id: shop.id, is_active: true });
  });

  it('answers 404 for a business that does not exist', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/businesses/00000000-0000-4000-8000-000000000000/deactivate',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'ADMIN_BUSINESS_NOT_FOUND',
      message: 'This business does not exist.',
    });
  });
});

describe('contact requests', () => {
  it('lists the requests from the public site, newest first', async () => {
    const admin = await createAdmin(t.database.db);
    const cookie = await adminCookie(t.database.db, admin);
    await t.database.db.insert(contactRequests).values([
      {
        businessName: 'Older Shop',
        contactPerson: 'Kwesi',
        email: 'kwesi@example.com',
        phone: '0244000001',
        createdAt: new Date('2024-01-01T10:00:00Z'),
      },
      {
        businessName: 'Newer Shop',
        contactPerson: 'Efua',
        email: 'efua@example.com',
        phone: '0244000002',
        message: 'Two branches',
        createdAt: new Date('2024-02-01T10:00:00Z'),
      },
    ]);
    const response = await t.app.inject({ url: '/api/v1/admin/contact-requests', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const names = response.json().contact_requests.map((r: { business_name: string }) => r.business_name);
    expect(names).toEqual(['Newer Shop', 'Older Shop']);
    expect(response.json().contact_requests[0]).toMatchObject({
      contact_person: 'Efua',
      email: 'efua@example.com',
      phone: '0244000002',
      message: 'Two branches',
      created_at: '2024-02-01T10:00:00.000Z',
    });
  });
});

describe('internal admins', () => {
  it('are listed for a super_admin, without their password hashes', async () => {
    const boss = await createAdmin(t.database.db, { fullName: 'Aaron Boss', email: 'aaron@akwaaba.test' });
    await createAdmin(t.database.db, {
      fullName: 'Zed Former',
      role: 'admin',
      isActive: false,
      email: 'zed@akwaaba.test',
    });
    const response = await t.app.inject({
      url: '/api/v1/admin/admins',
      headers: { cookie: await adminCookie(t.database.db, boss) },
    });
    expect(response.statusCode).toBe(200);
    const admins = response.json().admins as { email: string; is_active: boolean }[];
    expect(admins.find((a) => a.email === 'aaron@akwaaba.test')).toMatchObject({
      full_name: 'Aaron Boss',
      role: 'super_admin',
      is_active: true,
    });
    expect(admins.at(-1)).toMatchObject({ email: 'zed@akwaaba.test', is_active: false });
    expect(response.body).not.toContain('argon2');
  });
});
