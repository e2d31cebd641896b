import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type {
  HistorySale,
  TransactionFilters,
  TransactionListQuery,
  TransactionSummary,
} from '#domain/schemas/transactions.ts';
import { TRANSACTION_PAGE_SIZE } from '#domain/schemas/transactions.ts';
import type { Queryable } from '../../db/client.ts';
import { inTurn } from '../../db/in-turn.ts';
import { transactionItems, transactions, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/search.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import { completeRecords, findSale, type SaleRecord, selectSales, toSale } from './queries.ts';

// Transaction history (operations §2 Transactions, §7 "transactions … newest first"): filters, keyset pages,
// the cards, and what has been refunded of each sale. Every read is scoped by businessId.

/** Money a sale still counts for: completed sales, sales refunded (netted by their refunds) and refunds. */
export const COUNTS_AS_REVENUE = sql`(${transactions.transactionType} = 'refund'
  or (${transactions.transactionType} = 'sale' and ${transactions.paymentStatus} in ('completed', 'refunded')))`;

/** The start of a day (YYYY-MM-DD) in the business's timezone, as a timestamptz. */
export const dayStart = (day: string, timezone: string) =>
  sql`(${day}::date::timestamp at time zone ${timezone})`;

export function filterConditions(businessId: string, filters: TransactionFilters, timezone: string): SQL[] {
  const conditions: SQL[] = [eq(transactions.businessId, businessId)];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(transactions.receiptNumber, pattern), ilike(transactions.notes, pattern))!);
  }
  if (filters.payment_method) conditions.push(eq(transactions.paymentMethod, filters.payment_method));
  if (filters.payment_status) conditions.push(eq(transactions.paymentStatus, filters.payment_status));
  if (filters.cashier_id) conditions.push(eq(transactions.cashierId, filters.cashier_id));
  if (filters.customer_id) conditions.push(eq(transactions.customerId, filters.customer_id));
  if (filters.date_from)
    conditions.push(sql`${transactions.createdAt} >= ${dayStart(filters.date_from, timezone)}`);
  if (filters.date_to) {
    conditions.push(
      sql`${transactions.createdAt} < (${filters.date_to}::date + 1)::timestamp at time zone ${timezone}`,
    );
  }
  return conditions;
}

const cursorColumn = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id] = cursor.split('_') as [string, string];
  return { at, id };
}

/** A page of the history, newest first; `next_cursor` continues after its last row. */
export async function listTransactions(
  tx: Queryable,
  business: BusinessRow,
  query: TransactionListQuery,
  pageSize = TRANSACTION_PAGE_SIZE,
): Promise<{ transactions: HistorySale[]; next_cursor: string | null }> {
  const conditions = filterConditions(business.id, query, business.timezone);
  if (query.cursor) {
    const { at, id } = parseCursor(query.cursor);
    conditions.push(sql`(${transactions.createdAt}, ${transactions.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await selectSales(tx, business.id, { cursor: cursorColumn })
    .where(and(...conditions))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const records = await completeRecords(tx, business.id, page);
  const last = page.at(-1);
  return {
    transactions: await toHistorySales(tx, business, records),
    next_cursor: rows.length > pageSize && last ? `${last.cursor}_${last.transaction.id}` : null,
  };
}

/** operations §2 Transactions cards for the filtered list, in one aggregate. */
export async function summarizeTransactions(
  tx: Queryable,
  business: BusinessRow,
  filters: TransactionFilters,
  now: Date,
): Promise<TransactionSummary> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${business.timezone})::date`;
  const isToday = sql`(${transactions.createdAt} at time zone ${business.timezone})::date = ${today}`;
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      todaySales: sql<number>`coalesce(sum(${transactions.totalAmount}) filter (where ${COUNTS_AS_REVENUE} and ${isToday}), 0)::int`,
      todayCount: sql<number>`count(*) filter (where ${transactions.transactionType} = 'sale' and ${COUNTS_AS_REVENUE} and ${isToday})::int`,
      revenue: sql<number>`coalesce(sum(${transactions.totalAmount}) filter (where ${COUNTS_AS_REVENUE}), 0)::int`,
      refunds: sql<number>`count(*) filter (where ${transactions.transactionType} = 'refund')::int`,
    })
    .from(transactions)
    .where(and(...filterConditions(business.id, filters, business.timezone)));
  return {
    total_transactions: row?.total ?? 0,
    today_sales: row?.todaySales ?? 0,
    today_count: row?.todayCount ?? 0,
    total_revenue: row?.revenue ?? 0,
    refund_count: row?.refunds ?? 0,
  };
}

/** The sales with what has been refunded of them (per line and in money) and, for refunds, their original. */
export async function toHistorySales(
  tx: Queryable,
  business: BusinessRow,
  records: SaleRecord[],
): Promise<HistorySale[]> {
  if (records.length === 0) return [];
  const saleIds = records.map((record) => record.transaction.id);
  const itemIds = records.flatMap((record) => record.items.map((item) => item.id));
  const originalIds = records.flatMap((record) =>
    record.transaction.originalTransactionId ? [record.transaction.originalTransactionId] : [],
  );
  const [refundedMoney, refundedUnits, originals] = await inTurn(
    () =>
      tx
        .select({
          id: transactions.originalTransactionId,
          amount: sql<number>`coalesce(-sum(${transactions.totalAmount}), 0)::int`,
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.businessId, business.id),
            eq(transactions.transactionType, 'refund'),
            inArray(transactions.originalTransactionId, saleIds),
          ),
        )
        .groupBy(transactions.originalTransactionId),
    () =>
      itemIds.length === 0
        ? Promise.resolve([])
        : tx
            .select({
              id: transactionItems.originalItemId,
              units: sql<number>`coalesce(-sum(${transactionItems.quantity}), 0)::int`,
            })
            .from(transactionItems)
            .where(
              and(
                eq(transactionItems.businessId, business.id),
                inArray(transactionItems.originalItemId, itemIds),
              ),
            )
            .groupBy(transactionItems.originalItemId),
    () =>
      originalIds.length === 0
        ? Promise.resolve([])
        : tx
            .select({ id: transactions.id, receipt: transactions.receiptNumber })
            .from(transactions)
            .where(and(eq(transactions.businessId, business.id), inArray(transactions.id, originalIds))),
  );
  const money = new Map(refundedMoney.map((row) => [row.id, row.amount]));
  const units = new Map(refundedUnits.map((row) => [row.id, row.units]));
  const receipts = new Map(originals.map((row) => [row.id, row.receipt]));
  return records.map((record) => {
    const sale = toSale(record, business);
    const originalId = record.transaction.originalTransactionId;
    return {
      ...sale,
      original_transaction_id: originalId,
      original_receipt_number: originalId ? (receipts.get(originalId) ?? null) : null,
      refunded_amount: money.get(record.transaction.id) ?? 0,
      items: sale.items.map((item) => ({ ...item, refunded_quantity: units.get(item.id) ?? 0 })),
    };
  });
}

export async function findHistorySale(
  tx: Queryable,
  business: BusinessRow,
  saleId: string,
): Promise<HistorySale | null> {
  const record = await findSale(tx, business.id, saleId);
  if (!record) return null;
  const [sale] = await toHistorySales(tx, business, [record]);
  return sale ?? null;
}

/** The people who have rung up transactions in the business, for the history's cashier filter. */
export async function listTransactionCashiers(tx: Queryable, businessId: string) {
  const rows = await tx
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(transactions)
    .innerJoin(users, and(eq(users.id, transactions.cashierId), eq(users.businessId, businessId)))
    .where(eq(transactions.businessId, businessId));
  return rows
    .map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
