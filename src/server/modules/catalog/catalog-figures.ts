import { type SQL, sql } from 'drizzle-orm';
import type { ProductFilters, ProductSummary } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { containsPattern } from '../../db/search.ts';
import { catalogMirrors } from './catalog-mirror.ts';
import { activeCategoriesCount } from './categories.ts';
import { type Kept, keptFigures, snapshotColumns, unseenBy } from './figures-cache.ts';

// The four cards of the product screen (and the dashboard's product card), over the listed products.

type ProductFigures = Omit<ProductSummary, 'categories_count'>;
type FigureRow = { total: string; low: string; value: string; snapshot: string; xmin: string };

/** Whole-catalog figures of up to this many businesses and filters kept in memory (figures-cache.ts). */
const keptCatalogFigures = keptFigures<ProductFigures>(5_000);

/**
 * The cards of a search over a catalog of 20,000 products or more are counted from its columns kept in memory
 * (catalog-mirror.ts): about 23 MB for 100,000 products, so at most 200,000 products are kept in all. Below
 * 20,000 a common word matches a few thousand products, which the database counts in a few milliseconds.
 */
const searchMirrors = catalogMirrors({
  minProducts: 20_000,
  maxProducts: 200_000,
  countAgainAfter: 5 * 60_000,
});

/**
 * The cards: the product figures from product_summary_figures (migrations 0170 and 0200; a search planned with
 * its pattern; a big catalog's search from memory, above), the categories beside them. Without a search the
 * figures cover a whole catalog, a category or its low stock, and are kept between requests (figures-cache.ts): a look at the newest writes and the
 * categories is one statement; after sales and other moves of stock only, the figures are brought up to date
 * from those moves; after a change of a product, they are read again.
 */
export async function productSummary(
  tx: Tx,
  businessId: string,
  filters: ProductFilters,
): Promise<ProductSummary> {
  const categoriesCount = sql`${activeCategoriesCount(businessId)} as categories`;
  if (filters.search) {
    const counted = await searchMirrors.searchFigures(tx, businessId, { ...filters, search: filters.search });
    if (counted) return counted;
    const [row] = await rows<FigureRow & { categories: string }>(
      tx,
      sql`select f.total, f.low, f.value, ${categoriesCount} from ${productFigures(businessId, filters)}`,
    );
    return { ...figuresOf(row), categories_count: Number(row?.categories ?? 0) };
  }
  const [state] = await rows<{ product: string | null; stock: string | null; categories: string }>(
    tx,
    sql`select
      (select max(p.sync_xid) from products p where p.business_id = ${businessId})::text as product,
      (select max(m.sync_xid) from stock_movements m where m.business_id = ${businessId})::text as stock,
      ${categoriesCount}`,
  );
  const key = `${businessId}/${filters.category_id ?? 'all'}/${filters.low_stock ? 'low' : 'any'}`;
  const big = (value: string | null | undefined) => (value ? BigInt(value) : null);
  const found = keptCatalogFigures.get(key, { product: big(state?.product), stock: big(state?.stock) });
  let figures = found?.kept.figures;
  if (!found || found.stockMoved) {
    // The snapshot is read in the same statement as the figures: the one they were computed in.
    const [row] = await rows<FigureRow>(
      tx,
      found
        ? stockMovedSince(businessId, filters, found.kept)
        : sql`select f.total, f.low, f.value, ${snapshotColumns} from ${productFigures(businessId, filters)}`,
    );
    const read = figuresOf(row);
    figures = found
      ? {
          total_products: found.kept.figures.total_products + read.total_products,
          low_stock_count: found.kept.figures.low_stock_count + read.low_stock_count,
          total_value: found.kept.figures.total_value + read.total_value,
        }
      : read;
    if (row) keptCatalogFigures.set(key, { figures, snapshot: row.snapshot, xmin: BigInt(row.xmin) });
  }
  return { ...figures!, categories_count: Number(state?.categories ?? 0) };
}

function productFigures(businessId: string, filters: ProductFilters): SQL {
  const search = filters.search || null;
  return sql`product_summary_figures(${businessId}::uuid, ${search === null ? null : containsPattern(search)},
    ${search}, ${filters.category_id ?? null}::uuid, ${filters.low_stock ?? false}) as f`;
}

/**
 * What the stock moved since kept figures changes in them: for each product moved by a transaction their
 * snapshot did not see (and this statement sees), its part of the figures now less its part before those moves
 * (its stock then: now less their sum). Only stock moved (figures-cache.ts), so each product's price, minimum,
 * category and active state are as they were.
 */
function stockMovedSince(businessId: string, filters: ProductFilters, kept: Kept<ProductFigures>): SQL {
  const low = filters.low_stock ?? false;
  return sql`with moved as (
      select m.product_id, sum(m.delta)::bigint as delta from stock_movements m
       where m.business_id = ${businessId} and ${unseenBy(sql`m.sync_xid`, kept)}
       group by m.product_id
    ), sides as (
      select p.price::bigint as price, p.min_stock_level as min, p.stock_quantity::bigint as now,
        p.stock_quantity::bigint - m.delta as before
        from moved m join products p on p.id = m.product_id and p.business_id = ${businessId}
       where p.is_active and (${filters.category_id ?? null}::uuid is null or p.category_id = ${filters.category_id ?? null}::uuid)
    ), parts as (
      select price, now <= min as low_now, before <= min as low_before,
        (not ${low}::boolean or now <= min) as in_now, (not ${low}::boolean or before <= min) as in_before,
        now, before from sides
    )
    select coalesce(sum(in_now::int - in_before::int), 0) as total,
      coalesce(sum((in_now and low_now)::int - (in_before and low_before)::int), 0) as low,
      coalesce(sum(case when in_now then price * now else 0 end - case when in_before then price * before else 0 end), 0)
        as value,
      ${snapshotColumns}
      from parts`;
}

function figuresOf(row: Pick<FigureRow, 'total' | 'low' | 'value'> | undefined): ProductFigures {
  return {
    total_products: Number(row?.total ?? 0),
    low_stock_count: Number(row?.low ?? 0),
    total_value: Number(row?.value ?? 0),
  };
}
