import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakePaystack } from '../../../../scripts/fake-paystack.ts';
import { paymentRefunds, products } from '../../db/schema/index.ts';
import { expectError, type SignedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { createProduct, postSale } from '../sales/test-fixtures.ts';
import { paystackTestBench } from './test-fixtures.ts';

// Refunds and voids of card and mobile-money sales go back through the provider that took the money.

const KEY = 'sk_test_refunds000000000001';
const bench = paystackTestBench([KEY, KEY]);
let t: TestApp;
let fake: FakePaystack;
/** A Paystack with the same key that has never seen the shop's charges. */
let stranger: FakePaystack;
beforeAll(() => {
  t = bench.t;
  [fake, stranger] = bench.fakes as [FakePaystack, FakePaystack];
});

const db = () => t.database.db;

const putSettings = (owner: SignedInMember, overrides: object = {}) =>
  bench.putSettings(owner, fake, overrides);
const paystackShop = () => bench.paystackShop(fake);

/** A paid MoMo sale of 4 × ₵25.00 through Paystack. */
async function paidMomoSale(owner: SignedInMember) {
  const item = await createProduct(db(), owner.businessId, { price: 2500, taxRate: '0', stockQuantity: 10 });
  const made = await postSale(t, owner.headers, {
    items: [{ product_id: item.id, quantity: 4 }],
    payments: [{ method: 'mtn_momo', amount: 10000, phone: '0241234567' }],
  });
  expect(made.statusCode, made.body).toBe(201);
  const sale = made.json().sale;
  const reference = sale.payments[0].provider_reference as string;
  await fake.approve(reference);
  return { item, sale, reference, lineId: await lineOf(owner, sale.id) };
}

async function lineOf(owner: SignedInMember, saleId: string): Promise<string> {
  const found = await t.app.inject({ url: `/api/v1/transactions/${saleId}`, headers: owner.headers });
  expect(found.json().transaction.payment_status).toBe('completed');
  return found.json().transaction.items[0].id;
}

const refund = (owner: SignedInMember, saleId: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/transactions/${saleId}/refund`,
    headers: owner.headers,
    payload,
  });

const refundCalls = (target: FakePaystack, reference: string) =>
  target.requests.filter(
    (request) =>
      request.path === '/refund' && (request.body as { transaction: string }).transaction === reference,
  );

async function stockOf(productId: string) {
  const [row] = await db()
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

describe('refunds of mobile money through the fake Paystack', () => {
  it('sends a partial and then the rest back to the customer’s number, each once, for the refunded amount', async () => {
    const owner = await paystackShop();
    const { sale, reference, lineId } = await paidMomoSale(owner);

    const first = await refund(owner, sale.id, {
      lines: [{ item_id: lineId, quantity: 1, restock: true }],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      cash_to_return: 0,
      sent_back: { amount: 2500, method: 'mtn_momo' },
      note: "Sent back to the customer's MTN MoMo number through Paystack.",
    });
    expect(first.json().refund.notes).toContain("Sent back to the customer's MTN MoMo number");
    expect(refundCalls(fake, reference).map((call) => call.body)).toEqual([
      { transaction: reference, amount: 2500 },
    ]);

    const rest = await refund(owner, sale.id);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ cash_to_return: 0, sent_back: { amount: 7500 } });
    expect(rest.json().original.payment_status).toBe('refunded');
    expect(refundCalls(fake, reference).map((call) => (call.body as { amount: number }).amount)).toEqual([
      2500, 7500,
    ]);
    const claims = await db()
      .select({ status: paymentRefunds.status, amount: paymentRefunds.amount })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.saleId, sale.id));
    expect(claims.map((claim) => claim).sort((a, b) => a.amount - b.amount)).toEqual([
      { status: 'recorded', amount: 2500 },
      { status: 'recorded', amount: 7500 },
    ]);
  });

  it('never sends the same money twice: a refund sent but never recorded is recorded by the retry without a second call', async () => {
    const owner = await paystackShop();
    const { sale, reference, item } = await paidMomoSale(owner);
    // As if the provider answered but the recording was lost (the server stopped, or the answer never came).
    const claimId = crypto.randomUUID();
    const [payment] = await db()
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.saleId, sale.id));
    expect(payment).toBeUndefined();
    await db().insert(paymentRefunds).values({
      id: claimId,
      businessId: owner.businessId,
      saleId: sale.id,
      paymentId: sale.payments[0].id,
      provider: 'paystack',
      amount: 10000,
      status: 'sent',
    });
    const retried = await refund(owner, sale.id);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().refund.id).toBe(claimId);
    expect(retried.json().sent_back).toEqual({ amount: 10000, method: 'mtn_momo' });
    expect(refundCalls(fake, reference)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(10);
    const [claim] = await db()
      .select({ status: paymentRefunds.status })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.id, claimId)));
    expect(claim?.status).toBe('recorded');
  });

  it('records nothing when Paystack refuses or cannot be reached; the person may try again or refund in cash', async () => {
    const owner = await paystackShop();
    const { sale, item, reference } = await paidMomoSale(owner);

    // A Paystack that does not know the charge refuses the refund.
    await putSettings(owner, { paystack_base_url: stranger.url });
    const refused = await refund(owner, sale.id);
    expectError(
      refused,
      502,
      'PROVIDER_REFUND_FAILED',
      'The money could not be sent back: Transaction has not been paid. Nothing was refunded. Try again, or refund it in cash.',
    );
    // Nowhere to be reached.
    await putSettings(owner, { paystack_base_url: 'http://127.0.0.1:9' });
    const unreachable = await refund(owner, sale.id);
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().error.message).toContain('Nothing was refunded');
    const unchanged = await t.app.inject({ url: `/api/v1/transactions/${sale.id}`, headers: owner.headers });
    expect(unchanged.json().transaction.payment_status).toBe('completed');
    expect(await stockOf(item.id)).toBe(6);

    // Back to the right Paystack: trying again works.
    await putSettings(owner);
    const again = await refund(owner, sale.id, {
      lines: [{ item_id: await lineOf(owner, sale.id), quantity: 1, restock: true }],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().sent_back.amount).toBe(2500);

    // Or the person chooses cash: nothing goes to the provider.
    const calls = refundCalls(fake, reference).length;
    const inCash = await refund(owner, sale.id, { refund_in_cash: true });
    expect(inCash.statusCode, inCash.body).toBe(201);
    expect(inCash.json()).toMatchObject({
      cash_to_return: 7500,
      sent_back: null,
      note: 'Refunded in cash: chosen instead of sending it back through the provider.',
    });
    expect(refundCalls(fake, reference)).toHaveLength(calls);
  });
});

describe('a refund that got no answer in time', () => {
  const claimsOf = (saleId: string) =>
    db()
      .select({ status: paymentRefunds.status, amount: paymentRefunds.amount })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.saleId, saleId));
  const listCalls = () => fake.requests.filter((r) => r.method === 'GET' && r.path === '/refund').length;

  it('is looked up at Paystack on the next try and recorded, never sent twice; cash is refused meanwhile', async () => {
    const owner = await paystackShop();
    const { sale, reference, item } = await paidMomoSale(owner);
    fake.hangsAfterRefund = true;
    let timedOut: Awaited<ReturnType<typeof refund>>;
    try {
      timedOut = await refund(owner, sale.id);
    } finally {
      fake.hangsAfterRefund = false;
    }
    expectError(
      timedOut,
      502,
      'PROVIDER_REFUND_UNKNOWN',
      'Paystack did not answer in time, so it is not known yet whether the money went back. Try again in a moment: the earlier attempt is checked with Paystack first, so the money is never sent twice.',
    );
    expect(await claimsOf(sale.id)).toEqual([{ status: 'unknown', amount: 10000 }]);
    expect(await stockOf(item.id)).toBe(6);
    // The money may be on its way back already: cash now could pay the customer twice.
    expectError(await refund(owner, sale.id, { refund_in_cash: true }), 502, 'PROVIDER_REFUND_UNKNOWN');

    const lists = listCalls();
    const retried = await refund(owner, sale.id);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().sent_back).toEqual({ amount: 10000, method: 'mtn_momo' });
    expect(listCalls()).toBe(lists + 1);
    expect(refundCalls(fake, reference)).toHaveLength(1);
    expect(await claimsOf(sale.id)).toEqual([{ status: 'recorded', amount: 10000 }]);
    expect(await stockOf(item.id)).toBe(10);
  });

  it('is sent on the next try when Paystack never got it', async () => {
    const owner = await paystackShop();
    const { sale, reference } = await paidMomoSale(owner);
    await db().insert(paymentRefunds).values({
      id: crypto.randomUUID(),
      businessId: owner.businessId,
      saleId: sale.id,
      paymentId: sale.payments[0].id,
      provider: 'paystack',
      amount: 10000,
      status: 'unknown',
    });
    const retried = await refund(owner, sale.id);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(refundCalls(fake, reference)).toHaveLength(1);
    expect((await claimsOf(sale.id)).sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { status: 'failed', amount: 10000 },
      { status: 'recorded', amount: 10000 },
    ]);
  });

  it('a refund sent but not recorded names its amount when another amount is asked', async () => {
    const owner = await paystackShop();
    const { sale, lineId } = await paidMomoSale(owner);
    await db().insert(paymentRefunds).values({
      id: crypto.randomUUID(),
      businessId: owner.businessId,
      saleId: sale.id,
      paymentId: sale.payments[0].id,
      provider: 'paystack',
      amount: 10000,
      status: 'sent',
    });
    expectError(
      await refund(owner, sale.id, { lines: [{ item_id: lineId, quantity: 1, restock: true }] }),
      409,
      'PROVIDER_REFUND_NOT_RECORDED',
      '₵100.00 of this sale was already sent back through the payment provider but not yet recorded. Refund ₵100.00 to record it.',
    );
  });
});

describe('voids and refunds through the sandbox, and manual mobile money', () => {
  it('a void of a sandbox card sale sends the whole amount back and says so in the notes', async () => {
    const owner = await signedInShop(t, 'owner');
    const item = await createProduct(db(), owner.businessId, { price: 4000, taxRate: '0', stockQuantity: 3 });
    const made = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 4000 }],
    });
    const sale = made.json().sale;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/sandbox/${sale.payments[0].provider_reference}`,
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${sale.id}/void`,
      headers: owner.headers,
      payload: { reason: 'Wrong item' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().transaction).toMatchObject({
      payment_status: 'cancelled',
      notes: "Voided: Wrong item Sent back to the customer's card through the sandbox.",
    });
    const claims = await db()
      .select({ status: paymentRefunds.status, amount: paymentRefunds.amount })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.saleId, sale.id));
    expect(claims).toEqual([{ status: 'recorded', amount: 4000 }]);
  });

  it('a refund of manual mobile money is sent back by hand, and the refund says so', async () => {
    const owner = await signedInShop(t, 'owner');
    await putSettings(owner, {
      provider: 'manual',
      paystack_secret_key: null,
      momo_merchant_number: '0245550101',
    });
    const item = await createProduct(db(), owner.businessId, { price: 1500, taxRate: '0', stockQuantity: 5 });
    const made = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'mtn_momo', amount: 1500, reference: '50012345678' }],
    });
    const answer = await refund(owner, made.json().sale.id);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().refund.payments).toEqual([
      expect.objectContaining({ method: 'mtn_momo', amount: -1500, provider: 'manual' }),
    ]);
    expect(answer.json()).toMatchObject({
      cash_to_return: 0,
      sent_back: null,
      note: "Send ₵15.00 back to the customer's MTN MoMo number yourself: manual mobile money cannot send money back.",
    });
  });
});
