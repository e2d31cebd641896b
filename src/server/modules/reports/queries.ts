import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '#domain/dates.ts';
import { dayCount } from '#domain/report-range.ts';
import type {
  PaymentChannel,
  ReportFigures,
  ReportSummary,
  SlowMovers,
  StockValuation,
} from '#domain/schemas/reports.ts';
import { TOP_PRODUCTS } from '#domain/schemas/reports.ts';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import {
  COUNTED,
  cashiersByDay,
  dayInRuns,
  moneyByDay,
  paymentsByDay,
  productsByDay,
  SALE_COUNTED,
} from './day-figures.ts';
import type { CoveredPeriod } from './rollups.ts';

// Every figure of a period is the sum of its business-local days (day-figures.ts), each day read from its roll-up
// when it has a valid one and from the raw rows otherwise (rollups.ts), scoped by business_id (and row-level
// security under it). What each figure means is written in docs/decisions.md ("Reports: what each figure means");
// the same words are on the schema.

export type { Period } from './day-figures.ts';
export { type CoveredPeriod, coverPeriod } from './rollups.ts';

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

/** The period's days' money (roll-ups, then the raw rows of the other days), one row a day, as `days`. */
function moneyDays(period: CoveredPeriod): SQL {
  const { businessId, coverage } = period;
  return sql`with days as (
      select day, sale_count, gross_sales, discounts, points_redeemed, sales_total, refunds, refund_count, tax,
        void_count, voids
      from report_days r
      where r.business_id = ${businessId} and ${dayInRuns(sql`r.day`, coverage.rolled)}
      union all
      select * from (${moneyByDay(period, coverage.raw)}) r
    )`;
}

/** Sales, discounts, refunds, voids and tax of the period. */
export async function periodMoney(tx: Tx, period: CoveredPeriod): Promise<FigureRow> {
  const [row] = await rows<FigureRow>(
    tx,
    sql`${moneyDays(period)}
      select coalesce(sum(sale_count), 0)::int as transaction_count,
        coalesce(sum(gross_sales), 0)::float8 as gross_sales,
        coalesce(sum(discounts), 0)::float8 as discounts,
        coalesce(sum(points_redeemed), 0)::float8 as points_redeemed,
        coalesce(sum(sales_total), 0)::float8 as sales_total,
        coalesce(sum(refunds), 0)::float8 as refunds,
        coalesce(sum(refund_count), 0)::int as refund_count,
        coalesce(sum(tax), 0)::float8 as tax,
        coalesce(sum(void_count), 0)::int as void_count,
        coalesce(sum(voids), 0)::float8 as voids
      from days`,
  );
  return row!;
}

/** Cost at the time of sale of the units sold, less that of the units refunded. */
export async function costOfGoods(tx: Tx, period: CoveredPeriod): Promise<number> {
  const [row] = await rows<{ cost: number }>(
    tx,
    sql`with costs as (
        select cost_of_goods as cost from report_days r
        where r.business_id = ${period.businessId} and ${dayInRuns(sql`r.day`, period.coverage.rolled)}
        union all
        select r.cost from (${productsByDay(period, period.coverage.raw)}) r
      )
      select coalesce(sum(cost), 0)::float8 as cost from costs`,
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
  period: CoveredPeriod,
  grain: 'hour' | 'day',
): Promise<ReportSummary['series']> {
  // A day's net sales: its sales' lines less their discounts, and its refunds' (negative) lines less the
  // discount those lines had (stored positive on the refund) = gross − discounts − refunds.
  const found = await rows<{ key: string; net_sales: number; count: number }>(
    tx,
    grain === 'day'
      ? sql`${moneyDays(period)}
        select to_char(day, 'YYYY-MM-DD') as key, (gross_sales - discounts - refunds)::float8 as net_sales,
          sale_count::int as count
        from days`
      : // One day by hour: its own rows (a day is quick to read; roll-ups are by day).
        sql`select to_char(t.created_at at time zone ${period.timezone}, 'HH24') as key,
          sum(case when t.transaction_type = 'sale' then t.subtotal - t.discount_amount
            else t.subtotal + t.discount_amount end)::float8 as net_sales,
          (count(*) filter (where t.transaction_type = 'sale'))::int as count
        from transactions t
        where t.business_id = ${period.businessId}
          and t.created_at >= (${period.range.from}::date::timestamp at time zone ${period.timezone})
          and t.created_at < ((${period.range.from}::date + 1)::timestamp at time zone ${period.timezone})
          and ${COUNTED}
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
export async function paymentChannels(
  tx: Tx,
  period: CoveredPeriod,
): Promise<ReportSummary['payment_methods']> {
  const found = await rows<{ channel: PaymentChannel; count: number; amount: number }>(
    tx,
    sql`with channels as (
        select channel, count, amount from report_day_payments r
        where r.business_id = ${period.businessId} and ${dayInRuns(sql`r.day`, period.coverage.rolled)}
        union all
        select channel, count, amount from (${paymentsByDay(period, period.coverage.raw)}) r
      )
      select channel, sum(count)::int as count, sum(amount)::float8 as amount
      from channels
      group by 1
      order by 3 desc, 1`,
  );
  return found.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/**
 * The period's counted lines summed per product (product_id, quantity, sales): whole months from their month
 * roll-up, other rolled-up days from theirs, the rest from the raw rows.
 */
function soldByProduct(period: CoveredPeriod): SQL {
  const { businessId, coverage } = period;
  return sql`select product_id, sum(quantity)::int as quantity, sum(sales)::float8 as sales
    from (
      select m.product_id, m.quantity, m.sales from report_month_products m
      where m.business_id = ${businessId} and ${dayInRuns(sql`m.month`, coverage.months)}
      union all
      select r.product_id, r.quantity, r.sales from report_day_products r
      where r.business_id = ${businessId} and ${dayInRuns(sql`r.day`, coverage.productRolled)}
      union all
      select r.product_id, r.quantity, r.sales from (${productsByDay(period, coverage.productRaw)}) r
    ) parts
    group by product_id`;
}

/** What each category sold (quantity × price, less what came back), by the product's category today. */
export async function categorySales(tx: Tx, period: CoveredPeriod): Promise<ReportSummary['categories']> {
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
  period: CoveredPeriod,
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

/** The period's days by cashier (roll-ups, then the raw rows of the other days), as `cashier_days`. */
function cashierDays(period: CoveredPeriod): SQL {
  return sql`cashier_days as (
      select cashier_id, sale_count, gross_sales, discounts, discounted_sales, refunds, sales_total
      from report_day_cashiers r
      where r.business_id = ${period.businessId} and ${dayInRuns(sql`r.day`, period.coverage.rolled)}
      union all
      select cashier_id, sale_count, gross_sales, discounts, discounted_sales, refunds, sales_total
      from (${cashiersByDay(period, period.coverage.raw)}) r
    )`;
}

/** Each cashier's sales; a refund counts against the person who gave it. */
export async function cashierSales(tx: Tx, period: CoveredPeriod): Promise<ReportSummary['cashiers']> {
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
    sql`with ${cashierDays(period)}, cashiers as (
        select cashier_id, sum(sale_count)::int as sale_count, sum(gross_sales)::float8 as gross_sales,
          sum(discounts)::float8 as discounts, sum(refunds)::float8 as refunds,
          sum(sales_total)::float8 as sales_total
        from cashier_days
        group by cashier_id
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
 * Discounts and overrides by person: the discounts on their sales (the days' sums), and from the audit log the
 * discounts above the limit, everything a manager or owner approved for them with a PIN, their refunds and voids.
 */
export async function discountsByCashier(
  tx: Tx,
  period: CoveredPeriod,
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
    sql`with ${cashierDays(period)}, given as (
        select cashier_id, sum(discounted_sales)::int as discounted_sales,
          sum(discounts)::float8 as discount_amount
        from cashier_days
        group by cashier_id
        having sum(discounts) > 0
      ), logged as (
        -- The audit log's few lines of the period, read as they are (no roll-up).
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
