import { type SQL, sql } from 'drizzle-orm';
import { customers, products } from './schema/index.ts';

// Contains-searches through the functions of migration 0050, so that the trigram indexes serve the tenant
// role too (under row-level security a plain ILIKE cannot use them). The rows themselves are still read
// under row-level security by the caller's query.

/** `%text%` for LIKE, with the user's own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** What the product search functions (migration 0200) filter by besides the text. */
export type ProductSearch = {
  search: string;
  category_id?: string | undefined;
  low_stock?: boolean | undefined;
  /** The till's grid: products with stock only. */
  in_stock?: boolean | undefined;
};

/** The leading arguments of the search functions (migration 0200): business, pattern, code, filters. */
function searchArgs(businessId: string, filters: ProductSearch): SQL {
  return sql`${businessId}::uuid, ${containsPattern(filters.search)}, ${filters.search},
    ${filters.category_id ?? null}::uuid, ${filters.low_stock ?? false}, ${filters.in_stock ?? false}`;
}

/**
 * The ids of one page of matching active products by name, then id, as a subquery (search_product_page: its
 * sort and limit run inside, on the indexes, with the pattern known to the planner). `after` (keyset) or
 * `offset` says where the page starts.
 */
export function searchedProductIds(
  businessId: string,
  filters: ProductSearch,
  page: { after?: { name: string; id: string } | undefined; limit: number; offset: number },
): SQL {
  const { after, limit, offset } = page;
  return sql`(select search_product_page(${searchArgs(businessId, filters)},
    ${after?.name ?? null}::text, ${after?.id ?? null}::uuid, ${limit}::integer, ${offset}::integer))`;
}

/** How many active products match, counted up to `limit`, as a scalar SQL expression. */
export function countedProductMatches(businessId: string, filters: ProductSearch, limit: number): SQL {
  return sql`count_product_matches(${searchArgs(businessId, filters)}, ${limit}::integer)`;
}

/** operations §5: name or description contains the text (any case), or barcode or SKU is exactly it. */
export function productMatches(businessId: string, search: string): SQL {
  return sql`${products.id} in (select search_product_ids(${businessId}, ${containsPattern(search)}, ${search}))`;
}

/** operations §7: name, email or phone contains the text; a phone also by its digits (local 0 → 233). */
export function customerMatches(businessId: string, search: string): SQL {
  const digits = search.replace(/\D/g, '');
  const phoneKey =
    digits.length >= 3 ? containsPattern(digits.startsWith('0') ? `233${digits.slice(1)}` : digits) : null;
  return sql`${customers.id} in (select search_customer_ids(${businessId}, ${containsPattern(search)}, ${phoneKey}))`;
}
