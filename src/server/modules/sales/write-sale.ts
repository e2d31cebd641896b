import { sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.ts';
import { type Tx, thenCommit } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { rows } from '../../db/rows.ts';
import type { payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { type SaleStockWrite, stockChangedOr } from '../catalog/index.ts';
import { recordVisitStatement } from '../customers/index.ts';
import { openShiftIdExpression } from '../shifts/index.ts';
import { claimedCte, claimedOrFail, type KeyClaim } from './idempotency.ts';

export type SaleRows = {
  /** The sale; its shift is the cashier's open one, found by the write (shiftId here is not read). */
  transaction: typeof transactions.$inferSelect;
  items: (typeof transactionItems.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
};

/**
 * Writes sales of one business, their items, their payments and their customers' visits (the customers module's
 * statement) in ONE statement (data-modifying CTEs): a checkout is the till's hottest path, and each round trip
 * counts. Several sales written together share the statement's start and its commit (sale-batches.ts).
 * `stock`: the catalog's stock and ledger write for the sales (saleStockStatement, reserveStockForSale), made
 * in the same statement; without it the stock was moved before; a product that changed since it was read fails
 * the statement (StockChangedError). Each sale records the shift its cashier has open (the shifts module's
 * rule); the shifts are given back in the sales' order, with the stock each product was left with.
 * `endsTransaction`: nothing follows in the transaction, whose COMMIT is sent with the write. `claims`: the
 * sales' Idempotency-Keys are claimed by this statement, first (the stock's lock waits for them: `lockAfter:
 * keyTaken`), and a key used before fails it whole (claimedOrFail).
 */
export async function writeSales(
  tx: Tx,
  sales: SaleRows[],
  stock?: SaleStockWrite,
  { endsTransaction = false, claims }: { endsTransaction?: boolean; claims?: KeyClaim[] } = {},
): Promise<{ shiftIds: (string | null)[]; stockLeft: Record<string, number> }> {
  const businessId = sales[0]?.transaction.businessId;
  if (!businessId || sales.some((sale) => sale.transaction.businessId !== businessId)) {
    throw new Error('Sales written together are of one business');
  }
  const sold = sales.map((sale) => sale.transaction);
  const items = sales.flatMap((sale) => sale.items);
  const tenders = sales.flatMap((sale) => sale.payments);
  const visits = sold
    .filter((t) => t.customerId)
    .map(
      (t, index) =>
        sql`, customer_visit_${sql.raw(String(index))} as (${recordVisitStatement({
          businessId,
          customerId: t.customerId!,
          amount: t.totalAmount,
          at: t.createdAt,
        })})`,
    );
  const moved = stock ? stock.allMoved : sql`0`;
  const statement = prepared(
    'sale_write',
    sql`
    with ${claims ? sql`${claimedCte(claims)},` : sql``} ${stock ? sql`${stock.ctes},` : sql``} sale as (
      insert into transactions (id, business_id, transaction_type, receipt_number, payment_method, payment_status,
        cashier_id, customer_id, subtotal, tax_amount, discount_amount, total_amount, amount_paid, change_given,
        notes, created_at, updated_at, shift_id)
      select t.id, ${businessId}, t.transaction_type, t.receipt_number, t.payment_method, t.payment_status,
        t.cashier_id, t.customer_id, t.subtotal, t.tax_amount, t.discount_amount, t.total_amount, t.amount_paid,
        t.change_given, t.notes, t.created_at, t.updated_at, ${openShiftIdExpression(businessId, sql`t.cashier_id`)}
      from unnest(${arrayParam(sold, (t) => t.id)}::uuid[], ${arrayParam(sold, (t) => t.transactionType)}::text[],
        ${arrayParam(sold, (t) => t.receiptNumber)}::text[], ${arrayParam(sold, (t) => t.paymentMethod)}::text[],
        ${arrayParam(sold, (t) => t.paymentStatus)}::text[], ${arrayParam(sold, (t) => t.cashierId)}::uuid[],
        ${arrayParam(sold, (t) => t.customerId)}::uuid[], ${arrayParam(sold, (t) => t.subtotal)}::int[],
        ${arrayParam(sold, (t) => t.taxAmount)}::int[], ${arrayParam(sold, (t) => t.discountAmount)}::int[],
        ${arrayParam(sold, (t) => t.totalAmount)}::int[], ${arrayParam(sold, (t) => t.amountPaid)}::int[],
        ${arrayParam(sold, (t) => t.changeGiven)}::int[], ${arrayParam(sold, (t) => t.notes)}::text[],
        ${arrayParam(sold, (t) => t.createdAt.toISOString())}::timestamptz[], ${arrayParam(sold, (t) => t.updatedAt.toISOString())}::timestamptz[])
        as t(id, transaction_type, receipt_number, payment_method, payment_status, cashier_id, customer_id, subtotal,
          tax_amount, discount_amount, total_amount, amount_paid, change_given, notes, created_at, updated_at)
      returning id, shift_id
    ), items as (
      insert into transaction_items (id, business_id, transaction_id, product_id, product_name, quantity, unit_price,
        unit_cost, tax_rate, tax_amount, discount_amount, total_price, created_at)
      select i.id, ${businessId}, i.transaction_id, i.product_id, i.product_name, i.quantity, i.unit_price,
        i.unit_cost, i.tax_rate, i.tax_amount, i.discount_amount, i.total_price, i.created_at
      from unnest(${arrayParam(items, (i) => i.id)}::uuid[], ${arrayParam(items, (i) => i.transactionId)}::uuid[],
        ${arrayParam(items, (i) => i.productId)}::uuid[], ${arrayParam(items, (i) => i.productName)}::text[],
        ${arrayParam(items, (i) => i.quantity)}::int[], ${arrayParam(items, (i) => i.unitPrice)}::int[],
        ${arrayParam(items, (i) => i.unitCost)}::int[], ${arrayParam(items, (i) => i.taxRate)}::numeric[],
        ${arrayParam(items, (i) => i.taxAmount)}::int[], ${arrayParam(items, (i) => i.discountAmount)}::int[],
        ${arrayParam(items, (i) => i.totalPrice)}::int[], ${arrayParam(items, (i) => i.createdAt.toISOString())}::timestamptz[])
        as i(id, transaction_id, product_id, product_name, quantity, unit_price, unit_cost, tax_rate, tax_amount,
          discount_amount, total_price, created_at)
    ), tenders as (
      insert into payments (id, business_id, transaction_id, method, amount, amount_tendered, status, reference,
        phone, provider, confirmed_by, completed_at, created_at, updated_at)
      select p.id, ${businessId}, p.transaction_id, p.method, p.amount, p.amount_tendered, p.status, p.reference,
        p.phone, p.provider, p.confirmed_by, p.completed_at, p.created_at, p.updated_at
      from unnest(${arrayParam(tenders, (p) => p.id)}::uuid[], ${arrayParam(tenders, (p) => p.transactionId)}::uuid[],
        ${arrayParam(tenders, (p) => p.method)}::text[], ${arrayParam(tenders, (p) => p.amount)}::int[],
        ${arrayParam(tenders, (p) => p.amountTendered)}::int[], ${arrayParam(tenders, (p) => p.status)}::text[],
        ${arrayParam(tenders, (p) => p.reference)}::text[], ${arrayParam(tenders, (p) => p.phone)}::text[],
        ${arrayParam(tenders, (p) => p.provider)}::text[], ${arrayParam(tenders, (p) => p.confirmedBy)}::uuid[],
        ${arrayParam(tenders, (p) => p.completedAt?.toISOString() ?? null)}::timestamptz[],
        ${arrayParam(tenders, (p) => p.createdAt.toISOString())}::timestamptz[], ${arrayParam(tenders, (p) => p.updatedAt.toISOString())}::timestamptz[])
        as p(id, transaction_id, method, amount, amount_tendered, status, reference, phone, provider, confirmed_by,
          completed_at, created_at, updated_at)
    )${sql.join(visits)}
    select ${claims ? sql`case when ${claimedOrFail(claims.length)} = 1 then ${moved} end` : moved} as moved,
      (select json_object_agg(id, shift_id) from sale) as shifts, ${stock?.left ?? sql`null`} as stock_left`,
  );
  type Row = {
    shifts: Record<string, string | null> | string | null;
    stock_left: Record<string, number> | null;
  };
  const [row] = await rows<Row>(tx, endsTransaction ? thenCommit(statement) : statement).catch(
    (error: unknown) => {
      throw stockChangedOr(error);
    },
  );
  const shifts = (typeof row?.shifts === 'string' ? JSON.parse(row.shifts) : row?.shifts) ?? {};
  const stockLeft =
    (typeof row?.stock_left === 'string' ? JSON.parse(row.stock_left) : row?.stock_left) ?? {};
  return { shiftIds: sold.map((t) => shifts[t.id] ?? null), stockLeft };
}
