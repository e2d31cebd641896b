import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { expectError, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordVisit, reverseVisit } from './index.ts';

let t: TestApp;
let shop: { id: string; slug: string };
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let other: { id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  // Cashiers hold manage_customers: the till's customer picker uses these routes.
  ({ business: shop, headers } = await signedInShop(t, 'cashier', { business: { slug: 'book-shop' } }));
  ({ business: other, headers: otherHeaders } = await signedInShop(t, 'owner', {
    business: { slug: 'book-other' },
  }));
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>, h = headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/customers', headers: h, payload });
const list = async (query = '', h = headers) =>
  (await t.app.inject({ url: `/api/v1/customers?${query}`, headers: h })).json();

describe('customers', () => {
  it('creates a customer with stats at 0 and without the phone and email left out', async () => {
    const response = await create({ name: 'Akosua Darko' });
    expect(response.statusCode).toBe(201);
    expect(response.json().customer).toMatchObject({
      name: 'Akosua Darko',
      phone: null,
      email: null,
      loyalty_points: 0,
      total_spent: 0,
      visit_count: 0,
      last_visit: null,
    });
  });

  it('ignores stats sent by the form', async () => {
    const response = await create({
      name: 'Yaw Boateng',
      phone: '+233 20 111 2222',
      total_spent: 999_999,
      visit_count: 50,
    });
    expect(response.json().customer).toMatchObject({ total_spent: 0, visit_count: 0 });
  });

  it.each([
    [{ name: '' }, 'name', 'Customer name is required'],
    [{ name: 'x'.repeat(10_000) }, 'name', 'Customer name must be at most 120 characters'],
    [{ name: 'Kwesi', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [
      { name: 'Kwesi', phone: 'call me' },
      'phone',
      'Please enter a valid phone number, e.g. +233 24 123 4567',
    ],
  ])('refuses %j with "%s: %s"', async (payload, field, message) => {
    const before = (await list()).total;
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message,
      fields: { [field]: message },
    });
    expect((await list()).total).toBe(before);
  });

  it('refuses a phone or email another customer has (a local and an international number are one)', async () => {
    await create({ name: 'Efua Mensah', phone: '024 123 4567', email: 'efua@example.com' });
    const samePhone = await create({ name: 'Someone', phone: '+233 24 123 4567' });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().error).toEqual({
      code: 'PHONE_TAKEN',
      message: 'This phone number already belongs to Efua Mensah',
      fields: { phone: 'This phone number already belongs to Efua Mensah' },
    });
    const sameEmail = await create({ name: 'Someone', email: 'EFUA@example.com' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error.fields).toEqual({
      email: 'This email address already belongs to Efua Mensah',
    });
    // Another business keeps its own book.
    expect((await create({ name: 'Efua', phone: '0241234567' }, otherHeaders)).statusCode).toBe(201);
  });

  it('searches name (contains), phone (by digits too) and email, ordered by name, with a total', async () => {
    const names = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}`)).customers.map((c: { name: string }) => c.name);
    expect(await names('mensah')).toEqual(['Efua Mensah']);
    expect(await names('0241234')).toEqual(['Efua Mensah']);
    expect(await names('20 111')).toEqual(['Yaw Boateng']);
    expect(await names('EXAMPLE.COM')).toEqual(['Efua Mensah']);
    expect(await names('%')).toEqual([]);
    const page = await list('limit=1&offset=1');
    expect(page.total).toBe(3);
    expect(page.customers.map((c: { name: string }) => c.name)).toEqual(['Efua Mensah']);
  });

  it('edits name, phone and email; null clears; deletes softly', async () => {
    const created = (await create({ name: 'Kojo', phone: '0551234567', email: 'kojo@example.com' })).json()
      .customer;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/customers/${created.id}`,
      headers,
      payload: { name: 'Kojo Antwi', phone: null },
    });
    expect(edited.json().customer).toMatchObject({
      name: 'Kojo Antwi',
      phone: null,
      email: 'kojo@example.com',
    });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/customers/${created.id}`, headers });
    expect(deleted.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row?.isActive).toBe(false);
    const byId = await t.app.inject({ url: `/api/v1/customers/${created.id}`, headers });
    expect(byId.statusCode).toBe(404);
    expect(byId.json().error).toEqual({ code: 'CUSTOMER_NOT_FOUND', message: 'Customer not found' });
    // Its email is free again.
    expect((await create({ name: 'New Kojo', email: 'kojo@example.com' })).statusCode).toBe(201);
  });

  it('keeps the stats to sales: a sale adds spend and a visit, a void takes them back, the cards sum them', async () => {
    const created = (await create({ name: 'Adwoa Sarpong' })).json().customer;
    const at = new Date('2025-03-01T10:00:00Z');
    const visit = { businessId: shop.id, customerId: created.id, amount: 12_550, at };
    expect(await withTenant(t.database.db, shop.id, (tx) => recordVisit(tx, visit))).toBe(true);
    expect(
      await withTenant(t.database.db, shop.id, (tx) =>
        recordVisit(tx, { ...visit, amount: 2000, at: new Date('2025-03-02T10:00:00Z') }),
      ),
    ).toBe(true);
    const response = await t.app.inject({ url: `/api/v1/customers/${created.id}`, headers });
    expect(response.json().customer).toMatchObject({
      total_spent: 14_550,
      visit_count: 2,
      last_visit: '2025-03-02T10:00:00.000Z',
    });
    const summary = (await t.app.inject({ url: '/api/v1/customers/summary', headers })).json();
    expect(summary).toMatchObject({ total_customers: 5, active_customers: 1, total_spent: 14_550 });

    // A void takes back the spend and the visit; a refund only the amount refunded; never below zero.
    await withTenant(t.database.db, shop.id, (tx) =>
      reverseVisit(tx, {
        businessId: shop.id,
        customerId: created.id,
        amount: 2000,
        isVisitUndone: true,
        at,
      }),
    );
    await withTenant(t.database.db, shop.id, (tx) =>
      reverseVisit(tx, {
        businessId: shop.id,
        customerId: created.id,
        amount: 99_999,
        isVisitUndone: false,
        at,
      }),
    );
    const after = (await t.app.inject({ url: `/api/v1/customers/${created.id}`, headers })).json().customer;
    expect(after).toMatchObject({ total_spent: 0, visit_count: 1, last_visit: '2025-03-02T10:00:00.000Z' });

    // Another business's customer, or none, is not touched.
    expect(
      await withTenant(t.database.db, other.id, (tx) => recordVisit(tx, { ...visit, businessId: other.id })),
    ).toBe(false);
    expect(
      await withTenant(t.database.db, shop.id, (tx) =>
        recordVisit(tx, { ...visit, customerId: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toBe(false);
  });

  it("gives another business 404 on this business's customer and changes nothing", async () => {
    const created = (await create({ name: 'Private Person' })).json().customer;
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/customers/${created.id}` },
      { method: 'PATCH' as const, url: `/api/v1/customers/${created.id}`, payload: { name: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/v1/customers/${created.id}` },
    ]) {
      expectError(await t.app.inject({ ...request, headers: otherHeaders }), 404, 'CUSTOMER_NOT_FOUND');
    }
    expect((await list('search=Private', otherHeaders)).customers).toEqual([]);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row).toMatchObject({ name: 'Private Person', isActive: true });
  });

  it('asks for a sign-in without a session', async () => {
    const response = await t.app.inject({ url: '/api/v1/customers', headers: { 'x-business': shop.slug } });
    expectError(response, 401, 'NOT_SIGNED_IN', 'Please sign in to continue.');
  });
});
