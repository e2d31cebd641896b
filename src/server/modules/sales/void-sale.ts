import { and, eq } from 'drizzle-orm';
import { localDay } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import type { Tx } from '../../db/client.ts';
import { transactionItems, transactions } from '../../db/schema/index.ts';
import { type Approver, recordAudit } from '../audit/index.ts';
import { returnStock } from '../catalog/index.ts';
import { reverseVisit } from '../customers/index.ts';
import { reverseSalePoints } from '../loyalty/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { SALE_ERRORS } from './errors.ts';
import { providerRefundable } from './refund-sale.ts';
import { hasRefunds, lockSale, requireOverride } from './reversal.ts';

/** operations §4 Void: the default reason. */
export const DEFAULT_VOID_REASON = 'No reason provided';

export type VoidSaleInput = {
  saleId: string;
  reason?: string;
  approver?: Approver | null;
  /** The business's timezone: a sale may be voided on the day it was made there (docs/decisions.md). */
  timezone: string;
  now: Date;
  /** Only check the void: nothing is written (the plan before the provider is called). */
  isDryRun?: boolean;
  /** Money sent back through the provider for this void, and how it is said in the sale's notes. */
  sentBack?: { amount: number; note: string } | null;
};

/**
 * operations §4 Void: marks the sale cancelled with 'Voided: reason' appended to its notes, puts every unit back
 * in stock through the catalog and takes the visit and its amount off the customer. Only a sale with nothing
 * refunded yet, on the day it was made; later it must be a refund. One transaction, on the locked sale row.
 */
export async function voidSale({ businessId, actor, input }: UseCaseRequest<VoidSaleInput>, tx: Tx) {
  requireOverride(actor, input.approver);
  const sale = await lockSale(tx, businessId, input.saleId);
  if (sale.transactionType !== 'sale') throw SALE_ERRORS.onlySalesVoided();
  if (sale.paymentStatus === 'cancelled') throw SALE_ERRORS.alreadyVoided();
  if (sale.paymentStatus === 'refunded') throw SALE_ERRORS.alreadyRefunded();
  if (await hasRefunds(tx, businessId, sale.id)) throw SALE_ERRORS.voidAfterRefund();
  if (localDay(sale.createdAt, input.timezone) !== localDay(input.now, input.timezone)) {
    throw SALE_ERRORS.voidTooLate();
  }

  const provider =
    sale.paymentStatus === 'completed' ? await providerRefundable(tx, businessId, sale.id) : null;
  if (input.isDryRun) return { provider };

  const reason = input.reason?.trim() || DEFAULT_VOID_REASON;
  const now = input.now;
  const voided = [`Voided: ${reason}`, input.sentBack?.note].filter(Boolean).join(' ');
  await tx
    .update(transactions)
    .set({
      paymentStatus: 'cancelled',
      notes: sale.notes ? `${sale.notes}\n${voided}` : voided,
      updatedAt: now,
    })
    .where(and(eq(transactions.businessId, businessId), eq(transactions.id, sale.id)));
  const items = await tx
    .select({ productId: transactionItems.productId, quantity: transactionItems.quantity })
    .from(transactionItems)
    .where(and(eq(transactionItems.businessId, businessId), eq(transactionItems.transactionId, sale.id)));
  const lines = items.flatMap((item) =>
    item.productId ? [{ productId: item.productId, quantity: item.quantity }] : [],
  );
  if (lines.length > 0) {
    await returnStock(tx, businessId, lines, {
      reason: 'void',
      referenceId: sale.id,
      userId: actor.userId,
      at: now,
      note: reason,
    });
  }
  if (sale.customerId) {
    await reverseVisit(tx, {
      businessId,
      customerId: sale.customerId,
      amount: sale.totalAmount,
      isVisitUndone: true,
      at: now,
    });
  }
  // Every point the sale earned is taken back and every point it redeemed given back.
  await reverseSalePoints(tx, { sale, reason: 'void', isLast: true, userId: actor.userId, at: now });
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'sale_voided',
      subject: { type: 'sale', id: sale.id },
      summary: `Voided ${sale.receiptNumber} (${formatCedis(sale.totalAmount)})`,
      before: { payment_status: sale.paymentStatus },
      after: { payment_status: 'cancelled' },
      reason: input.reason?.trim() || null,
      approver: input.approver ?? null,
    },
  );
  return { provider };
}
