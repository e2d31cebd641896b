import { type SQL, sql } from 'drizzle-orm';
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

const isoTimes = (dates: Date[]) => sql.param(dates.map((date) => date.toISOString()));

/**
 * Writes the sale, its items, its payments and the customer's visit (the customers module's statement) in ONE
 * statement (data-modifying CTEs): a checkout is the till's hottest path, and each round trip counts. `stock`:
 * the catalog's stock and ledger write for the sale (reserveStockForSale), made in the same statement;
 * without it the stock was moved before; a product that changed since it was read fails the statement
 * (StockChangedError). The sale records the shift its cashier has open (the shifts module's rule), which is
 * given back. `endsTransaction`: nothing follows in the transaction, whose COMMIT is sent with the write.
 * `claim`: the checkout's Idempotency-Key is claimed by this statement, first (the stock's lock waits for it:
 * `lockAfter: keyTaken`), and a key used before fails it whole (claimedOrFail).
 */
export async function writeSale(
  tx: Tx,
  sale: SaleRows,
  stock?: SaleStockWrite,
  { endsTransaction = false, claim }: { endsTransaction?: boolean; claim?: KeyClaim } = {},
): Promise<{ shiftId: string | null }> {
  const t = sale.transaction;
  const column = <T>(rows: T[], pick: (row: T) => unknown) => sql.param(rows.map(pick));
  const visit: SQL = t.customerId
    ? sql`, customer_visit as (${recordVisitStatement({
        businessId: t.businessId,
        customerId: t.customerId,
        amount: t.totalAmount,
        at: t.createdAt,
      })})`
    : sql``;
  const moved = stock ? stock.allMoved : sql`0`;
  const statement = prepared(
    'sale_write',
    sql`
    with ${claim ? sql`${claimedCte(claim)},` : sql``} ${stock ? sql`${stock.ctes},` : sql``} sale as (
      insert into transactions (id, business_id, transaction_type, receipt_number, payment_method, payment_status,
        cashier_id, customer_id, subtotal, tax_amount, discount_amount, total_amount, amount_paid, change_given,
        notes, created_at, updated_at, shift_id)
      values (${t.id}, ${t.businessId}, ${t.transactionType}, ${t.receiptNumber}, ${t.paymentMethod},
        ${t.paymentStatus}, ${t.cashierId}, ${t.customerId}, ${t.subtotal}, ${t.taxAmount}, ${t.discountAmount},
        ${t.totalAmount}, ${t.amountPaid}, ${t.changeGiven}, ${t.notes}, ${t.createdAt.toISOString()}::timestamptz,
        ${t.updatedAt.toISOString()}::timestamptz, ${openShiftIdExpression(t.businessId, t.cashierId)})
      returning shift_id
    ), items as (
      insert into transaction_items (id, business_id, transaction_id, product_id, product_name, quantity, unit_price,
        unit_cost, tax_rate, tax_amount, discount_amount, total_price, created_at)
      select i.id, ${t.businessId}, ${t.id}, i.product_id, i.product_name, i.quantity, i.unit_price, i.unit_cost, i.tax_rate,
        i.tax_amount, i.discount_amount, i.total_price, i.created_at
      from unnest(${column(sale.items, (i) => i.id)}::uuid[], ${column(sale.items, (i) => i.productId)}::uuid[],
        ${column(sale.items, (i) => i.productName)}::text[], ${column(sale.items, (i) => i.quantity)}::int[],
        ${column(sale.items, (i) => i.unitPrice)}::int[], ${column(sale.items, (i) => i.unitCost)}::int[],
        ${column(sale.items, (i) => i.taxRate)}::numeric[],
        ${column(sale.items, (i) => i.taxAmount)}::int[], ${column(sale.items, (i) => i.discountAmount)}::int[],
        ${column(sale.items, (i) => i.totalPrice)}::int[], ${isoTimes(sale.items.map((i) => i.createdAt))}::timestamptz[])
        as i(id, product_id, product_name, quantity, unit_price, unit_cost, tax_rate, tax_amount, discount_amount, total_price,
          created_at)
    ), tenders as (
      insert into payments (id, business_id, transaction_id, method, amount, amount_tendered, status, reference,
        phone, provider, confirmed_by, completed_at, created_at, updated_at)
      select p.id, ${t.businessId}, ${t.id}, p.method, p.amount, p.amount_tendered, p.status, p.reference, p.phone,
        p.provider, p.confirmed_by,
        case when p.status = 'completed' then ${t.createdAt.toISOString()}::timestamptz end, p.created_at,
        ${t.updatedAt.toISOString()}::timestamptz
      from unnest(${column(sale.payments, (p) => p.id)}::uuid[], ${column(sale.payments, (p) => p.method)}::text[],
        ${column(sale.payments, (p) => p.amount)}::int[], ${column(sale.payments, (p) => p.amountTendered)}::int[],
        ${column(sale.payments, (p) => p.status)}::text[], ${column(sale.payments, (p) => p.reference)}::text[],
        ${column(sale.payments, (p) => p.phone)}::text[], ${column(sale.payments, (p) => p.provider)}::text[],
        ${column(sale.payments, (p) => p.confirmedBy)}::uuid[],
        ${isoTimes(sale.payments.map((p) => p.createdAt))}::timestamptz[])
        as p(id, method, amount, amount_tendered, status, reference, phone, provider, confirmed_by, created_at)
    )${visit}
    select ${claim ? sql`case when ${claimedOrFail} = 1 then ${moved} end` : moved} as moved,
      (select shift_id from sale) as shift_id`,
  );
  const [row] = await rows<{ shift_id: string | null }>(
    tx,
    endsTransaction ? thenCommit(statement) : statement,
  ).catch((error: unknown) => {
    throw stockChangedOr(error);
  });
  return { shiftId: row?.shift_id ?? null };
}
