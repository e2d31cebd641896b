import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../../testing/factories.ts';
import { businessHeaders, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createBusiness(t.database.db, {
    slug: 'kofi-mart',
    name: 'Kofi Mart',
    email: 'kofi.owner@example.com',
    phone: '024 555 0199',
    address: 'Kaneshie, Accra',
    taxId: 'C0001234567',
    receiptFooter: 'Thank you',
    isOnboarded: false,
  });
});
afterAll(() => t.close());

// What the business gate, sign-in, reset and onboarding pages show; nothing else leaves the server.
const SHOWN = ['currency', 'is_active', 'logo_url', 'name', 'slug', 'theme_colors', 'timezone'];

describe('the public business profile', () => {
  for (const [label, request] of [
    ['by slug', { url: '/api/v1/public/businesses/kofi-mart' }],
    ['by address', { url: '/api/v1/public/business', headers: businessHeaders('kofi-mart') }],
  ] as const) {
    it(`gives only what the public pages show, ${label}: not the id, the sign-in email or the onboarding state`, async () => {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(200);
      const business = response.json().business;
      expect(Object.keys(business).sort()).toEqual(SHOWN);
      expect(business).toMatchObject({ name: 'Kofi Mart', slug: 'kofi-mart', is_active: true });
      for (const hidden of ['id', 'email', 'is_onboarded', 'phone', 'address', 'tax_id', 'receipt_footer']) {
        expect(business).not.toHaveProperty(hidden);
      }
      expect(response.body).not.toContain('kofi.owner@example.com');
    });
  }
});
