import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ProductCsvSource } from '#domain/catalog/product-csv.ts';
import { taxRateFromDatabase } from '#domain/catalog/tax-rate.ts';
import {
  encodeProductCursor,
  PRODUCT_COUNT_CAP,
  type ProductCountMode,
  type ProductCursor,
  type ProductFilters,
  type ProductLabel,
  type ProductList,
  type StockMovement,
} from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { rows } from '../../db/rows.ts';
import { categories, products, stockMovements, users } from '../../db/schema/index.ts';
import { countedProductMatches, productMatches, searchedProductIds } from '../../db/search.ts';
import { plainListStart } from './list-marks.ts';
import { type ProductRow, selectProducts, toProduct } from './product-rows.ts';

/**
 * The filters of the product screen as SQL. operations §5 search: name or description contains the text
 * (any case; trigram indexes), or barcode or SKU is exactly it.
 */
export function productWhere(businessId: string, filters: ProductFilters): SQL {
  // The whole active catalog, unfiltered, reads its narrow index (migration 0220), whose predicate only this
  // spelling of "active" meets; the filtered lists say it plainly and keep their own indexes.
  const isPlainList = !filters.search && !filters.category_id && !filters.low_stock;
  const conditions: (SQL | undefined)[] = [
    eq(products.businessId, businessId),
    isPlainList ? sql`${products.isActive} is true` : eq(products.isActive, true),
  ];
  if (filters.search) conditions.push(productMatches(businessId, filters.search));
  if (filters.category_id) conditions.push(eq(products.categoryId, filters.category_id));
  if (filters.low_stock) conditions.push(eq(products.lowStock, true));
  return and(...conditions)!;
}

type PageQuery = ProductFilters & {
  limit: number;
  offset: number;
  after?: ProductCursor | undefined;
  count?: ProductCountMode;
};

/**
 * The ids of one page of active products by name, then id, as a subquery: a search through the search
 * function (searchedProductIds), a plain list straight from the (business_id, name, id) index. `after`
 * (keyset) or `offset` says where the page starts.
 */
function productPageIds(businessId: string, query: PageQuery): SQL {
  const { search, after } = query;
  if (search) {
    return searchedProductIds(businessId, { ...query, search }, query);
  }
  return sql`(select ${products.id} from ${products}
    where ${productWhere(businessId, query)}${
      after ? sql` and (${products.name}, ${products.id}) > (${after.name}, ${after.id}::uuid)` : sql``
    }
    order by ${products.name}, ${products.id} limit ${query.limit} offset ${query.offset})`;
}

/**
 * How many active products match, counted up to `cap` and one more (to know the cap was passed), as a
 * scalar SQL expression.
 */
function countMatches(businessId: string, filters: ProductFilters, cap: number): SQL {
  const { search } = filters;
  if (search) {
    return countedProductMatches(businessId, { ...filters, search }, cap + 1);
  }
  return sql`(select count(*) from (select 1 from ${products}
    where ${productWhere(businessId, filters)}
    limit ${cap + 1}::integer) matches)`;
}

/**
 * A row of a product page, with how many products match (capped) on each row; a page with no product answers
 * one row of the count alone.
 */
type ListedRow = (ProductRow | { [column in keyof ProductRow]: null }) & { matches: string | number };

/**
 * One page of the product screen's list, in one statement: the page's ids from the index (subquery), those
 * rows with their category, and the count of all matches. The count is made only when it is not the page's own
 * length — a later page, or a full first page — so a code, a rare word or a short list pays nothing for it;
 * and not at all when the client asked for none (`count: 'none'`: the product screen, whose cards count the
 * same products exactly). The statement always answers a row, the page's rows or one without a product, so
 * the count comes back even for a page past the end. A page that starts past the cap (a deep offset) is not
 * counted: any row of it says the count is capped; only when it comes back empty are the matches counted, in a
 * statement of their own. A deep page of the whole catalog starts at the nearest kept mark (list-marks.ts).
 * Prepared (one text per combination of filters): planning it cost as much as running it.
 */
export async function listProducts(tx: Tx, businessId: string, query: PageQuery): Promise<ProductList> {
  const isLaterPage = query.offset > 0 || Boolean(query.after);
  const isCounted = query.count !== 'none';
  const startsPastCap = query.offset >= PRODUCT_COUNT_CAP;
  const isCountedWithPage = isCounted && !startsPastCap;
  const isPlainList = !query.search && !query.category_id && !query.low_stock && !query.after;
  const pageQuery = isPlainList
    ? { ...query, ...(await plainListStart(tx, businessId, query.offset)) }
    : query;
  const found = await rows<ListedRow>(
    tx,
    prepared(
      'product_page',
      sql`with page as materialized (
        ${selectProducts(businessId)}
        where p.business_id = ${businessId} and p.id in ${productPageIds(businessId, pageQuery)}
      ), counted as materialized (
        select ${
          isCountedWithPage
            ? sql`case when ${isLaterPage}::boolean or (select count(*) from page) >= ${query.limit}::integer
          then ${countMatches(businessId, query, PRODUCT_COUNT_CAP)}
          else (select count(*) from page) end`
            : sql`null::integer`
        } as n
      )
      select page.*, counted.n as matches from counted left join page on true
       order by page.name, page.id`,
    ),
  );
  const listed = found.filter((row): row is ListedRow & ProductRow => row.id !== null);
  // How many match, up to the cap and one more; null when not counted.
  const matches = !isCounted
    ? null
    : isCountedWithPage
      ? Number(found[0]?.matches ?? 0)
      : listed.length > 0
        ? PRODUCT_COUNT_CAP + 1
        : await countPastTheEnd(tx, businessId, query);
  const last = listed.at(-1);
  return {
    products: listed.map(toProduct),
    total: matches === null ? null : Math.min(matches, PRODUCT_COUNT_CAP),
    total_is_capped: matches !== null && matches > PRODUCT_COUNT_CAP,
    next_cursor:
      listed.length === query.limit && last ? encodeProductCursor({ name: last.name, id: last.id }) : null,
  };
}

/** How many products match (capped), for a page that came back empty. */
async function countPastTheEnd(tx: Tx, businessId: string, filters: ProductFilters): Promise<number> {
  const [row] = await rows<{ n: string | number }>(
    tx,
    sql`select ${countMatches(businessId, filters, PRODUCT_COUNT_CAP)} as n`,
  );
  return Number(row?.n ?? 0);
}

/** A product's stock ledger, newest first. */
export async function listStockMovements(
  tx: Tx,
  businessId: string,
  productId: string,
  page: { limit: number; offset: number },
): Promise<{ movements: StockMovement[]; total: number }> {
  const where = and(eq(stockMovements.businessId, businessId), eq(stockMovements.productId, productId));
  const rows = await tx
    .select({ movement: stockMovements, user: { id: users.id, name: users.fullName } })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(where)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(stockMovements).where(where);
  return {
    movements: rows.map(({ movement, user }) => ({
      id: movement.id,
      delta: movement.delta,
      quantity_after: movement.quantityAfter,
      reason: movement.reason,
      note: movement.note,
      reference_id: movement.referenceId,
      user: user?.id ? { id: user.id, name: user.name ?? '' } : null,
      created_at: movement.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** Name, price and codes of the chosen active products, in the order asked, for a sheet of labels. */
export async function productLabels(tx: Tx, businessId: string, ids: string[]): Promise<ProductLabel[]> {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      barcode: products.barcode,
      sku: products.sku,
    })
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.isActive, true), inArray(products.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

export const EXPORT_PAGE_SIZE = 2000;

/** One page of the export, by name then id after the given key (keyset paging: fast at any depth). */
export async function exportPage(
  tx: Tx,
  businessId: string,
  after: { name: string; id: string } | null,
): Promise<(ProductCsvSource & { id: string })[]> {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: categories.name,
      barcode: products.barcode,
      sku: products.sku,
      price: products.price,
      costPrice: products.costPrice,
      taxRate: products.taxRate,
      stock: products.stockQuantity,
      minStock: products.minStockLevel,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.businessId, businessId)))
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.isActive, true),
        after ? sql`(${products.name}, ${products.id}) > (${after.name}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(EXPORT_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    barcode: row.barcode,
    sku: row.sku,
    price: row.price,
    cost_price: row.costPrice,
    tax_rate: taxRateFromDatabase(row.taxRate),
    stock_quantity: row.stock,
    min_stock_level: row.minStock,
    image_url: row.imageUrl,
  }));
}

/** operations §7 "products ordered by stock, for the low-stock list": active, at or below their minimum. */
export async function lowStockProducts(tx: Tx, businessId: string, limit: number) {
  return tx
    .select({
      id: products.id,
      name: products.name,
      stock_quantity: products.stockQuantity,
      min_stock_level: products.minStockLevel,
    })
    .from(products)
    .where(productWhere(businessId, { low_stock: true }))
    .orderBy(asc(products.stockQuantity), asc(products.name), asc(products.id))
    .limit(limit);
}
