import { and, eq, inArray } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#domain/payment-methods.ts';
import type { Tx } from '../../db/client.ts';
import { paymentRefunds } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/types.ts';
import { PAYMENT_ERRORS } from './errors.ts';
import { createProvider, ProviderFailed, ProviderUnreachable } from './providers/index.ts';
import { providerContext } from './settings.ts';

// Money sent back through the provider that took it (a refund or void of a card or mobile-money sale). The safe
// order: claim (a row written and committed) → call the provider outside any database transaction → mark it
// sent → the refund is recorded in the sales module's transaction, which marks the claim recorded. A claim
// already sent but never recorded (the recording failed, or the answer was lost) is used again by the next
// attempt of the same amount without calling the provider: the same money is never sent twice.

export type ProviderPayment = {
  paymentId: string;
  provider: 'sandbox' | 'paystack';
  providerReference: string;
  method: PaymentMethod;
};

const PROVIDER_LABELS = { sandbox: 'the sandbox', paystack: 'Paystack' } as const;

/** How the money goes back, as the refund's note, the receipt and the dialog say it. */
export function sentBackNote(method: PaymentMethod, provider: 'sandbox' | 'paystack'): string {
  const to =
    method === 'card' ? "the customer's card" : `the customer's ${PAYMENT_METHOD_LABELS[method]} number`;
  return `Sent back to ${to} through ${PROVIDER_LABELS[provider]}.`;
}

/**
 * Sends `amount` pesewas of the payment back through its provider and returns the claim's id, which becomes the
 * refund's id. Throws PROVIDER_REFUND_FAILED, with nothing recorded as refunded, when the provider refuses or
 * cannot be reached.
 */
export async function sendRefundToProvider(
  deps: AppDeps,
  request: { businessId: string; saleId: string; payment: ProviderPayment; amount: number },
): Promise<string> {
  const { businessId, saleId, payment, amount } = request;
  const claim = await withTenant(deps.database.db, businessId, async (tx) => {
    const open = await tx
      .select()
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.businessId, businessId),
          eq(paymentRefunds.saleId, saleId),
          inArray(paymentRefunds.status, ['sending', 'sent']),
        ),
      )
      .for('update');
    const sent = open.find((row) => row.status === 'sent' && row.amount === amount);
    if (sent) return { id: sent.id, isSent: true };
    if (open.length > 0) throw PAYMENT_ERRORS.refundInFlight();
    const id = crypto.randomUUID();
    await tx.insert(paymentRefunds).values({
      id,
      businessId,
      saleId,
      paymentId: payment.paymentId,
      provider: payment.provider,
      amount,
      status: 'sending',
      createdAt: deps.now(),
      updatedAt: deps.now(),
    });
    return { id, isSent: false };
  });
  if (claim.isSent) return claim.id;

  const mark = (status: 'sent' | 'failed', message: string | null) =>
    withTenant(deps.database.db, businessId, (tx) =>
      tx
        .update(paymentRefunds)
        .set({ status, message, updatedAt: deps.now() })
        .where(and(eq(paymentRefunds.businessId, businessId), eq(paymentRefunds.id, claim.id))),
    );
  let why: string;
  try {
    const context = await withTenant(deps.database.db, businessId, (tx) =>
      providerContext(deps, tx, businessId),
    );
    const answer = await createProvider(context, payment.provider).refund(payment.providerReference, amount);
    if (answer) {
      await mark('sent', answer.status);
      return claim.id;
    }
    why = 'this provider cannot send money back';
  } catch (error) {
    if (!(error instanceof ProviderFailed || error instanceof ProviderUnreachable)) {
      await mark('failed', error instanceof Error ? error.message : 'unknown error');
      throw error;
    }
    why =
      error instanceof ProviderUnreachable
        ? `${PROVIDER_LABELS[payment.provider]} could not be reached`
        : error.message;
  }
  await mark('failed', why);
  throw PAYMENT_ERRORS.refundFailed(why);
}

/** In the refund's own transaction: the claim is now a recorded refund. */
export async function markRefundRecorded(tx: Tx, businessId: string, refundId: string): Promise<void> {
  await tx
    .update(paymentRefunds)
    .set({ status: 'recorded' })
    .where(and(eq(paymentRefunds.businessId, businessId), eq(paymentRefunds.id, refundId)));
}
