import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, products, stockMovements, transactions } from '../../db/schema/index.ts';
import { createUser } from '../../testing/factories.ts';
import { expectError, signedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hashPin, loadPinSecret } from '../accounts/index.ts';
import { cash, createCustomer, createProduct, postSale } from './test-fixtures.ts';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await loadPinSecret(t.database, t.deps.config.PIN_SECRET);
});
afterAll(() => t.close());

const db = () => t.database.db;
type Member = Awaited<ReturnType<typeof signedInShop>>;

async function stockOf(productId: string) {
  const [row] = await db().select().from(products).where(eq(products.id, productId));
  return row!.stockQuantity;
}

/** A shop whose owner has sold 3 Milo (₵55.00, 12.5 % tax) and 2 Key Soap (₵7.00, no tax) to a customer. */
async function shopWithSale(payment?: object) {
  const owner = await signedInShop(t, 'owner');
  const milo = await createProduct(db(), owner.businessId, {
    name: 'Milo 400g',
    price: 5500,
    stockQuantity: 10,
  });
  const soap = await createProduct(db(), owner.businessId, {
    name: 'Key Soap',
    price: 700,
    taxRate: '0',
    stockQuantity: 10,
  });
  const customer = await createCustomer(db(), owner.businessId, { totalSpent: 0, visitCount: 0 });
  // 3 × 55.00 + 2 × 7.00 = 179.00; tax 20.63; cart discount 1.00 → 198.63
  const response = await postSale(t, owner.headers, {
    items: [
      { product_id: milo.id, quantity: 3 },
      { product_id: soap.id, quantity: 2 },
    ],
    discount_amount: 100,
    customer_id: customer.id,
    payments: [payment ?? cash(19_863, 20_000)],
  });
  expect(response.statusCode).toBe(201);
  const sale = response.json().sale as {
    id: string;
    receipt_number: string;
    total_amount: number;
    items: { id: string }[];
  };
  return { owner, milo, soap, customer, sale };
}

const refund = (member: Member, saleId: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/transactions/${saleId}/refund`,
    headers: member.headers,
    payload,
  });
const voidIt = (member: Member, saleId: string, payload: object = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/transactions/${saleId}/void`,
    headers: member.headers,
    payload,
    remoteAddress,
  });

async function customerOf(id: string) {
  const [row] = await db().select().from(customers).where(eq(customers.id, id));
  return row!;
}

describe('refunds (operations §4 Refund, partial)', () => {
  it('refunds one line in part: a REF- transaction with negative totals, stock back, customer stats reduced, sale still completed', async () => {
    const { owner, milo, customer, sale } = await shopWithSale();
    const response = await refund(owner, sale.id, {
      lines: [{ item_id: sale.items[0]!.id, quantity: 1 }],
      reason: 'Wrong flavour',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // One Milo: 55.00 + tax 6.88 (1/3 of 20.63, rounded) − its share of the ₵1.00 discount (92 of 100 pesewas / 3).
    expect(body.refund).toMatchObject({
      transaction_type: 'refund',
      payment_status: 'completed',
      payment_method: 'cash',
      subtotal: -5500,
      tax_amount: -688,
      discount_amount: 31,
      total_amount: -(5500 + 688 - 31),
      original_transaction_id: sale.id,
      original_receipt_number: sale.receipt_number,
    });
    expect(body.refund.receipt_number).toMatch(/^REF-\d+-[A-Z0-9]{6}$/);
    expect(body.refund.items).toEqual([
      expect.objectContaining({
        product_name: 'Milo 400g',
        quantity: -1,
        unit_price: 5500,
        total_price: -5500,
      }),
    ]);
    expect(body.cash_to_return).toBe(6157);
    expect(body.note).toBeNull();
    expect(body.original).toMatchObject({ payment_status: 'completed', refunded_amount: 6157 });
    expect(body.original.items[0].refunded_quantity).toBe(1);
    expect(await stockOf(milo.id)).toBe(8);
    expect(await customerOf(customer.id)).toMatchObject({ totalSpent: 19_863 - 6157, visitCount: 1 });
  });

  it('marks the sale refunded when the rest is refunded, the refunds adding up to the sale exactly; then "Transaction already refunded"', async () => {
    const { owner, milo, soap, customer, sale } = await shopWithSale();
    await refund(owner, sale.id, { lines: [{ item_id: sale.items[0]!.id, quantity: 1 }] });
    await refund(owner, sale.id, { lines: [{ item_id: sale.items[0]!.id, quantity: 1 }] });
    const rest = await refund(owner, sale.id, {});
    expect(rest.statusCode).toBe(201);
    expect(rest.json().original.payment_status).toBe('refunded');
    const refunds = await db()
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.originalTransactionId, sale.id), eq(transactions.transactionType, 'refund')),
      );
    expect(refunds).toHaveLength(3);
    expect(refunds.reduce((sum, row) => sum + row.totalAmount, 0)).toBe(-sale.total_amount);
    expect(await stockOf(milo.id)).toBe(10);
    expect(await stockOf(soap.id)).toBe(10);
    expect((await customerOf(customer.id)).totalSpent).toBe(0);

    expectError(
      await refund(owner, sale.id, {}),
      409,
      'TRANSACTION_ALREADY_REFUNDED',
      'Transaction already refunded',
    );
  });

  it('writes damaged returns off: logged back and out again, stock unchanged', async () => {
    const { owner, soap, sale } = await shopWithSale();
    const response = await refund(owner, sale.id, {
      lines: [{ item_id: sale.items[1]!.id, quantity: 2, restock: false }],
    });
    expect(response.statusCode).toBe(201);
    expect(await stockOf(soap.id)).toBe(8);
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.productId, soap.id));
    expect(moves.map((m) => [m.reason, m.delta]).sort()).toEqual([
      ['refund', 2],
      ['sale', -2],
      ['write_off', -2],
    ]);
  });

  it('refuses a quantity above what is left, a line of another sale, a repeated line — changing nothing', async () => {
    const { owner, milo, sale } = await shopWithSale();
    const other = await shopWithSale();
    const tooMany = expectError(
      await refund(owner, sale.id, { lines: [{ item_id: sale.items[0]!.id, quantity: 4 }] }),
      400,
      'REFUND_QUANTITY_TOO_HIGH',
      'Only 3 left to refund',
    );
    expect(tooMany.fields).toEqual({ 'lines.0.quantity': 'Only 3 left to refund' });
    expectError(
      await refund(owner, sale.id, { lines: [{ item_id: other.sale.items[0]!.id, quantity: 1 }] }),
      400,
      'REFUND_LINE_NOT_IN_SALE',
      'This item is not part of the sale',
    );
    expectError(
      await refund(owner, sale.id, {
        lines: [
          { item_id: sale.items[0]!.id, quantity: 1 },
          { item_id: sale.items[0]!.id, quantity: 1 },
        ],
      }),
      400,
      'DUPLICATE_REFUND_LINE',
    );
    expectError(
      await refund(owner, sale.id, { lines: [{ item_id: sale.items[0]!.id, quantity: 0 }] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await stockOf(milo.id)).toBe(7);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
    expect(row!.paymentStatus).toBe('completed');
  });

  it("answers another business's transaction id as not found", async () => {
    const { sale } = await shopWithSale();
    const stranger = await signedInShop(t, 'owner');
    expectError(await refund(stranger, sale.id), 404, 'TRANSACTION_NOT_FOUND', 'Transaction not found');
    expectError(await voidIt(stranger, sale.id), 404, 'TRANSACTION_NOT_FOUND', 'Transaction not found');
    const read = await t.app.inject({ url: `/api/v1/transactions/${sale.id}`, headers: stranger.headers });
    expectError(read, 404, 'TRANSACTION_NOT_FOUND');
  });

  it('refunds a mobile-money sale in cash, saying so', async () => {
    const { owner, sale } = await shopWithSale({ method: 'mtn_momo', amount: 19_863, phone: '0244123456' });
    // A pending sale cannot be refunded yet.
    expectError(
      await refund(owner, sale.id),
      409,
      'TRANSACTION_NOT_REFUNDABLE',
      'Only completed sales can be refunded',
    );
    await db().update(transactions).set({ paymentStatus: 'completed' }).where(eq(transactions.id, sale.id));
    const response = await refund(owner, sale.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().note).toBe(
      'Refunded in cash: MTN MoMo payments cannot be sent back through the provider yet.',
    );
    expect(response.json().cash_to_return).toBe(19_863);
  });
});

describe('voids (operations §4 Void)', () => {
  it("cancels the sale with 'Voided: No reason provided', puts stock back and takes the visit off the customer", async () => {
    const { owner, milo, soap, customer, sale } = await shopWithSale();
    const response = await voidIt(owner, sale.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().transaction).toMatchObject({
      payment_status: 'cancelled',
      notes: 'Voided: No reason provided',
    });
    expect(await stockOf(milo.id)).toBe(10);
    expect(await stockOf(soap.id)).toBe(10);
    expect(await customerOf(customer.id)).toMatchObject({ totalSpent: 0, visitCount: 0 });
    expectError(
      await voidIt(owner, sale.id),
      409,
      'TRANSACTION_ALREADY_VOIDED',
      'Transaction already voided',
    );
    expectError(
      await refund(owner, sale.id),
      409,
      'TRANSACTION_ALREADY_VOIDED',
      'Transaction already voided',
    );
    expect(await stockOf(milo.id)).toBe(10);
  });

  it('refuses to void a refund, a partly refunded sale, or a sale of an earlier day', async () => {
    const { owner, sale } = await shopWithSale();
    const partly = await refund(owner, sale.id, { lines: [{ item_id: sale.items[0]!.id, quantity: 1 }] });
    expectError(
      await voidIt(owner, partly.json().refund.id),
      409,
      'TRANSACTION_NOT_VOIDABLE',
      'Only sales can be voided, not refunds',
    );
    expectError(await voidIt(owner, sale.id), 409, 'TRANSACTION_NOT_VOIDABLE');
    expectError(await refund(owner, partly.json().refund.id), 409, 'TRANSACTION_NOT_REFUNDABLE');

    const late = await shopWithSale();
    await db()
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
      .where(eq(transactions.id, late.sale.id));
    expectError(
      await voidIt(late.owner, late.sale.id),
      409,
      'VOID_WINDOW_CLOSED',
      'A sale can be voided only on the day it was made. Refund it instead.',
    );
  });
});

describe('approval on the spot', () => {
  async function withPin(member: Member, role: 'manager' | 'cashier' | 'owner', pin: string, extra = {}) {
    return createUser(db(), member.businessId, {
      role,
      firstName: role === 'manager' ? 'Kojo' : 'Yaw',
      lastName: 'Mensah',
      pinHash: hashPin(secret, member.businessId, pin),
      ...extra,
    });
  }

  it("refuses a cashier's refund or void without a manager's PIN, and with a wrong, a cashier's or another shop's PIN", async () => {
    const { owner, sale, milo } = await shopWithSale();
    const cashier = await signedInMember(t, owner.business, 'cashier');
    await withPin(owner, 'cashier', '111222');
    const elsewhere = await signedInShop(t, 'owner');
    await withPin(elsewhere, 'manager', '333444');
    expectError(
      await refund(cashier, sale.id),
      403,
      'APPROVAL_REQUIRED',
      'A manager or owner must approve this with their PIN',
    );
    expectError(await voidIt(cashier, sale.id), 403, 'APPROVAL_REQUIRED');
    for (const pin of ['999999', '111222', '333444']) {
      expectError(
        await refund(cashier, sale.id, { approver_pin: pin }),
        403,
        'APPROVER_PIN_INVALID',
        'That PIN does not belong to an active manager or owner',
      );
    }
    expect(await stockOf(milo.id)).toBe(7);
  });

  it('lets a manager approve a cashier’s refund with their PIN; the audit log names both', async () => {
    const { owner, sale } = await shopWithSale();
    const cashier = await signedInMember(t, owner.business, 'cashier', {
      firstName: 'Ama',
      lastName: 'Owusu',
    });
    await withPin(owner, 'manager', '424242');
    const response = await refund(cashier, sale.id, {
      lines: [{ item_id: sale.items[1]!.id, quantity: 1 }],
      approver_pin: '424242',
      reason: 'Leaking',
    });
    expect(response.statusCode).toBe(201);
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessId, owner.businessId), eq(auditLog.action, 'sale_refunded')));
    expect(line).toMatchObject({
      actorName: 'Ama Owusu',
      approverName: 'Kojo Mensah',
      reason: 'Leaking',
      subjectId: sale.id,
    });
  });

  it('stops guessing: after 10 wrong approver PINs the 11th attempt is refused with 429', async () => {
    const { owner, sale } = await shopWithSale();
    const cashier = await signedInMember(t, owner.business, 'cashier');
    await withPin(owner, 'manager', '565656');
    for (let i = 0; i < 10; i++) {
      const r = await voidIt(cashier, sale.id, { approver_pin: String(100_000 + i) }, '10.7.7.7');
      expect(r.statusCode).toBe(403);
    }
    expectError(await voidIt(cashier, sale.id, { approver_pin: '565656' }, '10.7.7.8'), 429, 'RATE_LIMITED');
  });
});

describe('refund and void at once', () => {
  it('lets exactly one of a refund and a void of the same sale through; the other gets the spec’s text', async () => {
    const { owner, milo, sale } = await shopWithSale();
    const [a, b] = await Promise.all([refund(owner, sale.id), voidIt(owner, sale.id)]);
    const ok = [a, b].filter((r) => r.statusCode < 300);
    expect(ok).toHaveLength(1);
    const refused = [a, b].find((r) => r.statusCode === 409)!;
    expect(['Transaction already refunded', 'Transaction already voided']).toContain(
      refused.json().error.message,
    );
    expect(await stockOf(milo.id)).toBe(10);
  });

  it('gives the last units back once when two people refund everything at once', async () => {
    const { owner, milo, sale } = await shopWithSale();
    const responses = await Promise.all([
      refund(owner, sale.id),
      refund(owner, sale.id),
      refund(owner, sale.id),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json().error.message).toBe('Transaction already refunded');
    }
    expect(await stockOf(milo.id)).toBe(10);
  });
});
