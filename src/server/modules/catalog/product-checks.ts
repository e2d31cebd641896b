import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import { categories, products } from '../../db/schema/index.ts';
import { CATEGORY_INACTIVE, CATEGORY_REFUSED, productCodeTaken } from './errors.ts';

/** Refuses a barcode or SKU another active product of the business already has (409, with the field). */
export async function assertCodesFree(
  tx: Tx,
  businessId: string,
  codes: { barcode?: string | null | undefined; sku?: string | null | undefined },
  exceptProductId?: string,
): Promise<void> {
  const conditions: SQL[] = [];
  if (codes.barcode) conditions.push(eq(products.barcode, codes.barcode));
  if (codes.sku) conditions.push(eq(products.sku, codes.sku));
  if (conditions.length === 0) return;
  const clashes = await tx
    .select({ name: products.name, barcode: products.barcode, sku: products.sku })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.isActive, true),
        or(...conditions),
        exceptProductId ? ne(products.id, exceptProductId) : undefined,
      ),
    )
    .limit(2);
  for (const clash of clashes) {
    if (codes.barcode && clash.barcode === codes.barcode)
      throw productCodeTaken('barcode', codes.barcode, clash.name);
    if (codes.sku && clash.sku === codes.sku) throw productCodeTaken('sku', codes.sku, clash.name);
  }
}

/**
 * A product's category must be one of the business's own (another business's id reads as not found) and
 * active, unless it is the one the product already has.
 */
export async function assertCategoryUsable(
  tx: Tx,
  businessId: string,
  categoryId: string,
  currentCategoryId?: string | null,
): Promise<void> {
  const [row] = await tx
    .select({ isActive: categories.isActive })
    .from(categories)
    .where(and(eq(categories.businessId, businessId), eq(categories.id, categoryId)));
  if (!row) throw CATEGORY_REFUSED();
  if (!row.isActive && categoryId !== currentCategoryId) throw CATEGORY_INACTIVE();
}

/** Turns a unique-index violation that slipped past the checks (two saves at once) into the same 409. */
export function rethrowCodeClash(
  error: unknown,
  codes: { barcode?: string | null; sku?: string | null },
): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'products_business_barcode_key' && codes.barcode) {
    throw productCodeTaken('barcode', codes.barcode, 'another product');
  }
  if (constraint === 'products_business_sku_key' && codes.sku) {
    throw productCodeTaken('sku', codes.sku, 'another product');
  }
  throw error;
}
