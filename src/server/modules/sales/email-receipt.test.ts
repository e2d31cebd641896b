import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '#domain/dates.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { startSmtpCapture } from '../../testing/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cash, createCustomer, createProduct, createShop, postSale } from './test-fixtures.ts';

let t: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  shop = await createShop(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const emailReceipt = (saleId: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/sales/${saleId}/email-receipt`,
    headers: shop.headers,
    ...(payload ? { payload } : {}),
  });

describe('POST /api/v1/sales/:id/email-receipt', () => {
  it("mails the receipt to the sale's customer, with every receipt field, in text and HTML", async () => {
    const customer = await createCustomer(t.database.db, shop.business.id, {
      name: 'Yaw Mensah',
      email: 'yaw@example.com',
    });
    const item = await createProduct(t.database.db, shop.business.id, {
      name: 'Ideal Milk <Tin>',
      price: 800,
      stockQuantity: 9,
    });
    const sale = (
      await postSale(t, shop.headers, {
        items: [{ product_id: item.id, quantity: 2 }],
        discount_amount: 100,
        customer_id: customer.id,
        payments: [cash(1700, 2000)],
      })
    ).json().sale;

    const response = await emailReceipt(sale.id);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: true });
    await t.deps.mailer.deliverDue();

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'receipt'));
    expect(mail?.to).toBe('yaw@example.com');
    expect(mail?.subject).toBe(`Your receipt ${sale.receipt_number} from ${shop.business.name}`);
    expect(mail?.status).toBe('sent');
    for (const line of [
      shop.business.name,
      '12 Oxford Street, Osu, Accra',
      'Tax ID: C0098765432',
      `Receipt: ${sale.receipt_number}`,
      `Date: ${formatDateTime(sale.created_at, 'Africa/Accra')}`,
      'Cashier: Kofi Asare',
      'Customer: Yaw Mensah',
      'Ideal Milk <Tin>',
      '2 × ₵8.00  ₵16.00',
      'Subtotal: ₵16.00',
      'Tax: ₵2.00',
      'Discount: -₵1.00',
      'Total: ₵17.00',
      'Amount paid: ₵20.00',
      'Change: ₵3.00',
      'Thank you! Come again.',
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect(mail?.html).toContain('Ideal Milk &#60;Tin&#62;');
    expect(mail?.html).not.toContain('<Tin>');
    expect(smtp.mails.map((m) => m.to)).toContainEqual(['yaw@example.com']);
  });

  it('sends to the address given instead', async () => {
    const item = await createProduct(t.database.db, shop.business.id, { price: 100, taxRate: '0' });
    const sale = (
      await postSale(t, shop.headers, {
        items: [{ product_id: item.id, quantity: 1 }],
        payments: [cash(100)],
      })
    ).json().sale;
    expect((await emailReceipt(sale.id, { email: 'Boss@Example.com' })).statusCode).toBe(202);
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'boss@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('asks for an address when the sale has no customer email, and checks the address', async () => {
    const item = await createProduct(t.database.db, shop.business.id, { price: 100, taxRate: '0' });
    const sale = (
      await postSale(t, shop.headers, {
        items: [{ product_id: item.id, quantity: 1 }],
        payments: [cash(100)],
      })
    ).json().sale;
    const none = await emailReceipt(sale.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toEqual({
      code: 'EMAIL_REQUIRED',
      message: 'Enter an email address to send the receipt to',
      fields: { email: 'Enter an email address to send the receipt to' },
    });
    const bad = await emailReceipt(sale.id, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please enter a valid email address');
  });

  it("answers 404 'Transaction not found' for an unknown sale", async () => {
    const response = await emailReceipt(randomUUID(), { email: 'a@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Transaction not found');
  });
});
