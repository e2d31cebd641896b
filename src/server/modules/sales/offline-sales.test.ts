import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '#domain/schemas/sales.ts';
import { payments, productPriceHistory, products, transactions } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cash, createProduct, createShop, postSale } from './test-fixtures.ts';

// Sales made at a till with no connection and sent later from its outbox (issue 15).

let t: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;
const TILL = '3f2a9c1b-77d0-4e11-9a2b-0123456789ab';
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
});
afterAll(() => t.close());

function offlineSale(
  items: { product_id: string; quantity: number; unit_price?: number }[],
  total: number,
  minutesAgo = 30,
) {
  sequence += 1;
  return {
    id: randomUUID(),
    items,
    payments: [cash(total)],
    offline: {
      created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      receipt_number: `OFF-3F2A9C1B77D0-${String(sequence).padStart(4, '0')}`,
      till_id: TILL,
    },
  };
}

async function stockOf(id: string) {
  const [row] = await t.database.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

describe('a sale made offline', () => {
  it('keeps the time it was made and its offline receipt number, and is recorded once however often it is sent', async () => {
    const water = await createProduct(t.database.db, shop.business.id, {
      name: 'Off Water',
      price: 600,
      taxRate: '0',
      stockQuantity: 10,
    });
    const body = offlineSale([{ product_id: water.id, quantity: 2, unit_price: 600 }], 1200, 45);
    const first = await postSale(t, shop.headers, body, body.id);
    expect(first.statusCode).toBe(201);
    const sale = first.json().sale as Sale;
    expect(sale.receipt_number).toBe(body.offline.receipt_number);
    expect(sale.created_at).toBe(new Date(body.offline.created_at).toISOString());
    expect(sale.payment_status).toBe('completed');
    expect(sale.offline).toMatchObject({ till_id: TILL, stock_shortfall: null });

    const again = await postSale(t, shop.headers, body, body.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().sale.id).toBe(sale.id);
    const rows = await t.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.businessId, shop.business.id),
          eq(transactions.receiptNumber, body.offline.receipt_number),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(await stockOf(water.id)).toBe(8);
  });

  it('is recorded when stock went short meanwhile: stock stops at 0 and the shortfall is flagged', async () => {
    const bread = await createProduct(t.database.db, shop.business.id, {
      name: 'Off Bread',
      price: 1000,
      taxRate: '0',
      stockQuantity: 2,
    });
    const body = offlineSale([{ product_id: bread.id, quantity: 5, unit_price: 1000 }], 5000);
    const response = await postSale(t, shop.headers, body, body.id);
    expect(response.statusCode).toBe(201);
    const sale = response.json().sale as Sale;
    expect(sale.total_amount).toBe(5000);
    expect(sale.offline?.stock_shortfall).toEqual([
      { product_id: bread.id, product_name: 'Off Bread', quantity: 5, short_by: 3 },
    ]);
    expect(await stockOf(bread.id)).toBe(0);
    // Read back later (the transactions page), the flag is still there.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales/${sale.id}`,
      headers: shop.headers,
    });
    expect(read.json().sale.offline.stock_shortfall[0].short_by).toBe(3);
  });

  it('is charged the price it was sold at when the product had it that day, and refused below it', async () => {
    const db = t.database.db;
    const b = shop.business.id;
    const rice = await createProduct(db, b, {
      name: 'Off Rice',
      price: 2000,
      taxRate: '0',
      stockQuantity: 20,
    });
    // The price history as if the product had cost ₵20.00 since yesterday and went up to ₵25.00 a minute ago.
    await db
      .update(productPriceHistory)
      .set({ changedAt: new Date(Date.now() - 36 * 3_600_000) })
      .where(eq(productPriceHistory.productId, rice.id));
    await withTenant(db, b, (tx) => tx.update(products).set({ price: 2500 }).where(eq(products.id, rice.id)));

    const atOldPrice = offlineSale([{ product_id: rice.id, quantity: 1, unit_price: 2000 }], 2000, 5);
    const accepted = await postSale(t, shop.headers, atOldPrice, atOldPrice.id);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().sale.items[0].unit_price).toBe(2000);

    const tampered = offlineSale([{ product_id: rice.id, quantity: 1, unit_price: 100 }], 100, 5);
    const refused = await postSale(t, shop.headers, tampered, tampered.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'OFFLINE_PRICE_REFUSED' });
    expect(refused.json().error.message).toBe(
      'Off Rice was never sold below ₵20.00 that day: the offline price was refused',
    );
    expect(await stockOf(rice.id)).toBe(19);
  });

  it('paid by manual mobile money is recorded completed, confirmed by the cashier, once however often it is sent', async () => {
    // The business's provider is not 'manual' now (the sandbox): the money was taken, so the sale still counts.
    const bread = await createProduct(t.database.db, shop.business.id, {
      name: 'Off Bread',
      price: 1500,
      taxRate: '0',
      stockQuantity: 6,
    });
    const body = {
      ...offlineSale([{ product_id: bread.id, quantity: 2, unit_price: 1500 }], 3000),
      payments: [cash(1000), { method: 'mtn_momo', amount: 2000, reference: 'MP241124.0930.B71234' }],
    };
    const first = await postSale(t, shop.headers, body, body.id);
    expect(first.statusCode).toBe(201);
    const sale = first.json().sale as Sale;
    expect(sale.payment_status).toBe('completed');
    expect(sale.payment_method).toBe('split');
    expect(sale.amount_paid).toBe(3000);
    expect(sale.payments[1]).toMatchObject({
      method: 'mtn_momo',
      status: 'completed',
      reference: 'MP241124.0930.B71234',
      provider: 'manual',
      is_confirmed_by_cashier: true,
    });

    const again = await postSale(t, shop.headers, body, body.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().sale.id).toBe(sale.id);
    const rows = await t.database.db
      .select({ confirmedBy: payments.confirmedBy, status: payments.status })
      .from(payments)
      .where(and(eq(payments.businessId, shop.business.id), eq(payments.method, 'mtn_momo')));
    expect(rows).toEqual([{ confirmedBy: shop.user.id, status: 'completed' }]);
    expect(await stockOf(bread.id)).toBe(4);

    // Without the transaction ID, or with a customer's number (a provider prompt), nothing is recorded.
    const noId = {
      ...offlineSale([{ product_id: bread.id, quantity: 1 }], 1500),
      payments: [{ method: 'telecel_cash', amount: 1500, reference: ' ' }],
    };
    const refusedNoId = await postSale(t, shop.headers, noId, noId.id);
    expect(refusedNoId.statusCode).toBe(400);
    expect(refusedNoId.json().error.message).toBe(
      "Enter the transaction ID from the customer's confirmation SMS",
    );
    const prompt = {
      ...offlineSale([{ product_id: bread.id, quantity: 1 }], 1500),
      payments: [{ method: 'mtn_momo', amount: 1500, phone: '+233241234567' }],
    };
    const refusedPrompt = await postSale(t, shop.headers, prompt, prompt.id);
    expect(refusedPrompt.statusCode).toBe(400);
    expect(refusedPrompt.json().error.code).toBe('OFFLINE_PAYMENT_NOT_ALLOWED');
    expect(await stockOf(bread.id)).toBe(4);
  });

  it('is paid in cash, dated in the past, and numbered like an offline receipt', async () => {
    const soap = await createProduct(t.database.db, shop.business.id, {
      name: 'Off Soap',
      price: 500,
      taxRate: '0',
      stockQuantity: 5,
    });
    const card = offlineSale([{ product_id: soap.id, quantity: 1 }], 500);
    card.payments = [{ method: 'card', amount: 500 } as unknown as ReturnType<typeof cash>];
    const byCard = await postSale(t, shop.headers, card, card.id);
    expect(byCard.statusCode).toBe(400);
    expect(byCard.json().error.message).toBe('Sales made offline are paid in cash or manual mobile money');

    const future = offlineSale([{ product_id: soap.id, quantity: 1 }], 500, -120);
    const fromFuture = await postSale(t, shop.headers, future, future.id);
    expect(fromFuture.statusCode).toBe(400);
    expect(fromFuture.json().error.code).toBe('OFFLINE_SALE_TIME_INVALID');

    const badNumber = offlineSale([{ product_id: soap.id, quantity: 1 }], 500);
    badNumber.offline.receipt_number = 'RCP-1-ABCDEF';
    const refused = await postSale(t, shop.headers, badNumber, badNumber.id);
    expect(refused.statusCode).toBe(400);
    expect(await stockOf(soap.id)).toBe(5);
  });
});
