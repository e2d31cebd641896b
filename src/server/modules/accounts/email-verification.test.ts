import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, mailOutbox } from '../../db/schema/index.ts';
import { createBusiness, createUser, TEST_PASSWORD } from '../../testing/factories.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cash, createProduct, postSale } from '../sales/test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createBusiness(t.database.db, { slug: 'demo', name: 'Demo Shop' });
});
afterAll(() => t.close());

let ipCounter = 0;
const owner = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Esi',
  lastName: 'Ofori',
  email: 'esi@example.com',
  phone: '024 123 4567',
  businessName: 'Esi Fabrics',
  password: 'Fabrics@2026',
  confirmPassword: 'Fabrics@2026',
  ...overrides,
});

const signUp = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: `10.60.0.${++ipCounter}`,
    payload: body,
  });

const signIn = (slug: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    headers: businessHeaders(slug),
    remoteAddress: `10.61.0.${++ipCounter}`,
    payload: { email, password },
  });

async function verificationLink(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'email_verification')))
    .orderBy(mailOutbox.createdAt)
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+#token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  return link!;
}

describe("sign-up verifies the owner's email", () => {
  it('mails a verification link; until it is opened the owner cannot sign in again, then can', async () => {
    const created = await signUp(owner());
    expect(created.statusCode).toBe(201);
    const firstSession = cookiesFrom(created);

    // The first session works and says the email is not verified yet (the app shows its banner).
    const me = await t.app.inject({
      url: '/api/v1/me',
      headers: businessHeaders('esi-fabrics', firstSession),
    });
    expect(me.json().email_verified).toBe(false);

    const link = await verificationLink('esi@example.com');
    expect(link).toMatch(/\/app\/verify-email\?business=esi-fabrics#token=/);

    const again = await signIn('esi-fabrics', 'esi@example.com', 'Fabrics@2026');
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toEqual({
      code: 'ACCOUNTS_EMAIL_NOT_VERIFIED',
      message:
        'Please verify your email address first: we have sent a new link to esi@example.com. Open it, then sign in.',
    });
    expect(again.cookies).toEqual([]);

    // The newest link is the one that works (a refused sign-in mails a fresh one).
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'esi@example.com'), eq(mailOutbox.kind, 'email_verification')))
      .orderBy(mailOutbox.createdAt);
    expect(mails).toHaveLength(2);
    const newest = mails[1]!.text.match(/#token=([\w-]+)/)![1]!;
    const old = link.split('#token=')[1]!;
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-verifications',
      headers: businessHeaders('esi-fabrics'),
      payload: { token: old },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(
      'This verification link is invalid or has expired. Sign in to get a new one.',
    );

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-verifications',
      headers: businessHeaders('esi-fabrics'),
      payload: { token: newest },
    });
    expect(verified.statusCode).toBe(200);
    expect((await signIn('esi-fabrics', 'esi@example.com', 'Fabrics@2026')).statusCode).toBe(200);
    const meAfter = await t.app.inject({
      url: '/api/v1/me',
      headers: businessHeaders('esi-fabrics', firstSession),
    });
    expect(meAfter.json().email_verified).toBe(true);
  });

  it('refuses to email receipts to anyone until the owner is verified', async () => {
    const created = await signUp(owner({ email: 'kwesi@example.com', businessName: 'Kwesi Hardware' }));
    const headers = businessHeaders('kwesi-hardware', cookiesFrom(created));
    const [business] = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.slug, 'kwesi-hardware'));
    const nails = await createProduct(t.database.db, business!.id, {
      price: 500,
      taxRate: '0',
      stockQuantity: 9,
    });
    const sale = (
      await postSale(t, headers, { items: [{ product_id: nails.id, quantity: 1 }], payments: [cash(500)] })
    ).json().sale;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${sale.id}/email-receipt`,
      headers,
      payload: { email: 'victim@example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'ACCOUNTS_EMAIL_VERIFICATION_REQUIRED',
      message: 'Verify your email address first: open the link we mailed you when you signed up.',
    });
    const sent = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'victim@example.com'));
    expect(sent).toHaveLength(0);
  });

  it('mails a new link on request from the banner, at most 3 an hour', async () => {
    const created = await signUp(owner({ email: 'ama@example.com', businessName: 'Ama Kitchen' }));
    const headers = businessHeaders('ama-kitchen', cookiesFrom(created));
    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/email-verification-requests', headers });
    for (let n = 0; n < 3; n++) {
      const response = await resend();
      expect(response.statusCode).toBe(202);
      expect(response.json().message).toBe('We have sent a new link to ama@example.com.');
    }
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many verification emails. Try again in 60 minutes.');
  });

  it('lets everyone who did not sign up alone (invited staff, existing owners) sign in as before', async () => {
    const shop = await createBusiness(t.database.db);
    await createUser(t.database.db, shop.id, { email: 'invited@example.com', role: 'cashier' });
    expect((await signIn(shop.slug, 'invited@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('business names stay distinguishable on the access page', () => {
  it.each(['Demo-Shop', 'DEMO SHOP!', 'demo.shop'])(
    'refuses "%s", which the access page could not tell from "Demo Shop"',
    async (name) => {
      const response = await signUp(owner({ email: `x${++ipCounter}@example.com`, businessName: name }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        businessName: 'A business with this name already exists. Try another name.',
      });
    },
  );

  it('still finds the real Demo Shop by its name after such attempts', async () => {
    const response = await t.app.inject({ url: '/api/v1/public/business-lookup?q=Demo%20Shop' });
    expect(response.statusCode).toBe(200);
    expect(response.json().business).toEqual({ slug: 'demo', name: 'Demo Shop' });
  });
});
