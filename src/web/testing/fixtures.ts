import { DEFAULT_RECEIPT_SETTINGS, defaultRolePermissions } from '#domain/business-settings.ts';
import { permissionsOf, type Role } from '#domain/permissions.ts';
import { type Me, meResponse, type PinSignInResult, pinSignInResult } from '#domain/schemas/auth.ts';
import { type Category, category, type Product, product } from '#domain/schemas/catalog.ts';
import { type PublicBusiness, publicBusiness } from '#domain/schemas/contact-request.ts';
import { type Customer, customer } from '#domain/schemas/customers.ts';
import { type PosProduct, posProduct, type Sale, sale } from '#domain/schemas/sales.ts';
import { type SettingsResponse, settingsResponse } from '#domain/schemas/settings.ts';
import { type SyncProduct, syncProduct } from '#domain/schemas/sync.ts';
import { type HistorySale, historySale } from '#domain/schemas/transactions.ts';
import { sampleSale } from '#domain/testing/sample-sale.ts';

// What the API answers, built through the domain's response schemas: a fixture that drifts from the API's
// shape fails where it is built, instead of a test passing against data the server never sends.

let counter = 0;
/** A fresh UUID-shaped id per call, so two fixtures never share one by accident. */
export function fixtureId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

const AT = '2025-01-01T00:00:00.000Z';

/** The test business's id, as signed-in answers (me, PIN sign-in) carry it; the public profile does not. */
export const TEST_BUSINESS_ID = 'b0000000-0000-4000-8000-000000000001';

export function businessFixture(overrides: Partial<PublicBusiness> = {}): PublicBusiness {
  return publicBusiness.parse({
    name: 'Demo Shop',
    slug: 'demo',
    logo_url: null,
    is_active: true,
    currency: 'GHS',
    timezone: 'Africa/Accra',
    theme_colors: {
      primary: '#0f766e',
      secondary: '#f59e0b',
      accent: '#dc2626',
      background: '#ffffff',
      text: '#111827',
    },
    ...overrides,
  });
}

/** The business every rendered page belongs to unless a test says otherwise. */
export const TEST_BUSINESS = businessFixture();

export function meFixture(role: Role = 'owner', overrides: Partial<Me> = {}): Me {
  return meResponse.parse({
    user: {
      id: 'a0000000-0000-4000-8000-000000000001',
      email: 'ama@example.com',
      first_name: 'Ama',
      last_name: 'Mensah',
      full_name: 'Ama Mensah',
      phone: null,
      role,
    },
    role,
    permissions: permissionsOf(role),
    business: { id: TEST_BUSINESS_ID, name: TEST_BUSINESS.name, slug: TEST_BUSINESS.slug },
    pin_choice: { due: false, issued_pin_expires_at: null },
    session: {
      id: 'c0000000-0000-4000-8000-000000000001',
      auth_method: 'password',
      expires_at: '2099-01-01T00:00:00.000Z',
    },
    ...overrides,
  });
}

/** platform §3 "PIN login result" for a cashier of the test business. */
export function pinSignInFixture(overrides: Partial<PinSignInResult> = {}): PinSignInResult {
  return pinSignInResult.parse({
    success: true,
    user_email: 'cashier@demo.shop',
    user_name: 'Ama Darko',
    user_role: 'cashier',
    user_id: '7f7c1d3e-1111-4a4a-8b8b-000000000001',
    business_id: TEST_BUSINESS_ID,
    is_first_login: false,
    is_pending: false,
    must_choose_pin: false,
    auth_type: 'pin',
    expires_at: '2099-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export function categoryFixture(overrides: Partial<Category> = {}): Category {
  return category.parse({
    id: fixtureId(),
    name: 'Beverages',
    sort_order: 0,
    is_active: true,
    product_count: 0,
    ...overrides,
  });
}

export function productFixture(overrides: Partial<Product> = {}): Product {
  return product.parse({
    id: fixtureId(),
    name: 'Milo 400g Tin',
    description: null,
    barcode: null,
    sku: null,
    price: 5500,
    cost_price: 4000,
    tax_rate: 12.5,
    stock_quantity: 10,
    min_stock_level: 5,
    category: null,
    category_id: null,
    is_active: true,
    image_url: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  });
}

export function posProductFixture(overrides: Partial<PosProduct> = {}): PosProduct {
  return posProduct.parse({
    id: fixtureId(),
    name: 'Voltic Mineral Water 1.5L',
    description: null,
    price: 600,
    tax_rate: 0,
    stock_quantity: 96,
    min_stock_level: 5,
    barcode: null,
    sku: null,
    image_url: null,
    category: null,
    ...overrides,
  });
}

/** A product as the catalog sync sends it to the till's copy; `n` makes its id, whose order tests compare. */
export function syncProductFixture(
  n: number,
  name: string,
  overrides: Partial<SyncProduct> = {},
): SyncProduct {
  return syncProduct.parse({
    ...posProductFixture({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name,
      stock_quantity: 10,
    }),
    category_id: null,
    is_active: true,
    ...overrides,
  });
}

export function customerFixture(overrides: Partial<Customer> = {}): Customer {
  return customer.parse({
    id: fixtureId(),
    name: 'Efua Mensah',
    phone: null,
    email: null,
    loyalty_points: 0,
    total_spent: 0,
    visit_count: 0,
    last_visit: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  });
}

/** A sale as the API returns it; the caller gives at least its items and totals. */
export function saleFixture(values: Sale): Sale {
  return sale.parse(values);
}

/** A transaction as the history returns it: the sample sale with nothing refunded, unless overridden. */
export function historySaleFixture(overrides: Partial<HistorySale> = {}): HistorySale {
  const base = sampleSale();
  return historySale.parse({
    ...base,
    original_transaction_id: null,
    original_receipt_number: null,
    refunded_amount: 0,
    items: base.items.map((item) => ({ ...item, refunded_quantity: 0 })),
    ...overrides,
  });
}

/** GET /api/v1/settings of the test business, with the defaults of a new business. */
export function settingsFixture(overrides: Partial<SettingsResponse> = {}): SettingsResponse {
  return settingsResponse.parse({
    profile: {
      name: TEST_BUSINESS.name,
      slug: TEST_BUSINESS.slug,
      contact_person: 'Ama Mensah',
      email: 'shop@example.com',
      phone: '+233 24 123 4567',
      address: '14 Oxford Street, Osu, Accra',
      logo_url: null,
      business_description: null,
      business_type: 'Grocery Store',
      operating_hours: null,
      tax_id: 'C0012345678',
      receipt_footer: 'Thank you for shopping with us!',
      currency: 'GHS',
      timezone: 'Africa/Accra',
      theme_colors: TEST_BUSINESS.theme_colors,
      pos_features: ['inventory_management', 'customer_management'],
    },
    tax: { prices_include_tax: false, default_tax_rate: 12.5 },
    receipt: DEFAULT_RECEIPT_SETTINGS,
    roles: defaultRolePermissions(),
    discount_limit_percent: 10,
    ...overrides,
  });
}
