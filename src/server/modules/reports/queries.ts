import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '#domain/dates.ts';
import { type DayRange, dayCount } from '#domain/report-range.ts';
import type {
  PaymentChannel,
  ReportFigures,
  ReportSummary,
  SlowMovers,
  StockValuation,
} from '#domain/schemas/reports.ts';
import { TOP_PRODUCTS } from '#domain/schemas/reports.ts';
import type { Tx } from '../../db/client.ts';

// Every report figure is one SQL aggregate over the business's rows, scoped by business_id (and row-level
// security under it), the period's whole days read in the business's timezone. What each figure means is
// written in docs/decisions.md ("Reports: what each figure means"); the same words are on the schema.

export type Period = { businessId: string; range: DayRange; timezone: string };

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The period's transactions, by the index on (business_id, created_at). */
function inPeriod({ businessId, range, timezone }: Period): SQL {
  return sql`t.business_id = ${businessId}
    and t.created_at >= (${range.from}::date::timestamp at time zone ${timezone})
    and t.created_at < ((${range.to}::date + 1)::timestamp at time zone ${timezone})`;
}

/**
 * The period's sale lines (alias `ti`) or tenders (alias `p`) by their own time index, to join to the period's
 * transactions. A line is written in its sale's statement with the sale's time plus a millisecond per line;
 * a tender may come later than its sale (another method tried after a failed one), so tenders are looked for up
 * to a day after the period. The join to `t` (inPeriod) decides what belongs.
 */
function rowsNear(alias: 'ti' | 'p', { businessId, range, timezone }: Period): SQL {
  const table = sql.raw(alias);
  const slack = alias === 'ti' ? sql`interval '1 minute'` : sql`interval '1 day'`;
  return sql`${table}.business_id = ${businessId}
    and ${table}.created_at >= (${range.from}::date::timestamp at time zone ${timezone})
    and ${table}.created_at < ((${range.to}::date + 1)::timestamp at time zone ${timezone}) + ${slack}`;
}

// A sale that took money (completed, or later refunded: the refund is counted on its own day), and refunds.
// The same rule as the dashboard and the history (sales' COUNTS_AS_REVENUE), on the alias `t`.
const SALE_COUNTED = sql`(t.transaction_type = 'sale' and t.payment_status in ('completed', 'refunded'))`;
const IS_REFUND = sql`(t.transaction_type = 'refund')`;
const COUNTED = sql`(${SALE_COUNTED} or ${IS_REFUND})`;
// What a transaction adds to net sales: a sale's lines less its discounts; a refund's (negative) lines less the
// discount those lines had (stored positive on the refund).
const NET = sql`(case when t.transaction_type = 'sale' then t.subtotal - t.discount_amount
  else t.subtotal + t.discount_amount end)`;

type FigureRow = {
  transaction_count: number;
  gross_sales: number;
  discounts: number;
  points_redeemed: number;
  sales_total: number;
  refunds: number;
  refund_count: number;
  tax: number;
  void_count: number;
  voids: number;
};

/** Sales, discounts, refunds, voids and tax of the period (one pass over its transactions). */
export async function periodMoney(tx: Tx, period: Period): Promise<FigureRow> {
  const [row] = await rows<FigureRow>(
    tx,
    sql`select
      (count(*) filter (where ${SALE_COUNTED}))::int as transaction_count,
      coalesce(sum(t.subtotal) filter (where ${SALE_COUNTED}), 0)::float8 as gross_sales,
      coalesce(sum(t.discount_amount) filter (where ${SALE_COUNTED}), 0)::float8 as discounts,
      coalesce(sum(t.points_value) filter (where ${SALE_COUNTED}), 0)::float8 as points_redeemed,
      coalesce(sum(t.total_amount) filter (where ${SALE_COUNTED}), 0)::float8 as sales_total,
      coalesce(-sum(t.subtotal + t.discount_amount) filter (where ${IS_REFUND}), 0)::float8 as refunds,
      (count(*) filter (where ${IS_REFUND}))::int as refund_count,
      coalesce(sum(t.tax_amount) filter (where ${COUNTED}), 0)::float8 as tax,
      (count(*) filter (where t.is_voided))::int as void_count,
      coalesce(sum(t.total_amount) filter (where t.is_voided), 0)::float8 as voids
    from (
      select t.transaction_type, t.payment_status, t.subtotal, t.discount_amount, t.tax_amount, t.total_amount,
        -- A cancelled sale is a void only when someone voided it; a payment that failed or was abandoned also
        -- ends cancelled, and took no money.
        (t.payment_status = 'cancelled' and exists (select 1 from audit_log a where a.business_id = t.business_id
          and a.subject_type = 'sale' and a.subject_id = t.id and a.action = 'sale_voided')) as is_voided,
        -- What the points redeemed on a sale paid for: part of its discount (the ledger's sale index). Only
        -- sales with a customer can have any.
        (case when t.transaction_type = 'sale' and t.customer_id is not null
          then (select coalesce(sum(l.value), 0) from loyalty_ledger l
            where l.business_id = t.business_id and l.sale_id = t.id and l.reason = 'redeemed')
          else 0 end) as points_value
      from transactions t
      where ${inPeriod(period)} and t.transaction_type in ('sale', 'refund')
    ) t`,
  );
  return row!;
}

/** Cost at the time of sale of the units sold, less that of the units refunded. */
export async function costOfGoods(tx: Tx, period: Period): Promise<number> {
  const [row] = await rows<{ cost: number }>(
    tx,
    sql`select coalesce(sum(ti.unit_cost::bigint * ti.quantity), 0)::float8 as cost
      from transactions t
      join transaction_items ti on ti.business_id = t.business_id and ti.transaction_id = t.id
      where ${inPeriod(period)} and ${rowsNear('ti', period)} and ${COUNTED}`,
  );
  return Number(row?.cost ?? 0);
}

export function toFigures(money: FigureRow, cost: number): ReportFigures {
  const netSales = money.gross_sales - money.discounts - money.refunds;
  const margin = netSales - cost;
  return {
    gross_sales: money.gross_sales,
    discounts: money.discounts,
    points_redeemed: money.points_redeemed,
    refunds: money.refunds,
    refund_count: money.refund_count,
    voids: money.voids,
    void_count: money.void_count,
    net_sales: netSales,
    tax: money.tax,
    takings: netSales + money.tax,
    cost_of_goods: cost,
    gross_margin: margin,
    margin_percent: netSales === 0 ? null : Math.round((margin * 1000) / netSales) / 10,
    transaction_count: money.transaction_count,
    average_basket:
      money.transaction_count === 0 ? 0 : Math.round(money.sales_total / money.transaction_count),
  };
}

/** Net sales by hour (a one-day period) or by day, every hour or day present, empty ones at 0. */
export async function netSalesSeries(
  tx: Tx,
  period: Period,
  grain: 'hour' | 'day',
): Promise<ReportSummary['series']> {
  const format = grain === 'hour' ? 'HH24' : 'YYYY-MM-DD';
  const found = await rows<{ key: string; net_sales: number; count: number }>(
    tx,
    sql`select to_char(t.created_at at time zone ${period.timezone}, ${format}) as key,
        sum(${NET})::float8 as net_sales,
        (count(*) filter (where t.transaction_type = 'sale'))::int as count
      from transactions t
      where ${inPeriod(period)} and ${COUNTED}
      group by 1`,
  );
  const byKey = new Map(found.map((row) => [row.key, row]));
  const keys =
    grain === 'hour'
      ? Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'))
      : Array.from({ length: dayCount(period.range) }, (_, index) => addDays(period.range.from, index));
  return keys.map((key) => ({
    key,
    net_sales: Number(byKey.get(key)?.net_sales ?? 0),
    count: byKey.get(key)?.count ?? 0,
  }));
}

/** Money by how it was paid: each method, manual mobile money apart; refunds' money back comes off. */
export async function paymentChannels(tx: Tx, period: Period): Promise<ReportSummary['payment_methods']> {
  const found = await rows<{ channel: PaymentChannel; count: number; amount: number }>(
    tx,
    sql`select case when p.provider = 'manual' then 'manual_momo' else p.method end as channel,
        count(distinct p.transaction_id)::int as count,
        sum(p.amount)::float8 as amount
      from transactions t
      join payments p on p.business_id = t.business_id and p.transaction_id = t.id
      where ${inPeriod(period)} and ${rowsNear('p', period)} and ${COUNTED} and p.status = 'completed'
      group by 1
      order by 3 desc, 1`,
  );
  return found.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/**
 * The period's counted lines summed per product, from the covering indexes alone (no line or product row read);
 * the few hundred products found are then named and placed in their category.
 */
function soldByProduct(period: Period): SQL {
  return sql`select ti.product_id, sum(ti.quantity)::int as quantity, sum(ti.total_price)::float8 as sales
    from transactions t
    join transaction_items ti on ti.business_id = t.business_id and ti.transaction_id = t.id
    where ${inPeriod(period)} and ${rowsNear('ti', period)} and ${COUNTED}
    group by ti.product_id`;
}

/** What each category sold (quantity × price, less what came back), by the product's category today. */
export async function categorySales(tx: Tx, period: Period): Promise<ReportSummary['categories']> {
  const found = await rows<{ category_id: string | null; name: string; quantity: number; sales: number }>(
    tx,
    sql`with sold as (${soldByProduct(period)})
      select c.id as category_id, coalesce(c.name, 'Uncategorised') as name,
        sum(s.quantity)::int as quantity, sum(s.sales)::float8 as sales
      from sold s
      left join products p on p.business_id = ${period.businessId} and p.id = s.product_id
      left join categories c on c.business_id = p.business_id and c.id = p.category_id
      group by c.id, c.name
      order by 4 desc, 2`,
  );
  return found.map((row) => ({ ...row, sales: Number(row.sales) }));
}

/** The best sellers, by money or by units (refunded units and money taken off). */
export async function topProducts(
  tx: Tx,
  period: Period,
  by: 'sales' | 'quantity',
): Promise<ReportSummary['top_by_revenue']> {
  const order = by === 'sales' ? sql`s.sales desc, s.quantity desc` : sql`s.quantity desc, s.sales desc`;
  const found = await rows<{ product_id: string | null; name: string; quantity: number; sales: number }>(
    tx,
    sql`with sold as (${soldByProduct(period)})
      select s.product_id, coalesce(p.name, 'Deleted products') as name, s.quantity, s.sales
      from sold s
      left join products p on p.business_id = ${period.businessId} and p.id = s.product_id
      order by ${order}, name
      limit ${TOP_PRODUCTS}`,
  );
  return found.map((row) => ({ ...row, sales: Number(row.sales) }));
}

/** Each cashier's sales; a refund counts against the person who gave it. */
export async function cashierSales(tx: Tx, period: Period): Promise<ReportSummary['cashiers']> {
  const found = await rows<{
    cashier_id: string;
    name: string | null;
    sale_count: number;
    gross_sales: number;
    discounts: number;
    refunds: number;
    sales_total: number;
  }>(
    tx,
    sql`with cashiers as (
        select t.cashier_id,
          (count(*) filter (where ${SALE_COUNTED}))::int as sale_count,
          coalesce(sum(t.subtotal) filter (where ${SALE_COUNTED}), 0)::float8 as gross_sales,
          coalesce(sum(t.discount_amount) filter (where ${SALE_COUNTED}), 0)::float8 as discounts,
          coalesce(-sum(t.subtotal + t.discount_amount) filter (where ${IS_REFUND}), 0)::float8 as refunds,
          coalesce(sum(t.total_amount) filter (where ${SALE_COUNTED}), 0)::float8 as sales_total
        from transactions t
        where ${inPeriod(period)} and ${COUNTED}
        group by t.cashier_id
      )
      select c.*, u.full_name as name
      from cashiers c
      left join users u on u.business_id = ${period.businessId} and u.id = c.cashier_id`,
  );
  return found
    .map((row) => {
      const netSales = row.gross_sales - row.discounts - row.refunds;
      return {
        cashier_id: row.cashier_id,
        name: row.name || 'Former staff member',
        sale_count: row.sale_count,
        gross_sales: row.gross_sales,
        discounts: row.discounts,
        refunds: row.refunds,
        net_sales: netSales,
        average_basket: row.sale_count === 0 ? 0 : Math.round(row.sales_total / row.sale_count),
      };
    })
    .sort((a, b) => b.net_sales - a.net_sales || a.name.localeCompare(b.name));
}

/**
 * Discounts and overrides by person: the discounts on their sales (sales table), and from the audit log the
 * discounts above the limit, everything a manager or owner approved for them with a PIN, their refunds and voids.
 */
export async function discountsByCashier(
  tx: Tx,
  period: Period,
): Promise<ReportSummary['discounts_by_cashier']> {
  const { businessId, range, timezone } = period;
  const found = await rows<{
    cashier_id: string | null;
    name: string | null;
    discounted_sales: number | null;
    discount_amount: number | null;
    above_limit: number | null;
    approvals: number | null;
    refunds: number | null;
    voids: number | null;
  }>(
    tx,
    sql`with given as (
        select t.cashier_id,
          (count(*) filter (where t.discount_amount > 0))::int as discounted_sales,
          sum(t.discount_amount)::float8 as discount_amount
        from transactions t
        where ${inPeriod(period)} and ${SALE_COUNTED}
        group by t.cashier_id
        having sum(t.discount_amount) > 0
      ), logged as (
        select a.actor_id, max(a.actor_name) as actor_name,
          (count(*) filter (where a.action = 'discount_above_limit'))::int as above_limit,
          (count(*) filter (where a.approver_id is not null))::int as approvals,
          (count(*) filter (where a.action = 'sale_refunded'))::int as refunds,
          (count(*) filter (where a.action = 'sale_voided'))::int as voids
        from audit_log a
        where a.business_id = ${businessId}
          and a.created_at >= (${range.from}::date::timestamp at time zone ${timezone})
          and a.created_at < ((${range.to}::date + 1)::timestamp at time zone ${timezone})
          and (a.action in ('discount_above_limit', 'sale_refunded', 'sale_voided') or a.approver_id is not null)
        group by a.actor_id
      )
      select coalesce(g.cashier_id, l.actor_id) as cashier_id, coalesce(u.full_name, l.actor_name) as name,
        g.discounted_sales, g.discount_amount, l.above_limit, l.approvals, l.refunds, l.voids
      from given g
      full join logged l on l.actor_id = g.cashier_id
      left join users u on u.business_id = ${businessId} and u.id = coalesce(g.cashier_id, l.actor_id)`,
  );
  return found
    .map((row) => ({
      cashier_id: row.cashier_id,
      name: row.name || 'Former staff member',
      discounted_sales: row.discounted_sales ?? 0,
      discount_amount: Number(row.discount_amount ?? 0),
      above_limit: row.above_limit ?? 0,
      approvals: row.approvals ?? 0,
      refunds: row.refunds ?? 0,
      voids: row.voids ?? 0,
    }))
    .sort((a, b) => b.discount_amount - a.discount_amount || a.name.localeCompare(b.name));
}

/** How far back "slow" looks: active products with no sale in this many days. */
export const SLOW_MOVER_DAYS = 30;

export type Page = { limit: number; offset: number } | null;

/** Active products not sold in the last 30 days (never-sold first, then the longest unsold), with their stock. */
export async function slowMovers(
  tx: Tx,
  businessId: string,
  now: Date,
  page: Page,
): Promise<Omit<SlowMovers, 'page' | 'page_size' | 'days'>> {
  const found = await rows<{
    id: string;
    name: string;
    sku: string | null;
    category: string | null;
    stock: number;
    last_sold_at: string | Date | null;
    cost_value: number;
    total: number;
  }>(
    tx,
    sql`select p.id, p.name, p.sku, c.name as category, p.stock_quantity as stock, last.at as last_sold_at,
        (p.stock_quantity::bigint * p.cost_price)::float8 as cost_value, (count(*) over ())::int as total
      from products p
      left join categories c on c.business_id = p.business_id and c.id = p.category_id
      left join lateral (
        -- The newest sale line of the product that counts as a sale (index on business, product, time).
        select ti.created_at as at
        from transaction_items ti
        join transactions t on t.business_id = ti.business_id and t.id = ti.transaction_id
        where ti.business_id = p.business_id and ti.product_id = p.id and ti.quantity > 0 and ${SALE_COUNTED}
        order by ti.created_at desc
        limit 1
      ) last on true
      where p.business_id = ${businessId} and p.is_active
        and (last.at is null or last.at < ${now.toISOString()}::timestamptz - make_interval(days => ${SLOW_MOVER_DAYS}))
      order by last.at asc nulls first, p.name, p.id
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return {
    total: found[0]?.total ?? (page && page.offset > 0 ? await countSlowMovers(tx, businessId, now) : 0),
    products: found.map(({ total: _total, ...row }) => ({
      ...row,
      cost_value: Number(row.cost_value),
      last_sold_at: row.last_sold_at === null ? null : new Date(row.last_sold_at).toISOString(),
    })),
  };
}

async function countSlowMovers(tx: Tx, businessId: string, now: Date): Promise<number> {
  return (await slowMovers(tx, businessId, now, { limit: 1, offset: 0 })).total;
}

/** Active products' stock at cost and at the selling price, the largest value at cost first; totals of all. */
export async function stockValuation(
  tx: Tx,
  businessId: string,
  page: Page,
): Promise<Omit<StockValuation, 'page' | 'page_size'>> {
  const [found, [totals]] = [
    await rows<{
      id: string;
      name: string;
      sku: string | null;
      category: string | null;
      stock: number;
      cost_price: number;
      price: number;
      cost_value: number;
      retail_value: number;
    }>(
      tx,
      sql`select p.id, p.name, p.sku, c.name as category, p.stock_quantity as stock, p.cost_price, p.price,
          (p.stock_quantity::bigint * p.cost_price)::float8 as cost_value,
          (p.stock_quantity::bigint * p.price)::float8 as retail_value
        from products p
        left join categories c on c.business_id = p.business_id and c.id = p.category_id
        where p.business_id = ${businessId} and p.is_active
        order by cost_value desc, p.name, p.id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
    ),
    await rows<{ total: number; units: number; cost_value: number; retail_value: number }>(
      tx,
      sql`select count(*)::int as total, coalesce(sum(p.stock_quantity), 0)::float8 as units,
          coalesce(sum(p.stock_quantity::bigint * p.cost_price), 0)::float8 as cost_value,
          coalesce(sum(p.stock_quantity::bigint * p.price), 0)::float8 as retail_value
        from products p
        where p.business_id = ${businessId} and p.is_active`,
    ),
  ];
  return {
    products: found.map((row) => ({
      ...row,
      cost_value: Number(row.cost_value),
      retail_value: Number(row.retail_value),
    })),
    totals: {
      units: Number(totals?.units ?? 0),
      cost_value: Number(totals?.cost_value ?? 0),
      retail_value: Number(totals?.retail_value ?? 0),
    },
    total: totals?.total ?? 0,
  };
}
