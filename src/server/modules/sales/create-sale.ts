import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_DISCOUNT_LIMIT_PERCENT,
  findDiscountExcess,
  OVERRIDE_PERMISSION,
} from '#domain/discount-limit.ts';
import { offlineTenderProblem, offlineTimeProblem } from '#domain/offline-sale.ts';
import { type RandomIndex, saleReceiptNumber } from '#domain/receipt-number.ts';
import type { CreateSale } from '#domain/schemas/sales.ts';
import type { Settlement } from '#domain/settlement.ts';
import type { AppDb, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import {
  offlineSales,
  type payments as paymentsTable,
  type transactionItems,
  transactions,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Approver, recordAudit } from '../audit/index.ts';
import {
  type LockedProduct,
  planSaleStock,
  readSaleProducts,
  reserveStockForOfflineSale,
  reserveStockForSale,
  StockChangedError,
  saleProductsJson,
} from '../catalog/index.ts';
import { planSalePoints, recordSalePoints } from '../loyalty/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { SALE_ERRORS } from './errors.ts';
import { claimIdempotencyKey, hashRequest, replaySale } from './idempotency.ts';
import { chargeOfflinePrices } from './offline-prices.ts';
import {
  assertDistinctProducts,
  findActiveCustomer,
  priceSale,
  settleSale,
  stockProblemError,
} from './price-sale.ts';
import type { SaleRecord } from './queries.ts';
import type { BatchedSale, SaleBatches } from './sale-batches.ts';
import type { SaleProductHints } from './sale-product-hints.ts';
import { type SaleRows, writeSales } from './write-sale.ts';

export type CreateSaleInput = {
  sale: CreateSale;
  /** The checkout's Idempotency-Key: a retry with the same body gets the first sale back. */
  idempotencyKey: string;
  /** The time of the request, from the app's clock: the sale's time and its receipt number. */
  now: Date;
  random?: RandomIndex;
  /** The business's discount limit (percent of a line and of the sale) without approval. */
  discountLimitPercent?: number;
  /** Settings → Tax: the business enters its prices with the tax in them. */
  pricesIncludeTax?: boolean;
  /** The manager or owner who approved a discount above the limit with their PIN, checked by the route. */
  approver?: Approver | null;
  /** The business's timezone: the day an offline sale's prices are checked against. */
  timezone?: string;
  /** Lock the products before pricing (the attempt after a product changed under an unlocked read). */
  lockProducts?: boolean;
  /**
   * The products this server read for earlier sales (see SaleProductHints), kept up to date by this one's reads,
   * and the writer that sales priced at them go to (createSaleWithRetry, when mayUseHints).
   */
  hinted?: { hints: SaleProductHints; batches: SaleBatches };
  /**
   * The sale is the caller's whole transaction (createSaleWithRetry's): when nothing follows the sale's write
   * (no loyalty points, not offline, no discount to audit), its COMMIT is sent with the write.
   */
  isWholeTransaction?: boolean;
};

export type CreateSaleResult = { record: SaleRecord; isReplay: boolean };

/**
 * operations §4 Sale creation, in the caller's ONE tenant transaction: claims the Idempotency-Key and reads the
 * products (one round trip), prices every line at the business's own product rows, settles the payments, then
 * writes the stock and its ledger (through the catalog, which locks, guards against going below zero and against
 * a product changed since the read), the sale, its items, its payments and the customer's visit in one
 * statement. The products' locks are held only for that write and the commit. All-cash sales complete; any other method leaves the
 * sale pending, except a sale made offline (cash and manual mobile money, both taken already) which completes.
 */
export async function createSale(
  { businessId, actor, input }: UseCaseRequest<CreateSaleInput>,
  tx: Tx,
): Promise<CreateSaleResult> {
  const { approver_pin: _pin, ...body } = input.sale;
  const now = input.now;
  const saleId = body.id ?? crypto.randomUUID();
  const requestHash = hashRequest(body);
  const offline = body.offline;
  if (offline) {
    const tenderProblem = offlineTenderProblem(body.payments);
    if (tenderProblem?.code === 'METHOD') {
      throw SALE_ERRORS.offlineCashOnly(`payments.${tenderProblem.index}.method`);
    }
    if (tenderProblem?.code === 'TRANSACTION_ID') {
      throw SALE_ERRORS.offlineTransactionIdRequired(`payments.${tenderProblem.index}.reference`);
    }
    const problem = offlineTimeProblem(new Date(offline.created_at), now);
    if (problem === 'future') throw SALE_ERRORS.offlineSaleInFuture();
    if (problem === 'too_old') throw SALE_ERRORS.offlineSaleTooOld();
  }
  // A sale made offline keeps the time the customer paid; the server's own clock dates everything else.
  const saleAt = offline ? new Date(offline.created_at) : now;

  // Online, the products are read with the claim (no lock; the write checks they did not change) unless this
  // is the attempt after such a change, which locks them first. Offline sales lock them (a shortfall is kept).
  const readFirst = !offline && !input.lockProducts;
  const productIds = body.items.map((item) => item.product_id);
  const claim = await claimIdempotencyKey(
    tx,
    { businessId, key: input.idempotencyKey, requestHash, saleId, at: now },
    readFirst ? saleProductsJson(businessId, productIds) : undefined,
  );
  if (!claim.isClaimed) {
    return { record: await replaySale(tx, businessId, input.idempotencyKey, requestHash), isReplay: true };
  }
  const read = readFirst ? readSaleProducts(claim.read) : null;
  if (read) input.hinted?.hints.set(businessId, read.values());

  // A client-made id is unique within its business only: another business's sale with it is none of ours.
  if (body.id) {
    const [taken] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.businessId, businessId), eq(transactions.id, body.id)));
    if (taken) throw SALE_ERRORS.saleIdTaken();
  }

  assertDistinctProducts(body.items);
  // Offline, the customer was served already: one deleted since is simply not linked, the sale still counts.
  const customer = body.customer_id
    ? offline
      ? await findActiveCustomer(tx, businessId, body.customer_id).catch(() => null)
      : await findActiveCustomer(tx, businessId, body.customer_id)
    : null;
  const lines = body.items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
  const stockContext = { referenceId: saleId, userId: actor.userId, at: now };
  // Locks and checks now; the stock and its ledger are written with the sale, in one statement (writeSales).
  // Offline, a shortfall does not refuse the sale (the money was taken): it is recorded for the manager.
  const taken = offline
    ? await reserveStockForOfflineSale(tx, businessId, lines, stockContext)
    : read
      ? planSaleStock(businessId, lines, read, stockContext)
      : await reserveStockForSale(tx, businessId, lines, stockContext);
  if (taken.problem) throw stockProblemError(taken.problem);
  const stocked = offline
    ? await chargeOfflinePrices(
        tx,
        businessId,
        body.items,
        taken.stocked,
        saleAt,
        input.timezone ?? 'Africa/Accra',
      )
    : taken.stocked;
  const mode = { pricesIncludeTax: input.pricesIncludeTax };
  const priced = priceSale(body, stocked, mode);
  // Loyalty points redeemed come off like a cart discount; the discount limit looks at the cashier's own.
  const points = await planSalePoints(tx, {
    businessId,
    customerId: customer?.id ?? null,
    redeemPoints: body.redeem_points ?? 0,
    payable: priced.subtotal - priced.discount_amount,
  });
  const totals = points?.redeem ? priceSale(body, stocked, mode, points.redeem.value) : priced;
  const limit = input.discountLimitPercent ?? DEFAULT_DISCOUNT_LIMIT_PERCENT;
  const excess = findDiscountExcess(priced, limit);
  if (excess && !actor.permissions.includes(OVERRIDE_PERMISSION) && !input.approver) {
    throw SALE_ERRORS.discountNeedsApproval(limit);
  }
  const settled = settleSale(totals.total_amount, body.payments);
  // Offline, every tender was taken already (cash, or manual mobile money the cashier confirmed from the SMS):
  // the sale is complete and its mobile money counts as paid, as the online manual flow records it.
  const settlement = offline
    ? {
        ...settled,
        isComplete: true,
        amountPaid:
          settled.amountPaid +
          body.payments.reduce((sum, payment) => sum + (payment.method === 'cash' ? 0 : payment.amount), 0),
      }
    : settled;

  const rows = saleRows({
    businessId,
    actor,
    body,
    saleId,
    now,
    saleAt,
    receiptNumber: offline?.receipt_number ?? saleReceiptNumber(now, input.random),
    customerId: customer?.id ?? null,
    totals,
    settlement,
  });

  const endsTransaction = Boolean(input.isWholeTransaction) && !points && !offline && !excess;
  const { transaction } = rows;
  const written = await writeSales(tx, [rows], taken.write, { endsTransaction });
  transaction.shiftId = written.shiftIds[0] ?? null;
  // The next sales of these products are written together while their sum is within this (sale-batches.ts).
  input.hinted?.hints.setStock(businessId, written.stockLeft);
  const loyalty = await recordSalePoints(tx, points, {
    businessId,
    saleId,
    total: transaction.totalAmount,
    isComplete: settlement.isComplete,
    userId: actor.userId,
    at: now,
  });
  let offlineRow: typeof offlineSales.$inferSelect | null = null;
  if (offline) {
    const shortfalls = 'shortfalls' in taken ? (taken.shortfalls ?? []) : [];
    offlineRow = {
      transactionId: saleId,
      businessId,
      tillId: offline.till_id,
      syncedAt: now,
      stockShortfall:
        shortfalls.length > 0
          ? shortfalls.map((short) => ({
              product_id: short.productId,
              product_name: stocked.get(short.productId)!.name,
              quantity: short.quantity,
              short_by: short.shortBy,
            }))
          : null,
      shortfallReviewedAt: null,
      shortfallReviewedBy: null,
    };
    await tx.insert(offlineSales).values(offlineRow);
  }
  if (excess) {
    await recordAudit(
      tx,
      { businessId, actor },
      {
        action: 'discount_above_limit',
        subject: { type: 'sale', id: saleId },
        summary: `${excess.kind === 'line' ? `${totals.lines[excess.index]?.product_name}: ` : ''}${excess.percent}% off (limit ${limit}%) on ${transaction.receiptNumber}`,
        before: { limit_percent: limit },
        after: {
          discount_percent: excess.percent,
          discount_amount: priced.discount_amount,
          subtotal: priced.subtotal,
        },
        approver: input.approver ?? null,
      },
    );
  }
  const cashier = { id: actor.userId, firstName: actor.firstName, lastName: actor.lastName };
  return {
    isReplay: false,
    record: { ...rows, customer, cashier, loyalty, offline: offlineRow },
  };
}

type SaleRowsInput = {
  businessId: string;
  actor: UseCaseRequest<unknown>['actor'];
  body: Omit<CreateSale, 'approver_pin'>;
  saleId: string;
  now: Date;
  saleAt: Date;
  receiptNumber: string;
  customerId: string | null;
  totals: ReturnType<typeof priceSale>;
  settlement: Settlement;
};

/** The rows of a sale as priced and settled: the sale, its items in cart order and its payments. */
function saleRows({
  businessId,
  actor,
  body,
  saleId,
  now,
  saleAt,
  receiptNumber,
  customerId,
  totals,
  settlement,
}: SaleRowsInput): SaleRows {
  const offline = body.offline;
  const transaction: typeof transactions.$inferSelect = {
    id: saleId,
    businessId,
    transactionType: 'sale',
    originalTransactionId: null,
    receiptNumber,
    paymentMethod: settlement.paymentMethod,
    paymentStatus: settlement.isComplete ? 'completed' : 'pending',
    cashierId: actor.userId,
    customerId,
    subtotal: totals.subtotal,
    taxAmount: totals.tax_amount,
    discountAmount: totals.discount_amount,
    totalAmount: totals.total_amount,
    amountPaid: settlement.amountPaid,
    changeGiven: settlement.changeGiven,
    notes: body.notes ?? null,
    createdAt: saleAt,
    updatedAt: now,
    // The shift the cashier has open, if any (the Z report counts the sale there): found by writeSales.
    shiftId: null,
  };
  const items: (typeof transactionItems.$inferSelect)[] = totals.lines.map((line, index) => ({
    id: crypto.randomUUID(),
    businessId,
    transactionId: saleId,
    productId: line.product_id,
    productName: line.product_name,
    quantity: line.quantity,
    unitPrice: line.unit_price,
    // The cost at the time of sale (reports' cost of goods, migration 0120).
    unitCost: line.unit_cost,
    taxRate: String(line.tax_rate),
    taxAmount: line.tax_amount,
    discountAmount: line.discount_amount,
    totalPrice: line.total_price,
    originalItemId: null,
    // Keeps the items in cart order when read back.
    createdAt: new Date(saleAt.getTime() + index),
  }));
  const payments: (typeof paymentsTable.$inferSelect)[] = body.payments.map((payment, index) => {
    const isCash = payment.method === 'cash';
    // A manual mobile money payment taken offline: confirmed by the cashier who made the sale.
    const isOfflineManual = Boolean(offline) && !isCash;
    const isTaken = isCash || isOfflineManual;
    return {
      id: crypto.randomUUID(),
      businessId,
      transactionId: saleId,
      method: payment.method,
      amount: payment.amount,
      amountTendered: isCash ? (payment.amount_tendered ?? payment.amount) : null,
      status: isTaken ? 'completed' : 'pending',
      reference: payment.reference ?? null,
      provider: isOfflineManual ? 'manual' : null,
      providerReference: null,
      providerPayload: null,
      failureReason: null,
      completedAt: isTaken ? saleAt : null,
      createdAt: new Date(saleAt.getTime() + index),
      updatedAt: now,
      phone: isCash ? null : (payment.phone ?? null),
      nextAction: null,
      displayText: null,
      providerId: null,
      flag: null,
      confirmedBy: isOfflineManual ? actor.userId : null,
      refundedAt: null,
    };
  });
  return { transaction, items, payments };
}

/**
 * A sale priced at the products as this server read them for earlier sales, ready to be written with its key's
 * claim (sale-batches.ts): nothing is read for it first. Null when the sale is for the usual way: one whose
 * stock looks short or whose product is gone (the usual way reads again and refuses, or answers a retried
 * sale), one that redeems points, or one whose discount is over the limit (approved and audited there).
 */
function planHintedSale(
  { businessId, actor, input }: UseCaseRequest<CreateSaleInput>,
  products: Map<string, LockedProduct>,
): { batched: BatchedSale; record: SaleRecord } | null {
  const { approver_pin: _pin, ...body } = input.sale;
  if (body.redeem_points) return null;
  const now = input.now;
  const saleId = crypto.randomUUID();
  assertDistinctProducts(body.items);
  const lines = body.items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
  const taken = planSaleStock(businessId, lines, products, {
    referenceId: saleId,
    userId: actor.userId,
    at: now,
  });
  if (taken.problem) return null;
  const totals = priceSale(body, taken.stocked, { pricesIncludeTax: input.pricesIncludeTax });
  if (findDiscountExcess(totals, input.discountLimitPercent ?? DEFAULT_DISCOUNT_LIMIT_PERCENT)) return null;
  const rows = saleRows({
    businessId,
    actor,
    body,
    saleId,
    now,
    saleAt: now,
    receiptNumber: saleReceiptNumber(now, input.random),
    customerId: null,
    totals,
    settlement: settleSale(totals.total_amount, body.payments),
  });
  const claim = { businessId, key: input.idempotencyKey, requestHash: hashRequest(body), saleId, at: now };
  const cashier = { id: actor.userId, firstName: actor.firstName, lastName: actor.lastName };
  return {
    batched: { rows, takes: taken.takes, claim },
    record: { ...rows, customer: null, cashier, loyalty: null, offline: null },
  };
}

/**
 * Whether a sale may be priced at hinted products: not one made offline (its products are locked, its prices
 * checked against the day it was made), nor one with an id of the client's (looked up before anything else),
 * nor one with a customer (whose row the write would lock before its key: a duplicate holding the key and
 * waiting for that row would deadlock with it; keys are claimed before any shared row is locked).
 */
function mayUseHints(sale: CreateSale): boolean {
  return !sale.offline && !sale.id && !sale.customer_id;
}

/**
 * Makes a sale for the route. One whose products this server holds as hints (mayUseHints) is priced at them and
 * written with the business's other checkouts of the moment (sale-batches.ts), nothing read first; otherwise
 * createSale runs in its own tenant transaction. A hinted sale that fails for any reason, its own or another's
 * in the same write, is made again the usual way (its products read with its claim): a product changed since
 * it was hinted, a key used before (which then answers the first sale), or a refusal, which the usual way
 * confirms — or answers the first sale, as a retried checkout must get even when it would be refused now. A sale whose
 * product changed between its read and its write is made again with the products locked first. A receipt number
 * that happens to repeat one of the business's (26+10 characters ^6 per millisecond) is drawn again; a
 * client-made id the business already used (by a sale committed meanwhile) is refused.
 */
export async function createSaleWithRetry(
  db: AppDb,
  request: UseCaseRequest<CreateSaleInput>,
): Promise<CreateSaleResult> {
  let lockProducts = false;
  let readProducts = false;
  const { hinted, sale } = request.input;
  const productIds = sale.items.map((item) => item.product_id);
  for (let attempt = 1; ; attempt++) {
    const products =
      hinted && !readProducts && !lockProducts && mayUseHints(sale)
        ? hinted.hints.get(request.businessId, productIds)
        : null;
    if (hinted && products) {
      readProducts = true;
      try {
        const planned = planHintedSale(request, products);
        if (planned) {
          planned.record.transaction.shiftId = (await hinted.batches.write(planned.batched)).shiftId;
          return { record: planned.record, isReplay: false };
        }
      } catch (error) {
        if (error instanceof StockChangedError) hinted.hints.forget(request.businessId, productIds);
      }
      continue;
    }
    try {
      const attemptRequest = {
        ...request,
        input: { ...request.input, lockProducts, isWholeTransaction: true },
      };
      return await withTenant(db, request.businessId, (tx) => createSale(attemptRequest, tx));
    } catch (error) {
      // A product's stock, price or state changed between the read and the write: again, locking first.
      if (error instanceof StockChangedError && !lockProducts) {
        lockProducts = true;
        continue;
      }
      const constraint = uniqueViolation(error);
      if (constraint === 'transactions_pkey') throw SALE_ERRORS.saleIdTaken();
      if (constraint === 'transactions_business_receipt_key' && request.input.sale.offline) {
        throw SALE_ERRORS.offlineReceiptTaken();
      }
      if (constraint === 'transactions_business_receipt_key' && attempt < 3) continue;
      throw error;
    }
  }
}
