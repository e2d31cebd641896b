import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  payments,
  products,
  saleIdempotencyKeys,
  stockMovements,
  transactionItems,
  transactions,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cash, createCustomer, createProduct, createShop, postSale } from './test-fixtures.ts';

let t: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  other = await createShop(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

async function stockOf(productId: string) {
  const [row] = await db()
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

async function salesCount(businessId: string) {
  return (
    await db()
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.businessId, businessId))
  ).length;
}

describe('POST /api/v1/sales — a cash sale', () => {
  it('prices the cart itself, takes stock, writes items, payment, movements and customer stats, and completes', async () => {
    const rice = await createProduct(db(), shop.business.id, {
      name: 'Jasmine Rice 5kg',
      price: 8550,
      stockQuantity: 10,
    });
    const soap = await createProduct(db(), shop.business.id, {
      name: 'Key Soap',
      price: 700,
      taxRate: '0',
      stockQuantity: 20,
    });
    const customer = await createCustomer(db(), shop.business.id, { totalSpent: 1000, visitCount: 2 });

    const response = await postSale(t, shop.headers, {
      items: [
        { product_id: rice.id, quantity: 2, discount_amount: 100 },
        { product_id: soap.id, quantity: 3 },
      ],
      discount_amount: 500,
      customer_id: customer.id,
      notes: 'Deliver to the back door',
      payments: [cash(20_738, 21_000)],
    });
    expect(response.statusCode).toBe(201);
    const { sale } = response.json();
    // 2 × 85.50 + 3 × 7.00 = 192.00; tax 12.5 % of 171.00 = 21.375 → 21.38; discounts 1.00 + 5.00.
    expect(sale).toMatchObject({
      transaction_type: 'sale',
      payment_status: 'completed',
      payment_method: 'cash',
      subtotal: 19_200,
      tax_amount: 2138,
      discount_amount: 600,
      total_amount: 20_738,
      amount_paid: 21_000,
      change_given: 262,
      notes: 'Deliver to the back door',
      customer: { id: customer.id, name: 'Ama Owusu', phone: '+233 24 000 1111', email: 'ama@example.com' },
      cashier: { id: shop.user.id, first_name: 'Kofi', last_name: 'Asare' },
      business: {
        name: shop.business.name,
        address: '12 Oxford Street, Osu, Accra',
        phone: '+233 30 222 1111',
        tax_id: 'C0098765432',
        receipt_footer: 'Thank you! Come again.',
        timezone: 'Africa/Accra',
        currency: 'GHS',
      },
    });
    expect(sale.receipt_number).toMatch(/^RCP-\d{13}-[A-Z0-9]{6}$/);
    expect(sale.items).toEqual([
      {
        id: expect.any(String),
        product_id: rice.id,
        product_name: 'Jasmine Rice 5kg',
        quantity: 2,
        unit_price: 8550,
        tax_rate: 12.5,
        tax_amount: 2138,
        discount_amount: 100,
        total_price: 17_100,
      },
      {
        id: expect.any(String),
        product_id: soap.id,
        product_name: 'Key Soap',
        quantity: 3,
        unit_price: 700,
        tax_rate: 0,
        tax_amount: 0,
        discount_amount: 0,
        total_price: 2100,
      },
    ]);
    expect(sale.payments).toEqual([
      {
        id: expect.any(String),
        method: 'cash',
        amount: 20_738,
        amount_tendered: 21_000,
        status: 'completed',
        reference: null,
      },
    ]);

    expect(await stockOf(rice.id)).toBe(8);
    expect(await stockOf(soap.id)).toBe(17);
    const movements = await db().select().from(stockMovements).where(eq(stockMovements.referenceId, sale.id));
    expect(movements.map((m) => [m.productId, m.delta, m.quantityAfter, m.reason, m.userId]).sort()).toEqual(
      [
        [rice.id, -2, 8, 'sale', shop.user.id],
        [soap.id, -3, 17, 'sale', shop.user.id],
      ].sort(),
    );
    const [stats] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(stats?.totalSpent).toBe(1000 + 20_738);
    expect(stats?.visitCount).toBe(3);
    expect(stats?.lastVisit?.toISOString()).toBe(sale.created_at);
  });

  it('ignores prices and totals sent by the client (tampered prices)', async () => {
    const tv = await createProduct(db(), shop.business.id, { name: 'TV', price: 250_000, stockQuantity: 2 });
    const response = await postSale(t, shop.headers, {
      items: [{ product_id: tv.id, quantity: 1, unit_price: 1, total_price: 1, tax_amount: 0 }],
      subtotal: 1,
      total_amount: 1,
      payments: [cash(1)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'INSUFFICIENT_AMOUNT',
      message: 'Insufficient amount. Need ₵2,812.49 more.',
      fields: { payments: 'Insufficient amount. Need ₵2,812.49 more.' },
    });
    expect(await stockOf(tv.id)).toBe(2);

    const paid = await postSale(t, shop.headers, {
      items: [{ product_id: tv.id, quantity: 1, unit_price: 1 }],
      total_amount: 1,
      payments: [cash(281_250)],
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().sale).toMatchObject({ subtotal: 250_000, tax_amount: 31_250, total_amount: 281_250 });
    expect(paid.json().sale.items[0].unit_price).toBe(250_000);
  });

  it('records the sale at the time of the request and assigns a unique receipt number per sale', async () => {
    // A shop of its own: its sale is dated ahead of the others', which must not reorder their lists.
    const till = await createShop(t);
    const item = await createProduct(db(), till.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    // The app's clock, moved ahead of the wall clock, is the only source of the sale's time.
    t.clock.advance(60 * 60_000);
    const at = t.clock.now;
    const first = await postSale(t, till.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [cash(100)],
    });
    // Back to the wall clock, so later sales in this file are made at their own times again.
    t.clock.advance(-60 * 60_000);
    expect(first.statusCode).toBe(201);
    const sale = first.json().sale;
    expect(sale.created_at).toBe(at.toISOString());
    expect(sale.receipt_number).toMatch(new RegExp(`^RCP-${at.getTime()}-[A-Z0-9]{6}$`));
    const [row] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
    expect(row?.createdAt.toISOString()).toBe(at.toISOString());
    const [movement] = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.referenceId, sale.id));
    expect(movement?.createdAt.toISOString()).toBe(at.toISOString());
    const [payment] = await db().select().from(payments).where(eq(payments.transactionId, sale.id));
    expect(payment?.completedAt?.toISOString()).toBe(at.toISOString());

    const second = await postSale(t, till.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [cash(100)],
    });
    expect(first.json().sale.receipt_number).not.toBe(second.json().sale.receipt_number);
  });

  it('uses the id the till made for the sale, and refuses the same id again in the same business', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const id = randomUUID();
    const body = { id, items: [{ product_id: item.id, quantity: 1 }], payments: [cash(100)] };
    const made = await postSale(t, shop.headers, body);
    expect(made.statusCode).toBe(201);
    expect(made.json().sale.id).toBe(id);
    // Another checkout (another Idempotency-Key) with the same id is refused, and takes no stock.
    const again = await postSale(t, shop.headers, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'SALE_ID_TAKEN',
      message: 'A sale with this id already exists',
      fields: { id: 'A sale with this id already exists' },
    });
    expect(await stockOf(item.id)).toBe(4);
  });

  it('treats an id another business used like a fresh one: the sale is made, and nothing of theirs shows', async () => {
    const mine = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const theirs = await createProduct(db(), other.business.id, {
      stockQuantity: 5,
      price: 250,
      taxRate: '0',
    });
    const id = randomUUID();
    const made = await postSale(t, shop.headers, {
      id,
      items: [{ product_id: mine.id, quantity: 1 }],
      payments: [cash(100)],
    });
    expect(made.statusCode).toBe(201);
    const elsewhere = await postSale(t, other.headers, {
      id,
      items: [{ product_id: theirs.id, quantity: 2 }],
      payments: [cash(500)],
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().sale).toMatchObject({ id, total_amount: 500 });
    expect(elsewhere.json().sale.items).toMatchObject([{ product_id: theirs.id, quantity: 2 }]);

    // Each business reads back its own sale under the id, with its own items and stock.
    const read = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: `/api/v1/sales/${id}`, headers })).json().sale;
    expect(await read(shop.headers)).toMatchObject({
      id,
      total_amount: 100,
      items: [{ product_id: mine.id }],
    });
    expect(await read(other.headers)).toMatchObject({
      id,
      total_amount: 500,
      items: [{ product_id: theirs.id }],
    });
    const rows = await db().select().from(transactions).where(eq(transactions.id, id));
    expect(rows.map((row) => [row.businessId, row.totalAmount]).sort()).toEqual(
      [
        [shop.business.id, 100],
        [other.business.id, 500],
      ].sort(),
    );
    expect(await stockOf(mine.id)).toBe(4);
    expect(await stockOf(theirs.id)).toBe(3);
  });

  it('clamps discounts: a line discount never exceeds the line, the cart discount never the goods left', async () => {
    // An owner: discounts above the business's limit need no one else's approval.
    const owner = await createShop(t, 'owner');
    const item = await createProduct(db(), owner.business.id, {
      stockQuantity: 5,
      price: 1000,
      taxRate: '12.5',
    });
    const response = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1, discount_amount: 5000 }],
      discount_amount: 9999,
      payments: [cash(125)],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().sale).toMatchObject({
      subtotal: 1000,
      tax_amount: 125,
      discount_amount: 1000,
      total_amount: 125,
    });
    expect(response.json().sale.items[0].discount_amount).toBe(1000);
  });
});

describe('POST /api/v1/sales — split tender and other methods', () => {
  it('takes part cash and part mobile money: pending, method split, the cash row completed', async () => {
    const item = await createProduct(db(), shop.business.id, {
      price: 10_000,
      taxRate: '0',
      stockQuantity: 5,
    });
    const response = await postSale(t, shop.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [
        cash(4000, 5000),
        { method: 'mtn_momo', amount: 6000, phone: '0244123456', reference: 'Ama, counter 2' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const { sale } = response.json();
    expect(sale).toMatchObject({
      payment_status: 'pending',
      payment_method: 'split',
      total_amount: 10_000,
      amount_paid: 5000,
      change_given: 1000,
    });
    expect(
      sale.payments.map(
        (p: {
          method: string;
          amount: number;
          amount_tendered: number | null;
          status: string;
          reference: string | null;
        }) => [p.method, p.amount, p.amount_tendered, p.status, p.reference],
      ),
    ).toEqual([
      ['cash', 4000, 5000, 'completed', null],
      ['mtn_momo', 6000, null, 'pending', 'Ama, counter 2'],
    ]);
    // Stock is taken when the sale is made, pending or not.
    expect(await stockOf(item.id)).toBe(4);
    const rows = await db().select().from(payments).where(eq(payments.transactionId, sale.id));
    expect(rows).toHaveLength(2);
  });

  it.each(['card', 'mtn_momo', 'telecel_cash', 'airteltigo_money'])(
    'starts a %s sale pending',
    async (method) => {
      const item = await createProduct(db(), shop.business.id, {
        price: 500,
        taxRate: '0',
        stockQuantity: 5,
      });
      const response = await postSale(t, shop.headers, {
        items: [{ product_id: item.id, quantity: 1 }],
        payments: [{ method, amount: 500, ...(method === 'card' ? {} : { phone: '0244123456' }) }],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().sale).toMatchObject({
        payment_status: 'pending',
        payment_method: method,
        amount_paid: 0,
        change_given: 0,
      });
      expect(response.json().sale.payments[0]).toMatchObject({
        method,
        status: 'pending',
        amount_tendered: null,
      });
    },
  );

  it("refuses a short cash amount with 'Insufficient amount. Need ₵X more.'", async () => {
    const item = await createProduct(db(), shop.business.id, { price: 4275, taxRate: '0', stockQuantity: 5 });
    const response = await postSale(t, shop.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [cash(4275, 4000)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'INSUFFICIENT_AMOUNT',
      message: 'Insufficient amount. Need ₵2.75 more.',
      fields: { 'payments.0.amount_tendered': 'Insufficient amount. Need ₵2.75 more.' },
    });
    expect(await stockOf(item.id)).toBe(5);
  });

  it('refuses payments adding up to more than the total, and a tendered amount on a card', async () => {
    const item = await createProduct(db(), shop.business.id, { price: 1000, taxRate: '0', stockQuantity: 5 });
    const over = await postSale(t, shop.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [cash(600), { method: 'card', amount: 600 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('PAYMENTS_EXCEED_TOTAL');
    expect(over.json().error.message).toBe(
      'The payments come to ₵2.00 more than the total of ₵10.00. Check the cart and try again.',
    );
    const tenderedCard = await postSale(t, shop.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 1000, amount_tendered: 2000 }],
    });
    expect(tenderedCard.statusCode).toBe(400);
    expect(tenderedCard.json().error).toMatchObject({
      code: 'INVALID_PAYMENT',
      message: 'Amount received applies to cash payments only',
    });
    expect(await stockOf(item.id)).toBe(5);
  });
});

describe('POST /api/v1/sales — bad input changes nothing', () => {
  it("refuses an empty cart with 'Cart is empty'", async () => {
    const before = await salesCount(shop.business.id);
    for (const payload of [{ items: [], payments: [cash(0)] }, { payments: [cash(0)] }]) {
      const response = await postSale(t, shop.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Cart is empty',
        fields: { items: 'Cart is empty' },
      });
    }
    expect(await salesCount(shop.business.id)).toBe(before);
  });

  it.each([
    [0, 'Quantity must be a whole number of at least 1'],
    [-1, 'Quantity must be a whole number of at least 1'],
    [1.5, 'Quantity must be a whole number of at least 1'],
    [1e9, 'Quantity must be at most 10000'],
    ['2', 'Quantity must be a whole number of at least 1'],
  ])('refuses quantity %s with a clear message', async (quantity, message) => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5 });
    const before = await salesCount(shop.business.id);
    const response = await postSale(t, shop.headers, {
      items: [{ product_id: item.id, quantity }],
      payments: [cash(1125)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message,
      fields: { 'items.0.quantity': message },
    });
    expect(await stockOf(item.id)).toBe(5);
    expect(await salesCount(shop.business.id)).toBe(before);
  });

  it("refuses an unknown product, and another business's product, with 'Product not found' naming the line", async () => {
    const mine = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 1000, taxRate: '0' });
    const theirs = await createProduct(db(), other.business.id, {
      stockQuantity: 5,
      price: 1000,
      taxRate: '0',
    });
    for (const foreign of [randomUUID(), theirs.id]) {
      const response = await postSale(t, shop.headers, {
        items: [
          { product_id: mine.id, quantity: 1 },
          { product_id: foreign, quantity: 1 },
        ],
        payments: [cash(2000)],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'PRODUCT_NOT_FOUND',
        message: 'Product not found',
        fields: { 'items.1.product_id': 'Product not found' },
      });
    }
    expect(await stockOf(mine.id)).toBe(5);
    expect(await stockOf(theirs.id)).toBe(5);
  });

  it('refuses a product deactivated after it went into the cart', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 1000, taxRate: '0' });
    await db().update(products).set({ isActive: false }).where(eq(products.id, item.id));
    const response = await postSale(t, shop.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [cash(1000)],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Product not found');
    expect(await stockOf(item.id)).toBe(5);
  });

  it("refuses more than the stock with 409 'Insufficient stock' / 'Only N units available.' and takes nothing", async () => {
    const plenty = await createProduct(db(), shop.business.id, {
      stockQuantity: 50,
      price: 100,
      taxRate: '0',
    });
    const scarce = await createProduct(db(), shop.business.id, {
      stockQuantity: 2,
      price: 100,
      taxRate: '0',
    });
    const before = await salesCount(shop.business.id);
    const response = await postSale(t, shop.headers, {
      items: [
        { product_id: plenty.id, quantity: 4 },
        { product_id: scarce.id, quantity: 3 },
      ],
      payments: [cash(700)],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'INSUFFICIENT_STOCK',
      message: 'Insufficient stock',
      fields: { 'items.1.quantity': 'Only 2 units available.' },
    });
    expect(await stockOf(plenty.id)).toBe(50);
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await salesCount(shop.business.id)).toBe(before);
    const movements = await db().select().from(stockMovements).where(eq(stockMovements.productId, plenty.id));
    expect(movements).toHaveLength(0);
  });

  it('refuses the same product twice in one sale', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5 });
    const response = await postSale(t, shop.headers, {
      items: [
        { product_id: item.id, quantity: 1 },
        { product_id: item.id, quantity: 1 },
      ],
      payments: [cash(2250)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'items.1.product_id': 'Each product may appear only once in a sale',
    });
  });

  it("refuses an unknown customer, or another business's, with 'Customer not found'", async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const theirs = await createCustomer(db(), other.business.id);
    for (const customerId of [randomUUID(), theirs.id]) {
      const response = await postSale(t, shop.headers, {
        items: [{ product_id: item.id, quantity: 1 }],
        customer_id: customerId,
        payments: [cash(100)],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'CUSTOMER_NOT_FOUND',
        message: 'Customer not found',
        fields: { customer_id: 'Customer not found' },
      });
    }
    expect(await stockOf(item.id)).toBe(5);
    const [untouched] = await db().select().from(customers).where(eq(customers.id, theirs.id));
    expect(untouched?.visitCount).toBe(0);
  });

  it('needs an Idempotency-Key header', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: shop.headers,
      payload: { items: [{ product_id: item.id, quantity: 1 }], payments: [cash(100)] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: 'Idempotency-Key header is required',
    });
    expect(await stockOf(item.id)).toBe(5);
  });

  it('needs a signed-in member of the business', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: { 'x-business': shop.business.slug, 'idempotency-key': randomUUID() },
      payload: { items: [{ product_id: randomUUID(), quantity: 1 }], payments: [cash(100)] },
    });
    expect(response.statusCode).toBe(401);
    // Another business's cookie does not work here either.
    const crossed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sales',
      headers: { 'x-business': shop.business.slug, cookie: other.cookie },
    });
    expect(crossed.statusCode).toBe(401);
  });
});

describe('idempotency', () => {
  it('returns the first sale for a retry with the same key and body, and sells once', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const key = randomUUID();
    const body = { items: [{ product_id: item.id, quantity: 2 }], payments: [cash(200, 500)] };
    const first = await postSale(t, shop.headers, body, key);
    const retry = await postSale(t, shop.headers, { payments: body.payments, items: body.items }, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().sale).toEqual(first.json().sale);
    expect(await stockOf(item.id)).toBe(3);
    const rows = await db().select().from(transactionItems).where(eq(transactionItems.productId, item.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses the same key with a different body with 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const key = randomUUID();
    await postSale(
      t,
      shop.headers,
      { items: [{ product_id: item.id, quantity: 1 }], payments: [cash(100)] },
      key,
    );
    const changed = await postSale(
      t,
      shop.headers,
      { items: [{ product_id: item.id, quantity: 2 }], payments: [cash(200)] },
      key,
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different sale. Start a new checkout.',
    });
    expect(await stockOf(item.id)).toBe(4);
  });

  it('lets a failed attempt be retried with the same key once it can succeed', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const key = randomUUID();
    const body = { items: [{ product_id: item.id, quantity: 1 }], payments: [cash(100)] };
    await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, item.id));
    expect((await postSale(t, shop.headers, body, key)).statusCode).toBe(409);
    await db().update(products).set({ stockQuantity: 5 }).where(eq(products.id, item.id));
    expect((await postSale(t, shop.headers, body, key)).statusCode).toBe(201);
  });

  it("keeps each business's keys apart", async () => {
    const mine = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const theirs = await createProduct(db(), other.business.id, {
      stockQuantity: 5,
      price: 300,
      taxRate: '0',
    });
    const key = randomUUID();
    const first = await postSale(
      t,
      shop.headers,
      { items: [{ product_id: mine.id, quantity: 1 }], payments: [cash(100)] },
      key,
    );
    const second = await postSale(
      t,
      other.headers,
      { items: [{ product_id: theirs.id, quantity: 2 }], payments: [cash(600)] },
      key,
    );
    expect(first.statusCode).toBe(201);
    // Not a replay of the first business's sale: a sale of its own.
    expect(second.statusCode).toBe(201);
    const mySale = first.json().sale;
    const theirSale = second.json().sale;
    expect(theirSale.id).not.toBe(mySale.id);
    expect(theirSale).toMatchObject({ total_amount: 600, items: [{ product_id: theirs.id, quantity: 2 }] });
    expect(mySale).toMatchObject({ total_amount: 100, items: [{ product_id: mine.id, quantity: 1 }] });

    const [myRow] = await db().select().from(transactions).where(eq(transactions.id, mySale.id));
    const [theirRow] = await db().select().from(transactions).where(eq(transactions.id, theirSale.id));
    expect(myRow?.businessId).toBe(shop.business.id);
    expect(theirRow?.businessId).toBe(other.business.id);
    expect(await stockOf(mine.id)).toBe(4);
    expect(await stockOf(theirs.id)).toBe(3);
    // Each business's key points at its own sale.
    const keys = await db()
      .select({
        businessId: saleIdempotencyKeys.businessId,
        transactionId: saleIdempotencyKeys.transactionId,
      })
      .from(saleIdempotencyKeys)
      .where(eq(saleIdempotencyKeys.key, key));
    expect(keys.sort((a, b) => a.businessId.localeCompare(b.businessId))).toEqual(
      [
        { businessId: shop.business.id, transactionId: mySale.id },
        { businessId: other.business.id, transactionId: theirSale.id },
      ].sort((a, b) => a.businessId.localeCompare(b.businessId)),
    );
  });

  it('makes one sale of a double-clicked checkout (two identical requests at once)', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const key = randomUUID();
    const body = { items: [{ product_id: item.id, quantity: 1 }], payments: [cash(100)] };
    const responses = await Promise.all([
      postSale(t, shop.headers, body, key),
      postSale(t, shop.headers, body, key),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(responses[0]?.json().sale.id).toBe(responses[1]?.json().sale.id);
    expect(await stockOf(item.id)).toBe(4);
    const sold = await db()
      .select()
      .from(transactionItems)
      .where(and(eq(transactionItems.productId, item.id), eq(transactionItems.businessId, shop.business.id)));
    expect(sold).toHaveLength(1);
  });
});

describe('reading sales back (history and reprint)', () => {
  it('gives one sale by id, and lists the newest first with a total', async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 10, price: 100, taxRate: '0' });
    const first = (
      await postSale(t, shop.headers, {
        items: [{ product_id: item.id, quantity: 1 }],
        payments: [cash(100)],
      })
    ).json().sale;
    t.clock.advance(60_000);
    const second = (
      await postSale(t, shop.headers, {
        items: [{ product_id: item.id, quantity: 2 }],
        payments: [cash(200)],
      })
    ).json().sale;

    const one = await t.app.inject({ url: `/api/v1/sales/${first.id}`, headers: shop.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json().sale).toEqual(first);

    const list = await t.app.inject({ url: '/api/v1/sales?limit=2', headers: shop.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().sales.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect(list.json().total).toBe(await salesCount(shop.business.id));
    expect(list.json().sales[0]).toEqual(second);
  });

  it("hides a business's sales from another business: 404 'Transaction not found'", async () => {
    const item = await createProduct(db(), shop.business.id, { stockQuantity: 10, price: 100, taxRate: '0' });
    const sale = (
      await postSale(t, shop.headers, {
        items: [{ product_id: item.id, quantity: 1 }],
        payments: [cash(100)],
      })
    ).json().sale;
    const peek = await t.app.inject({ url: `/api/v1/sales/${sale.id}`, headers: other.headers });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error).toEqual({ code: 'TRANSACTION_NOT_FOUND', message: 'Transaction not found' });
    const list = await t.app.inject({ url: '/api/v1/sales', headers: other.headers });
    expect(list.json().sales.map((s: { id: string }) => s.id)).not.toContain(sale.id);
    const mail = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${sale.id}/email-receipt`,
      headers: other.headers,
      payload: { email: 'snoop@example.com' },
    });
    expect(mail.statusCode).toBe(404);
  });

  it('refuses a sale id that is not a UUID with a clear message', async () => {
    const response = await t.app.inject({ url: '/api/v1/sales/abc', headers: shop.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Sale id must be a UUID');
  });
});

describe('row-level security on the sales tables', () => {
  it("shows a tenant transaction only its own business's sales, items and payments, even unfiltered", async () => {
    const mine = await createProduct(db(), shop.business.id, { stockQuantity: 5, price: 100, taxRate: '0' });
    const theirs = await createProduct(db(), other.business.id, {
      stockQuantity: 5,
      price: 100,
      taxRate: '0',
    });
    await postSale(t, shop.headers, { items: [{ product_id: mine.id, quantity: 1 }], payments: [cash(100)] });
    await postSale(t, other.headers, {
      items: [{ product_id: theirs.id, quantity: 1 }],
      payments: [cash(100)],
    });
    const seen = await withTenant(db(), other.business.id, async (tx) => ({
      sales: await tx.select({ businessId: transactions.businessId }).from(transactions),
      items: await tx.select({ businessId: transactionItems.businessId }).from(transactionItems),
      payments: await tx.select({ businessId: payments.businessId }).from(payments),
    }));
    for (const rows of [seen.sales, seen.items, seen.payments]) {
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.businessId))).toEqual(new Set([other.business.id]));
    }
  });
});
