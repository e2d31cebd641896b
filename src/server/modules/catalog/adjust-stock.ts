import type { z } from 'zod';
import { applyStockOperation } from '#domain/catalog/stock.ts';
import { MAX_STOCK, type Product, type stockUpdateInput } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { PRODUCT_NOT_FOUND, STOCK_TOO_LARGE } from './errors.ts';
import { findProduct } from './product-rows.ts';
import { lockProducts, moveStock } from './stock-ledger.ts';

type AdjustStock = { productId: string; change: z.output<typeof stockUpdateInput> };

/** operations §4 stock update: add, subtract (floored at 0) or set; logged in the stock ledger. */
export async function adjustStock(
  { businessId, actor, input: { productId, change: input } }: UseCaseRequest<AdjustStock>,
  tx: Tx,
): Promise<Product> {
  const userId = actor.userId;
  // Locked so that a sale between the read and the write cannot be lost.
  const current = (await lockProducts(tx, businessId, [productId])).get(productId);
  if (!current?.isActive) throw PRODUCT_NOT_FOUND();
  const next = applyStockOperation(current.stock, input.operation, input.quantity);
  if (next > MAX_STOCK) throw STOCK_TOO_LARGE();
  await moveStock(
    tx,
    businessId,
    [{ productId, delta: next - current.stock, quantityAfter: next, reason: input.operation }],
    { userId, note: input.note, at: new Date() },
  );
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'stock_adjusted',
      subject: { type: 'product', id: productId },
      summary: `${current.name}: stock ${current.stock} → ${next} (${input.operation} ${input.quantity})`,
      before: { stock_quantity: current.stock },
      after: { stock_quantity: next },
      reason: input.note ?? null,
    },
  );
  return (await findProduct(tx, businessId, productId))!;
}
