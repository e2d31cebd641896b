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

/**
 * The leading arguments of search_product_page and count_product_matches (migration 0200): business, pattern,
 * code, category, low stock, in stock.
 */
export function productSearchArgs(businessId: string, filters: ProductSearch): SQL {
  return sql`${businessId}::uuid, ${containsPattern(filters.search)}, ${filters.search},
    ${filters.category_id ?? null}::uuid, ${filters.low_stock ?? false}, ${filters.in_stock ?? false}`;
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
