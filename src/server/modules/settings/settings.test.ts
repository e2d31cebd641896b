import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RECEIPT_SETTINGS } from '#domain/business-settings.ts';
import { buildApp } from '../../app.ts';
import { listMigrations } from '../../db/migrate.ts';
import type { App } from '../../http/types.ts';
import { createBusiness, createProduct } from '../../testing/factories.ts';
import {
  expectError,
  type SignedInMember,
  signedInMember,
  signedInShop,
} from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createMailer } from '../mail/index.ts';

// Settings → Business, Tax, Receipts and Roles (issue 16): validation, permissions, tenant isolation, the audit
// log, and a role change reaching a signed-in person on their next request, on this server and another one.

let t: TestApp;
/** A second server on the same database, as behind a load balancer. */
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  const mailer = createMailer(t.deps.config, t.database, { error() {}, info() {} });
  other = await buildApp({ ...t.deps, authCache: undefined, mailer });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const profile = (overrides: object = {}) => ({
  name: 'Ama Provisions',
  contact_person: 'Ama Mensah',
  email: 'ama@example.com',
  phone: '024 555 0101',
  address: '4 Ring Road, Accra',
  logo_url: 'https://example.com/logo.png',
  business_description: 'Provisions and household goods',
  business_type: 'Grocery Store',
  operating_hours: 'Mon–Sat 7:00–20:00',
  tax_id: 'C0011122233',
  receipt_footer: 'Thank you!',
  currency: 'GHS',
  timezone: 'Africa/Accra',
  theme_colors: {
    primary: '#AA3300',
    secondary: '#64748b',
    accent: '#10b981',
    background: '#ffffff',
    text: '#1f2937',
  },
  pos_features: ['inventory_management', 'customer_management', 'loyalty_program'],
  ...overrides,
});

const put = (member: SignedInMember, path: string, payload: object, app: App = t.app) =>
  app.inject({ method: 'PUT', url: `/api/v1/settings/${path}`, headers: member.headers, payload });
const get = (member: SignedInMember, url = '/api/v1/settings', app: App = t.app) =>
  app.inject({ url, headers: member.headers });

async function auditOf(owner: SignedInMember, action: string) {
  const response = await get(owner, `/api/v1/audit-log?action=${action}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entries as { summary: string; before: unknown; after: unknown }[];
}

describe('GET /api/v1/settings', () => {
  it('gives the owner every setting, with the defaults of a new business', async () => {
    const owner = await signedInShop(t, 'owner');
    const response = await get(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      profile: { name: owner.business.name, currency: 'GHS', timezone: 'Africa/Accra' },
      tax: { prices_include_tax: false, default_tax_rate: 12.5 },
      receipt: DEFAULT_RECEIPT_SETTINGS,
      roles: {
        manager: [
          'view_reports',
          'process_sales',
          'manage_products',
          'manage_categories',
          'manage_customers',
          'manage_users',
          'process_refunds',
          'manage_shifts',
        ],
        cashier: ['process_sales', 'manage_customers'],
      },
      discount_limit_percent: 10,
    });
  });

  it('refuses managers and cashiers, who do not hold manage_settings', async () => {
    const owner = await signedInShop(t, 'owner');
    for (const role of ['manager', 'cashier'] as const) {
      const member = await signedInMember(t, owner.business, role);
      expectError(await get(member), 403, 'FORBIDDEN');
      expectError(
        await put(member, 'tax', { prices_include_tax: true, default_tax_rate: 15 }),
        403,
        'FORBIDDEN',
      );
    }
  });
});

describe('PUT /api/v1/settings/profile', () => {
  it('saves every business field, shows the theme and features to everyone signed in, and audits the change', async () => {
    const owner = await signedInShop(t, 'owner');
    const cashier = await signedInMember(t, owner.business, 'cashier');
    const response = await put(owner, 'profile', profile());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile).toMatchObject({
      name: 'Ama Provisions',
      slug: owner.business.slug,
      business_type: 'Grocery Store',
      theme_colors: { primary: '#aa3300' },
      pos_features: ['inventory_management', 'customer_management', 'loyalty_program'],
    });
    const me = (await get(cashier, '/api/v1/me')).json();
    expect(me.business).toMatchObject({
      name: 'Ama Provisions',
      theme_colors: { primary: '#aa3300' },
      pos_features: ['inventory_management', 'customer_management', 'loyalty_program'],
      logo_url: 'https://example.com/logo.png',
    });
    const [entry] = await auditOf(owner, 'business_settings_changed');
    expect(entry?.summary).toContain('Business settings changed: name,');
    expect(entry?.after).toMatchObject({ name: 'Ama Provisions' });
    // Saving again with nothing changed writes no second line.
    expect((await put(owner, 'profile', profile())).statusCode).toBe(200);
    expect(await auditOf(owner, 'business_settings_changed')).toHaveLength(1);
  });

  it('refuses bad input with the field and its message, and changes nothing', async () => {
    const owner = await signedInShop(t, 'owner');
    const cases: [object, string, string][] = [
      [{ name: 'A' }, 'name', 'Business name must be at least 2 characters'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ phone: '12' }, 'phone', 'Please enter a valid phone number'],
      [
        { logo_url: 'javascript:alert(1)' },
        'logo_url',
        'Please enter a valid web address starting with https://',
      ],
      [
        { theme_colors: { ...profile().theme_colors, primary: 'red;}' } },
        'theme_colors.primary',
        'Primary colour must be a colour like #3b82f6',
      ],
      [{ pos_features: ['time_travel'] }, 'pos_features.0', 'Unknown POS feature'],
      [{ currency: 'BTC' }, 'currency', 'Choose a currency'],
    ];
    for (const [change, field, message] of cases) {
      const error = expectError(await put(owner, 'profile', profile(change)), 400, 'VALIDATION_FAILED');
      expect(error.fields?.[field], JSON.stringify(error)).toBe(message);
    }
    expect((await get(owner)).json().profile.name).toBe(owner.business.name);
  });

  it('closes the customer book on the server when customer management is turned off', async () => {
    const owner = await signedInShop(t, 'owner');
    const customers = () => get(owner, '/api/v1/customers');
    expect((await customers()).statusCode).toBe(200);
    expect(
      (await put(owner, 'profile', profile({ pos_features: ['inventory_management'] }))).statusCode,
    ).toBe(200);
    expectError(
      await customers(),
      403,
      'FEATURE_TURNED_OFF',
      'Customer management is turned off for this business.',
    );
    expect((await get(owner, '/api/v1/me')).json().business.pos_features).toEqual(['inventory_management']);
    expect((await put(owner, 'profile', profile())).statusCode).toBe(200);
    expect((await customers()).statusCode).toBe(200);
  });

  it('keeps receipt printing and mobile money on for shops that existed before they could be turned off', async () => {
    const [migration] = listMigrations().filter((m) => m.name.startsWith('0160_'));
    const before = await createBusiness(t.database.db, { posFeatures: ['inventory_management'] });
    const complete = await createBusiness(t.database.db, {
      posFeatures: ['mobile_payments', 'receipt_printing', 'loyalty_program'],
    });
    await t.database.query(migration!.sql);
    const featuresOf = async (id: string) =>
      (
        await t.database.query<{ pos_features: string[] }>(
          'SELECT pos_features FROM businesses WHERE id = $1',
          [id],
        )
      )[0]?.pos_features;
    expect(await featuresOf(before.id)).toEqual([
      'inventory_management',
      'receipt_printing',
      'mobile_payments',
    ]);
    expect(await featuresOf(complete.id)).toEqual(['mobile_payments', 'receipt_printing', 'loyalty_program']);
  });

  it("changes only the signed-in owner's business, never another one named by the address", async () => {
    const shopA = await signedInShop(t, 'owner');
    const shopB = await signedInShop(t, 'owner');
    // Shop A's cookie sent to shop B's address is no session there.
    const crossed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/profile',
      headers: { ...shopA.headers, 'x-business': shopB.business.slug },
      payload: profile({ name: 'Taken Over' }),
    });
    expectError(crossed, 401, 'NOT_SIGNED_IN');
    expect((await put(shopA, 'profile', profile({ name: 'Shop A Renamed' }))).statusCode).toBe(200);
    expect((await get(shopB)).json().profile.name).toBe(shopB.business.name);
    expect((await get(shopA)).json().profile.name).toBe('Shop A Renamed');
  });
});

describe('PUT /api/v1/settings/tax', () => {
  it('prices a sale tax-inclusive once chosen (the total is the shelf price), and its refund gives back that price', async () => {
    const owner = await signedInShop(t, 'owner');
    const product = await createProduct(t.database.db, owner.businessId, { price: 1125, taxRate: '12.50' });
    const sell = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sales',
        headers: { ...owner.headers, 'idempotency-key': randomUUID() },
        payload: {
          items: [{ product_id: product.id, quantity: 2 }],
          payments: [{ method: 'cash', amount: 2250, amount_tendered: 3000 }],
        },
      });
      return response;
    };
    // Tax on top: 2 × ₵11.25 = ₵22.50 + 12.5 % (₵2.81) = ₵25.31, more than the ₵22.50 paid.
    expectError(await sell(), 400, 'INSUFFICIENT_AMOUNT');

    const saved = await put(owner, 'tax', { prices_include_tax: true, default_tax_rate: 15 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().tax).toEqual({ prices_include_tax: true, default_tax_rate: 15 });
    const response = await sell();
    expect(response.statusCode, response.body).toBe(201);
    const { sale } = response.json();
    // ₵22.50 holds 12.5 % tax: 2250 × 12.5 / 112.5 = ₵2.50; before tax ₵20.00.
    expect(sale).toMatchObject({ subtotal: 2000, tax_amount: 250, total_amount: 2250, change_given: 750 });
    expect(sale.items[0]).toMatchObject({ total_price: 2250, tax_amount: 250 });

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${sale.id}/refund`,
      headers: owner.headers,
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().refund).toMatchObject({
      subtotal: -2000,
      tax_amount: -250,
      total_amount: -2250,
    });
    // A parked cart's total on the shelf is the till's total too.
    const parked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parked-carts',
      headers: owner.headers,
      payload: {
        cart: {
          items: [
            { product_id: product.id, name: product.name, unit_price: 1125, tax_rate: 12.5, quantity: 2 },
          ],
        },
      },
    });
    expect(parked.statusCode, parked.body).toBe(201);
    expect(parked.json().parked_cart.total_amount).toBe(2250);

    const [entry] = await auditOf(owner, 'business_settings_changed');
    expect(entry?.summary).toBe('Tax settings changed: prices include tax, default tax rate');
  });

  it('refuses a rate outside 0–100 or with more than two decimals', async () => {
    const owner = await signedInShop(t, 'owner');
    for (const rate of [-1, 101, 12.345]) {
      const error = expectError(
        await put(owner, 'tax', { prices_include_tax: false, default_tax_rate: rate }),
        400,
        'VALIDATION_FAILED',
      );
      expect(error.fields?.default_tax_rate).toBe('Tax rate must be between 0 and 100');
    }
    expect((await get(owner)).json().tax.default_tax_rate).toBe(12.5);
  });
});

describe('PUT /api/v1/settings/receipt', () => {
  it('saves the paper and what shows, and every sale carries them for its printed receipt', async () => {
    const owner = await signedInShop(t, 'owner');
    const settings = {
      ...DEFAULT_RECEIPT_SETTINGS,
      paper_width: '58',
      show_tax_id: false,
      show_barcode: false,
    };
    const response = await put(owner, 'receipt', settings);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().receipt).toEqual(settings);
    const product = await createProduct(t.database.db, owner.businessId, { price: 1000, taxRate: '0' });
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: { ...owner.headers, 'idempotency-key': randomUUID() },
      payload: {
        items: [{ product_id: product.id, quantity: 1 }],
        payments: [{ method: 'cash', amount: 1000 }],
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().sale.business.receipt).toEqual(settings);
    expectError(await put(owner, 'receipt', { ...settings, paper_width: '72' }), 400, 'VALIDATION_FAILED');
  });
});

describe('PUT /api/v1/settings/roles', () => {
  it('takes a permission from cashiers: a signed-in cashier loses it on the next request, on every server', async () => {
    const owner = await signedInShop(t, 'owner');
    const cashier = await signedInMember(t, owner.business, 'cashier');
    const customers = (app: App) => app.inject({ url: '/api/v1/customers', headers: cashier.headers });
    // Both servers hold the cashier's session (and the business) in their caches.
    expect((await customers(t.app)).statusCode).toBe(200);
    expect((await customers(other)).statusCode).toBe(200);

    const response = await put(owner, 'roles', {
      manager: ['view_reports', 'process_sales'],
      cashier: ['process_sales'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().roles).toEqual({
      manager: ['view_reports', 'process_sales'],
      cashier: ['process_sales'],
    });

    // This server answered only after the change reached its cache: the very next request is refused.
    expectError(await customers(t.app), 403, 'FORBIDDEN');
    expect((await get(cashier, '/api/v1/me')).json().permissions).toEqual(['process_sales']);
    // The other server hears it over LISTEN/NOTIFY.
    await vi.waitFor(async () => expect((await customers(other)).statusCode).toBe(403), { timeout: 2000 });

    const entries = await auditOf(owner, 'role_permissions_changed');
    expect(entries.map((entry) => entry.summary).sort()).toEqual([
      'Cashiers: took manage_customers',
      'Managers: took manage_products, manage_categories, manage_customers, manage_users, process_refunds, manage_shifts',
    ]);

    // Given back, the cashier may again.
    await put(owner, 'roles', { manager: ['view_reports'], cashier: ['process_sales', 'manage_customers'] });
    expect((await customers(t.app)).statusCode).toBe(200);
  });

  it('keeps owner-only permissions for the owner and never changes what the owner holds', async () => {
    const owner = await signedInShop(t, 'owner');
    const error = expectError(
      await put(owner, 'roles', { manager: ['manage_settings'], cashier: [] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.fields?.['manager.0']).toBe('Only the owner may hold this permission');
    expect((await put(owner, 'roles', { manager: [], cashier: [] })).statusCode).toBe(200);
    expect((await get(owner, '/api/v1/me')).json().permissions).toContain('manage_settings');
    expect((await get(owner)).statusCode).toBe(200);
  });

  it('refuses a manager, even one given every permission a manager may hold', async () => {
    const owner = await signedInShop(t, 'owner');
    const manager = await signedInMember(t, owner.business, 'manager');
    expectError(await put(manager, 'roles', { manager: ['manage_users'], cashier: [] }), 403, 'FORBIDDEN');
  });
});
