import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { access } from '../../http/access.ts';
import { requireStaff } from '../../http/staff-session.ts';
import type { App } from '../../http/types.ts';
import { adminCookie, createAdmin, createBusiness } from '../../testing/factories.ts';
import { signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createMailer } from '../mail/index.ts';

// platform §4 "Business: active or inactive, toggled by an admin": a deactivated shop's staff are refused on
// their very next request, with the sessions they already hold; reactivating lets the same sessions back in.
let app: App;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  const mailer = createMailer(config, database, { error() {}, info() {} });
  app = await buildApp({ config, database, mailer, now: () => new Date() });
  // Any staff route serves; this one answers with who is signed in.
  app.get('/api/v1/test/whoami', { config: { access: access.staff } }, async (request) => {
    const actor = await requireStaff(request, { config, database, mailer, now: () => new Date() });
    return { email: actor.user.email };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('deactivating a business', () => {
  it("refuses its staff's existing session at once and lets it back in after reactivation", async () => {
    const { business: shop, headers: staff } = await signedInShop({ database }, 'cashier', {
      business: { slug: 'adenta-mart' },
      user: { email: 'kwesi@adenta.test' },
    });
    const admin = { cookie: await adminCookie(database.db, await createAdmin(database.db)) };

    const before = await app.inject({ url: '/api/v1/test/whoami', headers: staff });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ email: 'kwesi@adenta.test' });

    const off = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${shop.id}/deactivate`,
      headers: admin,
    });
    expect(off.statusCode).toBe(200);

    const refused = await app.inject({ url: '/api/v1/test/whoami', headers: staff });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'BUSINESS_INACTIVE',
        message: 'This business has been deactivated. Please contact support to reactivate it.',
      },
    });

    const on = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${shop.id}/activate`,
      headers: admin,
    });
    expect(on.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/v1/test/whoami', headers: staff });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ email: 'kwesi@adenta.test' });
  });

  it('leaves other businesses alone', async () => {
    const a = await createBusiness(database.db);
    const { headers: staffB } = await signedInShop({ database });
    const admin = { cookie: await adminCookie(database.db, await createAdmin(database.db)) };
    await app.inject({ method: 'POST', url: `/api/v1/admin/businesses/${a.id}/deactivate`, headers: admin });
    expect((await app.inject({ url: '/api/v1/test/whoami', headers: staffB })).statusCode).toBe(200);
  });
});
