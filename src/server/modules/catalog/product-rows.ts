import { type SQL, sql } from 'drizzle-orm';
import type { Product } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

// The one select of a product with its category, as the API's Product: the database writes each product's JSON
// (row_to_json), which the product list sends as it is (queries.ts). A product page is 24 products of 17
// fields; reading them into objects, mapping them and encoding them again took 40 µs a product in the server,
// two thirds of its work on the product screen's list, where the database writes the same text in 5 µs
// (docs/performance.md, "Twenty-fifth pass").

/** A product as the select below answers it: its name and id (a page's order and cursor) and its JSON. */
export type ProductRow = {
  id: string;
  name: string;
  /** The product as the API sends it, a Product (domain/schemas/catalog.ts) in JSON. */
  json: string;
};

/** A timestamp as JavaScript's toISOString writes it: UTC, to the millisecond (truncated), with a Z. */
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `select … from products p left join categories c` with the columns of ProductRow, for the caller's where
 * clause on `p`. The category is joined by the business too: a product never shows another shop's category.
 * The tax rate is numeric(5,2): its JSON number (12.50) reads as the API's rate (12.5).
 */
export function selectProducts(businessId: string): SQL {
  return sql`select p.id, p.name, row_to_json(product)::text as json
    from products p left join categories c on c.id = p.category_id and c.business_id = ${businessId}
    cross join lateral (select p.id, p.name, p.description, p.barcode, p.sku, p.price, p.cost_price,
      p.tax_rate, p.stock_quantity, p.min_stock_level,
      case when c.name is not null then json_build_object('id', c.id, 'name', c.name) end as category,
      p.category_id, p.is_active, p.image_url, ${sql.raw(isoTime('p.created_at'))} as created_at,
      ${sql.raw(isoTime('p.updated_at'))} as updated_at) product`;
}

export function toProduct(row: ProductRow): Product {
  return JSON.parse(row.json) as Product;
}

/** An active product of the business with its category, or null. */
export async function findProduct(tx: Tx, businessId: string, productId: string): Promise<Product | null> {
  const [row] = await rows<ProductRow>(
    tx,
    sql`${selectProducts(businessId)}
      where p.business_id = ${businessId} and p.id = ${productId} and p.is_active limit 1`,
  );
  return row ? toProduct(row) : null;
}
