import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '#domain/dates.ts';
import type { DayRange } from '#domain/report-range.ts';

// What each report figure is, as one business-local day's sums from the raw rows. The roll-ups (rollups.ts) store
// exactly these rows for closed days, and the reports read them from the raw rows for the days that have no valid
// roll-up (today, yesterday, a day changed since), so both ways share this one definition. What each figure
// means is written in docs/decisions.md ("Reports: what each figure means").

export type Period = {
  businessId: string;
  range: DayRange;
  timezone: string;
  /** Every day from the raw rows, ignoring the roll-ups: the reference they are checked against. */
  isRowsOnly?: boolean;
};

// A sale that took money (completed, or later refunded: the refund is counted on its own day), and refunds.
// The same rule as the dashboard and the history (sales' COUNTS_AS_REVENUE), on the alias `t`.
export const SALE_COUNTED = sql`(t.transaction_type = 'sale' and t.payment_status in ('completed', 'refunded'))`;
export const IS_REFUND = sql`(t.transaction_type = 'refund')`;
export const COUNTED = sql`(${SALE_COUNTED} or ${IS_REFUND})`;

/** Runs of consecutive days, each read by one range of the time indexes. */
export type DayRuns = DayRange[];

/** Consecutive ISO days (sorted) grouped into runs. */
export function toRuns(days: string[]): DayRuns {
  const runs: DayRuns = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}

/** A time column within the runs' days (local midnight to midnight), plus `slack` after each run. */
function timeInRuns(column: SQL, runs: DayRuns, timezone: string, slack = sql`interval '0'`): SQL {
  if (runs.length === 0) return sql`false`;
  return sql`(${sql.join(
    runs.map(
      (run) => sql`(${column} >= (${run.from}::date::timestamp at time zone ${timezone})
        and ${column} < ((${run.to}::date + 1)::timestamp at time zone ${timezone}) + ${slack})`,
    ),
    sql` or `,
  )})`;
}

/** A date column within the runs. */
export function dayInRuns(column: SQL, runs: DayRuns): SQL {
  if (runs.length === 0) return sql`false`;
  return sql`(${sql.join(
    runs.map((run) => sql`(${column} between ${run.from}::date and ${run.to}::date)`),
    sql` or `,
  )})`;
}

/**
 * The transactions of the runs' days (alias `t`, with its business-local `day`), by the index on
 * (business_id, created_at).
 */
function dayTransactions({ businessId, timezone }: Period, runs: DayRuns, columns: SQL): SQL {
  return sql`(select (t.created_at at time zone ${timezone})::date as day, ${columns}
    from transactions t
    where t.business_id = ${businessId} and ${timeInRuns(sql`t.created_at`, runs, timezone)}) t`;
}

/**
 * A day's sale lines (alias `ti`) or tenders (alias `p`), found by their own time index and joined to the day's
 * transactions, which decide what belongs. A line is written in its sale's statement with the sale's time plus a
 * millisecond per line; a tender may come later than its sale (another method tried after a failed one), so
 * tenders are looked for up to a day after the sale's day.
 */
function nearTheDay(alias: 'ti' | 'p', { businessId, timezone }: Period, runs: DayRuns): SQL {
  const table = sql.raw(alias);
  const slack = alias === 'ti' ? sql`interval '1 minute'` : sql`interval '1 day'`;
  return sql`${table}.business_id = ${businessId} and ${table}.transaction_id = t.id
    and ${timeInRuns(sql`${table}.created_at`, runs, timezone, slack)}
    and ${table}.created_at >= (t.day::timestamp at time zone ${timezone})
    and ${table}.created_at < ((t.day + 1)::timestamp at time zone ${timezone}) + ${slack}`;
}

/**
 * Sales, discounts, points, refunds, voids and tax by day: columns day, sale_count, gross_sales, discounts,
 * points_redeemed, sales_total, refunds, refund_count, tax, void_count, voids (sums as bigint).
 */
export function moneyByDay(period: Period, runs: DayRuns): SQL {
  return sql`select t.day,
      (count(*) filter (where ${SALE_COUNTED}))::int as sale_count,
      coalesce(sum(t.subtotal) filter (where ${SALE_COUNTED}), 0)::bigint as gross_sales,
      coalesce(sum(t.discount_amount) filter (where ${SALE_COUNTED}), 0)::bigint as discounts,
      coalesce(sum(t.points_value) filter (where ${SALE_COUNTED}), 0)::bigint as points_redeemed,
      coalesce(sum(t.total_amount) filter (where ${SALE_COUNTED}), 0)::bigint as sales_total,
      coalesce(-sum(t.subtotal + t.discount_amount) filter (where ${IS_REFUND}), 0)::bigint as refunds,
      (count(*) filter (where ${IS_REFUND}))::int as refund_count,
      coalesce(sum(t.tax_amount) filter (where ${COUNTED}), 0)::bigint as tax,
      (count(*) filter (where t.is_voided))::int as void_count,
      coalesce(sum(t.total_amount) filter (where t.is_voided), 0)::bigint as voids
    from ${dayTransactions(
      period,
      runs,
      sql`t.transaction_type, t.payment_status, t.subtotal, t.discount_amount, t.tax_amount, t.total_amount,
        -- A cancelled sale is a void only when someone voided it; a payment that failed or was abandoned also
        -- ends cancelled, and took no money.
        (t.payment_status = 'cancelled' and exists (select 1 from audit_log a where a.business_id = t.business_id
          and a.subject_type = 'sale' and a.subject_id = t.id and a.action = 'sale_voided')) as is_voided,
        -- What the points redeemed on a sale paid for: part of its discount (the ledger's sale index). Only
        -- sales with a customer can have any.
        (case when t.transaction_type = 'sale' and t.customer_id is not null
          then (select coalesce(sum(l.value), 0) from loyalty_ledger l
            where l.business_id = t.business_id and l.sale_id = t.id and l.reason = 'redeemed')
          else 0 end) as points_value`,
    )}
    where t.transaction_type in ('sale', 'refund')
    group by t.day`;
}

/**
 * Counted lines by day and product (refunded units and money taken off): columns day, product_id, quantity,
 * sales (quantity × price) and cost (the line's cost at the time of sale × units).
 */
export function productsByDay(period: Period, runs: DayRuns): SQL {
  return sql`select t.day, ti.product_id, sum(ti.quantity)::bigint as quantity,
      sum(ti.total_price)::bigint as sales, sum(ti.unit_cost::bigint * ti.quantity)::bigint as cost
    from ${dayTransactions(period, runs, sql`t.id, t.transaction_type, t.payment_status`)}
    join transaction_items ti on ${nearTheDay('ti', period, runs)}
    where ${COUNTED}
    group by t.day, ti.product_id`;
}

/** Completed tenders by day and channel (a method, manual mobile money apart): day, channel, count, amount. */
export function paymentsByDay(period: Period, runs: DayRuns): SQL {
  return sql`select t.day, case when p.provider = 'manual' then 'manual_momo' else p.method end as channel,
      count(distinct p.transaction_id)::int as count, sum(p.amount)::bigint as amount
    from ${dayTransactions(period, runs, sql`t.id, t.transaction_type, t.payment_status`)}
    join payments p on ${nearTheDay('p', period, runs)}
    where ${COUNTED} and p.status = 'completed'
    group by 1, 2`;
}

/**
 * Each cashier's counted transactions by day (a refund counts against the person who gave it): day, cashier_id,
 * sale_count, gross_sales, discounts, discounted_sales, refunds, sales_total.
 */
export function cashiersByDay(period: Period, runs: DayRuns): SQL {
  return sql`select t.day, t.cashier_id,
      (count(*) filter (where ${SALE_COUNTED}))::int as sale_count,
      coalesce(sum(t.subtotal) filter (where ${SALE_COUNTED}), 0)::bigint as gross_sales,
      coalesce(sum(t.discount_amount) filter (where ${SALE_COUNTED}), 0)::bigint as discounts,
      (count(*) filter (where ${SALE_COUNTED} and t.discount_amount > 0))::int as discounted_sales,
      coalesce(-sum(t.subtotal + t.discount_amount) filter (where ${IS_REFUND}), 0)::bigint as refunds,
      coalesce(sum(t.total_amount) filter (where ${SALE_COUNTED}), 0)::bigint as sales_total
    from ${dayTransactions(
      period,
      runs,
      sql`t.cashier_id, t.transaction_type, t.payment_status, t.subtotal, t.discount_amount, t.total_amount`,
    )}
    where ${COUNTED}
    group by t.day, t.cashier_id`;
}
