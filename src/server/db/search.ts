import { type SQL, sql } from 'drizzle-orm';
import { customers, products } from './schema/index.ts';

// Contains-searches through the functions of migration 0050, so that the trigram indexes serve the tenant
// role too (under row-level security a plain ILIKE cannot use them). The rows themselves are still read
// under row-level security by the caller's query.

/** `%text%` for LIKE, with the user's own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
