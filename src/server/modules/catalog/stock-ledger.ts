import { and, eq, sql } from 'drizzle-orm';
import type { StockMovementReason } from '#domain/catalog/stock.ts';
import type { Tx } from '../../db/client.ts';
import { products, stockMovements } from '../../db/schema/index.ts';
import { INSUFFICIENT_STOCK, PRODUCT_NOT_FOUND } from './errors.ts';

export type StockChange = {
  businessId: string;
  productId: string;
  /** Units added (positive) or taken (negative). */
  delta: number;
  reason: StockMovementReason;
  /** Who made the change; null for the system. */
  userId: string | null;
  /** The sale, refund or void that caused it. */
  referenceId?: string | null;
  note?: string | null;
};

/**
 * Moves a product's stock by `delta` and writes the movement, in the caller's transaction (a sale calls it
 * once per line). The update is a single conditional statement, so concurrent sales can never take stock
 * below zero: the second one finds too little and is refused with INSUFFICIENT_STOCK.
 */
export async function recordStockChange(tx: Tx, change: StockChange): Promise<{ quantityAfter: number }> {
  const [row] = await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${change.delta}`, updatedAt: new Date() })
    .where(
      and(
        eq(products.businessId, change.businessId),
        eq(products.id, change.productId),
        sql`${products.stockQuantity} + ${change.delta} >= 0`,
      ),
    )
    .returning({ quantityAfter: products.stockQuantity });
  if (!row) {
    const [current] = await tx
      .select({ name: products.name, stock: products.stockQuantity })
      .from(products)
      .where(and(eq(products.businessId, change.businessId), eq(products.id, change.productId)));
    if (!current) throw PRODUCT_NOT_FOUND();
    throw INSUFFICIENT_STOCK(current.name, current.stock);
  }
  await writeMovement(tx, { ...change, quantityAfter: row.quantityAfter });
  return row;
}

/** Appends one row to the stock ledger (the product row was already changed in this transaction). */
export async function writeMovement(
  tx: Tx,
  movement: StockChange & { quantityAfter: number },
): Promise<void> {
  await tx.insert(stockMovements).values({
    businessId: movement.businessId,
    productId: movement.productId,
    userId: movement.userId,
    delta: movement.delta,
    quantityAfter: movement.quantityAfter,
    reason: movement.reason,
    referenceId: movement.referenceId ?? null,
    note: movement.note ?? null,
  });
}
