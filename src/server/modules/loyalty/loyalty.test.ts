import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, loyaltyLedger, payments, products } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import {
  expectError,
  type SignedInMember,
  signedInMember,
  signedInShop,
} from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordPaymentOutcome } from '../sales/index.ts';
import { cash, createCustomer, createProduct, postSale } from '../sales/test-fixtures.ts';

// Loyalty points (issue 16): earned on completed sales with a customer, redeemed as a discount, reversed by
// refunds, voids and failed payments, every change in the ledger. Truly concurrent on PostgreSQL.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

const putSettings = (member: SignedInMember, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/settings/loyalty', headers: member.headers, payload });

/** An owner whose loyalty program is on at 1 point per ₵1 and 100 points = ₵1, a product and a customer. */
async function loyalShop(options: { points?: number; rates?: object } = {}) {
  const owner = await signedInShop(t, 'owner');
  const on = await putSettings(owner, {
    is_enabled: true,
    points_per_cedi: 1,
    points_per_cedi_redeemed: 100,
    ...options.rates,
  });
  expect(on.statusCode).toBe(200);
  const cashier = await signedInMember(t, owner.business, 'cashier');
  const rice = await createProduct(db(), owner.businessId, {
    name: 'Rice 5kg',
    price: 5000,
    taxRate: '0',
    stockQuantity: 20,
  });
  const customer = await createCustomer(db(), owner.businessId, { loyaltyPoints: options.points ?? 0 });
  return { owner, cashier, rice, customer };
}

async function balanceOf(customerId: string) {
  const [row] = await db().select().from(customers).where(eq(customers.id, customerId));
  return row!.loyaltyPoints;
}

async function ledgerOf(customerId: string) {
  return db()
    .select({ delta: loyaltyLedger.delta, balance: loyaltyLedger.balanceAfter, reason: loyaltyLedger.reason })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.customerId, customerId))
    .orderBy(asc(loyaltyLedger.position));
}

const refund = (member: SignedInMember, saleId: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/transactions/${saleId}/refund`,
    headers: member.headers,
    payload,
  });

describe('loyalty settings', () => {
  it('starts off at 1 point per ₵1 and 100 points = ₵1', async () => {
    const owner = await signedInShop(t, 'owner');
    const response = await t.app.inject({ url: '/api/v1/settings/loyalty', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_enabled: false, points_per_cedi: 1, points_per_cedi_redeemed: 100 });
  });

  it('lets the owner switch the program on with rates, turns the POS feature on and writes one audit line', async () => {
    const owner = await signedInShop(t, 'owner');
    const saved = await putSettings(owner, {
      is_enabled: true,
      points_per_cedi: 2,
      points_per_cedi_redeemed: 50,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ is_enabled: true, points_per_cedi: 2, points_per_cedi_redeemed: 50 });
    const me = await t.app.inject({ url: '/api/v1/settings/loyalty', headers: owner.headers });
    expect(me.json().is_enabled).toBe(true);
    // Saving the same again writes nothing more.
    await putSettings(owner, { is_enabled: true, points_per_cedi: 2, points_per_cedi_redeemed: 50 });
    const lines = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessId, owner.businessId), eq(auditLog.action, 'loyalty_settings_changed')));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.summary).toBe(
      'Loyalty program off (Earn 1 point per ₵1 · 100 points = ₵1) → on (Earn 2 points per ₵1 · 50 points = ₵1)',
    );
  });

  it('refuses a cashier, and bad rates with a clear message changing nothing', async () => {
    const owner = await signedInShop(t, 'owner');
    const cashier = await signedInMember(t, owner.business, 'cashier');
    expectError(
      await putSettings(cashier, { is_enabled: true, points_per_cedi: 1, points_per_cedi_redeemed: 100 }),
      403,
      'FORBIDDEN',
    );
    const bad = expectError(
      await putSettings(owner, { is_enabled: true, points_per_cedi: 0, points_per_cedi_redeemed: 100 }),
      400,
      'VALIDATION_FAILED',
    );
    expect(bad.fields?.points_per_cedi).toBe('Points per ₵1 must be at least 1');
    const after = await t.app.inject({ url: '/api/v1/settings/loyalty', headers: owner.headers });
    expect(after.json().is_enabled).toBe(false);
  });
});

describe('earning', () => {
  it('earns points on the amount paid after discounts and shows them on the receipt', async () => {
    const { cashier, rice, customer } = await loyalShop();
    const response = await postSale(t, cashier.headers, {
      items: [{ product_id: rice.id, quantity: 3 }],
      discount_amount: 550,
      customer_id: customer.id,
      payments: [cash(14_450, 15_000)],
    });
    expect(response.statusCode).toBe(201);
    // ₵150.00 − ₵5.50 = ₵144.50 paid: 144 points.
    expect(response.json().sale.loyalty).toEqual({
      points_earned: 144,
      points_redeemed: 0,
      redeemed_value: 0,
      points_reversed: 0,
      points_returned: 0,
      balance: 144,
    });
    expect(await balanceOf(customer.id)).toBe(144);
    expect(await ledgerOf(customer.id)).toEqual([{ delta: 144, balance: 144, reason: 'earned' }]);
    const reprint = await t.app.inject({
      url: `/api/v1/sales/${response.json().sale.id}`,
      headers: cashier.headers,
    });
    expect(reprint.json().sale.loyalty.points_earned).toBe(144);
  });

  it('earns nothing while the program is off', async () => {
    const owner = await signedInShop(t, 'owner');
    const rice = await createProduct(db(), owner.businessId, { price: 5000, taxRate: '0', stockQuantity: 5 });
    const customer = await createCustomer(db(), owner.businessId);
    const response = await postSale(t, owner.headers, {
      items: [{ product_id: rice.id, quantity: 1 }],
      customer_id: customer.id,
      payments: [cash(5000)],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().sale.loyalty).toBeNull();
    expect(await balanceOf(customer.id)).toBe(0);
    expect(await ledgerOf(customer.id)).toEqual([]);
  });

  it('earns on a pending payment only when it completes, and gives redeemed points back when it is cancelled', async () => {
    const { cashier, rice, customer } = await loyalShop({ points: 500 });
    const pending = await postSale(t, cashier.headers, {
      items: [{ product_id: rice.id, quantity: 1 }],
      customer_id: customer.id,
      payments: [{ method: 'card', amount: 5000 }],
    });
    expect(pending.json().sale.payment_status).toBe('pending');
    expect(await balanceOf(customer.id)).toBe(500);
    const saleId = pending.json().sale.id as string;
    const [payment] = await db().select().from(payments).where(eq(payments.transactionId, saleId));
    await withTenant(db(), cashier.businessId, (tx) =>
      recordPaymentOutcome(tx, {
        businessId: cashier.businessId,
        paymentId: payment!.id,
        outcome: { kind: 'completed' },
        at: new Date(),
      }),
    );
    expect(await balanceOf(customer.id)).toBe(550);

    const redeeming = await postSale(t, cashier.headers, {
      items: [{ product_id: rice.id, quantity: 1 }],
      customer_id: customer.id,
      redeem_points: 200,
      payments: [{ method: 'card', amount: 4800 }],
    });
    expect(redeeming.statusCode).toBe(201);
    expect(await balanceOf(customer.id)).toBe(350);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${redeeming.json().sale.id}/payment/cancel`,
      headers: cashier.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await balanceOf(customer.id)).toBe(550);
    expect((await ledgerOf(customer.id)).map((line) => [line.reason, line.delta])).toEqual([
      ['earned', 50],
      ['redeemed', -200],
      ['payment_failed', 200],
    ]);
  });
});

describe('redeeming', () => {
  it('takes redeemed points off the sale as a discount, in the sale’s transaction', async () => {
    const { cashier, rice, customer } = await loyalShop({ points: 1000 });
    const response = await postSale(t, cashier.headers, {
      items: [{ product_id: rice.id, quantity: 2 }],
      customer_id: customer.id,
      redeem_points: 750,
      payments: [cash(9250, 10_000)],
    });
    expect(response.statusCode).toBe(201);
    const sale = response.json().sale;
    expect(sale).toMatchObject({
      subtotal: 10_000,
      discount_amount: 750,
      total_amount: 9250,
      change_given: 750,
    });
    // 1000 − 750 redeemed + 92 earned on ₵92.50 paid.
    expect(sale.loyalty).toMatchObject({
      points_redeemed: 750,
      redeemed_value: 750,
      points_earned: 92,
      balance: 342,
    });
    expect(await balanceOf(customer.id)).toBe(342);
    expect(await ledgerOf(customer.id)).toEqual([
      { delta: -750, balance: 250, reason: 'redeemed' },
      { delta: 92, balance: 342, reason: 'earned' },
    ]);
  });

  it('refuses more points than the customer has, changing nothing', async () => {
    const { cashier, rice, customer } = await loyalShop({ points: 100 });
    const refused = expectError(
      await postSale(t, cashier.headers, {
        items: [{ product_id: rice.id, quantity: 1 }],
        customer_id: customer.id,
        redeem_points: 101,
        payments: [cash(4899)],
      }),
      409,
      'NOT_ENOUGH_POINTS',
      'The customer has only 100 points',
    );
    expect(refused.fields?.redeem_points).toBe('The customer has only 100 points');
    expect(await balanceOf(customer.id)).toBe(100);
    const [row] = await db().select().from(products).where(eq(products.id, rice.id));
    expect(row?.stockQuantity).toBe(20);
  });

  it('refuses more than the sale can take off, no customer, and a program that is off', async () => {
    const { owner, cashier, rice, customer } = await loyalShop({ points: 10_000 });
    expectError(
      await postSale(t, cashier.headers, {
        items: [{ product_id: rice.id, quantity: 1 }],
        customer_id: customer.id,
        redeem_points: 5001,
        payments: [cash(0)],
      }),
      400,
      'REDEMPTION_TOO_LARGE',
      'Points can pay for at most ₵50.00 of this sale',
    );
    expectError(
      await postSale(t, cashier.headers, {
        items: [{ product_id: rice.id, quantity: 1 }],
        redeem_points: 100,
        payments: [cash(4900)],
      }),
      400,
      'LOYALTY_CUSTOMER_REQUIRED',
    );
    await putSettings(owner, { is_enabled: false, points_per_cedi: 1, points_per_cedi_redeemed: 100 });
    expectError(
      await postSale(t, cashier.headers, {
        items: [{ product_id: rice.id, quantity: 1 }],
        customer_id: customer.id,
        redeem_points: 100,
        payments: [cash(4900)],
      }),
      400,
      'LOYALTY_PROGRAM_OFF',
      'The loyalty program is off for this business',
    );
    expect(await balanceOf(customer.id)).toBe(10_000);
  });

  it('lets only one of two sales redeeming the same points at once go through', async () => {
    const { cashier, rice, customer } = await loyalShop({ points: 300 });
    const sale = () =>
      postSale(t, cashier.headers, {
        items: [{ product_id: rice.id, quantity: 1 }],
        customer_id: customer.id,
        redeem_points: 300,
        payments: [cash(4700)],
      });
    const responses = await Promise.all([sale(), sale()]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.statusCode === 409)!;
    expect(refused.json().error.code).toBe('NOT_ENOUGH_POINTS');
    // 300 − 300 + 47 earned.
    expect(await balanceOf(customer.id)).toBe(47);
    const [row] = await db().select().from(products).where(eq(products.id, rice.id));
    expect(row?.stockQuantity).toBe(19);
  });
});

describe('reversals', () => {
  it('takes back earned points proportionally on a partial refund and settles the rest on the last one', async () => {
    const { owner, cashier, rice, customer } = await loyalShop({ points: 400 });
    const made = await postSale(t, cashier.headers, {
      items: [{ product_id: rice.id, quantity: 4 }],
      customer_id: customer.id,
      redeem_points: 400,
      payments: [cash(19_600)],
    });
    const sale = made.json().sale;
    // 400 − 400 + 196 earned on ₵196.00.
    expect(await balanceOf(customer.id)).toBe(196);
    const first = await refund(owner, sale.id, {
      lines: [{ item_id: sale.items[0].id, quantity: 1, restock: true }],
    });
    expect(first.statusCode).toBe(201);
    // A quarter of the sale: 49 earned points taken back, 100 redeemed points given back.
    expect(await balanceOf(customer.id)).toBe(196 - 49 + 100);
    const refundId = first.json().refund.id as string;
    const receipt = await t.app.inject({ url: `/api/v1/sales/${refundId}`, headers: owner.headers });
    expect(receipt.json().sale.loyalty).toMatchObject({
      points_reversed: 49,
      points_returned: 100,
      balance: 247,
    });
    const rest = await refund(owner, sale.id);
    expect(rest.statusCode).toBe(201);
    // Everything of the sale is undone: the 400 redeemed are back, the 196 earned gone.
    expect(await balanceOf(customer.id)).toBe(400);
    expect((await ledgerOf(customer.id)).map((line) => [line.reason, line.delta])).toEqual([
      ['redeemed', -400],
      ['earned', 196],
      ['refund', 100],
      ['refund', -49],
      ['refund', 300],
      ['refund', -147],
    ]);
  });

  it('reverses everything on a void, and never takes the balance below zero', async () => {
    const { owner, cashier, rice, customer } = await loyalShop({ points: 0 });
    const made = await postSale(t, cashier.headers, {
      items: [{ product_id: rice.id, quantity: 2 }],
      customer_id: customer.id,
      payments: [cash(10_000)],
    });
    expect(await balanceOf(customer.id)).toBe(100);
    // The customer spends 60 of them on another sale before the first is voided.
    const spent = await postSale(t, cashier.headers, {
      items: [{ product_id: rice.id, quantity: 1 }],
      customer_id: customer.id,
      redeem_points: 60,
      payments: [cash(4940)],
    });
    expect(spent.statusCode).toBe(201);
    expect(await balanceOf(customer.id)).toBe(40 + 49);
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${made.json().sale.id}/void`,
      headers: owner.headers,
      payload: { reason: 'Rang up twice' },
    });
    expect(voided.statusCode).toBe(200);
    // Only the 89 left could be taken back of the 100 earned.
    expect(await balanceOf(customer.id)).toBe(0);
    const lines = await ledgerOf(customer.id);
    expect(lines.at(-1)).toEqual({ delta: -89, balance: 0, reason: 'void' });
  });
});

describe('the customer’s points', () => {
  it('shows the balance and the ledger, newest first, with receipts and who', async () => {
    const { cashier, rice, customer } = await loyalShop({ points: 0 });
    const made = await postSale(t, cashier.headers, {
      items: [{ product_id: rice.id, quantity: 1 }],
      customer_id: customer.id,
      payments: [cash(5000)],
    });
    const response = await t.app.inject({
      url: `/api/v1/customers/${customer.id}/loyalty`,
      headers: cashier.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      balance: 50,
      settings: { is_enabled: true, points_per_cedi: 1, points_per_cedi_redeemed: 100 },
      entries: [
        {
          delta: 50,
          balance_after: 50,
          reason: 'earned',
          receipt_number: made.json().sale.receipt_number,
          by: 'Ama Mensah',
        },
      ],
    });
  });

  it("keeps one business's points from another", async () => {
    const { customer, rice } = await loyalShop({ points: 500 });
    const other = await loyalShop();
    expectError(
      await t.app.inject({ url: `/api/v1/customers/${customer.id}/loyalty`, headers: other.owner.headers }),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    // Another business cannot redeem (or even name) this customer, nor sell this product.
    expectError(
      await postSale(t, other.cashier.headers, {
        items: [{ product_id: other.rice.id, quantity: 1 }],
        customer_id: customer.id,
        redeem_points: 100,
        payments: [cash(4900)],
      }),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    expect(rice.businessId).not.toBe(other.owner.businessId);
    const theirs = await withTenant(db(), other.owner.businessId, (tx) =>
      tx.select().from(loyaltyLedger).where(eq(loyaltyLedger.customerId, customer.id)),
    );
    expect(theirs).toEqual([]);
    expect(await balanceOf(customer.id)).toBe(500);
  });
});
