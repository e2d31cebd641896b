import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { priceCart } from '#domain/cart.ts';
import { formatCedis } from '#domain/money.ts';
import type { PaymentMethod, SalePaymentMethod } from '#domain/payment-methods.ts';
import { type RandomIndex, saleReceiptNumber } from '#domain/receipt-number.ts';
import { type CreateSale, MAX_SALE_AMOUNT } from '#domain/schemas/sales.ts';
import type { AppDb, Tx } from '../../db/client.ts';
import {
  customers,
  type payments,
  products,
  saleIdempotencyKeys,
  type transactionItems,
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
    lines: input.items.map((item) => {
      const product = stocked.get(item.product_id) as StockedProduct;
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

  // The rows are built here (ids made by the server) and written by one statement below.
  const transaction: typeof transactions.$inferSelect = {
    id: saleId,
    businessId,
    transactionType: 'sale',
    originalTransactionId: null,
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
  };
  const items: (typeof transactionItems.$inferSelect)[] = totals.lines.map((line, index) => ({
    id: crypto.randomUUID(),
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
  }));
  const paymentRows: (typeof payments.$inferSelect)[] = input.payments.map((payment, index) => {
    const isCash = payment.method === 'cash';
    return {
      id: crypto.randomUUID(),
      businessId,
      transactionId: saleId,
      method: payment.method,
      amount: payment.amount,
      amountTendered: isCash ? (payment.amount_tendered ?? payment.amount) : null,
      status: isCash ? 'completed' : 'pending',
      reference: payment.reference ?? null,
      provider: null,
      providerReference: null,
      providerPayload: null,
      failureReason: null,
      completedAt: isCash ? now : null,
      createdAt: new Date(now.getTime() + index),
      updatedAt: now,
    };
  });

  await writeSale(tx, {
    transaction,
    items,
    payments: paymentRows,
    quantityAfter: totals.lines.map((line) => line.quantity_after),
    cashierId: options.cashier.id,
  });

  return {
    isReplay: false,
    record: { transaction, items, payments: paymentRows, customer, cashier: options.cashier },
  };
}

const isoTimes = (dates: Date[]) => sql.param(dates.map((date) => date.toISOString()));

/**
 * Writes the sale, its items, its payments, the stock movements and the customer's stats in ONE
 * statement (data-modifying CTEs): a checkout is the till's hottest path, and each round trip counts.
 * operations §4 Customer: after a sale, total_spent, visit_count and last_visit are updated.
 */
async function writeSale(
  tx: Tx,
  sale: {
    transaction: typeof transactions.$inferSelect;
    items: (typeof transactionItems.$inferSelect)[];
    payments: (typeof payments.$inferSelect)[];
    quantityAfter: number[];
    cashierId: string;
  },
): Promise<void> {
  const t = sale.transaction;
  const column = <T>(rows: T[], pick: (row: T) => unknown) => sql.param(rows.map(pick));
  await tx.execute(sql`
    with sale as (
      insert into transactions (id, business_id, transaction_type, receipt_number, payment_method, payment_status,
        cashier_id, customer_id, subtotal, tax_amount, discount_amount, total_amount, amount_paid, change_given,
        notes, created_at, updated_at)
      values (${t.id}, ${t.businessId}, ${t.transactionType}, ${t.receiptNumber}, ${t.paymentMethod},
        ${t.paymentStatus}, ${t.cashierId}, ${t.customerId}, ${t.subtotal}, ${t.taxAmount}, ${t.discountAmount},
        ${t.totalAmount}, ${t.amountPaid}, ${t.changeGiven}, ${t.notes}, ${t.createdAt.toISOString()}::timestamptz,
        ${t.updatedAt.toISOString()}::timestamptz)
    ), items as (
      insert into transaction_items (id, business_id, transaction_id, product_id, product_name, quantity, unit_price,
        tax_rate, tax_amount, discount_amount, total_price, created_at)
      select i.id, ${t.businessId}, ${t.id}, i.product_id, i.product_name, i.quantity, i.unit_price, i.tax_rate,
        i.tax_amount, i.discount_amount, i.total_price, i.created_at
      from unnest(${column(sale.items, (i) => i.id)}::uuid[], ${column(sale.items, (i) => i.productId)}::uuid[],
        ${column(sale.items, (i) => i.productName)}::text[], ${column(sale.items, (i) => i.quantity)}::int[],
        ${column(sale.items, (i) => i.unitPrice)}::int[], ${column(sale.items, (i) => i.taxRate)}::numeric[],
        ${column(sale.items, (i) => i.taxAmount)}::int[], ${column(sale.items, (i) => i.discountAmount)}::int[],
        ${column(sale.items, (i) => i.totalPrice)}::int[], ${isoTimes(sale.items.map((i) => i.createdAt))}::timestamptz[])
        as i(id, product_id, product_name, quantity, unit_price, tax_rate, tax_amount, discount_amount, total_price,
          created_at)
    ), tenders as (
      insert into payments (id, business_id, transaction_id, method, amount, amount_tendered, status, reference,
        completed_at, created_at, updated_at)
      select p.id, ${t.businessId}, ${t.id}, p.method, p.amount, p.amount_tendered, p.status, p.reference,
        case when p.status = 'completed' then ${t.createdAt.toISOString()}::timestamptz end, p.created_at,
        ${t.updatedAt.toISOString()}::timestamptz
      from unnest(${column(sale.payments, (p) => p.id)}::uuid[], ${column(sale.payments, (p) => p.method)}::text[],
        ${column(sale.payments, (p) => p.amount)}::int[], ${column(sale.payments, (p) => p.amountTendered)}::int[],
        ${column(sale.payments, (p) => p.status)}::text[], ${column(sale.payments, (p) => p.reference)}::text[],
        ${isoTimes(sale.payments.map((p) => p.createdAt))}::timestamptz[])
        as p(id, method, amount, amount_tendered, status, reference, created_at)
    ), movements as (
      insert into stock_movements (business_id, product_id, user_id, delta, quantity_after, reason, reference_id,
        created_at)
      select ${t.businessId}, m.product_id, ${sale.cashierId}, -m.quantity, m.quantity_after, 'sale', ${t.id},
        ${t.createdAt.toISOString()}::timestamptz
      from unnest(${column(sale.items, (i) => i.productId)}::uuid[], ${column(sale.items, (i) => i.quantity)}::int[],
        ${sql.param(sale.quantityAfter)}::int[]) as m(product_id, quantity, quantity_after)
    ), customer_stats as (
      update customers
         set total_spent = total_spent + ${t.totalAmount}, visit_count = visit_count + 1,
             last_visit = ${t.createdAt.toISOString()}::timestamptz, updated_at = ${t.createdAt.toISOString()}::timestamptz
       where ${t.customerId}::uuid is not null and id = ${t.customerId}::uuid and business_id = ${t.businessId}
    )
    select 1`);
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
 * Locks the sale's products of this business in product-id order (so concurrent sales never deadlock),
 * checks each is active and has the quantity, then takes the stock in one guarded update
 * (stock_quantity >= q). The price, tax rate and name are those of the locked row.
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
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      taxRate: products.taxRate,
      stock: products.stockQuantity,
      isActive: products.isActive,
    })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...seen])))
    .orderBy(asc(products.id))
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  items.forEach((item, index) => {
    if (!byId.get(item.product_id)?.isActive) throw SALE_ERRORS.productNotFound(`items.${index}.product_id`);
  });
  items.forEach((item, index) => {
    const stock = byId.get(item.product_id)?.stock ?? 0;
    if (stock < item.quantity) throw SALE_ERRORS.insufficientStock(`items.${index}.quantity`, stock);
  });

  const taken = (await tx.execute(sql`
    update products as p set stock_quantity = p.stock_quantity - w.quantity
      from unnest(${sql.param(items.map((item) => item.product_id))}::uuid[],
                  ${sql.param(items.map((item) => item.quantity))}::int[]) as w(id, quantity)
     where p.id = w.id and p.business_id = ${businessId} and p.is_active and p.stock_quantity >= w.quantity
    returning p.id`)) as unknown as { rows: unknown[] };
  // The rows are locked, so this holds; the guard is the last wall against going below zero.
  if (taken.rows.length !== items.length) throw new Error('Stock changed under a lock');

  const stocked = new Map<string, StockedProduct>();
  for (const item of items) {
    const row = byId.get(item.product_id)!;
    stocked.set(item.product_id, {
      name: row.name,
      price: row.price,
      taxRate: row.taxRate,
      stockAfter: row.stock - item.quantity,
    });
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
