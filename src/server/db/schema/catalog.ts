import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { businesses } from './platform.ts';

// operations §3 Category.
export const categories = pgTable(
  'categories',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_business_idx').on(t.businessId, t.sortOrder)],
);

// operations §3 Product. Prices are integer pesewas; the tax rate is an exact percentage (12.50).
export const products = pgTable(
  'products',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    categoryId: uuid('category_id').references(() => categories.id),
    name: text('name').notNull(),
    description: text('description'),
    barcode: text('barcode'),
    sku: text('sku'),
    price: integer('price').notNull(),
    costPrice: integer('cost_price').notNull().default(0),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('12.5'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    minStockLevel: integer('min_stock_level').notNull().default(5),
    /** Whether the stock is at or below its minimum; kept by the database (migration 0200: the indexes read it). */
    lowStock: boolean('low_stock').generatedAlwaysAs(sql`stock_quantity <= min_stock_level`),
    /** Whether any is in stock; kept by the database, as lowStock. */
    inStock: boolean('in_stock').generatedAlwaysAs(sql`stock_quantity > 0`),
    isActive: boolean('is_active').notNull().default(true),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_business_name_idx').on(t.businessId, t.name),
    // What the ledger's and the sale lines' keys point at: a product of the same business (migration 0210).
    unique('products_business_id_key').on(t.businessId, t.id),
    check('products_price_check', sql`${t.price} >= 0 and ${t.costPrice} >= 0`),
    check('products_stock_check', sql`${t.stockQuantity} >= 0 and ${t.minStockLevel} >= 0`),
    check('products_tax_rate_check', sql`${t.taxRate} between 0 and 100`),
  ],
);
