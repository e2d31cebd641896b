import { randomUUID } from 'node:crypto';
import type { Role } from '#domain/permissions.ts';
import { createBusiness, createUser, staffCookie } from '../../testing/factories.ts';
import { businessHeaders, type TestApp } from '../../testing/test-app.ts';

// Small factories for the till's tests: a shop with a signed-in cashier, products and customers.

export { createCategory, createCustomer, createProduct } from '../../testing/factories.ts';

export async function createShop(t: TestApp, role: Role = 'cashier') {
  const db = t.database.db;
  const business = await createBusiness(db, {
    address: '12 Oxford Street, Osu, Accra',
    phone: '+233 30 222 1111',
    taxId: 'C0098765432',
    receiptFooter: 'Thank you! Come again.',
  });
  const user = await createUser(db, business.id, { role, firstName: 'Kofi', lastName: 'Asare' });
  const cookie = await staffCookie(db, user, business.slug);
  return { business, user, cookie, headers: businessHeaders(business.slug, cookie) };
}

/** POST /api/v1/sales with a fresh Idempotency-Key unless one is given. */
export function postSale(
  t: TestApp,
  headers: Record<string, string>,
  payload: unknown,
  key: string = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: { ...headers, 'idempotency-key': key },
    payload: payload as Record<string, unknown>,
  });
}

/** A cash payment of exactly `amount`, handed over as `tendered`. */
export const cash = (amount: number, tendered = amount) => ({
  method: 'cash',
  amount,
  amount_tendered: tendered,
});
