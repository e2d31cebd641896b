import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { priceCart } from '#domain/cart.ts';
import { formatCedis } from '#domain/money.ts';
import type { PaymentMethod, SalePaymentMethod } from '#domain/payment-methods.ts';
import { type RandomIndex, saleReceiptNumber } from '#domain/receipt-number.ts';
import { type CreateSale, MAX_SALE_AMOUNT } from '#domain/schemas/sales.ts';
import type { AppDb, Tx } from '../../db/client.ts';
import {
  customers,
  payments,
  products,
  saleIdempotencyKeys,
  stockMovements,
  transactionItems,
  transactions,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { SALE_ERRORS } from './errors.ts';
import { findSale, type SaleRecord } from './queries.ts';

export type CreateSaleOptions = {
  businessId: string;
  cashier: { id: string; firstName: string; lastName: string };
  input: CreateSale;
  idempotencyKey: string;
  now: Date;
  random?: RandomIndex;
};

export type CreateSaleResult = { record: SaleRecord; isReplay: boolean };

/**
 * operations §4 Sale creation, in the caller's ONE transaction (a tenant transaction):
 * claims the Idempotency-Key, re-prices every line from the business's own product rows (client
 * prices are never read), decrements stock with a guard so it never goes below zero, writes the
 * transaction, its items, its payments and the stock movements, updates the customer's stats and
 * assigns the receipt number. All-cash sales complete; any other method leaves the sale pending.
 */
export async function createSale(options: CreateSaleOptions, tx: Tx): Promise<CreateSaleResult> {
  const { businessId, input, now } = options;
  const saleId = input.id ?? crypto.randomUUID();
  const requestHash = hashRequest(input);

  // The key is claimed first: a concurrent duplicate blocks on it until this transaction ends, then
  // sees the committed sale (or, if this one failed, claims the key itself).
  const claimed = await tx
    .insert(saleIdempotencyKeys)
    .values({ businessId, key: options.idempotencyKey, requestHash, transactionId: saleId, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: saleIdempotencyKeys.key });
  if (claimed.length === 0) return replay(tx, businessId, options.idempotencyKey, requestHash);

  if (input.id) {
    const [taken] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.id, input.id));
    if (taken) throw SALE_ERRORS.saleIdTaken();
  }

  const customer = input.customer_id ? await findActiveCustomer(tx, businessId, input.customer_id) : null;
  const stocked = await takeStock(tx, businessId, input.items);

  const totals = priceCart({
    lines: input.items.map((item, index) => {
      const product = stocked.get(item.product_id);
      if (!product) throw SALE_ERRORS.productNotFound(`items.${index}.product_id`);
      return {
        product_id: item.product_id,
        product_name: product.name,
        unit_price: product.price,
        tax_rate: product.taxRate,
        quantity: item.quantity,
        discount_amount: item.discount_amount,
        quantity_after: product.stockAfter,
      };
    }),
    cartDiscount: input.discount_amount,
  });
  if (totals.subtotal + totals.tax_amount > MAX_SALE_AMOUNT) throw SALE_ERRORS.saleTooLarge();

  const settlement = settle(totals.total_amount, input.payments);

  const [transaction] = await tx
    .insert(transactions)
    .values({
      id: saleId,
      businessId,
      transactionType: 'sale',
      receiptNumber: saleReceiptNumber(now, options.random),
      paymentMethod: settlement.paymentMethod,
      paymentStatus: settlement.isComplete ? 'completed' : 'pending',
      cashierId: options.cashier.id,
      customerId: customer?.id ?? null,
      subtotal: totals.subtotal,
      taxAmount: totals.tax_amount,
      discountAmount: totals.discount_amount,
      totalAmount: totals.total_amount,
      amountPaid: settlement.amountPaid,
      changeGiven: settlement.changeGiven,
      notes: input.notes ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();

  const items = await tx
    .insert(transactionItems)
    .values(
      totals.lines.map((line, index) => ({
        businessId,
        transactionId: saleId,
        productId: line.product_id,
        productName: line.product_name,
        quantity: line.quantity,
        unitPrice: line.unit_price,
        taxRate: String(line.tax_rate),
        taxAmount: line.tax_amount,
        discountAmount: line.discount_amount,
        totalPrice: line.total_price,
        // Keeps the items in cart order when read back.
        createdAt: new Date(now.getTime() + index),
      })),
    )
    .returning();

  const paymentRows = await tx
    .insert(payments)
    .values(
      input.payments.map((payment, index) => ({
        businessId,
        transactionId: saleId,
        method: payment.method,
        amount: payment.amount,
        amountTendered: payment.method === 'cash' ? (payment.amount_tendered ?? payment.amount) : null,
        status: payment.method === 'cash' ? ('completed' as const) : ('pending' as const),
        reference: payment.reference ?? null,
        completedAt: payment.method === 'cash' ? now : null,
        createdAt: new Date(now.getTime() + index),
        updatedAt: now,
      })),
    )
    .returning();

  await tx.insert(stockMovements).values(
    totals.lines.map((line) => ({
      businessId,
      productId: line.product_id,
      userId: options.cashier.id,
      delta: -line.quantity,
      quantityAfter: line.quantity_after,
      reason: 'sale' as const,
      referenceId: saleId,
      createdAt: now,
    })),
  );

  // operations §4 Customer: after a sale, total_spent, visit_count and last_visit are updated.
  if (customer) {
    await tx
      .update(customers)
      .set({
        totalSpent: sql`${customers.totalSpent} + ${totals.total_amount}`,
        visitCount: sql`${customers.visitCount} + 1`,
        lastVisit: now,
        updatedAt: now,
      })
      .where(and(eq(customers.businessId, businessId), eq(customers.id, customer.id)));
  }

  return {
    isReplay: false,
    record: {
      transaction: transaction!,
      items,
      payments: paymentRows,
      customer,
      cashier: options.cashier,
    },
  };
}

async function replay(
  tx: Tx,
  businessId: string,
  key: string,
  requestHash: string,
): Promise<CreateSaleResult> {
  const [first] = await tx
    .select()
    .from(saleIdempotencyKeys)
    .where(and(eq(saleIdempotencyKeys.businessId, businessId), eq(saleIdempotencyKeys.key, key)));
  if (!first || first.requestHash !== requestHash) throw SALE_ERRORS.idempotencyKeyReused();
  const record = await findSale(tx, businessId, first.transactionId);
  if (!record) throw SALE_ERRORS.idempotencyKeyReused();
  return { record, isReplay: true };
}

/** The same body always hashes the same (keys sorted), whatever order the client wrote them in. */
export function hashRequest(input: CreateSale): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

async function findActiveCustomer(tx: Tx, businessId: string, customerId: string) {
  const [row] = await tx
    .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(
      and(eq(customers.businessId, businessId), eq(customers.id, customerId), eq(customers.isActive, true)),
    );
  // operations §5 Customer stats update: the customer must exist.
  if (!row) throw SALE_ERRORS.customerNotFound();
  return row;
}

type StockedProduct = { name: string; price: number; taxRate: string; stockAfter: number };

/**
 * Checks every product belongs to the business and is active, then decrements stock with a guard
 * (stock_quantity >= q), in product-id order so that concurrent sales never deadlock. The price, tax
 * rate and name are those of the row as it was locked.
 */
async function takeStock(
  tx: Tx,
  businessId: string,
  items: CreateSale['items'],
): Promise<Map<string, StockedProduct>> {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.product_id)) throw SALE_ERRORS.duplicateProduct(`items.${index}.product_id`);
    seen.add(item.product_id);
  });
  const ids = items.map((item) => item.product_id);
  const known = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids), eq(products.isActive, true)));
  const knownIds = new Set(known.map((row) => row.id));
  items.forEach((item, index) => {
    if (!knownIds.has(item.product_id)) throw SALE_ERRORS.productNotFound(`items.${index}.product_id`);
  });

  const stocked = new Map<string, StockedProduct>();
  const ordered = items
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => (a.product_id < b.product_id ? -1 : 1));
  for (const item of ordered) {
    const [row] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${item.quantity}` })
      .where(
        and(
          eq(products.businessId, businessId),
          eq(products.id, item.product_id),
          eq(products.isActive, true),
          sql`${products.stockQuantity} >= ${item.quantity}`,
        ),
      )
      .returning({
        name: products.name,
        price: products.price,
        taxRate: products.taxRate,
        stockAfter: products.stockQuantity,
      });
    if (!row) {
      // Deactivated since the check above, or not enough left: tell which.
      const [current] = await tx
        .select({ stock: products.stockQuantity, isActive: products.isActive })
        .from(products)
        .where(and(eq(products.businessId, businessId), eq(products.id, item.product_id)));
      if (!current?.isActive) throw SALE_ERRORS.productNotFound(`items.${item.index}.product_id`);
      throw SALE_ERRORS.insufficientStock(`items.${item.index}.quantity`, current.stock);
    }
    stocked.set(item.product_id, row);
  }
  return stocked;
}

type Settlement = {
  paymentMethod: SalePaymentMethod;
  isComplete: boolean;
  amountPaid: number;
  changeGiven: number;
};

/**
 * The payments must cover the total exactly; cash may be over-tendered (change = Σ tendered − Σ cash
 * amount). operations §5 Cash payment: short reads 'Insufficient amount. Need ₵X more.'
 */
export function settle(total: number, tenders: CreateSale['payments']): Settlement {
  tenders.forEach((payment, index) => {
    if (payment.method !== 'cash' && payment.amount_tendered !== undefined) {
      throw SALE_ERRORS.invalidPayment(
        `payments.${index}.amount_tendered`,
        'Amount received applies to cash payments only',
      );
    }
    if (
      payment.method === 'cash' &&
      payment.amount_tendered !== undefined &&
      payment.amount_tendered < payment.amount
    ) {
      throw SALE_ERRORS.insufficientAmount(
        payment.amount,
        payment.amount_tendered,
        `payments.${index}.amount_tendered`,
      );
    }
    if (payment.amount === 0 && tenders.length > 1) {
      throw SALE_ERRORS.invalidPayment(
        `payments.${index}.amount`,
        'Each payment of a split sale must be more than ₵0.00',
      );
    }
  });
  const covered = tenders.reduce((sum, payment) => sum + payment.amount, 0);
  if (covered < total) throw SALE_ERRORS.insufficientAmount(total, covered);
  if (covered > total) {
    throw SALE_ERRORS.paymentsExceedTotal(
      `The payments come to ${formatCedis(covered - total)} more than the total of ${formatCedis(total)}. Check the cart and try again.`,
    );
  }
  const cash = tenders.filter((payment) => payment.method === 'cash');
  const cashTendered = cash.reduce((sum, payment) => sum + (payment.amount_tendered ?? payment.amount), 0);
  const cashAmount = cash.reduce((sum, payment) => sum + payment.amount, 0);
  const methods = new Set<PaymentMethod>(tenders.map((payment) => payment.method));
  return {
    paymentMethod: methods.size === 1 ? [...methods][0]! : 'split',
    isComplete: cash.length === tenders.length,
    // Non-cash parts count once their provider confirms them (the payments integration).
    amountPaid: cashTendered,
    changeGiven: cashTendered - cashAmount,
  };
}

/** The name of the unique constraint a database error broke, if it is a unique violation (23505). */
function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}

/**
 * Runs createSale in its own tenant transaction. A receipt number that happens to repeat one of the
 * business's (26+10 characters ^6 per millisecond) is drawn again; a client-made id already used is refused.
 */
export async function createSaleInTenant(db: AppDb, options: CreateSaleOptions): Promise<CreateSaleResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTenant(db, options.businessId, (tx) => createSale(options, tx));
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'transactions_pkey') throw SALE_ERRORS.saleIdTaken();
      if (constraint === 'transactions_business_receipt_key' && attempt < 3) continue;
      throw error;
    }
  }
}
