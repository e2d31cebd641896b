import { sql } from 'drizzle-orm';
import { addDays, localDay } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import { offlinePriceProblem } from '#domain/offline-sale.ts';
import type { CreateSale } from '#domain/schemas/sales.ts';
import type { Tx } from '../../db/client.ts';
import type { StockedProduct } from '../catalog/index.ts';
import { SALE_ERRORS } from './errors.ts';

/**
 * Every price each product had during the business day of `at` (the one in force at the day's start and each
 * change during it), from the price history (migration 0110).
 */
export async function dayPrices(
  tx: Tx,
  businessId: string,
  productIds: string[],
  at: Date,
  timezone: string,
): Promise<Map<string, number[]>> {
  const day = localDay(at, timezone);
  const start = sql`(${day}::date::timestamp at time zone ${timezone})`;
  const end = sql`(${addDays(day, 1)}::date::timestamp at time zone ${timezone})`;
  const result = (await tx.execute(sql`
    select h.product_id, h.price from product_price_history h
    where h.business_id = ${businessId} and h.product_id = any(${sql.param(productIds)}::uuid[])
      and h.changed_at < ${end}
      and h.changed_at >= coalesce((
        select max(before.changed_at) from product_price_history before
        where before.business_id = h.business_id and before.product_id = h.product_id
          and before.changed_at <= ${start}), '-infinity'::timestamptz)`)) as unknown as {
    rows: { product_id: string; price: number }[];
  };
  const prices = new Map<string, number[]>();
  for (const row of result.rows)
    prices.set(row.product_id, [...(prices.get(row.product_id) ?? []), Number(row.price)]);
  return prices;
}

/**
 * The products as an offline sale was charged: the price the till charged when it lies within the prices of
 * the sale's day (docs/decisions.md "Offline till"), else the sale is refused. A line without a price (an older
 * till) is charged today's price. A product with no history that day (made after it) keeps today's price.
 */
export async function chargeOfflinePrices(
  tx: Tx,
  businessId: string,
  items: CreateSale['items'],
  stocked: Map<string, StockedProduct>,
  at: Date,
  timezone: string,
): Promise<Map<string, StockedProduct>> {
  const history = await dayPrices(
    tx,
    businessId,
    items.map((item) => item.product_id),
    at,
    timezone,
  );
  const charged = new Map(stocked);
  items.forEach((item, index) => {
    const product = stocked.get(item.product_id)!;
    if (item.unit_price === undefined) return;
    const problem = offlinePriceProblem(item.unit_price, history.get(item.product_id) ?? [product.price]);
    if (problem) {
      throw SALE_ERRORS.offlinePriceOutOfDay(
        `items.${index}.unit_price`,
        product.name,
        problem.code === 'BELOW_DAY_PRICE',
        formatCedis(problem.bound),
      );
    }
    charged.set(item.product_id, { ...product, price: item.unit_price });
  });
  return charged;
}
