import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { applyStockOperation } from '#domain/catalog/stock.ts';
import { MAX_STOCK, type Product, type stockUpdateInput } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { PRODUCT_NOT_FOUND, STOCK_TOO_LARGE } from './errors.ts';
import { findProduct } from './product-rows.ts';
import { writeMovement } from './stock-ledger.ts';

type AdjustStock = {
  businessId: string;
  userId: string;
  productId: string;
  input: z.output<typeof stockUpdateInput>;
};

/** operations §4 stock update: add, subtract (floored at 0) or set; logged in the stock ledger. */
export async function adjustStock(
  tx: Tx,
  { businessId, userId, productId, input }: AdjustStock,
): Promise<Product> {
  // Locked so that a sale between the read and the write cannot be lost.
  const [current] = await tx
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.id, productId), eq(products.isActive, true)))
    .for('update');
  if (!current) throw PRODUCT_NOT_FOUND();
  const next = applyStockOperation(current.stock, input.operation, input.quantity);
  if (next > MAX_STOCK) throw STOCK_TOO_LARGE();
  await tx
    .update(products)
    .set({ stockQuantity: next, updatedAt: new Date() })
    .where(and(eq(products.businessId, businessId), eq(products.id, productId)));
  await writeMovement(tx, {
    businessId,
    productId,
    userId,
    delta: next - current.stock,
    quantityAfter: next,
    reason: input.operation,
    note: input.note,
  });
  return (await findProduct(tx, businessId, productId))!;
}
