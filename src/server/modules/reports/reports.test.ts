import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM } from '#domain/catalog/csv.ts';
import {
  auditLog,
  customers,
  payments,
  products,
  transactionItems,
  transactions,
} from '../../db/schema/index.ts';
import { createCategory, createCustomer, createProduct, createUser } from '../../testing/factories.ts';
import {
  expectError,
  type SignedInMember,
  signedInMember,
  signedInShop,
} from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hashPin, loadPinSecret } from '../accounts/index.ts';
import { cash, postSale } from '../sales/test-fixtures.ts';

// Every figure below is worked out by hand in the comments, from the sales the test makes through the API (the
// real checkout, refund and void), then moved to fixed times so the day boundaries are exact.

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await loadPinSecret(t.database, t.deps.config.PIN_SECRET);
});
afterAll(() => t.close());
const db = () => t.database.db;

type Line = { product_id: string; quantity: number; discount_amount?: number };

async function sell(
  member: SignedInMember,
  items: Line[],
  total: number,
  extra: Record<string, unknown> = {},
) {
  const response = await postSale(t, member.headers, { items, payments: [cash(total)], ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().sale.id as string;
}

/** A sale paid by mobile money, completed as the provider (or the cashier typing the SMS's ID) would. */
async function sellByMomo(
  member: SignedInMember,
  items: Line[],
  total: number,
  method: string,
  options: { isManual?: boolean; extra?: Record<string, unknown> } = {},
) {
  const isManual = options.isManual ?? false;
  const response = await postSale(t, member.headers, {
    items,
    payments: [{ method, amount: total, phone: '0241234567', reference: isManual ? 'TX123' : undefined }],
    ...options.extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().sale.id as string;
  await db()
    .update(payments)
    .set({ status: 'completed', completedAt: new Date(), provider: isManual ? 'manual' : 'sandbox' })
    .where(eq(payments.transactionId, id));
  await db()
    .update(transactions)
    .set({ paymentStatus: 'completed', amountPaid: total })
    .where(eq(transactions.id, id));
  return id;
}

async function moveTo(id: string, at: string) {
  const when = new Date(at);
  await db().update(transactions).set({ createdAt: when }).where(eq(transactions.id, id));
  // Its lines and tenders are written with it, at its time.
  await db().update(transactionItems).set({ createdAt: when }).where(eq(transactionItems.transactionId, id));
  await db().update(payments).set({ createdAt: when }).where(eq(payments.transactionId, id));
}

const summary = (member: SignedInMember, from: string, to: string) =>
  t.app.inject({ url: `/api/v1/reports/summary?from=${from}&to=${to}`, headers: member.headers });

describe('reports (issue 16)', () => {
  let owner: SignedInMember;
  let tokyo: SignedInMember;
  let loyalCustomerId: string;

  beforeAll(async () => {
    // ── Business A, Africa/Accra (UTC+0 all year: local midnight is UTC midnight).
    owner = await signedInShop(t, 'owner', {
      business: { timezone: 'Africa/Accra' },
      user: { firstName: 'Abena', lastName: 'Owner' },
    });
    const cashier = await signedInMember(t, owner.business, 'cashier', {
      firstName: 'Ama',
      lastName: 'Owusu',
    });
    await createUser(db(), owner.businessId, {
      role: 'manager',
      firstName: 'Kojo',
      lastName: 'Mensah',
      pinHash: hashPin(secret, owner.businessId, '246810'),
    });
    const grains = await createCategory(db(), owner.businessId, 'Grains');
    const drinks = await createCategory(db(), owner.businessId, 'Drinks');
    const rice = await createProduct(db(), owner.businessId, {
      name: 'Rice 5kg',
      price: 2000,
      costPrice: 1500,
      taxRate: '0',
      stockQuantity: 50,
      categoryId: grains.id,
    });
    const milo = await createProduct(db(), owner.businessId, {
      name: 'Milo 400g',
      price: 1000,
      costPrice: 600,
      taxRate: '12.5',
      stockQuantity: 50,
      categoryId: drinks.id,
    });
    await createProduct(db(), owner.businessId, {
      name: 'Key Soap',
      price: 500,
      costPrice: 300,
      taxRate: '0',
      stockQuantity: 20,
    });
    const bread = await createProduct(db(), owner.businessId, {
      name: 'Sugar Bread',
      price: 400,
      costPrice: 200,
      taxRate: '0',
      stockQuantity: 10,
    });

    // S1 09:15: 2 rice + 1 Milo, ₵4.00 off the sale. Subtotal 4000 + 1000 = 5000; tax 12.5 % of 1000 = 125;
    // total 5000 + 125 − 400 = 4725; cost 2 × 1500 + 600 = 3600. Cash.
    const s1 = await sell(
      owner,
      [
        { product_id: rice.id, quantity: 2 },
        { product_id: milo.id, quantity: 1 },
      ],
      4725,
      { discount_amount: 400 },
    );
    await moveTo(s1, '2026-03-10T09:15:00Z');
    // S2 23:30 (still the 10th in Accra): 3 Milo by MTN MoMo. Subtotal 3000, tax 375, total 3375, cost 1800.
    const s2 = await sellByMomo(owner, [{ product_id: milo.id, quantity: 3 }], 3375, 'mtn_momo');
    await moveTo(s2, '2026-03-10T23:30:00Z');
    // S3 00:30 on the 11th: outside the day. 1 rice, 2000.
    await moveTo(await sell(owner, [{ product_id: rice.id, quantity: 1 }], 2000), '2026-03-11T00:30:00Z');
    // S4 10:00: 1 rice, voided (on the day it was made), then moved: a void of 2000, not a sale.
    const s4 = await sell(owner, [{ product_id: rice.id, quantity: 1 }], 2000);
    const voiding = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${s4}/void`,
      headers: owner.headers,
      payload: { reason: 'Wrong item' },
    });
    expect(voiding.statusCode).toBe(200);
    await moveTo(s4, '2026-03-10T10:00:00Z');
    // S5 11:00: 2 Milo with ₵1.00 off the line. Subtotal 2000, tax 250, total 2000 + 250 − 100 = 2150, cost 1200.
    const s5 = await sell(owner, [{ product_id: milo.id, quantity: 2, discount_amount: 100 }], 2150);
    await moveTo(s5, '2026-03-10T11:00:00Z');
    // R1 12:00: 1 of the 2 Milo back. Lines −1000, tax −125 (half of 250), discount 50 (half of 100):
    // total −1000 − 125 + 50 = −1075 in cash; refunded before tax −(−1000 + 50) = 950; cost back 600.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${s5}/refund`,
      headers: owner.headers,
      payload: { lines: [{ item_id: await firstItemOf(s5), quantity: 1, restock: true }] },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await moveTo(refund.json().refund.id, '2026-03-10T12:00:00Z');
    // S6 14:00 by the cashier: 1 rice with ₵6.00 off (30 %, above the 10 % limit, approved by Kojo's PIN), paid
    // by manual Telecel Cash. Subtotal 2000, tax 0, total 1400, cost 1500.
    const s6 = await sellByMomo(
      cashier,
      [{ product_id: rice.id, quantity: 1, discount_amount: 600 }],
      1400,
      'telecel_cash',
      { isManual: true, extra: { approver_pin: '246810' } },
    );
    await moveTo(s6, '2026-03-10T14:00:00Z');
    // S0 on the 9th (the previous period): 1 rice, 2000, cost 1500.
    await moveTo(await sell(owner, [{ product_id: rice.id, quantity: 1 }], 2000), '2026-03-09T12:00:00Z');
    // Today, really: 1 bread (not slow; nothing in March).
    await sell(owner, [{ product_id: bread.id, quantity: 1 }], 400);
    // A MoMo sale still waiting for the customer on the 10th: takes no money, counts for nothing.
    const waiting = await postSale(t, owner.headers, {
      items: [{ product_id: milo.id, quantity: 1 }],
      payments: [{ method: 'mtn_momo', amount: 1125, phone: '0241234567' }],
    });
    await moveTo(waiting.json().sale.id, '2026-03-10T15:00:00Z');
    // The audit entries of the day (void, refund, the approved discount) happened on the 10th too.
    await db()
      .update(auditLog)
      .set({ createdAt: new Date('2026-03-10T16:00:00Z') })
      .where(eq(auditLog.businessId, owner.businessId));

    // ── Loyalty, on the 8th (a day of its own, so the 10th above stays as it is). The program is switched on
    // at 10 points per ₵1 paid and 100 points = ₵1 (1 point pays 1 pesewa).
    const loyaltyOn = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/loyalty',
      headers: owner.headers,
      payload: { is_enabled: true, points_per_cedi: 10, points_per_cedi_redeemed: 100 },
    });
    expect(loyaltyOn.statusCode, loyaltyOn.body).toBe(200);
    const efua = await createCustomer(db(), owner.businessId, { name: 'Efua Boateng' });
    loyalCustomerId = efua.id;
    // L1 10:00: Efua buys 2 rice + 1 Milo in cash. Subtotal 4000 + 1000 = 5000; tax 125; total 5125; cost
    // 2 × 1500 + 600 = 3600. She earns ⌊5125 × 10 / 100⌋ = 512 points.
    const l1 = await sell(
      owner,
      [
        { product_id: rice.id, quantity: 2 },
        { product_id: milo.id, quantity: 1 },
      ],
      5125,
      { customer_id: efua.id },
    );
    await moveTo(l1, '2026-03-08T10:00:00Z');
    // L2 11:00: 2 Milo with ₵1.00 off the sale, and 500 of her points redeemed (= ₵5.00), in cash. Subtotal
    // 2000; tax 250, as without the points (a discount off the sale never lowers the tax, as for S1);
    // discount 100 + 500 = 600; total 2000 + 250 − 600 = 1650; cost 1200. She earns ⌊1650 × 10 / 100⌋ = 165.
    const redeeming = await postSale(t, owner.headers, {
      items: [{ product_id: milo.id, quantity: 2 }],
      discount_amount: 100,
      customer_id: efua.id,
      redeem_points: 500,
      payments: [cash(1650)],
    });
    expect(redeeming.statusCode, redeeming.body).toBe(201);
    expect(redeeming.json().sale.loyalty).toMatchObject({
      points_earned: 165,
      points_redeemed: 500,
      redeemed_value: 500,
    });
    const l2 = redeeming.json().sale.id as string;
    await moveTo(l2, '2026-03-08T11:00:00Z');
    // R2 12:00: 1 of the 2 Milo back. The only line carries the whole ₵6.00 off the sale, so half of it comes
    // back with the unit: lines −1000, tax −125, discount 300: total −1000 − 125 + 300 = −825 in cash; refunded
    // before tax 1000 − 300 = 700; cost back 600. Half the sale's money: ⌊165 × 825 / 1650⌋ = 82 earned points
    // taken back, ⌊500 × 825 / 1650⌋ = 250 redeemed points given back.
    const before = new Date();
    const loyalRefund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${l2}/refund`,
      headers: owner.headers,
      payload: { lines: [{ item_id: await firstItemOf(l2), quantity: 1, restock: true }] },
    });
    expect(loyalRefund.statusCode, loyalRefund.body).toBe(201);
    expect(loyalRefund.json().refund.total_amount).toBe(-825);
    await moveTo(loyalRefund.json().refund.id, '2026-03-08T12:00:00Z');
    await db()
      .update(auditLog)
      .set({ createdAt: new Date('2026-03-08T12:00:00Z') })
      .where(and(eq(auditLog.businessId, owner.businessId), gte(auditLog.createdAt, before)));

    // The rice now costs more: past margins keep the cost at the time of sale.
    await db().update(products).set({ costPrice: 1600 }).where(eq(products.id, rice.id));

    // ── Business B, Asia/Tokyo (UTC+9): its 10 March runs from 9 March 15:00 UTC to 10 March 15:00 UTC.
    tokyo = await signedInShop(t, 'owner', { business: { timezone: 'Asia/Tokyo' } });
    const tea = await createProduct(db(), tokyo.businessId, {
      name: 'Green tea',
      price: 1000,
      costPrice: 400,
      taxRate: '0',
      stockQuantity: 10,
    });
    for (const at of [
      '2026-03-09T15:30:00Z', // 10 Mar 00:30 Tokyo: in
      '2026-03-10T14:59:00Z', // 10 Mar 23:59 Tokyo: in
      '2026-03-10T15:00:00Z', // 11 Mar 00:00 Tokyo: out
      '2026-03-09T14:59:00Z', //  9 Mar 23:59 Tokyo: the previous day
    ]) {
      await moveTo(await sell(tokyo, [{ product_id: tea.id, quantity: 1 }], 1000), at);
    }
  });

  async function firstItemOf(saleId: string): Promise<string> {
    const [item] = await db()
      .select({ id: transactionItems.id })
      .from(transactionItems)
      .where(eq(transactionItems.transactionId, saleId));
    return item!.id;
  }

  it('adds up one Accra day by hand: sales, discounts, refunds, voids, tax, cost at the time of sale, payment methods', async () => {
    const response = await summary(owner, '2026-03-10', '2026-03-10');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.range).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(report.previous_range).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(report.grain).toBe('hour');
    // Counted sales S1, S2, S5, S6 (S3 is the 11th, S4 voided, the MoMo sale still waiting).
    expect(report.figures).toEqual({
      gross_sales: 12_000, // 5000 + 3000 + 2000 + 2000
      discounts: 1100, // 400 + 0 + 100 + 600
      points_redeemed: 0, // no customer redeemed points that day
      refunds: 950,
      refund_count: 1,
      voids: 2000,
      void_count: 1,
      net_sales: 9950, // 12000 − 1100 − 950
      tax: 625, // 125 + 375 + 250 + 0 − 125
      takings: 10_575, // 9950 + 625 = 4725 + 3375 + 2150 + 1400 − 1075
      cost_of_goods: 7500, // 3600 + 1800 + 1200 + 1500 − 600 (rice at 1500, not today's 1600)
      gross_margin: 2450, // 9950 − 7500
      margin_percent: 24.6, // 2450 / 9950 = 24.62 %
      transaction_count: 4,
      average_basket: 2913, // (4725 + 3375 + 2150 + 1400) / 4 = 2912.5, rounded half up
    });
    // S0 alone: 2000 gross and net, cost 1500.
    expect(report.previous_figures).toMatchObject({
      gross_sales: 2000,
      net_sales: 2000,
      cost_of_goods: 1500,
      gross_margin: 500,
      transaction_count: 1,
      average_basket: 2000,
    });
    // Cash: S1 4725 + S5 2150 − R1 1075 = 5800 over 3 transactions; MTN MoMo S2; manual MoMo S6.
    expect(report.payment_methods).toEqual([
      { channel: 'cash', count: 3, amount: 5800 },
      { channel: 'mtn_momo', count: 1, amount: 3375 },
      { channel: 'manual_momo', count: 1, amount: 1400 },
    ]);
    // By hour: 09 S1 5000 − 400; 11 S5 2000 − 100; 12 the refund −950; 14 S6 1400; 23 S2 3000. 24 hours in all.
    expect(report.series).toHaveLength(24);
    const hours = Object.fromEntries(
      report.series
        .filter((p: { net_sales: number }) => p.net_sales !== 0)
        .map((p: { key: string; net_sales: number }) => [p.key, p.net_sales]),
    );
    expect(hours).toEqual({ '09': 4600, '11': 1900, '12': -950, '14': 1400, '23': 3000 });
    // Rice: S1 2 + S6 1 = 3 units, 6000; Milo: 1 + 3 + 2 − 1 = 5 units, 1000 + 3000 + 2000 − 1000 = 5000.
    expect(report.categories).toEqual([
      { category_id: expect.any(String), name: 'Grains', quantity: 3, sales: 6000 },
      { category_id: expect.any(String), name: 'Drinks', quantity: 5, sales: 5000 },
    ]);
    expect(report.top_by_revenue.map((p: { name: string }) => p.name)).toEqual(['Rice 5kg', 'Milo 400g']);
    expect(report.top_by_quantity).toEqual([
      { product_id: expect.any(String), name: 'Milo 400g', quantity: 5, sales: 5000 },
      { product_id: expect.any(String), name: 'Rice 5kg', quantity: 3, sales: 6000 },
    ]);
    // Abena: S1, S2, S5 and the refund: gross 10000, discounts 500, refunds 950, net 8550,
    // basket (4725 + 3375 + 2150) / 3 = 3416.67. Ama: S6.
    expect(report.cashiers).toEqual([
      {
        cashier_id: owner.userId,
        name: 'Abena Owner',
        sale_count: 3,
        gross_sales: 10_000,
        discounts: 500,
        refunds: 950,
        net_sales: 8550,
        average_basket: 3417,
      },
      {
        cashier_id: expect.any(String),
        name: 'Ama Owusu',
        sale_count: 1,
        gross_sales: 2000,
        discounts: 600,
        refunds: 0,
        net_sales: 1400,
        average_basket: 1400,
      },
    ]);
  });

  it('counts discounts and overrides by person from the sales and the audit log', async () => {
    const report = (await summary(owner, '2026-03-10', '2026-03-10')).json();
    expect(report.discounts_by_cashier).toEqual([
      {
        cashier_id: expect.any(String),
        name: 'Ama Owusu',
        discounted_sales: 1,
        discount_amount: 600,
        above_limit: 1,
        approvals: 1,
        refunds: 0,
        voids: 0,
      },
      {
        cashier_id: owner.userId,
        name: 'Abena Owner',
        discounted_sales: 2,
        discount_amount: 500,
        above_limit: 0,
        approvals: 0,
        refunds: 1,
        voids: 1,
      },
    ]);
  });

  it('counts loyalty points redeemed as a discount on the 8th: net sales, tax, tenders and the refund by hand', async () => {
    const response = await summary(owner, '2026-03-08', '2026-03-08');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    // Counted sales L1 and L2, and the refund R2 of L2.
    expect(report.figures).toEqual({
      gross_sales: 7000, // 5000 + 2000
      discounts: 600, // 0 + (₵1.00 off the sale + 500 points worth ₵5.00)
      points_redeemed: 500, // L2's 500 points at 100 points = ₵1 (already in the discounts)
      refunds: 700, // 1000 − 300 of the discount that came back with the unit
      refund_count: 1,
      voids: 0,
      void_count: 0,
      net_sales: 5700, // 7000 − 600 − 700
      tax: 250, // 125 + 250 − 125: the points took nothing off the tax
      takings: 5950, // 5700 + 250 = 5125 + 1650 − 825
      cost_of_goods: 4200, // 3600 + 1200 − 600
      gross_margin: 1500, // 5700 − 4200
      margin_percent: 26.3, // 1500 / 5700 = 26.32 %
      transaction_count: 2,
      average_basket: 3388, // (5125 + 1650) / 2 = 3387.5, rounded half up
    });
    // The points are not a tender: L2's cash is what was paid after them. 5125 + 1650 − 825 = 5950 over 3.
    expect(report.payment_methods).toEqual([{ channel: 'cash', count: 3, amount: 5950 }]);
    const hours = Object.fromEntries(
      report.series
        .filter((p: { net_sales: number }) => p.net_sales !== 0)
        .map((p: { key: string; net_sales: number }) => [p.key, p.net_sales]),
    );
    // 10: L1 5000; 11: L2 2000 − 600; 12: the refund −700.
    expect(hours).toEqual({ '10': 5000, '11': 1400, '12': -700 });
    // Abena gave the discount on L2, points included: 1 discounted sale, 600.
    expect(report.discounts_by_cashier).toEqual([
      {
        cashier_id: owner.userId,
        name: 'Abena Owner',
        discounted_sales: 1,
        discount_amount: 600,
        above_limit: 0,
        approvals: 0,
        refunds: 1,
        voids: 0,
      },
    ]);
    // The owner reads the points apart in the summary (and its CSV), in cedis.
    const csv = await t.app.inject({
      url: '/api/v1/reports/export.csv?table=summary&from=2026-03-08&to=2026-03-08',
      headers: owner.headers,
    });
    expect(csv.body).toContain('\r\nDiscounts,6.00,0.00,\r\nof which loyalty points,5.00,0.00,\r\n');
    // Efua's points: 512 − 500 + 165 − 82 + 250 = 345.
    const [efua] = await db().select().from(customers).where(eq(customers.id, loyalCustomerId));
    expect(efua!.loyaltyPoints).toBe(345);
  });

  it('reads the day in Tokyo time: 00:30 and 23:59 in, midnight after out; by day over two days', async () => {
    const day = (await summary(tokyo, '2026-03-10', '2026-03-10')).json();
    expect(day.figures).toMatchObject({
      gross_sales: 2000,
      net_sales: 2000,
      transaction_count: 2,
      cost_of_goods: 800,
    });
    expect(day.previous_figures).toMatchObject({ gross_sales: 1000, transaction_count: 1 });
    const busy = day.series
      .filter((p: { net_sales: number }) => p.net_sales !== 0)
      .map((p: { key: string }) => p.key);
    expect(busy).toEqual(['00', '23']);
    const two = (await summary(tokyo, '2026-03-09', '2026-03-10')).json();
    expect(two.grain).toBe('day');
    expect(two.series).toEqual([
      { key: '2026-03-09', net_sales: 1000, count: 1 },
      { key: '2026-03-10', net_sales: 2000, count: 2 },
    ]);
    expect(two.previous_range).toEqual({ from: '2026-03-07', to: '2026-03-08' });
    // Business A's sales are not Tokyo's.
    expect(two.cashiers.map((c: { cashier_id: string }) => c.cashier_id)).toEqual([tokyo.userId]);
  });

  it('lists slow movers (never sold first) and values the stock at cost and at price', async () => {
    const slow = await t.app.inject({ url: '/api/v1/reports/slow-movers', headers: owner.headers });
    expect(slow.statusCode).toBe(200);
    // Soap never sold; Milo last sold 10 Mar 23:30 (S2); rice 11 Mar 00:30 (S3). Bread sold today: not slow.
    expect(slow.json()).toMatchObject({ days: 30, total: 3, page: 1, page_size: 50 });
    expect(
      slow
        .json()
        .products.map((p: { name: string; last_sold_at: string | null }) => [p.name, p.last_sold_at]),
    ).toEqual([
      ['Key Soap', null],
      ['Milo 400g', '2026-03-10T23:30:00.000Z'],
      ['Rice 5kg', '2026-03-11T00:30:00.000Z'],
    ]);
    const value = (
      await t.app.inject({ url: '/api/v1/reports/stock-valuation', headers: owner.headers })
    ).json();
    // Rice 50 − 2 − 1 − 1 + 1 (void) − 1 − 1 − 2 (L1) = 43 at 1600 / 2000; Milo 50 − 1 − 3 − 2 + 1 (refund)
    // − 1 (waiting) − 1 (L1) − 2 (L2) + 1 (R2) = 42 at 600 / 1000; soap 20 at 300 / 500; bread 9 at 200 / 400.
    expect(
      value.products.map((p: { name: string; stock: number; cost_value: number; retail_value: number }) => [
        p.name,
        p.stock,
        p.cost_value,
        p.retail_value,
      ]),
    ).toEqual([
      ['Rice 5kg', 43, 68_800, 86_000],
      ['Milo 400g', 42, 25_200, 42_000],
      ['Key Soap', 20, 6000, 10_000],
      ['Sugar Bread', 9, 1800, 3600],
    ]);
    // 43 + 42 + 20 + 9; 68800 + 25200 + 6000 + 1800; 86000 + 42000 + 10000 + 3600.
    expect(value.totals).toEqual({ units: 114, cost_value: 101_800, retail_value: 141_600 });
    expect(value.total).toBe(4);
  });

  it('exports a table as CSV with the figures of the screen, amounts in cedis', async () => {
    const response = await t.app.inject({
      url: '/api/v1/reports/export.csv?table=payment_methods&from=2026-03-10&to=2026-03-10',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('payment-methods-2026-03-10-to-2026-03-10.csv');
    expect(response.body).toBe(
      `${CSV_BOM}Payment method,Transactions,Amount\r\nCash,3,58.00\r\nMTN MoMo,1,33.75\r\nManual MoMo,1,14.00\r\n`,
    );
    const summaryCsv = await t.app.inject({
      url: '/api/v1/reports/export.csv?table=summary&from=2026-03-10&to=2026-03-10',
      headers: owner.headers,
    });
    expect(summaryCsv.body).toContain('Net sales,99.50,20.00,397.5\r\n');
    const stockCsv = await t.app.inject({
      url: '/api/v1/reports/export.csv?table=stock_valuation&from=2026-03-10&to=2026-03-10',
      headers: owner.headers,
    });
    expect(stockCsv.body.split('\r\n')[1]).toBe('Rice 5kg,,Grains,43,16.00,20.00,688.00,860.00');
  });

  it('refuses a cashier, and a bad period with a clear message, changing nothing', async () => {
    const cashier = await signedInMember(t, owner.business, 'cashier');
    expectError(await summary(cashier, '2026-03-10', '2026-03-10'), 403, 'FORBIDDEN');
    expectError(
      await t.app.inject({ url: '/api/v1/reports/stock-valuation', headers: cashier.headers }),
      403,
      'FORBIDDEN',
    );
    const backwards = expectError(await summary(owner, '2026-03-11', '2026-03-10'), 400, 'VALIDATION_FAILED');
    expect(backwards.fields).toEqual({ to: 'The start date must be on or before the end date' });
    const unreal = expectError(await summary(owner, '2026-02-30', '2026-03-10'), 400, 'VALIDATION_FAILED');
    expect(unreal.fields).toEqual({ from: 'Start date must be a real date (YYYY-MM-DD)' });
    expectError(
      await t.app.inject({
        url: '/api/v1/reports/export.csv?table=nope&from=2026-03-10&to=2026-03-10',
        headers: owner.headers,
      }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
