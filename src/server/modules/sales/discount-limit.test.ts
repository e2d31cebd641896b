import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { createUser } from '../../testing/factories.ts';
import { expectError, signedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hashPin, loadPinSecret } from '../accounts/index.ts';
import { cash, createProduct, postSale } from './test-fixtures.ts';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await loadPinSecret(t.database, t.deps.config.PIN_SECRET);
});
afterAll(() => t.close());
const db = () => t.database.db;

async function shop() {
  const owner = await signedInShop(t, 'owner');
  const cashier = await signedInMember(t, owner.business, 'cashier', { firstName: 'Ama', lastName: 'Owusu' });
  await createUser(db(), owner.businessId, {
    role: 'manager',
    firstName: 'Kojo',
    lastName: 'Mensah',
    pinHash: hashPin(secret, owner.businessId, '246810'),
  });
  const tin = await createProduct(db(), owner.businessId, {
    name: 'Milo 400g Tin',
    price: 5500,
    taxRate: '0',
    stockQuantity: 10,
  });
  return { owner, cashier, tin };
}

const auditOf = async (member: { headers: Record<string, string> }, query = '') =>
  (await t.app.inject({ url: `/api/v1/audit-log${query}`, headers: member.headers })).json();

describe('discount control (issue 10)', () => {
  it("refuses a cashier's 100 % line discount sent straight to the API without approval, changing nothing", async () => {
    const { cashier, tin } = await shop();
    const response = await postSale(t, cashier.headers, {
      items: [{ product_id: tin.id, quantity: 1, discount_amount: 5500 }],
      payments: [cash(0)],
    });
    const error = expectError(
      response,
      403,
      'DISCOUNT_APPROVAL_REQUIRED',
      "Discounts above 10% need a manager's or owner's approval",
    );
    expect(error.fields).toHaveProperty('approver_pin');
    const [row] = await db().select().from(products).where(eq(products.id, tin.id));
    expect(row!.stockQuantity).toBe(10);
  });

  it('refuses a cart discount above the limit too, and lets one within it through unrecorded', async () => {
    const { owner, cashier, tin } = await shop();
    const above = await postSale(t, cashier.headers, {
      items: [{ product_id: tin.id, quantity: 2 }],
      discount_amount: 1200,
      payments: [cash(9800)],
    });
    expectError(above, 403, 'DISCOUNT_APPROVAL_REQUIRED');
    const within = await postSale(t, cashier.headers, {
      items: [{ product_id: tin.id, quantity: 2 }],
      discount_amount: 1100,
      payments: [cash(9900)],
    });
    expect(within.statusCode).toBe(201);
    expect((await auditOf(owner)).entries).toEqual([]);
  });

  it("accepts it with a manager's PIN, and the audit log names the cashier and the approver; a wrong PIN is refused", async () => {
    const { owner, cashier, tin } = await shop();
    const body = {
      items: [{ product_id: tin.id, quantity: 1, discount_amount: 5500 - 688 }],
      payments: [cash(688)],
    };
    expectError(
      await postSale(t, cashier.headers, { ...body, approver_pin: '000000' }),
      403,
      'APPROVER_PIN_INVALID',
    );
    const response = await postSale(t, cashier.headers, { ...body, approver_pin: '246810' });
    expect(response.statusCode).toBe(201);
    const { entries } = await auditOf(owner);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'discount_above_limit',
        actor_name: 'Ama Owusu',
        approver_name: 'Kojo Mensah',
        subject_id: response.json().sale.id,
        summary: expect.stringContaining('Milo 400g Tin: 87.5% off (limit 10%)'),
      }),
    ]);
  });

  it('refuses the PIN a manager was issued and has not yet replaced: whoever issued it knows it', async () => {
    const { owner, cashier, tin } = await shop();
    await createUser(db(), owner.businessId, {
      role: 'manager',
      pinHash: hashPin(secret, owner.businessId, '135790'),
      pinExpiresAt: new Date(Date.now() + 60 * 60_000),
    });
    const response = await postSale(t, cashier.headers, {
      items: [{ product_id: tin.id, quantity: 1, discount_amount: 5000 }],
      payments: [cash(500)],
      approver_pin: '135790',
    });
    expectError(response, 403, 'APPROVER_PIN_INVALID');
    expect((await auditOf(owner)).entries).toEqual([]);
  });

  it('lets an owner give it without anyone else, still recorded', async () => {
    const { owner, tin } = await shop();
    const response = await postSale(t, owner.headers, {
      items: [{ product_id: tin.id, quantity: 1, discount_amount: 2750 }],
      payments: [cash(2750)],
    });
    expect(response.statusCode).toBe(201);
    const { entries } = await auditOf(owner, '?action=discount_above_limit');
    expect(entries).toHaveLength(1);
    expect(entries[0].approver_name).toBeNull();
  });

  it('is set by the owner only (0–100), the change logged; the new limit applies at once', async () => {
    const { owner, cashier, tin } = await shop();
    const put = (member: typeof owner, value: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/settings/discount-limit',
        headers: member.headers,
        payload: { discount_limit_percent: value },
      });
    expectError(await put(cashier, 50), 403, 'FORBIDDEN');
    expectError(await put(owner, 150), 400, 'VALIDATION_FAILED', 'Discount limit must be between 0 and 100');
    const manager = await signedInMember(t, owner.business, 'manager');
    expectError(await put(manager, 50), 403, 'FORBIDDEN');
    const response = await put(owner, 50);
    expect(response.json()).toEqual({ discount_limit_percent: 50 });
    const read = await t.app.inject({ url: '/api/v1/settings/discount-limit', headers: owner.headers });
    expect(read.json()).toEqual({ discount_limit_percent: 50 });
    const sale = await postSale(t, cashier.headers, {
      items: [{ product_id: tin.id, quantity: 1, discount_amount: 2750 }],
      payments: [cash(2750)],
    });
    expect(sale.statusCode).toBe(201);
    const { entries } = await auditOf(owner, '?action=discount_limit_changed');
    expect(entries[0]).toMatchObject({
      summary: 'Discount limit 10% → 50%',
      before: { discount_limit_percent: 10 },
    });
  });
});

describe('GET /api/v1/audit-log', () => {
  it("is for managers and owners, filtered by action, and shows only the business's own lines", async () => {
    const { owner, cashier, tin } = await shop();
    const stranger = await signedInShop(t, 'owner');
    await postSale(t, owner.headers, {
      items: [{ product_id: tin.id, quantity: 1, discount_amount: 5500 }],
      payments: [cash(0)],
    });
    const manager = await signedInMember(t, owner.business, 'manager');
    expect((await auditOf(manager)).entries).toHaveLength(1);
    expect((await auditOf(owner, '?action=sale_voided')).entries).toEqual([]);
    expect((await auditOf(stranger)).entries).toEqual([]);
    expectError(await t.app.inject({ url: '/api/v1/audit-log', headers: cashier.headers }), 403, 'FORBIDDEN');
    expectError(
      await t.app.inject({ url: '/api/v1/audit-log?action=nope', headers: owner.headers }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
