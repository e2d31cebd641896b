import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnsafeText, hasUnsafeCharacters } from '#domain/schemas/fields.ts';
import { createBusiness, createUser, staffCookie } from '../testing/factories.ts';
import { businessHeaders, createTestApp, type TestApp } from '../testing/test-app.ts';

const MESSAGE = 'Remove the invisible characters from this field';
const NUL = '\u0000';
const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';

describe('the unsafe-character rule', () => {
  it('finds NULs and lone surrogates, and lets a whole emoji pass', () => {
    expect(hasUnsafeCharacters(`Ama${NUL}`)).toBe(true);
    expect(hasUnsafeCharacters(`Ama ${LONE_HIGH}`)).toBe(true);
    expect(hasUnsafeCharacters(`${LONE_LOW} Ama`)).toBe(true);
    expect(hasUnsafeCharacters('Ama 😀 Kɔkɔɔ ₵')).toBe(false);
  });

  it('names the first bad field by its path, keys included', () => {
    expect(findUnsafeText({ a: 'ok', cart: { items: [{ name: 'ok' }, { name: `x${NUL}` }] } })).toBe(
      'cart.items.1.name',
    );
    expect(findUnsafeText({ [`k${NUL}`]: 'ok' })).toBe(`k${NUL}`);
    expect(findUnsafeText({ a: ['ok', 1, null, true] })).toBeNull();
  });
});

describe('requests carrying NULs or lone surrogates', () => {
  let t: TestApp;
  let cashierCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const shop = await createBusiness(t.database.db, { slug: 'chars-shop' });
    const cashier = await createUser(t.database.db, shop.id, { role: 'cashier' });
    cashierCookie = await staffCookie(t.database.db, cashier, 'chars-shop');
  });
  afterAll(() => t.close());

  function expectRefused(response: { statusCode: number; json(): unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: MESSAGE, fields: { [field]: MESSAGE } },
    });
  }

  const contact = {
    business_name: 'Auntie Ama Provisions',
    contact_person: 'Ama Owusu',
    email: 'ama@example.com',
    phone: '+233 24 000 0000',
    message: 'We sell provisions in Madina.',
  };

  it.each([
    ['business_name', `Auntie${NUL}`],
    ['contact_person', `Ama ${LONE_HIGH}`],
    ['message', `Hello ${LONE_LOW}`],
  ])('refuses the anonymous contact form with a bad %s', async (field, value) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact-requests',
      payload: { ...contact, [field]: value },
    });
    expectRefused(response, field);
  });

  it('refuses a sign-up whose name holds a NUL', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: {
        firstName: `Ama${NUL}`,
        lastName: 'Owusu',
        email: 'ama.owusu@example.com',
        phone: '024 123 4567',
        businessName: 'Ama Fresh',
        password: 'Provisions@2026',
        confirmPassword: 'Provisions@2026',
      },
    });
    expectRefused(response, 'firstName');
  });

  it.each([
    '/api/v1/products?search=%00',
    '/api/v1/customers?search=%00',
    '/api/v1/pos/products?search=%00',
    '/api/v1/customers?search=Ama%00Owusu',
  ])('refuses a search parameter with a NUL: %s', async (url) => {
    const response = await t.app.inject({ url, headers: businessHeaders('chars-shop', cashierCookie) });
    expectRefused(response, 'search');
  });

  it('refuses a NUL in the by-code path', async () => {
    const response = await t.app.inject({
      url: '/api/v1/pos/products/by-code/6031%00',
      headers: businessHeaders('chars-shop', cashierCookie),
    });
    expectRefused(response, 'code');
  });

  it("refuses a parked cart whose item's name holds a lone surrogate", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parked-carts',
      headers: businessHeaders('chars-shop', cashierCookie),
      payload: {
        note: 'for Kojo',
        cart: {
          items: [
            {
              product_id: randomUUID(),
              name: `Milo ${LONE_HIGH}`,
              unit_price: 5500,
              tax_rate: 0,
              quantity: 1,
            },
          ],
        },
      },
    });
    expectRefused(response, 'cart.items.0.name');
  });
});
