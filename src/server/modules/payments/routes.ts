import { randomInt } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featureOfMethod } from '#domain/payment-methods.ts';
import {
  manualMomoPaymentsResponse,
  otpInput,
  paymentMethodsResponse,
  paymentParams,
  paymentSettingsInput,
  paymentSettingsResponse,
  sandboxDecisionInput,
  sandboxPaymentResponse,
  sandboxReferenceParams,
  testConnectionResponse,
} from '#domain/schemas/payments.ts';
import { saleParams, saleResponse } from '#domain/schemas/sales.ts';
import { businesses, payments, transactions, users } from '../../db/schema/index.ts';
import { withSystem, withTenant } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { inTenant, staffScope } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { cancelPendingSale, findSale, SALE_ERRORS, toSale } from '../sales/index.ts';
import { PAYMENT_ERRORS } from './errors.ts';
import {
  checkSalePayments,
  receiveWebhook,
  submitPaymentOtp,
  turnedOffMethodReason,
} from './payment-flow.ts';
import { createProvider } from './providers/index.ts';
import { SANDBOX_SIGNATURE_HEADER } from './providers/sandbox.ts';
import { signBody } from './providers/signature.ts';
import { loadPaymentsKey } from './secret-box.ts';
import { businessProvider, providerContext, toSettingsBody, updatePaymentSettings } from './settings.ts';

const tags = ['payments'];
const sales = access.permission('process_sales');
const managePayments = access.permission('manage_payments');

const webhookParams = z.object({
  provider: z.enum(['paystack', 'sandbox'], { error: 'Unknown payment provider' }),
  businessId: z.uuid('Unknown business'),
});
const webhookAnswer = z.object({ received: z.literal(true), outcome: z.string() });

// Payments: what the till may offer, the settings, a pending payment's check / cancel / code, the providers'
// webhooks and the sandbox page.
export async function paymentRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  // Read (or made) once now: afterwards it is known without a query, so it is safe to ask for inside a tenant
  // transaction (the embedded database has one connection: a second query there would wait forever).
  await loadPaymentsKey(deps.database, deps.config.PAYMENTS_SECRET);

  const saleAnswer = (request: Parameters<typeof inTenant>[0], saleId: string) =>
    inTenant(request, deps, async ({ businessId, business }, tx) => {
      const record = await findSale(tx, businessId, saleId);
      if (!record) throw SALE_ERRORS.saleNotFound();
      return { sale: toSale(record, business) };
    });

  app.get(
    '/api/v1/payments/methods',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: 'The payment methods this business can take now, and why any cannot',
        response: { 200: paymentMethodsResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId, business }, tx) => {
        const context = await providerContext(deps, tx, businessId);
        const s = context.settings;
        return {
          provider: s.provider,
          mode: s.mode,
          // A method whose POS feature is off is not taken, whatever the provider could do.
          methods: createProvider(context)
            .availableMethods()
            .map((entry) => {
              const feature = featureOfMethod(entry.method);
              return feature && !business.posFeatures.includes(feature)
                ? { ...entry, available: false, reason: turnedOffMethodReason(feature) }
                : entry;
            }),
          merchant:
            s.provider === 'manual' && s.momoMerchantNumber
              ? { number: s.momoMerchantNumber, name: s.momoMerchantName }
              : null,
        };
      }),
  );

  const webhookBase = (request: { protocol: string; headers: { host?: string | undefined } }) =>
    deps.config.PUBLIC_URL?.replace(/\/+$/, '') ??
    `${request.protocol}://${request.headers.host ?? 'localhost'}`;

  app.get(
    '/api/v1/payments/settings',
    {
      config: { access: managePayments },
      schema: {
        tags,
        summary: "The business's payment provider settings",
        response: { 200: paymentSettingsResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => ({
        settings: toSettingsBody(await providerContext(deps, tx, businessId), webhookBase(request)),
      })),
  );

  app.put(
    '/api/v1/payments/settings',
    {
      config: { access: managePayments },
      schema: {
        tags,
        summary: 'Chooses the provider and its keys; the secret key is stored encrypted and never returned',
        body: paymentSettingsInput,
        response: { 200: paymentSettingsResponse },
      },
    },
    async (request) => {
      const key = await loadPaymentsKey(deps.database, deps.config.PAYMENTS_SECRET);
      return inTenant(request, deps, async (scope, tx) => {
        await updatePaymentSettings({ ...scope, input: { ...request.body, key, now: deps.now() } }, tx);
        return {
          settings: toSettingsBody(await providerContext(deps, tx, scope.businessId), webhookBase(request)),
          message: 'Payment configuration updated successfully',
        };
      });
    },
  );

  app.post(
    '/api/v1/payments/settings/test',
    {
      config: { access: managePayments },
      schema: {
        tags,
        summary: 'Test connection: calls the provider with the saved key',
        response: { 200: testConnectionResponse },
      },
    },
    async (request) => {
      const { businessId } = await staffScope(request, deps);
      return (await businessProvider(deps, businessId)).testConnection();
    },
  );

  app.post(
    '/api/v1/sales/:id/payment/check',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: "Asks the provider again about a pending sale's payments ('Check again')",
        params: saleParams,
        response: { 200: saleResponse },
      },
    },
    async (request) => {
      const { businessId, actor } = await staffScope(request, deps);
      await checkSalePayments(deps, { businessId, saleId: request.params.id, userId: actor.userId });
      return saleAnswer(request, request.params.id);
    },
  );

  app.post(
    '/api/v1/sales/:id/payment/cancel',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: 'Cancels a sale still waiting for payment: its stock and the customer visit are given back',
        params: saleParams,
        response: { 200: saleResponse },
      },
    },
    async (request) => {
      await inTenant(request, deps, ({ businessId, actor }, tx) =>
        cancelPendingSale(tx, {
          businessId,
          saleId: request.params.id,
          userId: actor.userId,
          cashierName: `${actor.firstName} ${actor.lastName}`.trim(),
          at: deps.now(),
        }),
      );
      return saleAnswer(request, request.params.id);
    },
  );

  app.post(
    '/api/v1/sales/:id/payments/:paymentId/otp',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: 'Sends the one-time code the customer received to the provider',
        params: paymentParams,
        body: otpInput,
        response: { 200: saleResponse },
      },
    },
    async (request) => {
      const { businessId, actor } = await staffScope(request, deps);
      await submitPaymentOtp(deps, {
        businessId,
        saleId: request.params.id,
        paymentId: request.params.paymentId,
        otp: request.body.otp,
        userId: actor.userId,
      });
      return saleAnswer(request, request.params.id);
    },
  );

  app.get(
    '/api/v1/payments/manual-momo',
    {
      config: { access: access.anyPermission('manage_payments', 'view_reports') },
      schema: {
        tags,
        summary: 'Mobile money confirmed by cashiers, newest first, to reconcile against the MoMo statement',
        response: { 200: manualMomoPaymentsResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => {
        const rows = await tx
          .select({
            id: payments.id,
            saleId: payments.transactionId,
            receiptNumber: transactions.receiptNumber,
            method: payments.method,
            amount: payments.amount,
            transactionId: payments.reference,
            firstName: users.firstName,
            lastName: users.lastName,
            confirmedAt: payments.completedAt,
            saleStatus: transactions.paymentStatus,
          })
          .from(payments)
          .innerJoin(
            transactions,
            and(
              eq(transactions.businessId, payments.businessId),
              eq(transactions.id, payments.transactionId),
            ),
          )
          .innerJoin(users, eq(users.id, payments.confirmedBy))
          .where(and(eq(payments.businessId, businessId), isNotNull(payments.confirmedBy)))
          .orderBy(desc(payments.completedAt))
          .limit(200);
        return {
          payments: rows.map((row) => ({
            id: row.id,
            sale_id: row.saleId,
            receipt_number: row.receiptNumber,
            method: row.method,
            amount: row.amount,
            transaction_id: row.transactionId,
            cashier: `${row.firstName} ${row.lastName}`.trim(),
            confirmed_at: row.confirmedAt?.toISOString() ?? null,
            sale_status: row.saleStatus,
          })),
        };
      }),
  );

  // Webhooks: the raw body is kept as it arrived, because the signature is over those exact bytes.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/payments/webhooks/:provider/:businessId',
      {
        config: { access: access.public, allowCrossSite: true },
        schema: {
          tags,
          summary:
            "A provider's signed event for one business (Paystack: x-paystack-signature, HMAC-SHA512 of the body)",
          params: webhookParams,
          response: { 200: webhookAnswer, 404: webhookAnswer },
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { status, body } = await receiveWebhook(deps, {
          provider: request.params.provider,
          businessId: request.params.businessId,
          rawBody,
          headers: request.headers,
        });
        return reply.status(status).send(body);
      },
    );
  });

  /** The sandbox payment a page asks about, found by its reference alone (the page has no sign-in). */
  async function findSandboxPayment(reference: string) {
    const [found] = await withSystem(db, (tx) =>
      tx
        .select({ businessId: payments.businessId })
        .from(payments)
        .where(and(eq(payments.providerReference, reference), eq(payments.provider, 'sandbox'))),
    );
    if (!found) throw PAYMENT_ERRORS.paymentNotFound();
    return withTenant(db, found.businessId, async (tx) => {
      const [row] = await tx
        .select({ payment: payments, sale: transactions, businessName: businesses.name })
        .from(payments)
        .innerJoin(
          transactions,
          and(eq(transactions.businessId, payments.businessId), eq(transactions.id, payments.transactionId)),
        )
        .innerJoin(businesses, eq(businesses.id, payments.businessId))
        .where(and(eq(payments.businessId, found.businessId), eq(payments.providerReference, reference)));
      if (!row) throw PAYMENT_ERRORS.paymentNotFound();
      return row;
    });
  }

  const sandboxBody = (row: Awaited<ReturnType<typeof findSandboxPayment>>) => ({
    payment: {
      reference: row.payment.providerReference as string,
      business_name: row.businessName,
      receipt_number: row.sale.receiptNumber,
      method: row.payment.method,
      amount: row.payment.amount,
      currency: 'GHS',
      phone: row.payment.phone,
      status: row.payment.status,
      sale_status: row.sale.paymentStatus,
      decision:
        (row.payment.providerPayload as { sandbox_decision?: 'approve' | 'decline' | 'timeout' } | null)
          ?.sandbox_decision ?? null,
    },
  });

  app.get(
    '/api/v1/payments/sandbox/:reference',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'The sandbox page: a payment waiting for the pretend customer',
        params: sandboxReferenceParams,
        response: { 200: sandboxPaymentResponse },
      },
    },
    async (request) => sandboxBody(await findSandboxPayment(request.params.reference)),
  );

  app.post(
    '/api/v1/payments/sandbox/:reference',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary:
          "The sandbox page's answer: approve or decline comes back as a signed webhook, time out sends nothing",
        params: sandboxReferenceParams,
        body: sandboxDecisionInput,
        response: { 200: sandboxPaymentResponse },
      },
    },
    async (request) => {
      const { reference } = request.params;
      const { decision } = request.body;
      const row = await findSandboxPayment(reference);
      if (row.payment.status !== 'pending' || row.sale.paymentStatus !== 'pending')
        throw PAYMENT_ERRORS.sandboxClosed();
      const businessId = row.payment.businessId;
      await withTenant(db, businessId, (tx) =>
        tx
          .update(payments)
          .set({ providerPayload: { sandbox_decision: decision } })
          .where(and(eq(payments.businessId, businessId), eq(payments.id, row.payment.id))),
      );
      if (decision !== 'timeout') {
        // Exactly what a real provider does: an event in Paystack's shape, signed, to the business's webhook.
        const isApproved = decision === 'approve';
        const event = JSON.stringify({
          event: isApproved ? 'charge.success' : 'charge.failed',
          data: {
            id: randomInt(1_000_000_000, 2_000_000_000),
            status: isApproved ? 'success' : 'failed',
            reference,
            amount: row.payment.amount,
            currency: 'GHS',
            channel: row.payment.method === 'card' ? 'card' : 'mobile_money',
            gateway_response: isApproved ? 'Approved' : 'Declined by the customer',
            paid_at: isApproved ? deps.now().toISOString() : null,
          },
        });
        const context = await withTenant(db, businessId, (tx) => providerContext(deps, tx, businessId));
        await app.inject({
          method: 'POST',
          url: `/api/v1/payments/webhooks/sandbox/${businessId}`,
          headers: {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: signBody(context.sandboxKey, event),
          },
          payload: event,
        });
      }
      return sandboxBody(await findSandboxPayment(reference));
    },
  );
}
