import { previousRange, seriesGrain } from '#domain/report-range.ts';
import type { ReportRangeQuery, ReportSummary } from '#domain/schemas/reports.ts';
import type { Tx } from '../../db/client.ts';
import { inTurn } from '../../db/in-turn.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import {
  cashierSales,
  categorySales,
  costOfGoods,
  coverPeriod,
  discountsByCashier,
  netSalesSeries,
  type Period,
  paymentChannels,
  periodMoney,
  toFigures,
  topProducts,
} from './queries.ts';
import { fillRollups } from './rollups.ts';

/**
 * The reports page's period in one answer: the summary of the period and of the one before it, and every chart
 * and table of the period, in one tenant transaction. The closed days of both periods that have no valid
 * roll-up are rolled up first (one fill for the two, which are adjacent), so the figures read pre-summed days;
 * `isRowsOnly` reads every day from the raw rows instead (the reference the roll-ups are checked against).
 */
export async function loadReport(
  tx: Tx,
  business: BusinessRow,
  range: ReportRangeQuery,
  { isRowsOnly = false }: { isRowsOnly?: boolean } = {},
): Promise<ReportSummary> {
  const asked: Period = { businessId: business.id, range, timezone: business.timezone, isRowsOnly };
  const previous = previousRange(range);
  const grain = seriesGrain(range);
  if (!isRowsOnly) await fillRollups(tx, { ...asked, range: { from: previous.from, to: range.to } });
  const period = await coverPeriod(tx, asked);
  const before = await coverPeriod(tx, { ...asked, range: previous });
  const [
    money,
    cost,
    previousMoney,
    previousCost,
    series,
    channels,
    categories,
    byRevenue,
    byQuantity,
    cashiers,
    discounts,
  ] = await inTurn(
    () => periodMoney(tx, period),
    () => costOfGoods(tx, period),
    () => periodMoney(tx, before),
    () => costOfGoods(tx, before),
    () => netSalesSeries(tx, period, grain),
    () => paymentChannels(tx, period),
    () => categorySales(tx, period),
    () => topProducts(tx, period, 'sales'),
    () => topProducts(tx, period, 'quantity'),
    () => cashierSales(tx, period),
    () => discountsByCashier(tx, period),
  );
  return {
    timezone: business.timezone,
    range,
    previous_range: before.range,
    grain,
    figures: toFigures(money, cost),
    previous_figures: toFigures(previousMoney, previousCost),
    payment_methods: channels,
    series,
    categories,
    top_by_revenue: byRevenue,
    top_by_quantity: byQuantity,
    cashiers,
    discounts_by_cashier: discounts,
  };
}
