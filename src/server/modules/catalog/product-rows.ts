import { and, eq } from 'drizzle-orm';
import { taxRateFromDatabase } from '#domain/catalog/tax-rate.ts';
import type { Product } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';

// The one select of a product with its category, and its mapping to the API's Product.

export const productColumns = {
  product: products,
  category: { id: categories.id, name: categories.name },
};

type ProductRow = { product: typeof products.$inferSelect; category: { id: string; name: string } | null };

export function toProduct({ product, category }: ProductRow): Product {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    barcode: product.barcode,
    sku: product.sku,
    price: product.price,
    cost_price: product.costPrice,
    tax_rate: taxRateFromDatabase(product.taxRate),
    stock_quantity: product.stockQuantity,
    min_stock_level: product.minStockLevel,
    category: category?.id ? category : null,
    category_id: product.categoryId,
    is_active: product.isActive,
    image_url: product.imageUrl,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}

/** An active product of the business with its category, or null. */
export async function findProduct(tx: Tx, businessId: string, productId: string): Promise<Product | null> {
  const [row] = await tx
    .select(productColumns)
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.businessId, businessId)))
    .where(and(eq(products.businessId, businessId), eq(products.id, productId), eq(products.isActive, true)))
    .limit(1);
  return row ? toProduct(row) : null;
}
