import { sql } from 'drizzle-orm';
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
 * rule); the shifts are given back in the sales' order, with the stock each product was left with. `endsTransaction`: nothing follows in the transaction,
 * whose COMMIT is sent with the write. `claims`: the sales' Idempotency-Keys are claimed by this statement,
 * first (the stock's lock waits for them: `lockAfter: keyTaken`), and a key used before fails it whole
 * (claimedOrFail).
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
  const column = <T>(rows: T[], pick: (row: T) => unknown) => sql.param(rows.map(pick));
  const times = <T>(rows: T[], pick: (row: T) => Date) =>
    sql.param(rows.map((row) => pick(row).toISOString()));
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
      from unnest(${column(sold, (t) => t.id)}::uuid[], ${column(sold, (t) => t.transactionType)}::text[],
        ${column(sold, (t) => t.receiptNumber)}::text[], ${column(sold, (t) => t.paymentMethod)}::text[],
        ${column(sold, (t) => t.paymentStatus)}::text[], ${column(sold, (t) => t.cashierId)}::uuid[],
        ${column(sold, (t) => t.customerId)}::uuid[], ${column(sold, (t) => t.subtotal)}::int[],
        ${column(sold, (t) => t.taxAmount)}::int[], ${column(sold, (t) => t.discountAmount)}::int[],
        ${column(sold, (t) => t.totalAmount)}::int[], ${column(sold, (t) => t.amountPaid)}::int[],
        ${column(sold, (t) => t.changeGiven)}::int[], ${column(sold, (t) => t.notes)}::text[],
        ${times(sold, (t) => t.createdAt)}::timestamptz[], ${times(sold, (t) => t.updatedAt)}::timestamptz[])
        as t(id, transaction_type, receipt_number, payment_method, payment_status, cashier_id, customer_id, subtotal,
          tax_amount, discount_amount, total_amount, amount_paid, change_given, notes, created_at, updated_at)
      returning id, shift_id
    ), items as (
      insert into transaction_items (id, business_id, transaction_id, product_id, product_name, quantity, unit_price,
        unit_cost, tax_rate, tax_amount, discount_amount, total_price, created_at)
      select i.id, ${businessId}, i.transaction_id, i.product_id, i.product_name, i.quantity, i.unit_price,
        i.unit_cost, i.tax_rate, i.tax_amount, i.discount_amount, i.total_price, i.created_at
      from unnest(${column(items, (i) => i.id)}::uuid[], ${column(items, (i) => i.transactionId)}::uuid[],
        ${column(items, (i) => i.productId)}::uuid[], ${column(items, (i) => i.productName)}::text[],
        ${column(items, (i) => i.quantity)}::int[], ${column(items, (i) => i.unitPrice)}::int[],
        ${column(items, (i) => i.unitCost)}::int[], ${column(items, (i) => i.taxRate)}::numeric[],
        ${column(items, (i) => i.taxAmount)}::int[], ${column(items, (i) => i.discountAmount)}::int[],
        ${column(items, (i) => i.totalPrice)}::int[], ${times(items, (i) => i.createdAt)}::timestamptz[])
        as i(id, transaction_id, product_id, product_name, quantity, unit_price, unit_cost, tax_rate, tax_amount,
          discount_amount, total_price, created_at)
    ), tenders as (
      insert into payments (id, business_id, transaction_id, method, amount, amount_tendered, status, reference,
        phone, provider, confirmed_by, completed_at, created_at, updated_at)
      select p.id, ${businessId}, p.transaction_id, p.method, p.amount, p.amount_tendered, p.status, p.reference,
        p.phone, p.provider, p.confirmed_by, p.completed_at, p.created_at, p.updated_at
      from unnest(${column(tenders, (p) => p.id)}::uuid[], ${column(tenders, (p) => p.transactionId)}::uuid[],
        ${column(tenders, (p) => p.method)}::text[], ${column(tenders, (p) => p.amount)}::int[],
        ${column(tenders, (p) => p.amountTendered)}::int[], ${column(tenders, (p) => p.status)}::text[],
        ${column(tenders, (p) => p.reference)}::text[], ${column(tenders, (p) => p.phone)}::text[],
        ${column(tenders, (p) => p.provider)}::text[], ${column(tenders, (p) => p.confirmedBy)}::uuid[],
        ${column(tenders, (p) => p.completedAt?.toISOString() ?? null)}::timestamptz[],
        ${times(tenders, (p) => p.createdAt)}::timestamptz[], ${times(tenders, (p) => p.updatedAt)}::timestamptz[])
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

/** writeSales for one sale. */
export async function writeSale(
  tx: Tx,
  sale: SaleRows,
  stock?: SaleStockWrite,
  { endsTransaction = false, claim }: { endsTransaction?: boolean; claim?: KeyClaim } = {},
): Promise<{ shiftId: string | null }> {
  const { shiftIds } = await writeSales(tx, [sale], stock, {
    endsTransaction,
    claims: claim ? [claim] : undefined,
  });
  return { shiftId: shiftIds[0] ?? null };
}
