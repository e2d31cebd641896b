import { foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { STOCK_MOVEMENT_REASONS_LIST } from '#domain/catalog/stock.ts';
import { products } from './catalog.ts';
import { createdAt, id } from './columns.ts';
import { users } from './platform.ts';

// The stock ledger: who changed a product's stock, when, by how much, why, and what it came to.
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    // The product is the business's own: the key is (business_id, product_id) (migration 0210).
    businessId: uuid('business_id').notNull(),
    productId: uuid('product_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason', { enum: STOCK_MOVEMENT_REASONS_LIST }).notNull(),
    /** The sale, refund or import that caused it, when there is one. */
    referenceId: uuid('reference_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'stock_movements_product_fkey',
      columns: [t.businessId, t.productId],
      foreignColumns: [products.businessId, products.id],
    }),
    index('stock_movements_product_idx').on(t.businessId, t.productId, t.createdAt),
  ],
);
