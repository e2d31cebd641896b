import { index, integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StockShortfall } from '#domain/offline-sale.ts';
import { products } from './catalog.ts';
import { id } from './columns.ts';
import { businesses, users } from './platform.ts';

// The offline-first till (migration 0110): each price a product had, and the sales made offline.

/** Written by a trigger on products; read to check an offline sale's prices against its day. */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    price: integer('price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_price_history_product_idx').on(t.businessId, t.productId, t.changedAt)],
);

export const offlineSales = pgTable(
  'offline_sales',
  {
    transactionId: uuid('transaction_id').notNull(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    tillId: uuid('till_id').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    stockShortfall: jsonb('stock_shortfall').$type<StockShortfall[]>(),
    shortfallReviewedAt: timestamp('shortfall_reviewed_at', { withTimezone: true }),
    shortfallReviewedBy: uuid('shortfall_reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.transactionId] })],
);
