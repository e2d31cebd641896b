import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '#domain/dates.ts';
import { type DayRange, dayCount } from '#domain/report-range.ts';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import {
  cashiersByDay,
  type DayRuns,
  moneyByDay,
  type Period,
  paymentsByDay,
  productsByDay,
  toRuns,
} from './day-figures.ts';

// Daily roll-ups (migration 0150): each closed business-local day's figures (day-figures.ts) stored once, and
// whole months of products summed again. A roll-up is valid while its day's version and the business's timezone
// are those it was computed with; every day without a valid one is read from the raw rows. docs/decisions.md
// ("Reports: daily roll-ups") explains when a day is closed and why no write can be missed.

/**
 * Where each day of a period is read from, decided once per period from one snapshot: `rolled` days from their
 * day roll-up, `raw` days from the raw rows; for products, whole `months` from their month roll-up and the other
 * days as `productRolled` / `productRaw`.
 */
export type Coverage = {
  rolled: DayRuns;
  raw: DayRuns;
  months: DayRuns;
  productRolled: DayRuns;
  productRaw: DayRuns;
};

/** A period and where its days are read from. */
export type CoveredPeriod = Period & { coverage: Coverage };

const dateList = (days: string[]): SQL => sql`${`{${days.join(',')}}`}::date[]`;

function daysOf(range: DayRange): string[] {
  return Array.from({ length: dayCount(range) }, (_, index) => addDays(range.from, index));
}

/** A day roll-up (alias `r`) holds its day's figures: same timezone, its day's version unchanged. */
function dayIsValid(timezone: string): SQL {
  return sql`r.timezone = ${timezone} and r.version = coalesce((select v.version from report_day_versions v
    where v.business_id = r.business_id and v.day = r.day), 0)`;
}

/** A month roll-up (alias `m`) still holds its days' figures: same timezone, no day's version raised since. */
function monthIsValid(timezone: string): SQL {
  return sql`m.timezone = ${timezone} and m.version_sum = coalesce((select sum(v.version) from report_day_versions v
    where v.business_id = m.business_id and v.day >= m.month and v.day < (m.month + interval '1 month')::date), 0)`;
}

/** The period's days with a valid day roll-up, and its whole months with a valid month roll-up. */
async function validRollups(tx: Tx, { businessId, range, timezone }: Period) {
  const [found] = await rows<{ days: string[] | null; months: string[] | null }>(
    tx,
    sql`select
      (select array_agg(to_char(r.day, 'YYYY-MM-DD') order by r.day) from report_days r
        where r.business_id = ${businessId} and r.day between ${range.from}::date and ${range.to}::date
          and ${dayIsValid(timezone)}) as days,
      (select array_agg(to_char(m.month, 'YYYY-MM-DD') order by m.month) from report_months m
        where m.business_id = ${businessId} and m.month >= ${range.from}::date
          and (m.month + interval '1 month')::date <= ${range.to}::date + 1 and ${monthIsValid(timezone)}) as months`,
  );
  return { days: found?.days ?? [], months: found?.months ?? [] };
}

/** Where each day of the period is read from (all from the raw rows for a rows-only period). */
export async function coverPeriod(tx: Tx, period: Period): Promise<CoveredPeriod> {
  const all = daysOf(period.range);
  const valid = period.isRowsOnly ? { days: [], months: [] } : await validRollups(tx, period);
  const rolled = new Set(valid.days);
  const inMonths = new Set(valid.months.flatMap((month) => daysOf({ from: month, to: endOfMonth(month) })));
  const raw = all.filter((day) => !rolled.has(day));
  return {
    ...period,
    coverage: {
      rolled: toRuns(valid.days),
      raw: toRuns(raw),
      months: valid.months.map((month) => ({ from: month, to: month })),
      productRolled: toRuns(valid.days.filter((day) => !inMonths.has(day))),
      productRaw: toRuns(raw.filter((day) => !inMonths.has(day))),
    },
  };
}

function endOfMonth(month: string): string {
  const next = new Date(`${month}T12:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return addDays(next.toISOString().slice(0, 10), -1);
}

/**
 * Rolls up the closed days of `period` that have no valid roll-up, and its whole closed months, in the tenant
 * transaction of the report (set-based: one statement for all the missing days). A day is closed once it ended
 * more than a day ago by the database's clock: writes to younger rows raise no version (see the migration).
 */
export async function fillRollups(tx: Tx, period: Period): Promise<void> {
  const { businessId, range, timezone } = period;
  // The clock is read before waiting for the writers in flight: every write that judged these days' rows fresh
  // did so before it, and holds its lock until it ends.
  const [closed] = await rows<{ last_closed: string }>(
    tx,
    sql`select to_char(((clock_timestamp() - interval '1 day') at time zone ${timezone})::date - 1, 'YYYY-MM-DD')
      as last_closed`,
  );
  // ISO days order as text.
  const to = [closed!.last_closed, range.to].sort()[0]!;
  if (range.from > to) return;
  const within: Period = { ...period, range: { from: range.from, to } };
  const before = await coverPeriod(tx, within);
  if (before.coverage.raw.length === 0 && (await staleMonths(tx, within)).length === 0) return;

  await tx.execute(sql`select pg_advisory_xact_lock(report_lock_key('fill', ${businessId}::uuid))`);
  await tx.execute(sql`select report_wait_for_writers(${businessId}::uuid)`);
  // Again under the lock (another report may just have filled them); none if the business's timezone changed
  // since the business was read for this request.
  const [business] = await rows<{ timezone: string }>(
    tx,
    sql`select timezone from businesses where id = ${businessId}`,
  );
  if (business?.timezone !== timezone) return;
  const missing = (await coverPeriod(tx, within)).coverage.raw.flatMap(daysOf);
  if (missing.length > 0) await fillDays(tx, period, missing);
  const months = await staleMonths(tx, within);
  if (months.length > 0) await fillMonths(tx, period, months);
}

async function fillDays(tx: Tx, period: Period, days: string[]): Promise<void> {
  const { businessId, timezone } = period;
  const list = dateList(days);
  for (const table of ['report_days', 'report_day_payments', 'report_day_products', 'report_day_cashiers']) {
    await tx.execute(
      sql`delete from ${sql.raw(table)} where business_id = ${businessId} and day = any(${list})`,
    );
  }
  const runs = toRuns(days);
  // One statement, so every figure and the version it is valid for come from one snapshot.
  await tx.execute(
    sql`with products as (${productsByDay(period, runs)}),
      money as (${moneyByDay(period, runs)}),
      stored_products as (
        insert into report_day_products (business_id, day, product_id, quantity, sales, cost)
        select ${businessId}, day, product_id, quantity, sales, cost from products
      ), stored_payments as (
        insert into report_day_payments (business_id, day, channel, count, amount)
        select ${businessId}, day, channel, count, amount from (${paymentsByDay(period, runs)}) p
      ), stored_cashiers as (
        insert into report_day_cashiers (business_id, day, cashier_id, sale_count, gross_sales, discounts,
          discounted_sales, refunds, sales_total)
        select ${businessId}, day, cashier_id, sale_count, gross_sales, discounts, discounted_sales, refunds,
          sales_total
        from (${cashiersByDay(period, runs)}) c
      )
      insert into report_days (business_id, day, timezone, version, sale_count, gross_sales, discounts,
        points_redeemed, sales_total, refunds, refund_count, tax, void_count, voids, cost_of_goods)
      select ${businessId}, d.day, ${timezone}, coalesce(v.version, 0), coalesce(m.sale_count, 0),
        coalesce(m.gross_sales, 0), coalesce(m.discounts, 0), coalesce(m.points_redeemed, 0),
        coalesce(m.sales_total, 0), coalesce(m.refunds, 0), coalesce(m.refund_count, 0), coalesce(m.tax, 0),
        coalesce(m.void_count, 0), coalesce(m.voids, 0), coalesce(c.cost, 0)
      from unnest(${list}) as d (day)
      left join money m on m.day = d.day
      left join (select day, sum(cost) as cost from products group by day) c on c.day = d.day
      left join report_day_versions v on v.business_id = ${businessId} and v.day = d.day`,
  );
}

/** Whole months of the period (all closed) without a valid month roll-up whose days are all rolled up. */
async function staleMonths(tx: Tx, { businessId, range, timezone }: Period): Promise<string[]> {
  const found = await rows<{ month: string }>(
    tx,
    sql`select to_char(g, 'YYYY-MM-DD') as month
      from generate_series(date_trunc('month', ${range.from}::date), ${range.to}::date, interval '1 month') g
      where g::date >= ${range.from}::date and (g + interval '1 month')::date <= ${range.to}::date + 1
        and not exists (select 1 from report_months m
          where m.business_id = ${businessId} and m.month = g::date and ${monthIsValid(timezone)})
        and (select count(*) from report_days r where r.business_id = ${businessId} and r.day >= g::date
          and r.day < (g + interval '1 month')::date and ${dayIsValid(timezone)})
          = (g + interval '1 month')::date - g::date
      order by g`,
  );
  return found.map((row) => row.month);
}

async function fillMonths(tx: Tx, { businessId, timezone }: Period, months: string[]): Promise<void> {
  const list = dateList(months);
  await tx.execute(sql`delete from report_months where business_id = ${businessId} and month = any(${list})`);
  await tx.execute(
    sql`delete from report_month_products where business_id = ${businessId} and month = any(${list})`,
  );
  // The sum of the versions its days were rolled up at: if one was raised meanwhile, the month is born invalid
  // and its days are read one by one.
  await tx.execute(
    sql`with stored as (
        insert into report_month_products (business_id, month, product_id, quantity, sales)
        select ${businessId}, mo.month, p.product_id, sum(p.quantity), sum(p.sales)
        from unnest(${list}) as mo (month)
        join report_day_products p on p.business_id = ${businessId} and p.day >= mo.month
          and p.day < (mo.month + interval '1 month')::date
        group by mo.month, p.product_id
      )
      insert into report_months (business_id, month, timezone, version_sum)
      select ${businessId}, mo.month, ${timezone}, coalesce((select sum(r.version) from report_days r
        where r.business_id = ${businessId} and r.day >= mo.month
          and r.day < (mo.month + interval '1 month')::date), 0)
      from unnest(${list}) as mo (month)`,
  );
}
