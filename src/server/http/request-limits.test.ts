import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { cash, createProduct, createShop, postSale } from '../modules/sales/test-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { REQUEST_LIMITS } from './request-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('limits on mail a cashier can send', () => {
  it('refuses the 21st receipt email of one cashier in an hour, with a clear 429', async () => {
    const shop = await createShop(t, 'cashier');
    const water = await createProduct(t.database.db, shop.business.id, {
      price: 600,
      taxRate: '0',
      stockQuantity: 50,
    });
    const sale = (
      await postSale(t, shop.headers, {
        items: [{ product_id: water.id, quantity: 1 }],
        payments: [cash(600)],
      })
    ).json().sale;
    const send = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/sales/${sale.id}/email-receipt`,
        headers: shop.headers,
        remoteAddress: '10.9.0.1',
        payload: { email: `stranger${n}@example.com` },
      });
    for (let n = 0; n < 20; n++) expect((await send(n)).statusCode).toBe(202);
    const refused = await send(21);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many receipt emails. Try again in 60 minutes.',
    });
    const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'receipt'));
    expect(queued.filter((mail) => mail.to === 'stranger21@example.com')).toHaveLength(0);

    // Another cashier of the shop, at another till address, is not held up.
    const colleague = await createShop(t, 'cashier');
    const other = (
      await postSale(t, colleague.headers, {
        items: [
          {
            product_id: (
              await createProduct(t.database.db, colleague.business.id, {
                price: 100,
                taxRate: '0',
                stockQuantity: 5,
              })
            ).id,
            quantity: 1,
          },
        ],
        payments: [cash(100)],
      })
    ).json().sale;
    const fine = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${other.id}/email-receipt`,
      headers: colleague.headers,
      remoteAddress: '10.9.0.2',
      payload: { email: 'yaw@example.com' },
    });
    expect(fine.statusCode).toBe(202);

    t.clock.advance(61 * 60_000);
    expect((await send(22)).statusCode).toBe(202);
  });
});

describe('limits on anonymous contact requests', () => {
  const contact = (remoteAddress: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact-requests',
      remoteAddress,
      payload: {
        business_name: 'Auntie Ama Provisions',
        contact_person: 'Ama Owusu',
        email,
        phone: '+233 24 000 0000',
      },
    });

  it('accepts 5 from one address in an hour and refuses the 6th', async () => {
    for (let n = 0; n < 5; n++)
      expect((await contact('41.66.10.1', `lead${n}@example.com`)).statusCode).toBe(201);
    const refused = await contact('41.66.10.1', 'lead6@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many contact requests. Try again in 60 minutes.',
    });
    expect((await contact('41.66.10.2', 'lead7@example.com')).statusCode).toBe(201);
  });

  it('accepts 3 for one email in an hour, from whatever address', async () => {
    for (let n = 0; n < 3; n++)
      expect((await contact(`41.66.11.${n}`, 'same@example.com')).statusCode).toBe(201);
    expect((await contact('41.66.11.9', 'SAME@example.com')).statusCode).toBe(429);
  });
});

describe('the limits table', () => {
  it('names only routes that exist', () => {
    const routes = t.app.routeAccessTable().map((route) => `${route.method} ${route.url}`);
    for (const entry of REQUEST_LIMITS) expect(routes).toContain(`${entry.method} ${entry.url}`);
  });
});
