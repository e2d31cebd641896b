import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE_OTP, type FakePaystack } from '../../../../scripts/fake-paystack.ts';
import { customers, paymentSettings, products, stockMovements } from '../../db/schema/index.ts';
import {
  expectError,
  type SignedInMember,
  signedInMember,
  signedInShop,
} from '../../testing/signed-in-shop.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { cash, createCustomer, createProduct, postSale } from '../sales/test-fixtures.ts';
import { NO_ANSWER_TEXT, RECONCILE_AFTER_MS, reconcilePayments } from './payment-flow.ts';
import { signBody } from './providers/signature.ts';
import { paystackTestBench } from './test-fixtures.ts';

const KEY_A = 'sk_test_shopA0000000000001';
const KEY_B = 'sk_test_shopB0000000000002';

const bench = paystackTestBench([KEY_A, KEY_B]);
let t: TestApp;
let fakeA: FakePaystack;
let fakeB: FakePaystack;
beforeAll(() => {
  t = bench.t;
  [fakeA, fakeB] = bench.fakes as [FakePaystack, FakePaystack];
});

const db = () => t.database.db;

type Sale = {
  id: string;
  payment_status: string;
  notes: string | null;
  amount_paid: number;
  payments: {
    id: string;
    method: string;
    status: string;
    provider: string | null;
    provider_reference: string | null;
    next_action: string | null;
    display_text: string | null;
    failure_reason: string | null;
    flag: string | null;
    is_confirmed_by_cashier: boolean | null;
    reference: string | null;
  }[];
};

async function stockOf(productId: string) {
  const [row] = await db()
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

async function readSale(member: SignedInMember, id: string): Promise<Sale> {
  return (await t.app.inject({ url: `/api/v1/sales/${id}`, headers: member.headers })).json().sale;
}

const settingsBody = (overrides: object = {}) => bench.settings(fakeA, overrides);
const paystackShop = (fake = fakeA) => bench.paystackShop(fake);

/** A MoMo sale of 2 × ₵25.00 to a customer, paid from `phone`. */
async function momoSale(owner: SignedInMember, phone = '0241234567') {
  const item = await createProduct(db(), owner.businessId, { price: 2500, taxRate: '0', stockQuantity: 10 });
  const customer = await createCustomer(db(), owner.businessId, {
    totalSpent: 0,
    visitCount: 0,
    phone: null,
    email: null,
  });
  const response = await postSale(t, owner.headers, {
    items: [{ product_id: item.id, quantity: 2 }],
    customer_id: customer.id,
    payments: [{ method: 'mtn_momo', amount: 5000, phone }],
  });
  expect(response.statusCode).toBe(201);
  const sale = response.json().sale as Sale;
  return { item, customer, sale, reference: sale.payments[0]!.provider_reference as string };
}

async function customerStats(id: string) {
  const [row] = await db()
    .select({ spent: customers.totalSpent, visits: customers.visitCount })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

describe('Paystack mobile money through the fake Paystack, with signed webhooks', () => {
  it('charges the customer’s number and completes the sale when charge.success arrives', async () => {
    const owner = await paystackShop();
    const { sale, reference, item, customer } = await momoSale(owner);
    expect(sale.payment_status).toBe('pending');
    expect(sale.payments[0]).toMatchObject({
      provider: 'paystack',
      status: 'pending',
      next_action: 'pay_offline',
      display_text: 'Please complete authorization process on your mobile phone',
    });
    expect(reference).toMatch(/^AKW-[0-9a-f]{24}$/);
    const charge = fakeA.requests.find(
      (request) =>
        request.path === '/charge' && (request.body as { reference: string }).reference === reference,
    );
    expect(charge).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${KEY_A}`,
      body: {
        email: 'customer@akwaabapos.com',
        amount: 5000,
        currency: 'GHS',
        reference,
        mobile_money: { phone: '0241234567', provider: 'MTN' },
      },
    });
    expect(await stockOf(item.id)).toBe(8);

    await fakeA.approve(reference);
    const paid = await readSale(owner, sale.id);
    expect(paid).toMatchObject({ payment_status: 'completed', amount_paid: 5000 });
    expect(paid.payments[0]).toMatchObject({ status: 'completed', next_action: null });
    expect(await stockOf(item.id)).toBe(8);
    expect(await customerStats(customer.id)).toEqual({ spent: 5000, visits: 1 });
  });

  it("fails a declined payment with 'Payment processing failed: …', putting stock and the customer's visit back", async () => {
    const owner = await paystackShop();
    const { sale, reference, item, customer } = await momoSale(owner);
    expect(await customerStats(customer.id)).toEqual({ spent: 5000, visits: 1 });
    await fakeA.decline(reference, 'Insufficient funds in wallet');
    const failed = await readSale(owner, sale.id);
    expect(failed.payment_status).toBe('failed');
    expect(failed.notes).toBe('Payment processing failed: Insufficient funds in wallet');
    expect(failed.payments[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'Insufficient funds in wallet',
    });
    expect(await stockOf(item.id)).toBe(10);
    expect(await customerStats(customer.id)).toEqual({ spent: 0, visits: 0 });
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.referenceId, sale.id));
    expect(moves.map((move) => [move.reason, move.delta])).toEqual(
      expect.arrayContaining([
        ['sale', -2],
        ['payment_failed', 2],
      ]),
    );
  });

  it('fails at once a charge Paystack declines when it is made', async () => {
    const owner = await paystackShop();
    const { sale, item } = await momoSale(owner, '0241234999');
    expect(sale.payment_status).toBe('failed');
    expect(sale.notes).toBe('Payment processing failed: Declined');
    expect(await stockOf(item.id)).toBe(10);
  });

  it('asks for the one-time code and sends it with submit_otp; a wrong code asks again', async () => {
    const owner = await paystackShop();
    const { sale, reference } = await momoSale(owner, '0241234111');
    const payment = sale.payments[0]!;
    expect(payment).toMatchObject({
      next_action: 'send_otp',
      display_text: 'Please enter the OTP sent to your phone',
    });
    const otpUrl = `/api/v1/sales/${sale.id}/payments/${payment.id}/otp`;

    const bad = await t.app.inject({
      method: 'POST',
      url: otpUrl,
      headers: owner.headers,
      payload: { otp: 'abc' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    const wrong = await t.app.inject({
      method: 'POST',
      url: otpUrl,
      headers: owner.headers,
      payload: { otp: '000000' },
    });
    expect(wrong.json().sale.payments[0]).toMatchObject({
      next_action: 'send_otp',
      display_text: 'Incorrect OTP, please try again',
    });
    const right = await t.app.inject({
      method: 'POST',
      url: otpUrl,
      headers: owner.headers,
      payload: { otp: FAKE_OTP },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().sale.payments[0]).toMatchObject({ next_action: 'pay_offline', status: 'pending' });
    expect(fakeA.requests.filter((request) => request.path === '/charge/submit_otp').at(-1)?.body).toEqual({
      otp: FAKE_OTP,
      reference,
    });

    await fakeA.approve(reference);
    expect((await readSale(owner, sale.id)).payment_status).toBe('completed');
    // No code is asked for any more.
    expectError(
      await t.app.inject({ method: 'POST', url: otpUrl, headers: owner.headers, payload: { otp: FAKE_OTP } }),
      409,
      'OTP_NOT_REQUESTED',
    );
  });

  it('refuses a forged, unsigned or malformed webhook and changes nothing', async () => {
    const owner = await paystackShop();
    const { sale, reference } = await momoSale(owner);
    const url = `/api/v1/payments/webhooks/paystack/${owner.businessId}`;
    const body = JSON.stringify({
      event: 'charge.success',
      data: { id: 1, reference, amount: 5000, currency: 'GHS', status: 'success' },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signBody('sk_test_wrong', body),
      },
      payload: body,
    });
    expectError(forged, 401, 'WEBHOOK_SIGNATURE_INVALID', 'Invalid signature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expectError(unsigned, 401, 'WEBHOOK_SIGNATURE_INVALID');
    const tampered = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(KEY_A, body) },
      payload: body.replace('5000', '50'),
    });
    expectError(tampered, 401, 'WEBHOOK_SIGNATURE_INVALID');
    const garbage = '{"event": "charge.success", ';
    const malformed = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(KEY_A, garbage) },
      payload: garbage,
    });
    expectError(malformed, 400, 'WEBHOOK_INVALID', 'Webhook body is not valid JSON');
    expect((await readSale(owner, sale.id)).payment_status).toBe('pending');
  });

  it('takes the same event twice only once', async () => {
    const owner = await paystackShop();
    const { sale, reference, item, customer } = await momoSale(owner);
    await fakeA.approve(reference);
    const again = await fakeA.resendLastEvent();
    expect(again?.status).toBe(200);
    expect(await again?.json()).toEqual({ received: true, outcome: 'duplicate' });
    const paid = await readSale(owner, sale.id);
    expect(paid).toMatchObject({ payment_status: 'completed', amount_paid: 5000 });
    expect(await stockOf(item.id)).toBe(8);
    expect(await customerStats(customer.id)).toEqual({ spent: 5000, visits: 1 });
    // A later failure event for the paid charge changes nothing either.
    await fakeA.decline(reference);
    expect((await readSale(owner, sale.id)).payment_status).toBe('completed');
  });

  it('flags a payment of another amount and never completes the sale with it', async () => {
    const owner = await paystackShop();
    const { sale, reference } = await momoSale(owner);
    await fakeA.approve(reference, { amount: 500 });
    const flagged = await readSale(owner, sale.id);
    expect(flagged.payment_status).toBe('pending');
    expect(flagged.payments[0]).toMatchObject({ status: 'pending', flag: 'amount_mismatch' });
    expect(flagged.notes).toContain('Payment flagged: the provider reported');
  });

  it("refuses an event for another business's reference, even signed by that business", async () => {
    const shopA = await paystackShop(fakeA);
    const { sale, reference } = await momoSale(shopA);
    const shopB = await paystackShop(fakeB);
    const body = JSON.stringify({
      event: 'charge.success',
      data: { id: 99, reference, amount: 5000, currency: 'GHS', status: 'success' },
    });
    // B's own webhook address and key: the reference is not one of B's.
    const viaB = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/webhooks/paystack/${shopB.businessId}`,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(KEY_B, body) },
      payload: body,
    });
    expect(viaB.statusCode).toBe(404);
    expect(viaB.json()).toEqual({ received: true, outcome: 'unknown_reference' });
    // A's address with B's signature.
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/webhooks/paystack/${shopA.businessId}`,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(KEY_B, body) },
      payload: body,
    });
    expectError(crossed, 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect((await readSale(shopA, sale.id)).payment_status).toBe('pending');
  });

  it('fails a sale whose provider answers 500, and keeps one without an answer pending for a check', async () => {
    const owner = await paystackShop();
    const broken = await momoSale(owner, '0241234500');
    expect(broken.sale.payment_status).toBe('failed');
    expect(broken.sale.notes).toBe(
      'Payment processing failed: Payment initiation failed (Paystack answered 500)',
    );
    expect(await stockOf(broken.item.id)).toBe(10);

    const silent = await momoSale(owner, '0241234408');
    expect(silent.sale.payment_status).toBe('pending');
    expect(silent.sale.payments[0]?.display_text).toBe(NO_ANSWER_TEXT);
    expect(await stockOf(silent.item.id)).toBe(8);
  });

  it('reconciliation settles a sale whose webhook never came, and fails one declined in silence', async () => {
    const owner = await paystackShop();
    const paid = await momoSale(owner);
    const declined = await momoSale(owner);
    fakeA.sendsWebhooks = false;
    try {
      await fakeA.approve(paid.reference);
      await fakeA.decline(declined.reference, 'Transaction was not completed');
    } finally {
      fakeA.sendsWebhooks = true;
    }
    // Too soon: nothing is asked yet.
    await reconcilePayments(t.deps);
    expect((await readSale(owner, paid.sale.id)).payment_status).toBe('pending');
    t.clock.now = new Date(Date.now() + RECONCILE_AFTER_MS + 1000);
    await reconcilePayments(t.deps);
    expect((await readSale(owner, paid.sale.id)).payment_status).toBe('completed');
    const failed = await readSale(owner, declined.sale.id);
    expect(failed.payment_status).toBe('failed');
    expect(failed.notes).toBe('Payment processing failed: Transaction was not completed');
    expect(await stockOf(declined.item.id)).toBe(10);
  });

  it('lets the cashier cancel a pending sale; money that still arrives is flagged for a refund', async () => {
    const owner = await paystackShop();
    const cashier = await signedInMember(t, owner.business, 'cashier');
    const { sale, reference, item } = await momoSale(owner);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${sale.id}/payment/cancel`,
      headers: cashier.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().sale.payment_status).toBe('cancelled');
    expect(await stockOf(item.id)).toBe(10);
    await fakeA.approve(reference);
    const late = await readSale(owner, sale.id);
    expect(late.payment_status).toBe('cancelled');
    expect(late.payments[0]).toMatchObject({ status: 'completed', flag: 'paid_after_cancel' });
    expect(late.notes).toContain('Paid after the sale was cancelled: refund ₵50.00 to the customer');
    expect(await stockOf(item.id)).toBe(10);
    // Nothing more can be cancelled or paid on it.
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/sales/${sale.id}/payment/cancel`,
        headers: cashier.headers,
      }),
      409,
      'SALE_NOT_PENDING',
    );
  });

  it('refuses to cancel a completed sale (a second tender on a paid sale)', async () => {
    const owner = await paystackShop();
    const item = await createProduct(db(), owner.businessId, { price: 1000, taxRate: '0', stockQuantity: 5 });
    const done = (
      await postSale(t, owner.headers, {
        items: [{ product_id: item.id, quantity: 1 }],
        payments: [cash(1000)],
      })
    ).json().sale;
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/sales/${done.id}/payment/cancel`,
        headers: owner.headers,
      }),
      409,
      'SALE_ALREADY_PAID',
      'This sale is already paid',
    );
  });
});

describe('Paystack Terminal (card)', () => {
  it('sends a payment request to the terminal and completes the sale on paymentrequest.success', async () => {
    const owner = await paystackShop();
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payments/settings',
      headers: owner.headers,
      payload: settingsBody({ paystack_secret_key: null, paystack_terminal_id: 'TRM_kofi01' }),
    });
    const item = await createProduct(db(), owner.businessId, { price: 4000, taxRate: '0', stockQuantity: 3 });
    const response = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 4000 }],
    });
    const sale = response.json().sale as Sale;
    expect(sale.payment_status).toBe('pending');
    expect(sale.payments[0]?.display_text).toBe(
      'Sent to the card terminal: the customer taps or inserts the card there',
    );
    const request = fakeA.requests.filter((r) => r.path === '/paymentrequest').at(-1);
    expect(request?.body).toMatchObject({ amount: 4000, currency: 'GHS' });
    const event = fakeA.requests.filter((r) => r.path === '/terminal/TRM_kofi01/event').at(-1);
    if (!event) throw new Error('No terminal event was sent');
    expect(event.body).toMatchObject({ type: 'invoice', action: 'process' });
    const offline = (event.body as { data: { reference: string } }).data.reference;
    await fakeA.approve(offline);
    expect((await readSale(owner, sale.id)).payment_status).toBe('completed');
  });

  it('settles a terminal payment whose webhook never came by asking for the payment request', async () => {
    const owner = await paystackShop();
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payments/settings',
      headers: owner.headers,
      payload: settingsBody({ paystack_secret_key: null, paystack_terminal_id: 'TRM_kofi02' }),
    });
    const item = await createProduct(db(), owner.businessId, { price: 2500, taxRate: '0', stockQuantity: 3 });
    const card = async () =>
      (
        await postSale(t, owner.headers, {
          items: [{ product_id: item.id, quantity: 1 }],
          payments: [{ method: 'card', amount: 2500 }],
        })
      ).json().sale as Sale;
    const paid = await card();
    const waiting = await card();
    const events = fakeA.requests.filter((r) => r.path === '/terminal/TRM_kofi02/event');
    const offlineOf = (index: number) =>
      (events.at(index)?.body as { data: { reference: string } } | undefined)?.data.reference ?? '';
    fakeA.sendsWebhooks = false;
    try {
      await fakeA.approve(offlineOf(-2));
    } finally {
      fakeA.sendsWebhooks = true;
    }
    t.clock.now = new Date(t.deps.now().getTime() + RECONCILE_AFTER_MS + 1000);
    await reconcilePayments(t.deps);
    const request = fakeA.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/paymentrequest/'));
    expect(request.length).toBeGreaterThanOrEqual(2);
    expect((await readSale(owner, paid.id)).payment_status).toBe('completed');
    // The other is still at the terminal: it keeps waiting, with its stock held.
    expect((await readSale(owner, waiting.id)).payment_status).toBe('pending');
    expect(await stockOf(item.id)).toBe(1);
  });
});

describe('tenders checked before the sale is made', () => {
  it('refuses a phone that is not a Ghana number, and mobile money without one, making no sale', async () => {
    const owner = await paystackShop();
    const item = await createProduct(db(), owner.businessId, { price: 1000, taxRate: '0', stockQuantity: 5 });
    const bad = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'mtn_momo', amount: 1000, phone: '12345' }],
    });
    const error = expectError(bad, 400, 'VALIDATION_FAILED');
    expect(error.fields?.['payments.0.phone']).toBe(
      'Enter a Ghana mobile number: 0XXXXXXXXX or +233XXXXXXXXX',
    );
    const none = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'telecel_cash', amount: 1000 }],
    });
    expectError(none, 400, 'PHONE_REQUIRED', "Enter the customer's mobile money number");
    expect(await stockOf(item.id)).toBe(5);
  });

  it('says why a method has no provider, and refuses a sale with it', async () => {
    const owner = await paystackShop();
    const methods = (await t.app.inject({ url: '/api/v1/payments/methods', headers: owner.headers })).json();
    expect(methods.provider).toBe('paystack');
    expect(methods.methods.find((m: { method: string }) => m.method === 'card')).toEqual({
      method: 'card',
      available: false,
      reason: 'No card terminal is set up: add the Paystack Terminal ID in Payment settings',
    });
    const item = await createProduct(db(), owner.businessId, { price: 1000, taxRate: '0', stockQuantity: 5 });
    const card = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 1000 }],
    });
    expectError(card, 400, 'PAYMENT_METHOD_UNAVAILABLE');
    expect(await stockOf(item.id)).toBe(5);
  });

  it('takes no mobile money while the mobile_payments feature is off, and says so', async () => {
    // The sandbox could take every method: the business's own switch (Settings → Business) decides.
    const owner = await signedInShop(t, 'owner', {
      business: { posFeatures: ['inventory_management', 'customer_management'] },
    });
    const turnedOff = 'Mobile money payments are turned off for this business.';
    const methods = (await t.app.inject({ url: '/api/v1/payments/methods', headers: owner.headers })).json();
    expect(methods.methods).toEqual([
      { method: 'cash', available: true, reason: null },
      { method: 'card', available: true, reason: null },
      { method: 'mtn_momo', available: false, reason: turnedOff },
      { method: 'telecel_cash', available: false, reason: turnedOff },
      { method: 'airteltigo_money', available: false, reason: turnedOff },
    ]);
    const item = await createProduct(db(), owner.businessId, { price: 1000, taxRate: '0', stockQuantity: 5 });
    const momo = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [cash(500), { method: 'mtn_momo', amount: 500, phone: '0241234567' }],
    });
    const error = expectError(momo, 400, 'PAYMENT_METHOD_UNAVAILABLE', turnedOff);
    expect(error.fields?.['payments.1.method']).toBe(turnedOff);
    expect(await stockOf(item.id)).toBe(5);
    const paidInCash = await postSale(t, owner.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [cash(1000)],
    });
    expect(paidInCash.statusCode).toBe(201);
    expect(await stockOf(item.id)).toBe(4);
  });
});

describe('the sandbox (the default provider)', () => {
  it('waits for its page: approve completes, decline fails and gives the stock back, both by signed webhook', async () => {
    const owner = await signedInShop(t, 'owner');
    const methods = (await t.app.inject({ url: '/api/v1/payments/methods', headers: owner.headers })).json();
    expect(methods.provider).toBe('sandbox');
    expect(methods.methods.every((m: { available: boolean }) => m.available)).toBe(true);

    const approved = await momoSale(owner);
    expect(approved.sale.payments[0]).toMatchObject({ provider: 'sandbox', next_action: 'pay_offline' });
    const page = await t.app.inject({ url: `/api/v1/payments/sandbox/${approved.reference}` });
    expect(page.json().payment).toMatchObject({
      amount: 5000,
      currency: 'GHS',
      status: 'pending',
      method: 'mtn_momo',
    });
    const yes = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/sandbox/${approved.reference}`,
      payload: { decision: 'approve' },
    });
    expect(yes.json().payment).toMatchObject({
      status: 'completed',
      sale_status: 'completed',
      decision: 'approve',
    });
    expect((await readSale(owner, approved.sale.id)).payment_status).toBe('completed');
    // A decided payment takes no second answer.
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/payments/sandbox/${approved.reference}`,
        payload: { decision: 'decline' },
      }),
      409,
      'PAYMENT_NOT_PENDING',
    );

    const declined = await momoSale(owner);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/sandbox/${declined.reference}`,
      payload: { decision: 'decline' },
    });
    const failed = await readSale(owner, declined.sale.id);
    expect(failed.payment_status).toBe('failed');
    expect(failed.notes).toBe('Payment processing failed: Declined by the customer');
    expect(await stockOf(declined.item.id)).toBe(10);
  });

  it('a time-out sends nothing: the sale waits, the check says so, the cashier cancels', async () => {
    const owner = await signedInShop(t, 'owner');
    const { sale, reference, item } = await momoSale(owner);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/sandbox/${reference}`,
      payload: { decision: 'timeout' },
    });
    const check = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${sale.id}/payment/check`,
      headers: owner.headers,
    });
    expect(check.json().sale.payment_status).toBe('pending');
    expect(check.json().sale.payments[0].display_text).toBe(NO_ANSWER_TEXT);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${sale.id}/payment/cancel`,
      headers: owner.headers,
    });
    expect(await stockOf(item.id)).toBe(10);
  });

  it('refuses a sandbox webhook signed with another key', async () => {
    const owner = await signedInShop(t, 'owner');
    const { sale, reference } = await momoSale(owner);
    const body = JSON.stringify({
      event: 'charge.success',
      data: { id: 5, reference, amount: 5000, currency: 'GHS' },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/webhooks/sandbox/${owner.businessId}`,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signBody('guess', body) },
      payload: body,
    });
    expectError(forged, 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect((await readSale(owner, sale.id)).payment_status).toBe('pending');
  });
});

describe('payment settings (manage_payments)', () => {
  it('keeps the secret key encrypted, shows only its last 4 characters, and tests the connection', async () => {
    const owner = await paystackShop();
    const read = (await t.app.inject({ url: '/api/v1/payments/settings', headers: owner.headers })).json();
    expect(read.settings.paystack).toMatchObject({
      secret_key_last4: '0001',
      is_secret_key_unreadable: false,
      webhook_url: expect.stringContaining(`/api/v1/payments/webhooks/paystack/${owner.businessId}`),
    });
    expect(JSON.stringify(read)).not.toContain(KEY_A);
    const [row] = await db()
      .select()
      .from(paymentSettings)
      .where(eq(paymentSettings.businessId, owner.businessId));
    expect(row?.paystackSecretKeyEncrypted).toMatch(/^v1:/);
    expect(row?.paystackSecretKeyEncrypted).not.toContain(KEY_A.slice(8));

    const test = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/settings/test',
      headers: owner.headers,
    });
    expect(test.json()).toEqual({ ok: true, message: 'Connected to Paystack: the secret key works' });

    // Saving without a key keeps the stored one; a wrong key fails the test.
    const kept = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payments/settings',
      headers: owner.headers,
      payload: settingsBody({ paystack_secret_key: '' }),
    });
    expect(kept.json()).toMatchObject({ message: 'Payment configuration updated successfully' });
    expect(kept.json().settings.paystack.secret_key_last4).toBe('0001');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payments/settings',
      headers: owner.headers,
      payload: settingsBody({ paystack_secret_key: 'sk_test_notTheRightKey99' }),
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/settings/test',
      headers: owner.headers,
    });
    expect(refused.json()).toEqual({ ok: false, message: 'Paystack refused the secret key' });
  });

  it('is for manage_payments only, and refuses bad input with field messages', async () => {
    const owner = await signedInShop(t, 'owner');
    const manager = await signedInMember(t, owner.business, 'manager');
    expectError(
      await t.app.inject({ url: '/api/v1/payments/settings', headers: manager.headers }),
      403,
      'FORBIDDEN',
    );
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payments/settings',
      headers: owner.headers,
      payload: settingsBody({ paystack_secret_key: 'pk_test_123', momo_merchant_number: '12345' }),
    });
    const error = expectError(bad, 400, 'VALIDATION_FAILED');
    expect(error.fields).toMatchObject({
      paystack_secret_key: 'A Paystack secret key starts with sk_test_ or sk_live_',
      momo_merchant_number: 'Enter a Ghana mobile number: 0XXXXXXXXX or +233XXXXXXXXX',
    });
  });
});

describe('manual mobile money', () => {
  it('completes at once with the SMS transaction ID, confirmed by cashier, and lists it for reconciling', async () => {
    const owner = await signedInShop(t, 'owner');
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payments/settings',
      headers: owner.headers,
      payload: settingsBody({ provider: 'manual', paystack_secret_key: null }),
    });
    expect(none.statusCode).toBe(200);
    let methods = (await t.app.inject({ url: '/api/v1/payments/methods', headers: owner.headers })).json();
    expect(methods.methods.find((m: { method: string }) => m.method === 'mtn_momo')).toMatchObject({
      available: false,
      reason: "Add the shop's MoMo merchant number in Payment settings",
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payments/settings',
      headers: owner.headers,
      payload: settingsBody({
        provider: 'manual',
        paystack_secret_key: null,
        momo_merchant_number: '024 555 0101',
        momo_merchant_name: 'Kofi Mart',
      }),
    });
    methods = (await t.app.inject({ url: '/api/v1/payments/methods', headers: owner.headers })).json();
    expect(methods.merchant).toEqual({ number: '+233245550101', name: 'Kofi Mart' });
    expect(methods.methods.find((m: { method: string }) => m.method === 'card').available).toBe(false);

    const cashier = await signedInMember(t, owner.business, 'cashier');
    const item = await createProduct(db(), owner.businessId, { price: 1500, taxRate: '0', stockQuantity: 5 });
    const missing = await postSale(t, cashier.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'mtn_momo', amount: 1500 }],
    });
    expectError(
      missing,
      400,
      'TRANSACTION_ID_REQUIRED',
      "Enter the transaction ID from the customer's confirmation SMS",
    );
    const made = await postSale(t, cashier.headers, {
      items: [{ product_id: item.id, quantity: 1 }],
      payments: [{ method: 'mtn_momo', amount: 1500, reference: '50012345678' }],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().sale).toMatchObject({
      payment_status: 'completed',
      notes: 'Mobile money confirmed by cashier',
    });
    expect(made.json().sale.payments[0]).toMatchObject({
      status: 'completed',
      is_confirmed_by_cashier: true,
    });
    const list = (await t.app.inject({ url: '/api/v1/payments/manual-momo', headers: owner.headers })).json();
    expect(list.payments).toEqual([
      expect.objectContaining({ transaction_id: '50012345678', amount: 1500, sale_status: 'completed' }),
    ]);
  });
});
