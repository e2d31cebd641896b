import { and, eq, sql } from 'drizzle-orm';
import { formatCedis } from '#domain/money.ts';
import type { Tx } from '../../db/client.ts';
import { payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { returnStock } from '../catalog/index.ts';
import { reverseVisit } from '../customers/index.ts';
import { publishEvent } from '../events/index.ts';
import { earnOnCompletion, reverseSalePoints } from '../loyalty/index.ts';
import { SALE_ERRORS } from './errors.ts';
import { lockSale } from './reversal.ts';

// What a payment provider's answer does to a sale (operations §4 Sale creation, §8 Payment): a non-cash sale is
// created pending with its stock taken; the provider's success completes it, its failure fails it and gives the
// stock and the customer's visit back through their owners (catalog, customers). Every change of a sale's
// status made here goes through changeSaleStatus, the one place that tells the tills.

type PaymentRow = typeof payments.$inferSelect;
type SaleRow = typeof transactions.$inferSelect;

/** What the provider said about one payment. */
export type PaymentOutcome =
  /** Paid. amount and currency as the provider reported them, checked against ours. */
  | { kind: 'completed'; amount?: number; currency?: string; confirmedBy?: string | null }
  | { kind: 'failed'; reason: string }
  /** Still waiting: what the customer or the till must do next. */
  | { kind: 'waiting'; nextAction: 'pay_offline' | 'send_otp' | null; displayText: string | null };

export type OutcomeResult = {
  /** False when the outcome was already recorded (a repeated webhook, a late verify): nothing changed. */
  isChanged: boolean;
  saleStatus: SaleRow['paymentStatus'];
  flag?: PaymentRow['flag'];
};

/** A status change someone may listen for (the till that made the sale, the customer display). */
export type SaleStatusChange = {
  businessId: string;
  saleId: string;
  receiptNumber: string;
  from: SaleRow['paymentStatus'];
  to: SaleRow['paymentStatus'];
  reason: string | null;
};

/**
 * Tells every till of the business (and so the customer display following the selling till) where the sale's
 * payment stands, inside the transaction that changed it: the event leaves only if the change commits, and
 * reaches tills connected to any server instance (LISTEN/NOTIFY).
 */
async function announceSale(
  tx: Tx,
  sale: SaleRow,
  status: SaleRow['paymentStatus'],
  message: string | null,
): Promise<void> {
  await publishEvent(tx, {
    businessId: sale.businessId,
    scope: { kind: 'business' },
    type: 'sale.payment_status',
    data: {
      sale_id: sale.id,
      receipt_number: sale.receiptNumber,
      payment_status: status,
      payment_method: sale.paymentMethod,
      message: message ? message.slice(0, 500) : null,
    },
  });
}

/**
 * The ONE function that changes a sale's payment status after it was made. Failing or cancelling gives back the
 * stock (the catalog's ledger, reason payment_failed) and the customer's visit (the customers module). The
 * caller holds the sale's lock.
 */
async function changeSaleStatus(
  tx: Tx,
  sale: SaleRow,
  change: {
    to: 'completed' | 'failed' | 'cancelled';
    note?: string | null;
    amountPaid?: number;
    userId: string | null;
    at: Date;
  },
): Promise<SaleStatusChange> {
  const notes = change.note ? (sale.notes ? `${sale.notes}\n${change.note}` : change.note) : sale.notes;
  await tx
    .update(transactions)
    .set({
      paymentStatus: change.to,
      notes,
      updatedAt: change.at,
      ...(change.amountPaid !== undefined ? { amountPaid: change.amountPaid } : {}),
    })
    .where(and(eq(transactions.businessId, sale.businessId), eq(transactions.id, sale.id)));
  if (change.to !== 'completed') {
    const items = await tx
      .select({ productId: transactionItems.productId, quantity: transactionItems.quantity })
      .from(transactionItems)
      .where(
        and(eq(transactionItems.businessId, sale.businessId), eq(transactionItems.transactionId, sale.id)),
      );
    const lines = items.flatMap((item) =>
      item.productId ? [{ productId: item.productId, quantity: item.quantity }] : [],
    );
    if (lines.length > 0) {
      await returnStock(tx, sale.businessId, lines, {
        reason: 'payment_failed',
        referenceId: sale.id,
        userId: change.userId,
        at: change.at,
        note: change.note ?? null,
      });
    }
    if (sale.customerId) {
      await reverseVisit(tx, {
        businessId: sale.businessId,
        customerId: sale.customerId,
        amount: sale.totalAmount,
        isVisitUndone: true,
        at: change.at,
      });
    }
    // Points redeemed on the sale go back to the customer.
    await reverseSalePoints(tx, {
      sale,
      reason: 'payment_failed',
      isLast: true,
      userId: change.userId,
      at: change.at,
    });
  } else {
    // A pending sale earns its points when its payment completes.
    await earnOnCompletion(tx, sale, change.userId, change.at);
  }
  await announceSale(tx, sale, change.to, change.note ?? null);
  return {
    businessId: sale.businessId,
    saleId: sale.id,
    receiptNumber: sale.receiptNumber,
    from: sale.paymentStatus,
    to: change.to,
    reason: change.note ?? null,
  };
}

/** Locks a payment's sale, then the payment (always in this order, like refunds and voids). */
async function lockPayment(tx: Tx, businessId: string, paymentId: string) {
  const [found] = await tx
    .select({ transactionId: payments.transactionId })
    .from(payments)
    .where(and(eq(payments.businessId, businessId), eq(payments.id, paymentId)));
  if (!found) throw SALE_ERRORS.saleNotFound();
  const sale = await lockSale(tx, businessId, found.transactionId);
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.businessId, businessId), eq(payments.id, paymentId)))
    .for('update');
  return { sale, payment: payment as PaymentRow };
}

const appendNote = (notes: string | null, note: string) => (notes ? `${notes}\n${note}` : note);

/**
 * Records a provider's answer about one payment, once: a repeated answer changes nothing. Money in another
 * amount or currency than the payment's is flagged, never completes the sale; money for a sale already
 * cancelled or failed is flagged as owed back to the customer. Returns the status change, if any, for the
 * caller to announce after its transaction commits.
 */
export async function recordPaymentOutcome(
  tx: Tx,
  request: {
    businessId: string;
    paymentId: string;
    outcome: PaymentOutcome;
    userId?: string | null;
    at: Date;
  },
): Promise<OutcomeResult & { change: SaleStatusChange | null }> {
  const { businessId, outcome, at } = request;
  const { sale, payment } = await lockPayment(tx, businessId, request.paymentId);
  const same = { isChanged: false, saleStatus: sale.paymentStatus, flag: payment.flag, change: null };
  const setPayment = (values: Partial<PaymentRow>) =>
    tx
      .update(payments)
      .set({ ...values, updatedAt: at })
      .where(and(eq(payments.businessId, businessId), eq(payments.id, payment.id)));
  const setSaleNotes = (note: string) =>
    tx
      .update(transactions)
      .set({ notes: appendNote(sale.notes, note), updatedAt: at })
      .where(and(eq(transactions.businessId, businessId), eq(transactions.id, sale.id)));

  if (outcome.kind === 'waiting') {
    if (payment.status !== 'pending') return same;
    if (payment.nextAction === outcome.nextAction && payment.displayText === outcome.displayText) return same;
    await setPayment({ nextAction: outcome.nextAction, displayText: outcome.displayText });
    await announceSale(tx, sale, sale.paymentStatus, outcome.displayText);
    return { ...same, isChanged: true };
  }

  if (outcome.kind === 'failed') {
    if (payment.status !== 'pending') return same;
    await setPayment({ status: 'failed', failureReason: outcome.reason, nextAction: null });
    if (sale.paymentStatus !== 'pending') return { ...same, isChanged: true };
    // The sale's other pending parts cannot complete it any more.
    await tx
      .update(payments)
      .set({ status: 'failed', failureReason: 'Another payment of the sale failed', updatedAt: at })
      .where(
        and(
          eq(payments.businessId, businessId),
          eq(payments.transactionId, sale.id),
          eq(payments.status, 'pending'),
        ),
      );
    const change = await changeSaleStatus(tx, sale, {
      to: 'failed',
      note: `Payment processing failed: ${outcome.reason}`,
      userId: request.userId ?? null,
      at,
    });
    return { isChanged: true, saleStatus: 'failed', flag: null, change };
  }

  // Paid.
  if (payment.status === 'completed') return same;
  const isMismatch =
    (outcome.amount !== undefined && outcome.amount !== payment.amount) ||
    (outcome.currency !== undefined && outcome.currency.toUpperCase() !== 'GHS');
  if (isMismatch) {
    if (payment.flag === 'amount_mismatch') return same;
    await setPayment({ flag: 'amount_mismatch', nextAction: null });
    await announceSale(tx, sale, sale.paymentStatus, 'Payment flagged: another amount than the sale');
    await setSaleNotes(
      `Payment flagged: the provider reported ${outcome.currency ?? 'GHS'} ${formatCedis(outcome.amount ?? 0).replace('₵', '')} for ${formatCedis(payment.amount)} (${payment.providerReference}). Check it with the provider before handing over the goods.`,
    );
    return { isChanged: true, saleStatus: sale.paymentStatus, flag: 'amount_mismatch', change: null };
  }
  if (sale.paymentStatus !== 'pending') {
    // Paid after the sale was cancelled or failed: the stock went back, so the money is owed to the customer.
    if (payment.flag === 'paid_after_cancel') return same;
    await setPayment({ status: 'completed', completedAt: at, flag: 'paid_after_cancel', nextAction: null });
    await announceSale(tx, sale, sale.paymentStatus, 'Paid after the sale was cancelled: refund due');
    await setSaleNotes(
      `Paid after the sale was ${sale.paymentStatus}: refund ${formatCedis(payment.amount)} to the customer (${payment.providerReference}).`,
    );
    return { isChanged: true, saleStatus: sale.paymentStatus, flag: 'paid_after_cancel', change: null };
  }
  await setPayment({
    status: 'completed',
    completedAt: at,
    nextAction: null,
    displayText: null,
    ...(outcome.confirmedBy ? { confirmedBy: outcome.confirmedBy } : {}),
  });
  const [left] = await tx
    .select({ pending: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.businessId, businessId),
        eq(payments.transactionId, sale.id),
        eq(payments.status, 'pending'),
      ),
    );
  if ((left?.pending ?? 0) > 0) {
    await tx
      .update(transactions)
      .set({ amountPaid: sale.amountPaid + payment.amount, updatedAt: at })
      .where(and(eq(transactions.businessId, businessId), eq(transactions.id, sale.id)));
    return { isChanged: true, saleStatus: 'pending', flag: null, change: null };
  }
  const change = await changeSaleStatus(tx, sale, {
    to: 'completed',
    amountPaid: sale.amountPaid + payment.amount,
    note: outcome.confirmedBy ? 'Mobile money confirmed by cashier' : null,
    userId: request.userId ?? null,
    at,
  });
  return { isChanged: true, saleStatus: 'completed', flag: null, change };
}

/**
 * The cashier gives up on a pending payment (the customer walked away, the phone never rang): the sale is
 * cancelled and its stock and visit given back. A payment that still arrives later is flagged for a refund.
 */
export async function cancelPendingSale(
  tx: Tx,
  request: { businessId: string; saleId: string; userId: string; cashierName: string; at: Date },
): Promise<SaleStatusChange> {
  const sale = await lockSale(tx, request.businessId, request.saleId);
  if (sale.transactionType !== 'sale') throw SALE_ERRORS.onlySalesVoided();
  if (sale.paymentStatus === 'completed') throw SALE_ERRORS.alreadyPaid();
  if (sale.paymentStatus !== 'pending') throw SALE_ERRORS.notPending(sale.paymentStatus);
  await tx
    .update(payments)
    .set({
      status: 'failed',
      failureReason: 'Cancelled by the cashier',
      nextAction: null,
      updatedAt: request.at,
    })
    .where(
      and(
        eq(payments.businessId, request.businessId),
        eq(payments.transactionId, sale.id),
        eq(payments.status, 'pending'),
      ),
    );
  return changeSaleStatus(tx, sale, {
    to: 'cancelled',
    note: `Payment cancelled by ${request.cashierName}`,
    userId: request.userId,
    at: request.at,
  });
}
