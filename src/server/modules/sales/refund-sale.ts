import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#domain/payment-methods.ts';
import { isTaxIncludedSale } from '#domain/pricing.ts';
import { type RandomIndex, refundReceiptNumber } from '#domain/receipt-number.ts';
import type { Tx } from '../../db/client.ts';
import { payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { type Approver, recordAudit } from '../audit/index.ts';
import { returnStock } from '../catalog/index.ts';
import { reverseVisit } from '../customers/index.ts';
import { reverseSalePoints } from '../loyalty/index.ts';
import { openShiftIdOf } from '../shifts/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { SALE_ERRORS } from './errors.ts';
import { lockSale, requireOverride } from './reversal.ts';

export type RefundSaleInput = {
  saleId: string;
  lines?: { item_id: string; quantity: number; restock: boolean }[];
  reason?: string;
  approver?: Approver | null;
  now: Date;
  random?: RandomIndex;
  /** Only check and price the refund: nothing is written (the plan before the provider is called). */
  isDryRun?: boolean;
  /** The refund's id: the provider refund's claim when money was sent back through the provider. */
  refundId?: string;
  /** Money already sent back through the provider (pesewas, positive) for this refund. */
  sentBack?: { amount: number; note: string } | null;
  /** The person chose to hand a provider-paid refund back in cash instead. */
  isCashChosen?: boolean;
};

export type RefundSaleResult = {
  refundId: string;
  /** Positive pesewas to hand back in cash. */
  cashToReturn: number;
  note: string | null;
  /** Positive pesewas of the refund (cash and provider together). */
  total: number;
  /** The sale's payment that the provider can send money back to, and how much of it is left. */
  provider: ProviderRefundable | null;
  /** Pesewas sent back through the provider. */
  sentBack: number;
};

export type ProviderRefundable = {
  paymentId: string;
  provider: 'sandbox' | 'paystack';
  providerReference: string;
  method: PaymentMethod;
  /** What of it has not been sent back yet. */
  left: number;
};

/**
 * The sale's card or mobile-money payment taken through a provider that can send money back (the sandbox or
 * Paystack), with what is left of it after earlier refunds; null when the money cannot go back that way.
 */
export async function providerRefundable(
  tx: Tx,
  businessId: string,
  saleId: string,
): Promise<ProviderRefundable | null> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.businessId, businessId),
        eq(payments.transactionId, saleId),
        eq(payments.status, 'completed'),
        inArray(payments.provider, ['sandbox', 'paystack']),
        isNotNull(payments.providerReference),
        isNull(payments.flag),
      ),
    )
    .limit(1);
  if (!payment || payment.method === 'cash') return null;
  const [before] = await tx
    .select({ sent: sql<number>`coalesce(-sum(${payments.amount}), 0)::int` })
    .from(payments)
    .innerJoin(
      transactions,
      and(eq(transactions.businessId, payments.businessId), eq(transactions.id, payments.transactionId)),
    )
    .where(
      and(
        eq(payments.businessId, businessId),
        eq(transactions.originalTransactionId, saleId),
        eq(transactions.transactionType, 'refund'),
        ne(payments.method, 'cash'),
      ),
    );
  return {
    paymentId: payment.id,
    provider: payment.provider as 'sandbox' | 'paystack',
    providerReference: payment.providerReference as string,
    method: payment.method,
    left: Math.max(0, payment.amount - (before?.sent ?? 0)),
  };
}

/** The sale's mobile money confirmed by the cashier (manual mobile money): it must be sent back by hand. */
async function manualMethod(tx: Tx, businessId: string, saleId: string): Promise<PaymentMethod | null> {
  const [payment] = await tx
    .select({ method: payments.method })
    .from(payments)
    .where(
      and(
        eq(payments.businessId, businessId),
        eq(payments.transactionId, saleId),
        eq(payments.status, 'completed'),
        eq(payments.provider, 'manual'),
      ),
    )
    .limit(1);
  return payment?.method ?? null;
}

type ItemRow = typeof transactionItems.$inferSelect;

/** The share of each line in the sale's discounts (its own plus its part of the cart discount). */
function lineDiscounts(sale: typeof transactions.$inferSelect, items: ItemRow[]): Map<string, number> {
  const lineOwn = items.reduce((sum, item) => sum + item.discountAmount, 0);
  const cart = Math.max(0, sale.discountAmount - lineOwn);
  const bases = items.map((item) => Math.max(0, item.totalPrice - item.discountAmount));
  const baseTotal = bases.reduce((sum, base) => sum + base, 0);
  const shares = new Map<string, number>();
  let given = 0;
  items.forEach((item, index) => {
    const isLast = index === items.length - 1;
    const share =
      baseTotal === 0 ? 0 : isLast ? cart - given : Math.floor((cart * (bases[index] as number)) / baseTotal);
    given += share;
    shares.set(item.id, item.discountAmount + share);
  });
  return shares;
}

const proportion = (amount: number, part: number, whole: number) => Math.round((amount * part) / whole);

/**
 * operations §4 Refund, with partial refunds: gives back the chosen lines and quantities (all that is left when
 * none are chosen) as a new `refund` transaction (REF-…, negative totals, positive discount), returns the
 * units to stock through the catalog (damaged ones written off), takes the money back off the customer's
 * statistics and marks the sale `refunded` once nothing is left. One transaction, on the locked sale row.
 */
export async function refundSale(
  { businessId, actor, input }: UseCaseRequest<RefundSaleInput>,
  tx: Tx,
): Promise<RefundSaleResult> {
  requireOverride(actor, input.approver);
  const sale = await lockSale(tx, businessId, input.saleId);
  if (sale.transactionType !== 'sale') throw SALE_ERRORS.onlySalesRefunded();
  if (sale.paymentStatus === 'cancelled') throw SALE_ERRORS.alreadyVoided();
  if (sale.paymentStatus === 'refunded') throw SALE_ERRORS.alreadyRefunded();
  if (sale.paymentStatus !== 'completed') throw SALE_ERRORS.onlyCompletedRefunded();

  const items = await tx
    .select()
    .from(transactionItems)
    .where(and(eq(transactionItems.businessId, businessId), eq(transactionItems.transactionId, sale.id)))
    .orderBy(asc(transactionItems.createdAt), asc(transactionItems.id));
  const given = await tx
    .select({
      id: transactionItems.originalItemId,
      units: sql<number>`(-sum(${transactionItems.quantity}))::int`,
      tax: sql<number>`(-sum(${transactionItems.taxAmount}))::int`,
      discount: sql<number>`sum(${transactionItems.discountAmount})::int`,
    })
    .from(transactionItems)
    .where(
      and(
        eq(transactionItems.businessId, businessId),
        inArray(
          transactionItems.originalItemId,
          items.map((item) => item.id),
        ),
      ),
    )
    .groupBy(transactionItems.originalItemId);
  const before = new Map(given.map((row) => [row.id, row]));
  const discounts = lineDiscounts(sale, items);
  const left = (item: ItemRow) => item.quantity - (before.get(item.id)?.units ?? 0);

  const requested =
    input.lines ??
    items
      .filter((item) => left(item) > 0)
      .map((item) => ({ item_id: item.id, quantity: left(item), restock: true }));
  if (requested.length === 0) throw SALE_ERRORS.alreadyRefunded();
  const seen = new Set<string>();
  const chosen = requested.map((line, index) => {
    const item = items.find((candidate) => candidate.id === line.item_id);
    if (!item) throw SALE_ERRORS.refundLineNotInSale(`lines.${index}.item_id`);
    if (seen.has(item.id)) throw SALE_ERRORS.refundLineTwice(`lines.${index}.item_id`);
    seen.add(item.id);
    if (line.quantity > left(item))
      throw SALE_ERRORS.refundQuantityTooHigh(`lines.${index}.quantity`, left(item));
    return { item, quantity: line.quantity, restock: line.restock };
  });

  const refundId = input.refundId ?? crypto.randomUUID();
  const now = input.now;
  const refundItems: (typeof transactionItems.$inferInsert)[] = chosen.map(({ item, quantity }, index) => {
    const isRest = quantity === left(item);
    const already = before.get(item.id);
    const discount = discounts.get(item.id) ?? 0;
    // The last units of a line take exactly what is left of its tax and discount, so the refunds of a sale
    // add up to the sale to the pesewa.
    const tax = isRest
      ? item.taxAmount - (already?.tax ?? 0)
      : Math.min(proportion(item.taxAmount, quantity, item.quantity), item.taxAmount - (already?.tax ?? 0));
    const lineDiscount = isRest
      ? discount - (already?.discount ?? 0)
      : Math.min(proportion(discount, quantity, item.quantity), discount - (already?.discount ?? 0));
    return {
      id: crypto.randomUUID(),
      businessId,
      transactionId: refundId,
      productId: item.productId,
      productName: item.productName,
      quantity: -quantity,
      unitPrice: item.unitPrice,
      unitCost: item.unitCost,
      taxRate: item.taxRate,
      taxAmount: -tax,
      discountAmount: Math.max(0, lineDiscount),
      totalPrice: -(item.unitPrice * quantity),
      originalItemId: item.id,
      createdAt: new Date(now.getTime() + index),
    };
  });
  const taxAmount = refundItems.reduce((sum, item) => sum + (item.taxAmount as number), 0);
  // A tax-inclusive sale's line totals already hold their tax: the refund's subtotal is the price before tax.
  const isTaxIncluded = isTaxIncludedSale(
    { subtotal: sale.subtotal, tax_amount: sale.taxAmount },
    items.reduce((sum, item) => sum + item.totalPrice, 0),
  );
  const subtotal =
    refundItems.reduce((sum, item) => sum + (item.totalPrice as number), 0) - (isTaxIncluded ? taxAmount : 0);
  const discountAmount = refundItems.reduce((sum, item) => sum + (item.discountAmount ?? 0), 0);
  const totalAmount = subtotal + taxAmount + discountAmount;
  const isFullyRefunded = items.every(
    (item) => left(item) - (chosen.find((line) => line.item.id === item.id)?.quantity ?? 0) === 0,
  );

  const provider = sale.paymentMethod === 'cash' ? null : await providerRefundable(tx, businessId, sale.id);
  const total = -totalAmount;
  if (input.isDryRun) {
    return { refundId: '', cashToReturn: total, note: null, total, provider, sentBack: 0 };
  }
  const sentBack = Math.min(input.sentBack?.amount ?? 0, total);
  const cashPart = total - sentBack;
  const manual = sale.paymentMethod === 'cash' ? null : await manualMethod(tx, businessId, sale.id);
  const label = PAYMENT_METHOD_LABELS[sale.paymentMethod];
  // How the money goes back: through the provider that took it; by hand for manual mobile money; in cash when
  // the provider cannot (or the person chose cash after the provider refused).
  const note =
    sale.paymentMethod === 'cash' || (cashPart === 0 && !input.sentBack)
      ? null
      : [
          input.sentBack?.note ?? null,
          cashPart === 0
            ? null
            : manual
              ? `Send ${formatCedis(cashPart)} back to the customer's ${PAYMENT_METHOD_LABELS[manual]} number yourself: manual mobile money cannot send money back.`
              : input.isCashChosen && (provider || manual)
                ? `Refunded in cash: chosen instead of sending it back through the provider.`
                : input.sentBack
                  ? null
                  : `Refunded in cash: ${label} payments cannot be sent back through the provider yet.`,
        ]
          .filter(Boolean)
          .join(' ') || null;
  const reason = input.reason?.trim() || null;
  const receiptNumber = refundReceiptNumber(now, input.random);
  await tx.insert(transactions).values({
    id: refundId,
    businessId,
    transactionType: 'refund',
    originalTransactionId: sale.id,
    receiptNumber,
    paymentMethod:
      sentBack > 0 && cashPart === 0 && provider
        ? provider.method
        : manual && !input.isCashChosen
          ? manual
          : 'cash',
    paymentStatus: 'completed',
    cashierId: actor.userId,
    customerId: sale.customerId,
    subtotal,
    taxAmount,
    discountAmount,
    totalAmount,
    amountPaid: totalAmount,
    changeGiven: 0,
    notes: [reason && `Reason: ${reason}`, note].filter(Boolean).join('\n') || null,
    createdAt: now,
    updatedAt: now,
    // The refunder's open shift: cash handed back comes out of that drawer.
    shiftId: await openShiftIdOf(tx, businessId, actor.userId),
  });
  await tx.insert(transactionItems).values(refundItems);
  // Manual mobile money goes back by MoMo from the shop's phone, not from the drawer.
  const byHand = manual && !input.isCashChosen ? manual : null;
  if (cashPart > 0 || sentBack === 0) {
    await tx.insert(payments).values({
      businessId,
      transactionId: refundId,
      method: byHand ?? 'cash',
      ...(byHand ? { provider: 'manual' } : {}),
      amount: -cashPart,
      status: 'completed',
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (sentBack > 0 && provider) {
    await tx.insert(payments).values({
      businessId,
      transactionId: refundId,
      method: provider.method,
      amount: -sentBack,
      status: 'completed',
      provider: provider.provider,
      providerReference: `REFUND-${refundId}`,
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
  const lines = chosen.filter((line) => line.item.productId);
  if (lines.length > 0) {
    await returnStock(
      tx,
      businessId,
      lines.map((line) => ({
        productId: line.item.productId as string,
        quantity: line.quantity,
        isDamaged: !line.restock,
      })),
      { reason: 'refund', referenceId: refundId, userId: actor.userId, at: now, note: reason },
    );
  }
  if (sale.customerId) {
    await reverseVisit(tx, {
      businessId,
      customerId: sale.customerId,
      amount: -totalAmount,
      isVisitUndone: false,
      at: now,
    });
  }
  // Its share of the points earned comes back off the customer and its share of the points redeemed goes back
  // to them; the refund that leaves nothing of the sale settles exactly what is left.
  await reverseSalePoints(tx, {
    sale,
    reason: 'refund',
    refundId,
    refunded: -totalAmount,
    isLast: isFullyRefunded,
    userId: actor.userId,
    at: now,
  });
  if (isFullyRefunded) {
    await tx
      .update(transactions)
      .set({ paymentStatus: 'refunded', updatedAt: now })
      .where(and(eq(transactions.businessId, businessId), eq(transactions.id, sale.id)));
  }
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'sale_refunded',
      subject: { type: 'sale', id: sale.id },
      summary: `Refunded ${formatCedis(-totalAmount)} of ${sale.receiptNumber} (${receiptNumber})`,
      before: { payment_status: sale.paymentStatus },
      after: {
        payment_status: isFullyRefunded ? 'refunded' : sale.paymentStatus,
        refund_receipt: receiptNumber,
        lines: chosen.map((line) => ({
          product: line.item.productName,
          quantity: line.quantity,
          restocked: line.restock,
        })),
      },
      reason,
      approver: input.approver ?? null,
    },
  );
  return { refundId, cashToReturn: byHand ? 0 : cashPart, note, total, provider, sentBack };
}
