import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import { featureOfMethod, MOBILE_MONEY_METHODS } from '#domain/payment-methods.ts';
import { POS_FEATURE_LABELS } from '#domain/schemas/onboarding.ts';
import type { CreateSale } from '#domain/schemas/sales.ts';
import type { Tx } from '../../db/client.ts';
import { customers, paymentEvents, payments, transactions } from '../../db/schema/index.ts';
import { withSystem, withTenant } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/types.ts';
import { type PaymentOutcome, recordPaymentOutcome, SALE_ERRORS } from '../sales/index.ts';
import { PAYMENT_ERRORS } from './errors.ts';
import {
  type PaymentProvider,
  ProviderFailed,
  type ProviderStatus,
  ProviderUnreachable,
  WebhookRejected,
} from './providers/index.ts';
import { businessProvider, readSettings } from './settings.ts';

// The life of a non-cash payment (issue: payments that complete): checked before the sale, started at the
// provider after the sale's transaction commits (never a provider call inside a database transaction), then
// settled by a signed webhook, a check by the till, or the reconciliation job — each through
// recordPaymentOutcome, which records an answer once.

/** What the till is told when the provider has not answered. */
export const NO_ANSWER_TEXT = 'No answer from the payment provider yet. Check again, or cancel the sale.';

export function newPaymentReference(): string {
  return `AKW-${randomBytes(12).toString('hex')}`;
}

export function toOutcome(status: ProviderStatus): PaymentOutcome {
  if (status.status === 'success') {
    return {
      kind: 'completed',
      ...(status.amount !== undefined && !Number.isNaN(status.amount) ? { amount: status.amount } : {}),
      ...(status.currency ? { currency: status.currency } : {}),
    };
  }
  if (status.status === 'failed') return { kind: 'failed', reason: status.reason };
  return { kind: 'waiting', nextAction: status.nextAction ?? null, displayText: status.displayText ?? null };
}

/** Why a business cannot take a method whose POS feature it has turned off (Settings → Business). */
export function turnedOffMethodReason(feature: 'mobile_payments'): string {
  return `${POS_FEATURE_LABELS[feature]} are turned off for this business.`;
}

/**
 * Before the sale is made: every non-cash tender must be a method the business takes (mobile money only with
 * its POS feature on), with a provider that takes it, a customer number for mobile money through a provider,
 * and a transaction ID for manual mobile money. Nothing is written.
 */
export async function checkTendersBeforeSale(
  deps: AppDeps,
  business: { id: string; posFeatures: readonly string[] },
  sale: Pick<CreateSale, 'payments'>,
): Promise<void> {
  if (sale.payments.every((payment) => payment.method === 'cash')) return;
  sale.payments.forEach((payment, index) => {
    const feature = featureOfMethod(payment.method);
    if (feature && !business.posFeatures.includes(feature)) {
      throw PAYMENT_ERRORS.methodUnavailable(`payments.${index}.method`, turnedOffMethodReason(feature));
    }
  });
  const businessId = business.id;
  const provider = await businessProvider(deps, businessId);
  const methods = provider.availableMethods();
  sale.payments.forEach((payment, index) => {
    if (payment.method === 'cash') return;
    const availability = methods.find((entry) => entry.method === payment.method);
    if (!availability?.available) {
      throw PAYMENT_ERRORS.methodUnavailable(
        `payments.${index}.method`,
        availability?.reason ?? 'Payment service not initialized',
      );
    }
    const isMobileMoney = MOBILE_MONEY_METHODS.includes(payment.method);
    if (provider.name === 'manual' && isMobileMoney && !payment.reference) {
      throw PAYMENT_ERRORS.transactionIdRequired(`payments.${index}.reference`);
    }
    if (provider.name !== 'manual' && isMobileMoney && !payment.phone) {
      throw PAYMENT_ERRORS.phoneRequired(`payments.${index}.phone`);
    }
  });
}

type Claimed = {
  paymentId: string;
  method: (typeof payments.$inferSelect)['method'];
  amount: number;
  reference: string;
  phone: string | null;
  cashierReference: string | null;
};

/**
 * Starts the sale's non-cash payments at the business's provider: each is claimed first (our reference written,
 * so a retried checkout never starts it twice), then sent. A provider that does not answer leaves the payment
 * pending for a check; one that fails, fails the sale (stock back).
 */
export async function startSalePayments(
  deps: AppDeps,
  request: { businessId: string; saleId: string; userId: string },
): Promise<void> {
  const { businessId, saleId } = request;
  const claimed = await withTenant(deps.database.db, businessId, async (tx) => {
    const [sale] = await tx
      .select({
        receiptNumber: transactions.receiptNumber,
        status: transactions.paymentStatus,
        customerEmail: customers.email,
        customerName: customers.name,
      })
      .from(transactions)
      .leftJoin(
        customers,
        and(eq(customers.businessId, transactions.businessId), eq(customers.id, transactions.customerId)),
      )
      .where(and(eq(transactions.businessId, businessId), eq(transactions.id, saleId)));
    if (sale?.status !== 'pending') return null;
    const settings = await readSettings(tx, businessId);
    const waiting = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.businessId, businessId),
          eq(payments.transactionId, saleId),
          eq(payments.status, 'pending'),
          isNull(payments.provider),
          ne(payments.method, 'cash'),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .for('update', { skipLocked: true });
    const list: Claimed[] = [];
    for (const payment of waiting) {
      const reference = newPaymentReference();
      await tx
        .update(payments)
        .set({ provider: settings.provider, providerReference: reference })
        .where(and(eq(payments.businessId, businessId), eq(payments.id, payment.id)));
      list.push({
        paymentId: payment.id,
        method: payment.method,
        amount: payment.amount,
        reference,
        phone: payment.phone,
        cashierReference: payment.reference,
      });
    }
    return { sale, list };
  });
  if (!claimed) return;

  for (const payment of claimed.list) {
    const provider = await businessProvider(deps, businessId);
    const status = await askProvider(() =>
      provider.initiate(payment.method, {
        amount: payment.amount,
        currency: 'GHS',
        transaction_id: saleId,
        reference: payment.reference,
        customer_info: {
          email: claimed.sale.customerEmail,
          phone: payment.phone,
          name: claimed.sale.customerName,
        },
        metadata: { source: 'pos', receipt_number: claimed.sale.receiptNumber, sale_id: saleId },
        cashier_reference: payment.cashierReference,
      }),
    );
    const outcome = toOutcome(status);
    await withTenant(deps.database.db, businessId, async (tx) => {
      if (status.status !== 'failed' && status.providerId)
        await saveProviderId(tx, businessId, payment.paymentId, status.providerId);
      await recordPaymentOutcome(tx, {
        businessId,
        paymentId: payment.paymentId,
        outcome:
          outcome.kind === 'completed' && provider.name === 'manual'
            ? { ...outcome, confirmedBy: request.userId }
            : outcome,
        userId: request.userId,
        at: deps.now(),
      });
    });
  }
}

async function saveProviderId(tx: Tx, businessId: string, paymentId: string, providerId: string) {
  await tx
    .update(payments)
    .set({ providerId })
    .where(and(eq(payments.businessId, businessId), eq(payments.id, paymentId)));
}

/**
 * One call to a provider, its failures turned into an answer: no answer in time is still pending (it may yet be
 * paid, so it is checked again, never failed blind); a provider error or a missing configuration is a failure.
 */
async function askProvider(call: () => Promise<ProviderStatus>): Promise<ProviderStatus> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnreachable) {
      return { status: 'pending', nextAction: null, displayText: NO_ANSWER_TEXT };
    }
    if (error instanceof ProviderFailed) return { status: 'failed', reason: error.message };
    if (error instanceof AppError && error.code === 'PAYMENT_NOT_INITIALIZED') {
      return { status: 'failed', reason: error.message };
    }
    throw error;
  }
}

/** The sale's payments still waiting at a provider. */
async function pendingAtProvider(tx: Tx, businessId: string, saleId: string) {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.businessId, businessId),
        eq(payments.transactionId, saleId),
        eq(payments.status, 'pending'),
        isNotNull(payments.providerReference),
      ),
    );
}

/** Asks the provider again about each pending payment of a sale ('Check again' at the till; reconciliation). */
export async function checkSalePayments(
  deps: AppDeps,
  request: { businessId: string; saleId: string; userId: string | null },
): Promise<void> {
  const { businessId, saleId } = request;
  const pending = await withTenant(deps.database.db, businessId, async (tx) => {
    const [sale] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.businessId, businessId), eq(transactions.id, saleId)));
    if (!sale) throw SALE_ERRORS.saleNotFound();
    return pendingAtProvider(tx, businessId, saleId);
  });
  for (const payment of pending) {
    if (!payment.providerReference || payment.flag) continue;
    const provider = await businessProvider(deps, businessId, payment.provider);
    const status = await askProvider(() =>
      provider.status({
        reference: payment.providerReference as string,
        providerId: payment.providerId,
        method: payment.method,
      }),
    );
    await withTenant(deps.database.db, businessId, (tx) =>
      recordPaymentOutcome(tx, {
        businessId,
        paymentId: payment.id,
        outcome:
          status.status === 'pending'
            ? {
                kind: 'waiting',
                nextAction: payment.nextAction,
                displayText: status.displayText ?? NO_ANSWER_TEXT,
              }
            : toOutcome(status),
        userId: request.userId,
        at: deps.now(),
      }),
    );
  }
}

/** operations §4 dialog: the customer received a one-time code; the till sends it (Paystack submit_otp). */
export async function submitPaymentOtp(
  deps: AppDeps,
  request: { businessId: string; saleId: string; paymentId: string; otp: string; userId: string },
): Promise<void> {
  const { businessId } = request;
  const payment = await withTenant(deps.database.db, businessId, async (tx) => {
    const [row] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.businessId, businessId),
          eq(payments.id, request.paymentId),
          eq(payments.transactionId, request.saleId),
        ),
      );
    return row;
  });
  if (!payment) throw PAYMENT_ERRORS.paymentNotFound();
  if (payment.status !== 'pending' || payment.nextAction !== 'send_otp' || !payment.providerReference) {
    throw PAYMENT_ERRORS.otpNotAsked();
  }
  const provider = await businessProvider(deps, businessId, payment.provider);
  if (!provider.submitOtp) throw PAYMENT_ERRORS.otpNotAsked();
  const reference = payment.providerReference;
  const status = await askProvider(() => provider.submitOtp!(reference, request.otp));
  await withTenant(deps.database.db, businessId, (tx) =>
    recordPaymentOutcome(tx, {
      businessId,
      paymentId: payment.id,
      outcome: toOutcome(status),
      userId: request.userId,
      at: deps.now(),
    }),
  );
}

export type WebhookResult = { status: 200 | 404; body: { received: true; outcome: string } };

/**
 * A provider's webhook for one business (the business is in the address the provider was given): the signature
 * is checked with that business's key before anything is read; the event is recorded once (a repeat changes
 * nothing); the payment is looked up by our reference inside that business only, so an event can never touch
 * another business's sale. No provider is called: the answer is fast.
 */
export async function receiveWebhook(
  deps: AppDeps,
  request: {
    provider: 'paystack' | 'sandbox';
    businessId: string;
    rawBody: Buffer;
    headers: Record<string, string | string[] | undefined>;
  },
): Promise<WebhookResult> {
  const { businessId } = request;
  const provider = await businessProvider(deps, businessId, request.provider);
  let event: ReturnType<PaymentProvider['handleWebhook']>;
  try {
    event = provider.handleWebhook(request.rawBody, request.headers);
  } catch (error) {
    if (error instanceof WebhookRejected) throw PAYMENT_ERRORS.webhookRejected(error.message, error.status);
    throw error;
  }
  if (!event.reference && !event.providerId) {
    return { status: 200, body: { received: true, outcome: 'ignored' } };
  }
  return withTenant(deps.database.db, businessId, async (tx): Promise<WebhookResult> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.businessId, businessId),
          isNotNull(payments.providerReference),
          or(
            event.reference ? eq(payments.providerReference, event.reference) : undefined,
            event.providerId ? eq(payments.providerId, event.providerId) : undefined,
          ),
        ),
      )
      .limit(1);
    if (!payment) return { status: 404, body: { received: true, outcome: 'unknown_reference' } };
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        businessId,
        provider: request.provider,
        eventKey: event.eventKey,
        reference: payment.providerReference,
        receivedAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning({ key: paymentEvents.eventKey });
    if (inserted.length === 0) return { status: 200, body: { received: true, outcome: 'duplicate' } };
    if (!event.result) return { status: 200, body: { received: true, outcome: 'ignored' } };
    const result = await recordPaymentOutcome(tx, {
      businessId,
      paymentId: payment.id,
      outcome: toOutcome(event.result),
      at: deps.now(),
    });
    return {
      status: 200,
      body: { received: true, outcome: result.flag ?? (result.isChanged ? result.saleStatus : 'unchanged') },
    };
  });
}

/** How long a payment may wait before the reconciliation job asks its provider, and before it gives up. */
export const RECONCILE_AFTER_MS = 3 * 60_000;
export const GIVE_UP_AFTER_MS = 30 * 60_000;

/**
 * The reconciliation job: every payment pending at a provider for a few minutes is verified there (a webhook may
 * never come); settled or failed by the answer; one still unanswered after GIVE_UP_AFTER_MS fails (timed out).
 * A payment that still arrives later is flagged for a refund. Safe on several instances at once: each answer is
 * recorded once.
 */
export async function reconcilePayments(deps: AppDeps): Promise<{ checked: number }> {
  const now = deps.now();
  const due = await withSystem(deps.database.db, (tx) =>
    tx
      .select({
        id: payments.id,
        businessId: payments.businessId,
        saleId: payments.transactionId,
        provider: payments.provider,
        reference: payments.providerReference,
        providerId: payments.providerId,
        method: payments.method,
        nextAction: payments.nextAction,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .innerJoin(
        transactions,
        and(eq(transactions.businessId, payments.businessId), eq(transactions.id, payments.transactionId)),
      )
      .where(
        and(
          eq(payments.status, 'pending'),
          isNotNull(payments.providerReference),
          isNull(payments.flag),
          eq(transactions.paymentStatus, 'pending'),
          lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(100),
  );
  for (const payment of due) {
    const provider = await businessProvider(deps, payment.businessId, payment.provider);
    const status = await askProvider(() =>
      provider.status({
        reference: payment.reference as string,
        providerId: payment.providerId,
        method: payment.method,
      }),
    );
    const isTooOld = now.getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS;
    const outcome: PaymentOutcome =
      status.status === 'pending'
        ? isTooOld
          ? { kind: 'failed', reason: 'Payment timed out: the customer did not approve it' }
          : {
              kind: 'waiting',
              nextAction: payment.nextAction,
              displayText: status.displayText ?? NO_ANSWER_TEXT,
            }
        : toOutcome(status);
    await withTenant(deps.database.db, payment.businessId, (tx) =>
      recordPaymentOutcome(tx, {
        businessId: payment.businessId,
        paymentId: payment.id,
        outcome,
        at: deps.now(),
      }),
    );
  }
  return { checked: due.length };
}

/** Runs reconcilePayments every minute until stopped; a failing round is logged and the next one tries again. */
export function createPaymentReconciler(
  deps: AppDeps,
  log: { error: (obj: object, msg: string) => void },
  everyMs = 60_000,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  return {
    start() {
      timer = setInterval(() => {
        running = reconcilePayments(deps).catch((error) =>
          log.error({ err: error }, 'payment reconciliation failed'),
        );
      }, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
