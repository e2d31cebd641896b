import { type SQL, sql } from 'drizzle-orm';
import { taxRateFromDatabase } from '#domain/catalog/tax-rate.ts';
import type { Product } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

// The one select of a product with its category, and its mapping to the API's Product. Plain SQL mapped by
// hand: a product page is 24 rows of 16 columns, and the query builder's row mapping was a tenth of the
// server's work on the product screen's list (docs/performance.md).

/** A product row as the select below answers it, on either driver. */
export type ProductRow = {
  id: string;
  name: string;
  description: string | null;
  barcode: string | null;
  sku: string | null;
  price: number;
  cost_price: number;
  tax_rate: string;
  stock_quantity: number;
  min_stock_level: number;
  category_id: string | null;
  category_name: string | null;
  is_active: boolean;
  image_url: string | null;
  /** Timestamps as the driver answers them: text (or a Date), read by `new Date`. */
  created_at: string | Date;
  updated_at: string | Date;
};

/**
 * `products p left join categories c`, for a select of products with their category's name. The category is
 * joined by the business too: a product never shows another shop's category.
 */
export function productsWithCategory(businessId: string): SQL {
  return sql`products p left join categories c on c.id = p.category_id and c.business_id = ${businessId}`;
}

/** `select … from productsWithCategory` with the columns of ProductRow, for the caller's where clause on `p`. */
export function selectProducts(businessId: string): SQL {
  return sql`select p.id, p.name, p.description, p.barcode, p.sku, p.price, p.cost_price, p.tax_rate,
      p.stock_quantity, p.min_stock_level, p.category_id, c.name as category_name, p.is_active, p.image_url,
      p.created_at, p.updated_at
    from ${productsWithCategory(businessId)}`;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    barcode: row.barcode,
    sku: row.sku,
    price: row.price,
    cost_price: row.cost_price,
    tax_rate: taxRateFromDatabase(row.tax_rate),
    stock_quantity: row.stock_quantity,
    min_stock_level: row.min_stock_level,
    category:
      row.category_id && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    category_id: row.category_id,
    is_active: row.is_active,
    image_url: row.image_url,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
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
