import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createUser, staffCookie } from '../../testing/factories.ts';
import { businessHeaders, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { applyCustomerStats } from './index.ts';

let t: TestApp;
let shop: { id: string; slug: string };
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  shop = await createBusiness(db, { slug: 'book-shop' });
  // Cashiers hold manage_customers: the till's customer picker uses these routes.
  const cashier = await createUser(db, shop.id, { role: 'cashier' });
  headers = businessHeaders(shop.slug, await staffCookie(db, cashier, shop.slug));
  const other = await createBusiness(db, { slug: 'book-other' });
  const otherOwner = await createUser(db, other.id);
  otherHeaders = businessHeaders(other.slug, await staffCookie(db, otherOwner, other.slug));
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

  it('keeps the stats to sales: a sale adds spend and a visit, the cards sum them', async () => {
    const created = (await create({ name: 'Adwoa Sarpong' })).json().customer;
    const at = new Date('2025-03-01T10:00:00Z');
    await withTenant(t.database.db, shop.id, (tx) =>
      applyCustomerStats(tx, {
        businessId: shop.id,
        customerId: created.id,
        spentDelta: 12_550,
        visitDelta: 1,
        loyaltyPointsDelta: 12,
        at,
      }),
    );
    const response = await t.app.inject({ url: `/api/v1/customers/${created.id}`, headers });
    expect(response.json().customer).toMatchObject({
      total_spent: 12_550,
      visit_count: 1,
      loyalty_points: 12,
      last_visit: at.toISOString(),
    });
    const summary = (await t.app.inject({ url: '/api/v1/customers/summary', headers })).json();
    expect(summary).toEqual({
      total_customers: 5,
      active_customers: 1,
      total_spent: 12_550,
      loyalty_points: 12,
    });
    await expect(
      withTenant(t.database.db, shop.id, (tx) =>
        applyCustomerStats(tx, {
          businessId: shop.id,
          customerId: '00000000-0000-4000-8000-000000000000',
          spentDelta: 1,
          visitDelta: 1,
        }),
      ),
    ).rejects.toThrow('Customer not found');
  });

  it("gives another business 404 on this business's customer and changes nothing", async () => {
    const created = (await create({ name: 'Private Person' })).json().customer;
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/customers/${created.id}` },
      { method: 'PATCH' as const, url: `/api/v1/customers/${created.id}`, payload: { name: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/v1/customers/${created.id}` },
    ]) {
      expect((await t.app.inject({ ...request, headers: otherHeaders })).statusCode).toBe(404);
    }
    expect((await list('search=Private', otherHeaders)).customers).toEqual([]);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row).toMatchObject({ name: 'Private Person', isActive: true });
  });

  it('asks for a sign-in without a session', async () => {
    const response = await t.app.inject({ url: '/api/v1/customers', headers: { 'x-business': shop.slug } });
    expect(response.statusCode).toBe(401);
  });
});
