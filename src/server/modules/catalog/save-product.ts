import { and, eq } from 'drizzle-orm';
import { formatCedis } from '#domain/money.ts';
import type { Product, ProductCreate, ProductUpdate } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { PRODUCT_NOT_FOUND } from './errors.ts';
import { assertCategoryUsable, assertCodesFree, rethrowCodeClash } from './product-checks.ts';
import { findProduct } from './product-rows.ts';
import { recordStockSet } from './stock-ledger.ts';

/** A new product (operations §4: active; the business comes from the session, never the body). */
export async function createProduct(
  { businessId, actor, input }: UseCaseRequest<ProductCreate>,
  tx: Tx,
): Promise<Product> {
  if (input.category_id) await assertCategoryUsable(tx, businessId, input.category_id);
  await assertCodesFree(tx, businessId, input);
  const [row] = await tx
    .insert(products)
    .values({
      businessId,
      categoryId: input.category_id ?? null,
      name: input.name,
      description: input.description ?? null,
      barcode: input.barcode ?? null,
      sku: input.sku ?? null,
      price: input.price,
      costPrice: input.cost_price,
      taxRate: String(input.tax_rate),
      stockQuantity: input.stock_quantity,
      minStockLevel: input.min_stock_level,
      imageUrl: input.image_url ?? null,
    })
    .returning({ id: products.id })
    .catch((error: unknown) => rethrowCodeClash(error, input));
  if (input.stock_quantity > 0) {
    await recordStockSet(
      tx,
      businessId,
      [
        {
          productId: row!.id,
          delta: input.stock_quantity,
          quantityAfter: input.stock_quantity,
          reason: 'initial',
        },
      ],
      { userId: actor.userId, at: new Date() },
    );
  }
  return (await findProduct(tx, businessId, row!.id))!;
}

/** Changes the fields given; a new stock quantity is logged in the ledger as 'set'. */
export async function updateProduct(
  {
    businessId,
    actor,
    input: { productId, changes: input },
  }: UseCaseRequest<{ productId: string; changes: ProductUpdate }>,
  tx: Tx,
): Promise<Product> {
  const [current] = await tx
    .select({
      stock: products.stockQuantity,
      categoryId: products.categoryId,
      name: products.name,
      price: products.price,
    })
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.id, productId), eq(products.isActive, true)))
    .for('update');
  if (!current) throw PRODUCT_NOT_FOUND();
  if (input.category_id) await assertCategoryUsable(tx, businessId, input.category_id, current.categoryId);
  await assertCodesFree(tx, businessId, input, productId);

  const changes: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.category_id !== undefined) changes.categoryId = input.category_id;
  if (input.barcode !== undefined) changes.barcode = input.barcode;
  if (input.sku !== undefined) changes.sku = input.sku;
  if (input.price !== undefined) changes.price = input.price;
  if (input.cost_price !== undefined) changes.costPrice = input.cost_price;
  if (input.tax_rate !== undefined) changes.taxRate = String(input.tax_rate);
  if (input.stock_quantity !== undefined) changes.stockQuantity = input.stock_quantity;
  if (input.min_stock_level !== undefined) changes.minStockLevel = input.min_stock_level;
  if (input.image_url !== undefined) changes.imageUrl = input.image_url;
  await tx
    .update(products)
    .set(changes)
    .where(and(eq(products.businessId, businessId), eq(products.id, productId)))
    .catch((error: unknown) => rethrowCodeClash(error, input));

  if (input.stock_quantity !== undefined && input.stock_quantity !== current.stock) {
    await recordStockSet(
      tx,
      businessId,
      [
        {
          productId,
          delta: input.stock_quantity - current.stock,
          quantityAfter: input.stock_quantity,
          reason: 'set',
        },
      ],
      { userId: actor.userId, note: 'Changed in the product form', at: new Date() },
    );
    await recordAudit(
      tx,
      { businessId, actor },
      {
        action: 'stock_adjusted',
        subject: { type: 'product', id: productId },
        summary: `${input.name ?? current.name}: stock ${current.stock} → ${input.stock_quantity} (product form)`,
        before: { stock_quantity: current.stock },
        after: { stock_quantity: input.stock_quantity },
      },
    );
  }
  if (input.price !== undefined && input.price !== current.price) {
    await recordAudit(
      tx,
      { businessId, actor },
      {
        action: 'price_changed',
        subject: { type: 'product', id: productId },
        summary: `${input.name ?? current.name}: price ${formatCedis(current.price)} → ${formatCedis(input.price)}`,
        before: { price: current.price },
        after: { price: input.price },
      },
    );
  }
  return (await findProduct(tx, businessId, productId))!;
}

/** operations §4: deleting is soft (is_active false); past sales still name the product. */
export async function deleteProduct(
  { businessId, input: { productId } }: UseCaseRequest<{ productId: string }>,
  tx: Tx,
): Promise<void> {
  const deleted = await tx
    .update(products)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(products.businessId, businessId), eq(products.id, productId), eq(products.isActive, true)))
    .returning({ id: products.id });
  if (deleted.length === 0) throw PRODUCT_NOT_FOUND();
}
