import { and, eq, inArray } from 'drizzle-orm';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#domain/payment-methods.ts';
import type { Tx } from '../../db/client.ts';
import { paymentRefunds } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/types.ts';
import { PAYMENT_ERRORS } from './errors.ts';
import { type PaymentProvider, ProviderFailed, ProviderUnreachable } from './providers/index.ts';
import { businessProvider } from './settings.ts';

// Money sent back through the provider that took it (a refund or void of a card or mobile-money sale). The safe
// order: claim (a row written and committed) → call the provider outside any database transaction → mark it
// sent → the refund is recorded in the sales module's transaction, which marks the claim recorded. A claim
// already sent but never recorded (the recording failed, or the answer was lost) is used again by the next
// attempt of the same amount without calling the provider: the same money is never sent twice. An attempt that
// got no answer in time is 'unknown' until the next attempt finds it in the provider's list of refunds (or not).

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
 * cannot be reached, and PROVIDER_REFUND_UNKNOWN when it did not answer in time (the next attempt asks it first).
 */
export async function sendRefundToProvider(
  deps: AppDeps,
  request: { businessId: string; saleId: string; payment: ProviderPayment; amount: number },
): Promise<string> {
  const { businessId, saleId, payment, amount } = request;
  const claim = await withTenant(deps.database.db, businessId, async (tx) => {
    const open = await openClaims(tx, businessId, saleId);
    const inDoubt = open.find((row) => row.status === 'unknown');
    if (inDoubt) return { id: inDoubt.id, state: 'in_doubt' as const, amount: inDoubt.amount };
    const sent = open.find((row) => row.status === 'sent');
    if (sent?.amount === amount) return { id: sent.id, state: 'sent' as const };
    if (sent) throw PAYMENT_ERRORS.refundSentNotRecorded(formatCedis(sent.amount));
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
    return { id, state: 'new' as const };
  });
  if (claim.state === 'sent') return claim.id;
  const mark = (status: 'sent' | 'failed' | 'unknown', message: string | null) =>
    markClaim(deps, businessId, claim.id, status, message);
  const provider = await businessProvider(deps, businessId, payment.provider);
  const name = PROVIDER_LABELS[payment.provider];

  if (claim.state === 'in_doubt') {
    await settleClaimInDoubt(deps, { businessId, saleId, payment, claim, provider });
    return sendRefundToProvider(deps, request);
  }

  let why: string;
  try {
    const answer = await provider.refund(payment.providerReference, amount);
    if (answer) {
      await mark('sent', answer.status);
      return claim.id;
    }
    why = 'this provider cannot send money back';
  } catch (error) {
    if (error instanceof ProviderUnreachable && error.isMaybeReceived && provider.listRefunds) {
      await mark('unknown', error.message);
      throw PAYMENT_ERRORS.refundInDoubt(name);
    }
    if (!(error instanceof ProviderFailed || error instanceof ProviderUnreachable)) {
      await mark('failed', error instanceof Error ? error.message : 'unknown error');
      throw error;
    }
    why = error instanceof ProviderUnreachable ? `${name} could not be reached` : error.message;
  }
  await mark('failed', why);
  throw PAYMENT_ERRORS.refundFailed(why);
}

/**
 * An attempt that got no answer in time: the provider's own list of the payment's refunds says whether it
 * arrived. It did when the provider holds more refunds of that amount than we have sent or recorded; then the
 * claim is sent (and recorded by this attempt if it is of the same amount); otherwise it failed and nothing went.
 */
async function settleClaimInDoubt(
  deps: AppDeps,
  request: {
    businessId: string;
    saleId: string;
    payment: ProviderPayment;
    claim: { id: string; amount: number };
    provider: PaymentProvider;
  },
): Promise<void> {
  const { businessId, saleId, payment, claim, provider } = request;
  let held: { amount: number; status: string }[];
  try {
    held = (await provider.listRefunds?.(payment.providerReference)) ?? [];
  } catch (error) {
    if (error instanceof ProviderFailed || error instanceof ProviderUnreachable) {
      throw PAYMENT_ERRORS.refundInDoubt(PROVIDER_LABELS[payment.provider]);
    }
    throw error;
  }
  const known = await withTenant(deps.database.db, businessId, (tx) =>
    tx
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.businessId, businessId),
          eq(paymentRefunds.saleId, saleId),
          eq(paymentRefunds.amount, claim.amount),
          inArray(paymentRefunds.status, ['sent', 'recorded']),
        ),
      ),
  );
  const arrived = held.filter((refund) => refund.amount === claim.amount && refund.status !== 'failed');
  await (arrived.length > known.length
    ? markClaim(deps, businessId, claim.id, 'sent', 'found at the provider after no answer in time')
    : markClaim(deps, businessId, claim.id, 'failed', 'not found at the provider after no answer in time'));
}

function openClaims(tx: Tx, businessId: string, saleId: string) {
  return tx
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.businessId, businessId),
        eq(paymentRefunds.saleId, saleId),
        inArray(paymentRefunds.status, ['sending', 'sent', 'unknown']),
      ),
    )
    .for('update');
}

function markClaim(
  deps: AppDeps,
  businessId: string,
  id: string,
  status: 'sent' | 'failed' | 'unknown',
  message: string | null,
) {
  return withTenant(deps.database.db, businessId, (tx) =>
    tx
      .update(paymentRefunds)
      .set({ status, message, updatedAt: deps.now() })
      .where(and(eq(paymentRefunds.businessId, businessId), eq(paymentRefunds.id, id))),
  );
}

/**
 * Money in cash instead of through the provider is refused while an earlier provider attempt is in doubt: it
 * may have gone back already, and the customer would be paid twice.
 */
export async function refuseCashWhileRefundInDoubt(
  tx: Tx,
  businessId: string,
  saleId: string,
): Promise<void> {
  const open = await openClaims(tx, businessId, saleId);
  // Only Paystack can leave a claim in doubt: the sandbox always answers.
  if (open.some((row) => row.status === 'unknown'))
    throw PAYMENT_ERRORS.refundInDoubt(PROVIDER_LABELS.paystack);
}

/** In the refund's own transaction: the claim is now a recorded refund. */
export async function markRefundRecorded(tx: Tx, businessId: string, refundId: string): Promise<void> {
  await tx
    .update(paymentRefunds)
    .set({ status: 'recorded' })
    .where(and(eq(paymentRefunds.businessId, businessId), eq(paymentRefunds.id, refundId)));
}
