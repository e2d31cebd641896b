import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POS_FEATURES } from '#domain/business.ts';
import { permissionsOf } from '#domain/permissions.ts';
import {
  businesses,
  businessInvitations,
  categories,
  mailOutbox,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { staffCookieName } from '../../http/session-cookies.ts';
import { hashToken } from '../../http/session-token.ts';
import {
  adminCookie,
  createAdmin,
  createBusiness,
  createCategory,
  createUser,
} from '../../testing/factories.ts';
import { businessHeaders, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { verifyPassword } from '../accounts/passwords.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCookie(t.database.db, await createAdmin(t.database.db));
});
afterAll(() => t.close());

/** A new, not yet onboarded business and the invitation token from the mail the admin sent. */
async function invitedBusiness(overrides: Parameters<typeof createBusiness>[1] = {}) {
  const business = await createBusiness(t.database.db, {
    isOnboarded: false,
    // As the admin's form makes it: the features a new business starts with (platform §9).
    posFeatures: [...DEFAULT_POS_FEATURES],
    email: 'owner@new-shop.test',
    contactPerson: 'Ama Serwaa Mensah',
    address: 'Adum, Kumasi',
    phone: '0244111222',
    ...overrides,
  });
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/businesses/${business.id}/invitations`,
    headers: { cookie: admin },
  });
  expect(sent.statusCode).toBe(201);
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.businessId, business.id), eq(mailOutbox.kind, 'invitation')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = /[?&]invite=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  return { business, token };
}

const validSubmission = (invite: string) => ({
  invite,
  business_description: 'Provisions and household goods for the Adum market.',
  business_type: 'Grocery Store',
  address: 'Adum, Kumasi, near the post office',
  operating_hours: 'Mon–Sat 7:00–20:00',
  logo_url: 'https://cdn.example.com/logo.png',
  owner_full_name: '  Ama Serwaa Mensah ',
  owner_email: 'Ama@New-Shop.test',
  owner_phone: '+233 24 411 1222',
  password: 'akwaaba-2026',
  confirm_password: 'akwaaba-2026',
  currency: 'GHS',
  timezone: 'Africa/Accra',
  pos_features: ['inventory_management', 'customer_management', 'mobile_payments'],
  tax_id: 'C0098765432',
  receipt_footer: 'Thank you! Come again.',
});

const start = (slug: string, invite: string) =>
  t.app.inject({ url: `/api/v1/onboarding?invite=${invite}`, headers: businessHeaders(slug) });
const submit = (slug: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/onboarding', headers: businessHeaders(slug), payload });

async function stateOf(businessId: string) {
  const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, businessId));
  const people = await t.database.db.select().from(users).where(eq(users.businessId, businessId));
  const invitations = await t.database.db
    .select()
    .from(businessInvitations)
    .where(eq(businessInvitations.businessId, businessId));
  return { business: business!, people, invitations };
}

describe('opening the wizard', () => {
  it('gives the business and the invitation for a valid link', async () => {
    const { business, token } = await invitedBusiness();
    const response = await start(business.slug, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().business).toMatchObject({
      id: business.id,
      name: business.name,
      contact_person: 'Ama Serwaa Mensah',
      address: 'Adum, Kumasi',
      currency: 'GHS',
      timezone: 'Africa/Accra',
      pos_features: ['inventory_management', 'customer_management'],
    });
    expect(response.json().invitation.sent_to).toBe('owner@new-shop.test');
  });

  it("refuses a missing, wrong or other business's invitation", async () => {
    const { business } = await invitedBusiness();
    const other = await invitedBusiness({ email: 'other@shop.test' });
    for (const invite of ['', 'guessed-token', other.token]) {
      const response = await start(business.slug, invite);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'INVITATION_INVALID',
        message:
          'This invitation link is not valid. Open the link from your invitation email, or ask us to send a new one.',
      });
    }
  });

  it('says Business Not Found for a business that is missing or inactive', async () => {
    const { business, token } = await invitedBusiness();
    await t.database.db.update(businesses).set({ isActive: false }).where(eq(businesses.id, business.id));
    for (const slug of [business.slug, 'no-such-shop']) {
      const response = await start(slug, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'ONBOARDING_BUSINESS_NOT_FOUND',
        message: "The business you're trying to access doesn't exist or is not active.",
      });
    }
    const submitted = await submit(business.slug, validSubmission(token));
    expect(submitted.statusCode).toBe(404);
    expect((await stateOf(business.id)).people).toEqual([]);
  });

  it('sends the caller to sign-in when the business already has an owner', async () => {
    const { business, token } = await invitedBusiness();
    await createUser(t.database.db, business.id, { role: 'owner' });
    const response = await start(business.slug, token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'ALREADY_ONBOARDED',
      message: 'This business has already been set up. Please sign in.',
    });
  });
});

describe('submitting the wizard', () => {
  it('creates the owner, saves the business, uses the invitation and signs the owner in', async () => {
    const { business, token } = await invitedBusiness();
    const response = await submit(business.slug, validSubmission(token));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      user: {
        id: expect.any(String),
        email: 'ama@new-shop.test',
        full_name: 'Ama Serwaa Mensah',
        role: 'owner',
      },
      redirect_to: '/app/dashboard',
    });

    const { business: saved, people, invitations } = await stateOf(business.id);
    expect(people).toHaveLength(1);
    const owner = people[0]!;
    expect(owner).toMatchObject({
      id: body.user.id,
      email: 'ama@new-shop.test',
      firstName: 'Ama',
      lastName: 'Serwaa Mensah',
      phone: '+233 24 411 1222',
      role: 'owner',
      isActive: true,
    });
    expect(owner.permissions).toEqual(permissionsOf('owner'));
    expect(owner.lastLoginAt).toBeInstanceOf(Date);
    expect(await verifyPassword(owner.passwordHash, 'akwaaba-2026')).toBe(true);
    expect(saved).toMatchObject({
      businessDescription: 'Provisions and household goods for the Adum market.',
      businessType: 'Grocery Store',
      address: 'Adum, Kumasi, near the post office',
      operatingHours: 'Mon–Sat 7:00–20:00',
      logoUrl: 'https://cdn.example.com/logo.png',
      currency: 'GHS',
      timezone: 'Africa/Accra',
      posFeatures: ['inventory_management', 'customer_management', 'mobile_payments'],
      taxId: 'C0098765432',
      receiptFooter: 'Thank you! Come again.',
      isOnboarded: true,
    });
    expect(saved.onboardedAt).toBeInstanceOf(Date);
    expect(invitations[0]).toMatchObject({ tokenHash: hashToken(token), usedByUserId: owner.id });
    expect(invitations[0]!.usedAt).toBeInstanceOf(Date);

    // Signed in: the business's own session cookie names a session of the new owner.
    const cookie = response.cookies.find((c) => c.name === staffCookieName(business.slug));
    expect(cookie?.httpOnly).toBe(true);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(cookie!.value)));
    expect(session).toMatchObject({ kind: 'user', userId: owner.id, businessId: business.id });
  });

  it('starts the shop with ordinary categories that fit its business type', async () => {
    const { business, token } = await invitedBusiness();
    const response = await submit(business.slug, validSubmission(token));
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((c) => c.name === staffCookieName(business.slug))!;
    const headers = businessHeaders(business.slug, `${cookie.name}=${cookie.value}`);
    const listed = await t.app.inject({ url: '/api/v1/categories', headers });
    expect(listed.statusCode).toBe(200);
    const names = listed.json().categories.map((category: { name: string }) => category.name);
    expect(names).toEqual(['Staples', 'Fresh Produce', 'Provisions', 'Beverages', 'Toiletries & Household']);

    // Ordinary categories: the owner renames one like any other.
    const staples = listed.json().categories[0];
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/categories/${staples.id}`,
      headers,
      payload: { name: 'Rice & Gari' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().category.name).toBe('Rice & Gari');
  });

  it('leaves a business that already has categories as it is', async () => {
    const { business, token } = await invitedBusiness();
    await createCategory(t.database.db, business.id, 'Kente');
    expect((await submit(business.slug, validSubmission(token))).statusCode).toBe(201);
    const rows = await t.database.db.select().from(categories).where(eq(categories.businessId, business.id));
    expect(rows.map((row) => row.name)).toEqual(['Kente']);
  });

  it('takes the §9 defaults: GHS, Africa/Accra, inventory and customer management', async () => {
    const { business, token } = await invitedBusiness();
    const { currency, timezone, pos_features, ...rest } = validSubmission(token);
    const response = await submit(business.slug, rest);
    expect(response.statusCode).toBe(201);
    const { business: saved } = await stateOf(business.id);
    expect(saved.currency).toBe('GHS');
    expect(saved.timezone).toBe('Africa/Accra');
    expect(saved.posFeatures).toEqual(['inventory_management', 'customer_management']);
    expect([currency, timezone, pos_features]).toBeTruthy();
  });

  it('refuses onboarding twice with 409, whatever invitation is used', async () => {
    const { business, token } = await invitedBusiness();
    expect((await submit(business.slug, validSubmission(token))).statusCode).toBe(201);
    const second = await submit(business.slug, { ...validSubmission(token), owner_email: 'thief@x.test' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'ALREADY_ONBOARDED',
      message: 'This business has already been set up. Please sign in.',
    });
    expect((await stateOf(business.id)).people).toHaveLength(1);
  });

  it('gives the spec messages for the required fields and passwords, and changes nothing', async () => {
    const { business, token } = await invitedBusiness();
    const response = await submit(business.slug, {
      invite: token,
      business_description: '  ',
      owner_full_name: '',
      owner_email: 'not-an-email',
      password: '12345',
      confirm_password: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      business_description: 'Business description is required',
      business_type: 'Business type is required',
      owner_full_name: 'Owner full name is required',
      owner_email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    const mismatch = await submit(business.slug, {
      ...validSubmission(token),
      confirm_password: 'other-pass',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields).toEqual({ confirm_password: 'Passwords do not match' });
    const state = await stateOf(business.id);
    expect(state.people).toEqual([]);
    expect(state.business.isOnboarded).toBe(false);
  });

  it("refuses another business's invitation and changes neither business", async () => {
    const a = await invitedBusiness({ email: 'a@shop.test' });
    const b = await invitedBusiness({ email: 'b@shop.test' });
    const response = await submit(b.business.slug, validSubmission(a.token));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('INVITATION_INVALID');
    for (const id of [a.business.id, b.business.id]) {
      const state = await stateOf(id);
      expect(state.people).toEqual([]);
      expect(state.business.isOnboarded).toBe(false);
      expect(state.invitations.every((i) => i.usedAt === null)).toBe(true);
    }
  });

  it('is atomic: a failure at the last write leaves no owner, is_onboarded false and the invitation unused', async () => {
    const { business, token } = await invitedBusiness();
    // Make the last write of the transaction (marking the invitation used) fail.
    await t.database.execScript(`
      CREATE FUNCTION fail_invitation_use() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated failure'; END $$;
      CREATE TRIGGER fail_invitation_use BEFORE UPDATE ON business_invitations
        FOR EACH ROW EXECUTE FUNCTION fail_invitation_use();
    `);
    try {
      const response = await submit(business.slug, validSubmission(token));
      expect(response.statusCode).toBe(500);
      expect(response.cookies).toEqual([]);
      const state = await stateOf(business.id);
      expect(state.people).toEqual([]);
      expect(state.business.isOnboarded).toBe(false);
      expect(state.business.onboardedAt).toBeNull();
      expect(state.business.businessDescription).toBeNull();
      expect(state.invitations[0]!.usedAt).toBeNull();
    } finally {
      await t.database.execScript(
        'DROP TRIGGER fail_invitation_use ON business_invitations; DROP FUNCTION fail_invitation_use();',
      );
    }
    // The same invitation still works afterwards.
    expect((await submit(business.slug, validSubmission(token))).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous submissions through', async () => {
    const { business, token } = await invitedBusiness();
    const results = await Promise.all([
      submit(business.slug, validSubmission(token)),
      submit(business.slug, { ...validSubmission(token), owner_email: 'second@new-shop.test' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await stateOf(business.id)).people).toHaveLength(1);
  });
});

// Last: it moves the clock a week on, past every session of this file.
describe('an old invitation', () => {
  it('refuses an invitation after 7 days', async () => {
    const { business, token } = await invitedBusiness();
    t.clock.advance(7 * 86_400_000 + 60_000);
    const response = await start(business.slug, token);
    expect(response.statusCode).toBe(410);
    expect(response.json().error).toEqual({
      code: 'INVITATION_EXPIRED',
      message: 'This invitation has expired. Ask us to send you a new one.',
    });
  });
});
