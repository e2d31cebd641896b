import { and, desc, eq, sql } from 'drizzle-orm';
import type { DashboardResponse } from '#domain/schemas/transactions.ts';
import type { Tx } from '../../db/client.ts';
import { inTurn } from '../../db/in-turn.ts';
import { transactions } from '../../db/schema/index.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import { lowStockProducts, productSummary } from '../catalog/index.ts';
import { customerSummary } from '../customers/index.ts';
import { COUNTS_AS_REVENUE } from '../sales/index.ts';

/** operations §9: the dashboard lists 5 recent sales and 3 low-stock products. */
const RECENT_COUNT = 5;
const LOW_STOCK_SHOWN = 3;

/** One decimal; null when there is nothing to compare with. */
export function percentChange(today: number, yesterday: number): number | null {
  if (yesterday === 0) return null;
  return Math.round(((today - yesterday) * 1000) / Math.abs(yesterday)) / 10;
}

/**
 * operations §2 Dashboard, every figure an SQL aggregate over the business's rows, days and months in the
 * business's timezone: takings net of refunds (voided sales count for nothing), the product and customer cards
 * through their owning modules, the last 5 sales and the first low-stock products.
 */
export async function loadDashboard(tx: Tx, business: BusinessRow, now: Date): Promise<DashboardResponse> {
  const businessId = business.id;
  const zone = business.timezone;
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;
  const localDay = sql`(${transactions.createdAt} at time zone ${zone})::date`;
  const monthStart = sql`date_trunc('month', ${today})::date`;
  // From the earlier of yesterday and the first of the month, so the index on (business_id, created_at) serves.
  const since = sql`(least(${today} - 1, ${monthStart})::timestamp at time zone ${zone})`;

  const [[money], products, customers, recentRows, lowStock] = await inTurn(
    () =>
      tx
        .select({
          today: sql<number>`coalesce(sum(${transactions.totalAmount}) filter (where ${localDay} = ${today}), 0)::int`,
          yesterday: sql<number>`coalesce(sum(${transactions.totalAmount}) filter (where ${localDay} = ${today} - 1), 0)::int`,
          month: sql<number>`coalesce(sum(${transactions.totalAmount}) filter (where ${localDay} >= ${monthStart} and ${localDay} <= ${today}), 0)::int`,
          monthCount: sql<number>`(count(*) filter (where ${transactions.transactionType} = 'sale' and ${transactions.paymentStatus} = 'completed' and ${localDay} >= ${monthStart} and ${localDay} <= ${today}))::int`,
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.businessId, businessId),
            COUNTS_AS_REVENUE,
            sql`${transactions.createdAt} >= ${since}`,
          ),
        ),
    () => productSummary(tx, businessId, { low_stock: false }),
    () => customerSummary(tx, businessId, undefined),
    () =>
      tx
        .select({
          id: transactions.id,
          receipt_number: transactions.receiptNumber,
          payment_method: transactions.paymentMethod,
          transaction_type: transactions.transactionType,
          payment_status: transactions.paymentStatus,
          total_amount: transactions.totalAmount,
          created_at: transactions.createdAt,
          // Written out: inside a subquery drizzle would leave the outer column unqualified.
          item_count: sql<number>`(select coalesce(sum(abs(ti.quantity)), 0)::int from transaction_items ti
          where ti.business_id = ${businessId} and ti.transaction_id = transactions.id)`,
        })
        .from(transactions)
        .where(and(eq(transactions.businessId, businessId), eq(transactions.transactionType, 'sale')))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(RECENT_COUNT),
    () => lowStockProducts(tx, businessId, LOW_STOCK_SHOWN),
  );
  const todaySales = money?.today ?? 0;
  const yesterdaySales = money?.yesterday ?? 0;
  return {
    today_sales: todaySales,
    yesterday_sales: yesterdaySales,
    today_change_percent: percentChange(todaySales, yesterdaySales),
    total_products: products.total_products,
    low_stock_count: products.low_stock_count,
    active_customers: customers.active_customers,
    total_customers: customers.total_customers,
    month_revenue: money?.month ?? 0,
    month_count: money?.monthCount ?? 0,
    recent: recentRows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    low_stock: lowStock,
  };
}
